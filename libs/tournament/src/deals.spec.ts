import fc from 'fast-check';
import { chipChopEquities, dealAmounts, icmEquities } from './deals';
import { tournamentDecider } from './tournament-decider';
import { DAILY, identity, play, registered, T } from './tournament.test-support';

describe('final-table deals, worked by hand (stacks 50/30/20 of the chips, prizes 50/30/20)', () => {
  it('ICM: 38.39, 32.75, 28.86 → 38, 33, 29 to the unit', () => {
    const eq = icmEquities([50, 30, 20], [50, 30, 20]);
    expect(eq[0]).toBeCloseTo(38.392857, 5);
    expect(eq[1]).toBeCloseTo(32.75, 5);
    expect(eq[2]).toBeCloseTo(28.857143, 5);
    expect(dealAmounts('icm', [50, 30, 20], [50, 30, 20], 1)).toEqual([38, 33, 29]);
  });

  it('chip chop: each sure of 20, the other 40 by chips → 40, 32, 28', () => {
    expect(chipChopEquities([50, 30, 20], [50, 30, 20])).toEqual([40, 32, 28]);
    expect(dealAmounts('chip-chop', [50, 30, 20], [50, 30, 20], 5)).toEqual([40, 30, 30]);
  });

  it('pays exactly the places still open, to the unit, whatever the stacks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 2, maxLength: 9 }),
        fc.integer({ min: 1, max: 100 }),
        fc.constantFrom('icm' as const, 'chip-chop' as const),
        (stacks, unit, method) => {
          const prizes = stacks.map((_, i) => (stacks.length - i) * 1000 + 7);
          const amounts = dealAmounts(method, stacks, prizes, unit);
          expect(amounts.reduce((a, b) => a + b, 0)).toBe(prizes.reduce((a, b) => a + b, 0));
          const eq = method === 'icm' ? icmEquities(stacks, prizes) : chipChopEquities(stacks, prizes);
          amounts.forEach((a, i) => expect(Math.abs(a - eq[i]!)).toBeLessThan(2 * unit + stacks.length * unit));
        },
      ),
    );
  });
});

describe('Deal in the decider', () => {
  const structure = {
    ...DAILY,
    entry: { prizePool: 10, houseFee: 2, staffFee: 1 },
    payouts: [
      { minEntries: 1, places: [10000] },
      { minEntries: 3, places: [5000, 3000, 2000] },
    ],
    roundTo: 1,
    guarantee: 100,
  };
  const inTheMoney = () =>
    play(
      [
        { type: 'DrawSeats', at: T(2), permutation: identity(4) },
        { type: 'StartClock', at: T(5) },
        { type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true },
        { type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true },
        {
          type: 'RecordHand',
          at: T(10),
          tableId: 't1',
          button: 1,
          stacks: [
            { entryId: 'p1#1', chips: 20000 },
            { entryId: 'p2#1', chips: 12000 },
            { entryId: 'p3#1', chips: 8000 },
            { entryId: 'p4#1', chips: 0 },
          ],
        },
      ],
      registered(4, 1, structure).state,
    ).state;

  it('finishes the tournament with every remaining player paid by ICM, placed by chips', () => {
    const end = play([{ type: 'Deal', at: T(11), method: 'icm', consents: ['p3#1', 'p1#1', 'p2#1'] }], inTheMoney());
    expect(end.events[0]).toMatchObject({
      type: 'DealMade',
      shares: [
        { entryId: 'p1#1', chips: 20000, amount: 38 },
        { entryId: 'p2#1', chips: 12000, amount: 33 },
        { entryId: 'p3#1', chips: 8000, amount: 29 },
      ],
    });
    expect(end.state.finished!.results.map((r) => [r.entryId, r.place, r.prize])).toEqual([
      ['p1#1', 1, 38],
      ['p2#1', 2, 33],
      ['p3#1', 3, 29],
      ['p4#1', 4, 0],
    ]);
  });

  it('refuses a deal without every remaining player, or before the money', () => {
    const missing = tournamentDecider.decide({ type: 'Deal', at: T(11), method: 'icm', consents: ['p1#1', 'p2#1'] }, inTheMoney());
    expect(missing).toMatchObject({ ok: false, rejection: { code: 'DEAL_NOT_ALLOWED', field: 'consents' } });
    const early = play(
      [
        { type: 'DrawSeats', at: T(2), permutation: identity(4) },
        { type: 'StartClock', at: T(5) },
        { type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true },
        { type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true },
      ],
      registered(4, 1, structure).state,
    ).state;
    const all = ['p1#1', 'p2#1', 'p3#1', 'p4#1'];
    expect(tournamentDecider.decide({ type: 'Deal', at: T(8), method: 'chip-chop', consents: all }, early)).toMatchObject({
      ok: false,
      rejection: { code: 'DEAL_NOT_ALLOWED' },
    });
  });
});
