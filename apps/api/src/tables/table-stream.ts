import { readsSchemaVersion, schemaVersionOf, type TableEvent } from '@felt/engine';
import type { NewEvent, RecordedEvent } from '@felt/event-store';
import { isSealedData, type DeckSeal } from './deck-seal';

/**
 * How a table's events sit in the event store: one stream per table, "table-<tableId>"; the event's type in the
 * type column, its other fields as data. The engine's schema version is recorded with each event, and an event
 * of a version the engine does not read is refused rather than folded wrongly. DeckSealed's data is stored sealed
 * (deck-seal.ts): `toNewEvent` seals it, `toTableEvent` opens it.
 */
const STREAM_PREFIX = 'table-';

export function streamIdOf(tableId: string): string {
  return STREAM_PREFIX + tableId;
}

export function tableIdOf(streamId: string): string {
  return streamId.startsWith(STREAM_PREFIX) ? streamId.slice(STREAM_PREFIX.length) : streamId;
}

export const TABLE_STREAM_CATEGORY = 'table';

/** The event as stored; a DeckSealed needs the seal (never stored in the clear). */
export function toNewEvent(event: TableEvent, seal?: DeckSeal): NewEvent {
  const { type, ...data } = event;
  if (type !== 'DeckSealed') return { type, schemaVersion: schemaVersionOf(type), data };
  if (!seal) throw new Error('bug: a DeckSealed to store without the seal');
  return { type, schemaVersion: schemaVersionOf(type), data: seal.sealDeck(data as { handNumber: number }) };
}

export function toTableEvent(recorded: RecordedEvent, seal: DeckSeal): TableEvent {
  if (!readsSchemaVersion(recorded.type, recorded.schemaVersion)) {
    throw new Error(`${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}, which this engine does not read`);
  }
  const data = recorded.type === 'DeckSealed' && isSealedData(recorded.data) ? seal.openDeck(recorded.data) : recorded.data;
  return { ...(data as object), type: recorded.type } as TableEvent;
}
