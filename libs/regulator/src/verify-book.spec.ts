import { MONEY_EVENT_SCHEMA_VERSION, accountingDecider, type Actor, type MoneyCommand } from '@felt/accounting';
import { schemaVersionOf } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { playedHand, playedHandEvents } from '../../accounting/src/played-hand.test-support';
import { decidedLog, forged, recordedStream, rechained } from './decided-log.test-support';
import { verifyEvents } from './verify-log';

const at = '2026-12-06T22:40:00.000Z';
const floor: Actor = { id: 'f1', role: 'floor' };
const floor2: Actor = { id: 'f2', role: 'floor' };
const dealer: Actor = { id: 'd1', role: 'dealer' };

/** A bad beat at a real table: aces full of kings lose to quad kings (the hand of libs/accounting verify-book.spec.ts). */
const cards = [{ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c'] as const;
const hand = playedHand(...cards);
const table = recordedStream(
  `table-${hand.tableId}`,
  playedHandEvents(...cards).map((e) => [e]),
  schemaVersionOf,
);
const badBeat = {
  kind: 'PayBadBeat' as const,
  fundId: 'bbj',
  tableId: hand.tableId,
  handNumber: 1,
  loser: 'bob',
  winner: 'cy',
  table: ['ann'],
};
const shift: MoneyCommand[] = [
  { type: 'OpenFund', at, by: floor, fundId: 'bbj', rules: { kind: 'bad-beat', name: 'Bad beat', backupPercent: 10 } },
  { type: 'CollectDrop', at, by: dealer, fundId: 'bbj', tableId: hand.tableId, handNumber: 1, amount: 5_000 },
  { type: 'RequestMoney', at, by: floor, requestId: 'r1', request: badBeat },
  { type: 'ConfirmRequest', at, by: floor2, requestId: 'r1' },
];
const book = decidedLog('money-room', accountingDecider, shift, MONEY_EVENT_SCHEMA_VERSION);
/** The book's violations only: the table's own checks are verify's table specs' business. */
const ofBook = (events: RecordedEvent[]) => verifyEvents(events).violations.filter((v) => v.streamId === 'money-room');

describe('felt verify replays the books', () => {
  it("passes a book the book wrote, its bad beat qualified by the table's hand in the log", () => {
    expect(book.map((e) => e.type)).toContain('JackpotPaid');
    expect(ofBook([...table, ...book])).toEqual([]);
  });

  it('reports a forged payout, the chain recomputed', () => {
    const paid = book.find((e) => e.type === 'JackpotPaid')!;
    const forgery = rechained([
      ...book,
      { ...paid, eventId: 'forged', streamVersion: book.length + 1, data: { ...paid.data, requestId: 'r9' } },
    ]);
    expect(ofBook([...table, ...forgery])).toEqual([
      { streamId: 'money-room', version: book.length + 1, kind: 'rules', message: 'JackpotPaid: the book refuses it: REQUEST_UNKNOWN' },
    ]);
  });

  it('reports a payout whose amount was changed', () => {
    const changed = forged(book, (e) => (e.type === 'JackpotPaid' ? { ...(e.data as object), total: 1 } : null));
    const [v] = ofBook([...table, ...changed]);
    expect(v).toMatchObject({ kind: 'rules', version: book.find((e) => e.type === 'JackpotPaid')!.streamVersion });
    expect(v!.message).toBe('JackpotPaid: the book decides other events than those recorded');
  });

  it('reports a bad beat paid for a hand the log does not hold', () => {
    const requested = book.find((e) => e.type === 'MoneyRequested')!;
    expect(ofBook(book)).toEqual([
      {
        streamId: 'money-room',
        version: requested.streamVersion,
        kind: 'rules',
        message: `MoneyRequested: hand 1 of table ${hand.tableId} is not the bad beat the payout names`,
      },
    ]);
  });
});
