import { TableUnderTest } from '../table/table-under-test.test-support';
import type { TableRulesInput } from '../table/rules';
import { normalizeRules } from '../default-table';
import { rakeByPot, DEFAULT_RAKE, type RakeOption } from './rake';

const three = ['btn', 'sb', 'bb'].map((id, i) => ({ seat: i + 1, id, stack: 200 }));
const rules = (rake: Partial<RakeOption>): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 3,
  houseOptions: { rake },
});

describe('rake (docs/rules.md M10)', () => {
  it('R-1: no flop, no drop: BTN raises, the blinds fold, BTN wins 3 with no rake', () => {
    const t = TableUnderTest.open(rules({ percent: 5, cap: 5 }), three, 1);
    t.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    t.do({ type: 'Raise', seat: 1, to: 6 }, { type: 'Fold', seat: 2 }, { type: 'Fold', seat: 3 });
    expect(t.of('RakeTaken')).toEqual([]);
    expect(t.stacks()).toEqual({ btn: 203, sb: 199, bb: 198 });
  });

  it('R-1: a pot of 40 after the flop pays 2 rake and the winner gets 38', () => {
    const t = TableUnderTest.open(rules({ percent: 5, cap: 5 }), three, 1);
    t.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    t.do({ type: 'Raise', seat: 1, to: 20 }, { type: 'Fold', seat: 2 }, { type: 'Call', seat: 3 });
    // Pot 41 (20 + 20 + the small blind's 1): 5% = 2.05, floored to 2.
    t.do({ type: 'Check', seat: 3 }, { type: 'Bet', seat: 1, amount: 10 }, { type: 'Fold', seat: 3 });
    expect(t.of('RakeTaken')).toEqual([{ type: 'RakeTaken', amount: 2, byPot: [2] }]);
    expect(t.of('PotAwarded')[0]).toMatchObject({ amount: 39, winners: [{ seat: 1, amount: 39 }] });
    expect(t.chips() - t.state.rakeCollected + 2).toBe(600);
  });

  it('computes R-1 and its variants directly', () => {
    const o = { ...DEFAULT_RAKE, percent: 5, cap: 5 };
    expect(rakeByPot(o, [40], 3, true)).toEqual([2]);
    expect(rakeByPot(o, [40], 3, false)).toEqual([0]);
    expect(rakeByPot(o, [1000], 3, true)).toEqual([5]);
    // BBC: 10%, rounded down to a full unit of 5, capped at 5.
    expect(rakeByPot({ ...o, percent: 10, roundDownTo: 5 }, [49], 3, true)).toEqual([0]);
    expect(rakeByPot({ ...o, percent: 10, roundDownTo: 5 }, [50], 3, true)).toEqual([5]);
    // Caps by players dealt (vegaspoker247: 1/2/3 for 2, 3-4, 5+).
    const byPlayers = {
      ...o,
      cap: null,
      capByPlayers: [
        { minPlayers: 2, cap: 1 },
        { minPlayers: 3, cap: 2 },
        { minPlayers: 5, cap: 3 },
      ],
    };
    expect([2, 4, 6].map((n) => rakeByPot(byPlayers, [1000], n, true)[0])).toEqual([1, 2, 3]);
    // Main pot first (default) or proportional; per-pot cap.
    expect(rakeByPot({ ...o, cap: 4 }, [30, 60], 3, true)).toEqual([4, 0]);
    expect(rakeByPot({ ...o, cap: 3, allocation: 'proportional' }, [30, 60], 3, true)).toEqual([1, 2]);
    expect(rakeByPot({ ...o, capScope: 'pot', cap: 2 }, [60, 60], 3, true)).toEqual([2, 2]);
  });

  it('refuses a rake over 100% or a broken rounding unit', () => {
    new TableUnderTest().refuses({ type: 'OpenTable', tableId: 'x', rules: rules({ percent: 120 }) }, 'INVALID_RULES');
    new TableUnderTest().refuses({ type: 'OpenTable', tableId: 'x', rules: rules({ roundDownTo: 0 }) }, 'INVALID_RULES');
  });

  it("checks its parameters with its zod schema, each field with the floor's sentence (rows of caps too)", () => {
    const why = (rake: unknown) => {
      const r = normalizeRules(rules(rake as Partial<RakeOption>));
      return r.ok ? r.rules.houseOptions.rake : [r.rejection.field, r.rejection.message.replace('The table rules are invalid: ', '')];
    };
    expect(why({ percent: 2.555 })).toEqual([
      'rules.houseOptions.rake.percent',
      'the rake is a percentage from 0 to 100, in hundredths at most.',
    ]);
    const rows = 'at most 10 rows, each with just a whole-number minPlayers and cap.';
    expect(why({ capByPlayers: [{ minPlayers: 2 }] })).toEqual(['rules.houseOptions.rake.capByPlayers.0.cap', rows]);
    expect(why({ capByPlayers: [{ minPlayers: 2, cap: 1, bonus: 1 }] })).toEqual(['rules.houseOptions.rake.capByPlayers.0', rows]);
    expect(why({ capByPlayers: Array.from({ length: 11 }, () => ({ minPlayers: 2, cap: 1 })) })).toEqual([
      'rules.houseOptions.rake.capByPlayers',
      rows,
    ]);
    expect(why({ tip: 1 })).toEqual([
      'rules.houseOptions.rake.tip',
      'unknown parameter (known: version, percent, cap, capScope, capByPlayers, roundDownTo, noFlopNoDrop, allocation).',
    ]);
    expect(why({ percent: 2.5, capByPlayers: [{ minPlayers: 3, cap: 2 }] })).toEqual({
      ...DEFAULT_RAKE,
      percent: 2.5,
      capByPlayers: [{ minPlayers: 3, cap: 2 }],
    });
  });
});
