import { EVENT_TYPES, readsSchemaVersion, type TableEngine, type TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';

/** Table streams are "table-<tableId>" (apps/api/src/tables/table-stream.ts); the event's type is its own column. */
export const TABLE_STREAM_PREFIX = 'table-';

const KNOWN = new Set<string>(EVENT_TYPES);

/**
 * The engine event inside a recorded one, or null for events of other streams (the views read the whole log).
 * An unknown schema version is a bug to stop on, not something to fold wrongly. DeckSealed is null too: its data
 * is sealed (encrypted by the API) and no view may hold an undealt card.
 */
export function tableEventOf(recorded: RecordedEvent, engine?: Pick<TableEngine, 'readsEvent'>): TableEvent | null {
  // With the table's engine (a casino's modules: FELT_HOUSE_RULES), its modules' own events are read too.
  const known = KNOWN.has(recorded.type) || (engine !== undefined && engine.readsEvent(recorded.type, 1));
  if (!recorded.streamId.startsWith(TABLE_STREAM_PREFIX) || !known || recorded.type === 'DeckSealed') return null;
  if (!(engine ? engine.readsEvent(recorded.type, recorded.schemaVersion) : readsSchemaVersion(recorded.type, recorded.schemaVersion)))
    throw new Error(
      `${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}, which the views do not read`,
    );
  return { ...(recorded.data as object), type: recorded.type } as TableEvent;
}

export function tableIdOfStream(streamId: string): string {
  return streamId.slice(TABLE_STREAM_PREFIX.length);
}

/** A table's DeckSealed: no view reads it (tableEventOf gives null), but it holds a place in the stream's versions. */
export function isDeckSealed(recorded: RecordedEvent): boolean {
  return recorded.type === 'DeckSealed' && recorded.streamId.startsWith(TABLE_STREAM_PREFIX);
}
