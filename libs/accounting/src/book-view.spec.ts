import { bookOf, bookView, jackpotBoard, type Actor, type MoneyEvent } from './index';
import { normalizeFundRules } from './funds';

const at = '2026-12-06T22:00:00.000Z';
const floor: Actor = { id: 'u-floor-1', role: 'floor' };
const counter: Actor = { id: 'u-count', role: 'count' };
const events: MoneyEvent[] = [
  {
    type: 'FundOpened',
    at,
    by: floor,
    fundId: 'bbj',
    rules: normalizeFundRules({ kind: 'bad-beat', name: 'Bad-beat jackpot', backupPercent: 20 }),
  },
  { type: 'DropCollected', at, by: floor, fundId: 'bbj', tableId: 't1', handNumber: 1, amount: 1_000, toFund: 800, toBackup: 200 },
  {
    type: 'MoneyRequested',
    at,
    by: floor,
    requestId: 'seed-1',
    request: { kind: 'SeedFund', fundId: 'bbj', amount: 500, note: 'opening' },
  },
  { type: 'MoneyRequested', at, by: floor, requestId: 'count-1', request: { kind: 'Count', tableId: 't1', shiftId: 'day', counted: 0 } },
];

/** What the public board and the Money screen read of the book (docs/money.md "The console"). */
describe('the book as it is shown', () => {
  it("posts each fund's name, kind and balance on the public board, and nothing of who paid in or was paid", () => {
    expect(jackpotBoard(bookOf(events))).toEqual([{ fundId: 'bbj', kind: 'bad-beat', name: 'Bad-beat jackpot', balance: 800 }]);
  });

  it('answers the book with what confirming each request would record now, or its refusal', () => {
    const view = bookView(bookOf(events), 4, at);
    expect(view.funds).toEqual([expect.objectContaining({ fundId: 'bbj', balance: 800, backup: 200 })]);
    const [seed, count] = view.pending;
    expect(seed?.wouldRecord).toEqual([expect.objectContaining({ type: 'FundSeeded', amount: 500, source: 'house' })]);
    expect(count?.wouldRecord).toEqual([expect.objectContaining({ type: 'DropCounted', expected: 0, counted: 0, variance: 0 })]);
    expect(bookView(bookOf(events.slice(0, 2)), 2, at).pending).toEqual([]);
    // A fill asked for before the shift was counted: confirming it now would be refused.
    const counted: MoneyEvent[] = [
      ...events,
      { type: 'MoneyRequested', at, by: floor, requestId: 'fill-1', request: { kind: 'Fill', tableId: 't1', shiftId: 'day', amount: 100 } },
      {
        type: 'DropCounted',
        at,
        by: counter,
        requestId: 'count-1',
        requestedBy: floor,
        tableId: 't1',
        shiftId: 'day',
        expected: 0,
        counted: 0,
        variance: 0,
        reason: null,
      },
    ];
    const fill = bookView(bookOf(counted), 6, at).pending.find((p) => p.requestId === 'fill-1');
    expect(fill).toMatchObject({ wouldRefuse: { code: 'SHIFT_COUNTED' } });
    expect(fill?.wouldRecord).toBeUndefined();
  });
});
