import fc from 'fast-check';
import { chipChopEquities, dealAmounts, icmEquities, reducedPrizes } from './deals';
import { tournamentReport } from './results-export';
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
  const inTheMoney = (roundTo = 1) =>
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
      registered(4, 1, { ...structure, roundTo }).state,
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

/**
 * Worked by hand: the same final three (chips 20000/12000/8000, i.e. 50/30/20 %; open prizes 50/30/20 of a pool of
 * 100) leave 20 to play for, taken off first place's 50: the deal shares 30/30/20 = 80. ICM on 30/30/20: each one's
 * equity is 30 − 10 × P(finishing third). P(third): p1 0.3 × 0.2/0.7 + 0.2 × 0.3/0.8 = 0.160714; p2 0.5 × 0.2/0.5 +
 * 0.2 × 0.5/0.8 = 0.325; p3 0.5 × 0.3/0.5 + 0.3 × 0.5/0.7 = 0.514286. Equities 28.392857, 26.75, 24.857143 (sum 80);
 * rounded down 28/26/24, the two units left to the largest remainders (p3 .857, p2 .75): 28/27/25. Then p1 busts
 * (third: paid 28, their share), p2 busts (second: 27), p3 wins: 25 + the 20 left = 45. Paid: 28 + 27 + 45 = 100.
 */
describe('a deal that leaves an amount to play for', () => {
  const structure = {
    ...DAILY,
    entry: { prizePool: 10, houseFee: 2, staffFee: 1 },
    payouts: [
      { minEntries: 1, places: [10000] },
      { minEntries: 3, places: [5000, 3000, 2000] },
    ],
    guarantee: 100,
  };
  const finalThree = (roundTo = 1) =>
    play(
      [
        { type: 'DrawSeats', at: T(2), permutation: identity(4) },
        { type: 'StartClock', at: T(5) },
        { type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true },
        { type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true },
        { type: 'RecordHand', at: T(10), tableId: 't1', button: 1, stacks: stacks(20000, 12000, 8000, 0) },
      ],
      registered(4, 1, { ...structure, roundTo }).state,
    ).state;
  const all = ['p1#1', 'p2#1', 'p3#1'];
  const deal = (extra: object, roundTo = 1) =>
    tournamentDecider.decide({ type: 'Deal', at: T(11), method: 'icm', consents: all, ...extra }, finalThree(roundTo));

  it('shares the open prizes less the amount left, play goes on, and the last player standing takes it', () => {
    expect(reducedPrizes([50, 30, 20], 20)).toEqual([30, 30, 20]);
    expect(reducedPrizes([50, 30, 20], 60)).toEqual([20, 20, 0]);
    const made = play([{ type: 'Deal', at: T(11), method: 'icm', consents: all, leaveToPlayFor: 20 }], finalThree());
    expect(made.events).toEqual([
      {
        type: 'DealMade',
        at: T(11),
        method: 'icm',
        consents: all,
        shares: [
          { entryId: 'p1#1', chips: 20000, amount: 28 },
          { entryId: 'p2#1', chips: 12000, amount: 27 },
          { entryId: 'p3#1', chips: 8000, amount: 25 },
        ],
        leftToPlayFor: 20,
      },
    ]);
    expect(made.state.status).toBe('running');
    const end = play(
      [
        { type: 'RecordHand', at: T(12), tableId: 't1', button: 2, stacks: stacks(0, 12000, 28000) },
        {
          type: 'RecordHand',
          at: T(13),
          tableId: 't1',
          button: 3,
          stacks: [
            { entryId: 'p2#1', chips: 0 },
            { entryId: 'p3#1', chips: 40000 },
          ],
        },
      ],
      made.state,
    );
    expect(end.state.status).toBe('finished');
    const { results, pool } = end.state.finished!;
    expect(results.map((r) => [r.entryId, r.place, r.prize])).toEqual([
      ['p3#1', 1, 45],
      ['p2#1', 2, 27],
      ['p1#1', 3, 28],
      ['p4#1', 4, 0],
    ]);
    expect(results.reduce((n, r) => n + r.prize, 0)).toBe(pool.prizePool);
    expect(pool).toMatchObject({ collected: 40, overlay: 60, prizePool: 100, houseFees: 8, staffFees: 4 });
    expect(tournamentReport(end.state).deal).toMatchObject({ method: 'icm', leftToPlayFor: 20, leftWonBy: 'p3#1' });
  });

  it('chip chop on the reduced prizes: each sure of 20, the other 20 by chips → 30, 26, 24', () => {
    const made = play([{ type: 'Deal', at: T(11), method: 'chip-chop', consents: all, leaveToPlayFor: 20 }], finalThree());
    expect(made.events[0]).toMatchObject({ shares: [{ amount: 30 }, { amount: 26 }, { amount: 24 }], leftToPlayFor: 20 });
  });

  it('refuses each wrong amount with its own code, and a second deal, a rebuy or a deal in hand-for-hand', () => {
    const refused = (d: ReturnType<typeof deal>) => (d.ok ? null : d.rejection);
    expect(refused(deal({ leaveToPlayFor: 0 }))).toMatchObject({ code: 'INVALID_COMMAND', field: 'leaveToPlayFor' });
    expect(refused(deal({ leaveToPlayFor: 2.5 }))).toMatchObject({ code: 'INVALID_COMMAND', field: 'leaveToPlayFor' });
    expect(refused(deal({ leaveToPlayFor: 100 }))).toMatchObject({ code: 'DEAL_LEAVES_TOO_MUCH', field: 'leaveToPlayFor' });
    expect(refused(deal({ leaveToPlayFor: 12 }, 5))).toMatchObject({ code: 'DEAL_AMOUNT_NOT_ROUNDED', field: 'leaveToPlayFor' });
    expect(deal({ leaveToPlayFor: 15 }, 5).ok).toBe(true);
    const made = play([{ type: 'Deal', at: T(11), method: 'icm', consents: all, leaveToPlayFor: 20 }], finalThree()).state;
    expect(refused(tournamentDecider.decide({ type: 'Deal', at: T(12), method: 'icm', consents: all }, made))).toMatchObject({
      code: 'DEAL_NOT_ALLOWED',
    });
    expect(refused(tournamentDecider.decide({ type: 'Rebuy', at: T(12), entryId: 'p3#1' }, made))).toMatchObject({
      code: 'REBUY_NOT_ALLOWED',
      message: 'the prizes were shared by a deal: no more money comes in',
    });
    const h4h = play([{ type: 'HandForHand', at: T(11), on: true }], finalThree()).state;
    const inH4h = { type: 'Deal' as const, at: T(12), method: 'icm' as const, consents: all, leaveToPlayFor: 20 };
    expect(refused(tournamentDecider.decide(inH4h, h4h))).toMatchObject({ code: 'DEAL_NOT_ALLOWED' });
  });
});

/** The stacks of p1.. at t1, in order. */
function stacks(...chips: number[]) {
  return chips.map((c, i) => ({ entryId: `p${i + 1}#1`, chips: c }));
}
