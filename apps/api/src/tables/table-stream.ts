import { EVENT_SCHEMA_VERSION, type TableEvent } from '@felt/engine';
import type { NewEvent, RecordedEvent } from '@felt/event-store';

/**
 * How a table's events sit in the event store: one stream per table, "table-<tableId>"; the event's type in the
 * type column, its other fields as data. The engine's schema version is recorded with each event, and an event
 * of another version is refused rather than folded wrongly (there is no upcaster yet).
 */
const STREAM_PREFIX = 'table-';

export function streamIdOf(tableId: string): string {
  return STREAM_PREFIX + tableId;
}

export function tableIdOf(streamId: string): string {
  return streamId.startsWith(STREAM_PREFIX) ? streamId.slice(STREAM_PREFIX.length) : streamId;
}

export const TABLE_STREAM_CATEGORY = 'table';

export function toNewEvent(event: TableEvent): NewEvent {
  const { type, ...data } = event;
  return { type, schemaVersion: EVENT_SCHEMA_VERSION, data };
}

export function toTableEvent(recorded: RecordedEvent): TableEvent {
  if (recorded.schemaVersion !== EVENT_SCHEMA_VERSION) {
    throw new Error(
      `${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}; this engine reads ${EVENT_SCHEMA_VERSION}`,
    );
  }
  return { ...(recorded.data as object), type: recorded.type } as TableEvent;
}
