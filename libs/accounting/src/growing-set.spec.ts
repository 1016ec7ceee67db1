import fc from 'fast-check';
import { GrowingSet } from './growing-set';
import { normalizeFundRules } from './funds';
import { bookOf } from './reports';
import type { MoneyEvent } from './events';

describe('GrowingSet: a set that only grows, every version unchanged by later adds', () => {
  it('answers as a copied set would, whichever kept version each key is added to', () => {
    // Each step adds a key to one of the versions made so far (often an older one: a fold going on from a kept state).
    const steps = fc.array(fc.record({ from: fc.nat(), key: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h') }), { maxLength: 60 });
    fc.assert(
      fc.property(steps, (list) => {
        const versions: { set: GrowingSet; model: ReadonlySet<string> }[] = [{ set: GrowingSet.EMPTY, model: new Set() }];
        for (const { from, key } of list) {
          const base = versions[from % versions.length]!;
          versions.push({ set: base.set.with(key), model: new Set([...base.model, key]) });
        }
        for (const { set, model } of versions) {
          expect(set.size).toBe(model.size);
          expect(set.keys()).toEqual([...model]);
          for (const key of 'abcdefghz') expect(set.has(key)).toBe(model.has(key));
        }
      }),
    );
  });

  it('gives back the same set for a key it holds, and keeps nothing in the shared empty set', () => {
    const one = GrowingSet.EMPTY.with('t1#1#bbj');
    expect(one.with('t1#1#bbj')).toBe(one);
    expect(GrowingSet.EMPTY.has('t1#1#bbj')).toBe(false);
    expect(GrowingSet.EMPTY.with('t2#1#bbj').keys()).toEqual(['t2#1#bbj']);
  });

  it("folds a room's day of table drops (50,000) into the book, each drop once", () => {
    const at = '2026-12-06T22:00:00.000Z';
    const by = { id: 'drop-collector', role: 'service' };
    const book: MoneyEvent[] = [
      {
        type: 'FundOpened',
        at,
        by: { id: 'f1', role: 'floor' },
        fundId: 'bbj',
        rules: normalizeFundRules({ kind: 'bad-beat', name: 'Bad beat', backupPercent: 20 }),
      },
    ];
    for (let i = 0; i < 50_000; i++) {
      const drop = { fundId: 'bbj', tableId: `t${(i % 50) + 1}`, handNumber: Math.floor(i / 50) + 1, chips: 1, centsPerChip: 100 };
      book.push({ type: 'DropCollected', at, by, ...drop, amount: 100, toFund: 80, toBackup: 20 });
    }
    const state = bookOf(book);
    expect(state.funds.bbj).toMatchObject({ collected: 5_000_000, balance: 4_000_000, backup: 1_000_000 });
    expect(state.tableDrops.size).toBe(50_000);
    expect(state.tableDrops.has('t50#1000#bbj') && !state.tableDrops.has('t50#1001#bbj')).toBe(true);
  });
});
