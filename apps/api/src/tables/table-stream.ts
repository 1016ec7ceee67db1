import { schemaVersionOf, tableDecider, type TableEngine, type TableEvent } from '@felt/engine';
import type { NewEvent, RecordedEvent } from '@felt/event-store';
import { isSealedHoleCards, openHoleCardsData, sealHoleCardsData } from '@felt/regulator';
import { isSealedData, type DeckSeal } from './deck-seal';

/**
 * How a table's events sit in the event store: one stream per table, "table-<tableId>"; the event's type in the
 * type column, its other fields as data. The engine's schema version is recorded with each event, and an event
 * of a version the engine does not read is refused rather than folded wrongly. DeckSealed's data is stored sealed
 * (deck-seal.ts): `toNewEvent` seals it, `toTableEvent` opens it. A hand's hole cards (HoleCardsDealt,
 * HoleCardsReported) are stored sealed with their hand's key until HoleCardsRevealed, appended when the hand is over,
 * publishes that key (`toNewEvents`; docs/security.md, "Insiders" row 4).
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

/**
 * A decision's events as stored: hole cards sealed with their hand's key (`handNumber`: the hand in progress before
 * the decision), and after the events that end a hand, HoleCardsRevealed with that key. The reveal is the store's
 * doing, not the engine's (which folds it as nothing), so the engine never sees a key.
 */
export function toNewEvents(events: readonly TableEvent[], seal: DeckSeal, streamId: string, handNumber: number | null): NewEvent[] {
  const stored: NewEvent[] = [];
  let hand = handNumber;
  let ended: number | null = null;
  for (const event of events) {
    if (event.type === 'HandStarted') hand = event.handNumber;
    if (event.type === 'HandEnded' || event.type === 'HandVoided') ended = event.handNumber;
    const next = toNewEvent(event, seal);
    if ((event.type === 'HoleCardsDealt' || event.type === 'HoleCardsReported') && hand !== null)
      stored.push({
        ...next,
        data: sealHoleCardsData(
          event.type,
          next.data as Record<string, unknown>,
          seal.holeCardsKey(streamId, hand),
          streamId,
          hand,
        ) as NewEvent['data'],
      });
    else stored.push(next);
  }
  if (ended !== null)
    stored.push(toNewEvent({ type: 'HoleCardsRevealed', handNumber: ended, key: seal.holeCardsKey(streamId, ended).toString('hex') }));
  return stored;
}

/** A recorded event with its hole cards opened (the API's read paths, which then apply the visibility rule). */
export function openedRecord(recorded: RecordedEvent, seal: DeckSeal): RecordedEvent {
  if (!isSealedHoleCards(recorded.type, recorded.data)) return recorded;
  const key = seal.holeCardsKey(recorded.streamId, recorded.data.handNumber);
  return { ...recorded, data: openHoleCardsData(recorded.type, recorded.data, key, recorded.streamId) as RecordedEvent['data'] };
}

export function toTableEvent(recorded: RecordedEvent, seal: DeckSeal, engine: Pick<TableEngine, 'readsEvent'> = tableDecider): TableEvent {
  if (!engine.readsEvent(recorded.type, recorded.schemaVersion)) {
    throw new Error(
      `${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}, which this engine does not read`,
    );
  }
  const data =
    recorded.type === 'DeckSealed' && isSealedData(recorded.data) ? seal.openDeck(recorded.data) : openedRecord(recorded, seal).data;
  return { ...(data as object), type: recorded.type } as TableEvent;
}
