import { tableDecider, type TableEngine } from '@felt/engine';
import { evolveHandRecord, startHandRecord, type HandRecord } from './hand-record';
import type { Projection } from './projection';
import { tableEventOf, tableIdOfStream } from './table-event';
import { recordedDropOf } from './house-drops';
import { type Audience, maySeeDeck, maySeeHoleCards, shuffleWithoutSeed } from './audience';

/** Completed hands per table, oldest first, and the hand in progress on each. */
export interface HandHistory {
  readonly hands: Readonly<Record<string, readonly HandRecord[]>>;
  readonly inProgress: Readonly<Record<string, HandRecord>>;
}

/**
 * The hand history of tables played with this engine (FELT_HOUSE_RULES: a casino's modules after the default ones):
 * its modules' events are read, and change the records as their modules say.
 */
export function handHistoryOf(engine: Pick<TableEngine, 'modules' | 'readsEvent'>): Projection<HandHistory> {
  return {
    name: 'hand-history',
    initial: { hands: {}, inProgress: {} },
    evolve(view, recorded) {
      const event = tableEventOf(recorded, engine) ?? recordedDropOf(recorded);
      if (event === null) return view;
      const tableId = tableIdOfStream(recorded.streamId);
      const current = view.inProgress[tableId];
      const meta = { version: recorded.streamVersion, at: recorded.recordedAt };
      if (event.type === 'HandStarted') return withCurrent(view, tableId, startHandRecord(tableId, event, meta));
      if (!current) return view;
      const next = evolveHandRecord(current, event, meta, engine.modules);
      if (next.status === 'in-progress') return next === current ? view : withCurrent(view, tableId, next);
      const { [tableId]: _done, ...inProgress } = view.inProgress;
      return { hands: { ...view.hands, [tableId]: [...(view.hands[tableId] ?? []), next] }, inProgress };
    },
  };
}

export const handHistory: Projection<HandHistory> = handHistoryOf(tableDecider);

function withCurrent(view: HandHistory, tableId: string, hand: HandRecord): HandHistory {
  return { hands: view.hands, inProgress: { ...view.inProgress, [tableId]: hand } };
}

/**
 * The last `count` completed hands of a table, the newest first: regulators ask for the last game and the nine
 * before it.
 */
export function recallHands(view: HandHistory, tableId: string, count = 10): readonly HandRecord[] {
  const hands = view.hands[tableId] ?? [];
  return hands.slice(Math.max(0, hands.length - count)).reverse();
}

/**
 * A hand as one audience may see it (audience.ts has the rule): hole cards (mucked ones too) only where that
 * audience may see them, and the seed of old logs' shuffles only once the hand is over, to the floor and regulators.
 */
export function handRecordFor(record: HandRecord, audience: Audience): HandRecord {
  const handOver = record.status !== 'in-progress';
  const players = record.players.map(({ unknownUntilShown: _fold, ...p }) =>
    maySeeHoleCards(audience, { playerId: p.playerId, shown: p.shown, handOver }) ? p : { ...p, holeCards: [] },
  );
  return { ...record, shuffle: maySeeDeck(audience, handOver) ? record.shuffle : shuffleWithoutSeed(record.shuffle), players };
}

/** The hand history as a read model stores it: every record as the public may see it (docs/security.md). */
export function publicHandHistory(history: HandHistory): HandHistory {
  const hands: Record<string, readonly HandRecord[]> = {};
  for (const [tableId, records] of Object.entries(history.hands)) hands[tableId] = records.map((r) => handRecordFor(r, 'public'));
  const inProgress: Record<string, HandRecord> = {};
  for (const [tableId, record] of Object.entries(history.inProgress)) inProgress[tableId] = handRecordFor(record, 'public');
  return { hands, inProgress };
}
