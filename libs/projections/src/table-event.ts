import { EVENT_SCHEMA_VERSION, EVENT_TYPES, type TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';

/** Table streams are "table-<tableId>" (apps/api/src/tables/table-stream.ts); the event's type is its own column. */
export const TABLE_STREAM_PREFIX = 'table-';

const KNOWN = new Set<string>(EVENT_TYPES);

/**
 * The engine event inside a recorded one, or null for events of other streams (the views read the whole log).
 * An unknown schema version is a bug to stop on, not something to fold wrongly.
 */
export function tableEventOf(recorded: RecordedEvent): TableEvent | null {
  if (!recorded.streamId.startsWith(TABLE_STREAM_PREFIX) || !KNOWN.has(recorded.type)) return null;
  if (recorded.schemaVersion !== EVENT_SCHEMA_VERSION)
    throw new Error(`${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}; the views read ${EVENT_SCHEMA_VERSION}`);
  return { ...(recorded.data as object), type: recorded.type } as TableEvent;
}

export function tableIdOfStream(streamId: string): string {
  return streamId.slice(TABLE_STREAM_PREFIX.length);
}
