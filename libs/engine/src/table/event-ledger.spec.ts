import { eventLedgerProblem } from './event-ledger.test-support';
import { TableUnderTest, foldAround } from './table-under-test.test-support';
import type { TableEvent } from './events';

describe('chip conservation from the events alone', () => {
  const t = TableUnderTest.open(
    {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 3,
      houseOptions: { rake: { percent: 10, noFlopNoDrop: false } },
    },
    [1, 2, 3].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
    1,
  );
  foldAround(t, 1);
  t.do({ type: 'AddChips', seat: 1, amount: 50 }, { type: 'LeaveTable', seat: 2 });
  foldAround(t, 2);

  it('balances a real log: buy-ins and chips added = stacks + cash-outs + rake', () => {
    expect(eventLedgerProblem(t.events)).toBeNull();
  });

  it('finds a pot that pays a chip more than went in, and a stack that does not add up', () => {
    const richer = t.events.map((e): TableEvent =>
      e.type === 'PotAwarded' ? { ...e, amount: e.amount + 1, winners: e.winners.map((w) => ({ ...w, amount: w.amount + 1 })) } : e,
    );
    expect(eventLedgerProblem(richer)).toMatch(/put in, but pots/);
    const ended = t.events.map((e): TableEvent =>
      e.type === 'HandEnded' ? { ...e, stacks: e.stacks.map((s, i) => (i === 0 ? { ...s, stack: s.stack + 1 } : s)) } : e,
    );
    expect(eventLedgerProblem(ended)).toMatch(/leaves with/);
  });
});
