import { EXPLAINED, emptyReport, layeredPots, plainRank, playDifferentialHand } from './poker-ts-differential';
import type { TableEvent } from '@felt/engine';

/**
 * Felt against poker-ts on 1,000 random plain no-limit hands (the full run, 10^5 hands: `npm run bench:diff`):
 * turn order, legal actions, pots and final stacks agree, or the difference is one of the rules in EXPLAINED.
 */
describe('differential play against poker-ts (plain no limit)', () => {
  it('agrees on turn order, legal actions, pots and payouts, or differs only where a rule explains it', () => {
    const report = emptyReport();
    for (let seed = 1; seed <= 1000; seed++) playDifferentialHand(seed, report);
    expect(report.disagreements).toEqual([]);
    expect(report.hands).toBe(1000);
    expect(report.decisions).toBeGreaterThan(7000);
    // Most hands are compared to the last chip; the rest have their pots checked against the independent layering.
    expect(report.stacksAgreed).toBeGreaterThan(500);
    expect(
      report.stacksAgreed + report.potsLayered + report.explained['all-in-blind-asked-to-act'] + report.explained['poker-ts-hand-ranking'],
    ).toBe(1000);
    expect(Object.keys(report.explained).sort()).toEqual(Object.keys(EXPLAINED).sort());
  });

  it('ranks hands the plain way: jacks full of sevens beat jacks full of fours; the wheel is the lowest straight', () => {
    const board = ['Jh', 'Jc', '8c', 'Js', '7h'];
    expect(plainRank(['7c', '7d', ...board])).toEqual([6, 9, 5]);
    expect(plainRank(['4d', '4h', ...board])).toEqual([6, 9, 2]);
    expect(plainRank(['Ah', '2c', '3d', '4s', '5h', 'Kc', 'Kd'])).toEqual([4, 3]);
    expect(plainRank(['6h', '2c', '3d', '4s', '5h', 'Kc', 'Kd'])).toEqual([4, 4]);
  });

  it('layers pots from the events: 100/300/300 all in gives a main pot of 300 for three and a side pot of 400 for two', () => {
    // The seeds' side-pot example (rules.md Part A), as the events record it.
    const events: TableEvent[] = [
      { type: 'PlayerCalled', seat: 1, amount: 100, allIn: true },
      { type: 'RaisePlaced', seat: 2, to: 300, allIn: true, full: true },
      { type: 'PlayerCalled', seat: 3, amount: 300, allIn: true },
    ];
    expect(layeredPots(events)).toEqual([
      { amount: 300, eligible: [1, 2, 3] },
      { amount: 400, eligible: [2, 3] },
    ]);
    // A folded player's chips count only up to each pot's level.
    expect(
      layeredPots([...events, { type: 'RaisePlaced', seat: 4, to: 200, allIn: false, full: true }, { type: 'PlayerFolded', seat: 4 }]),
    ).toEqual([
      { amount: 400, eligible: [1, 2, 3] },
      { amount: 500, eligible: [2, 3] },
    ]);
  });
});
