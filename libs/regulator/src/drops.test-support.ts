import type { RecordedEvent } from '@felt/event-store';
import { rechained } from './decided-log.test-support';
import { bookLog, bookTable, hand } from './replayed-streams.test-support';

/** A table's jackpot drop and the book's collection of it, forged onto the replayed streams (verify's drop specs). */

/** A stream with one more event at its end, the chain recomputed (what a forger with write access leaves). */
export function withEvent(events: readonly RecordedEvent[], type: string, data: object): RecordedEvent[] {
  const last = events[events.length - 1]!;
  return rechained([
    ...events,
    { ...last, eventId: `${last.streamId}/${type}`, streamVersion: last.streamVersion + 1, type, data: data as never },
  ]);
}

export const taken = { handNumber: 1, fundId: 'bad-beat', amount: 3, byPot: [3] };
export const collected = {
  at: '2026-01-01T19:30:00.000Z',
  by: { id: 'drop-collector', role: 'service' },
  fundId: 'bad-beat',
  tableId: hand.tableId,
  handNumber: 1,
  chips: 3,
  centsPerChip: 100,
  amount: 300,
  toFund: 300,
  toBackup: 0,
};
export const tableWithDrop = withEvent(bookTable, 'DropTaken', taken);
export const bookWithDrop = withEvent(bookLog, 'DropCollected', collected);
