import { schemaVersionOf, type TableEvent } from '@felt/engine';
import type { NewEvent, RecordedEvent } from '@felt/event-store';

/**
 * How tables sit in the event store (the same convention as apps/api/src/tables/table-stream.ts, restated here so a
 * regulator's tool does not depend on the application): one stream per table, "table-<tableId>"; the event's type
 * in the type column, its other fields as data, the engine's schema version beside it.
 */
export const TABLE_STREAM_PREFIX = 'table-';
export const TABLE_CATEGORY = 'table';

export function tableStreamId(tableId: string): string {
  return tableId.startsWith(TABLE_STREAM_PREFIX) ? tableId : TABLE_STREAM_PREFIX + tableId;
}

export function tableEventOf(recorded: Pick<RecordedEvent, 'type' | 'data'>): TableEvent {
  return { ...(recorded.data as object), type: recorded.type } as TableEvent;
}

export function newEventOf(event: TableEvent): NewEvent {
  const { type, ...data } = event;
  return { type, schemaVersion: schemaVersionOf(type), data };
}
