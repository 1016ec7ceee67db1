import { legalActions } from '../default-table';
import { TableUnderTest } from '../table/table-under-test.test-support';
import type { TableRulesInput } from '../table/rules';
import type { KillPotOption } from './kill-pot';

const four = ['btn', 'sb', 'bb', 'utg'].map((id, i) => ({ seat: i + 1, id, stack: 400 }));
const limit = (killPot: Partial<KillPotOption> | true): TableRulesInput => ({
  structure: { kind: 'fixed-limit', smallBet: 10, bigBet: 20 },
  smallBlind: 5,
  bigBlind: 10,
  maxSeats: 4,
  houseOptions: { killPot },
});

describe('kill pot, voluntary (docs/rules.md Part A "Kill pot")', () => {
  it('an overblind of twice the big blind doubles the limits and the killer acts last preflop', () => {
    const t = TableUnderTest.open(limit(true), four, 1);
    t.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    expect(legalActions(t.state).actions).toContainEqual({ type: 'KillPot', seat: 4, min: 20, max: 20, step: 10 });
    t.do({ type: 'KillPot', seat: 4 }, { type: 'Deal' });
    expect(t.state.hand!.preflopOrder).toEqual([1, 2, 3, 4]);
    // Limits doubled: the raise over the 20 kill is to 40; on the turn a bet is 40.
    expect(legalActions(t.state).actions.find((a) => a.type === 'Raise')).toMatchObject({ seat: 1, min: 40, max: 40 });
    t.do({ type: 'Call', seat: 1 }, { type: 'Call', seat: 2 }, { type: 'Call', seat: 3 }, { type: 'Check', seat: 4 });
    t.do({ type: 'Check', seat: 2 }, { type: 'Check', seat: 3 }, { type: 'Check', seat: 4 }, { type: 'Check', seat: 1 });
    expect(legalActions(t.state).actions.find((a) => a.type === 'Bet')).toMatchObject({ min: 40, max: 40 });
  });

  it('a larger kill up to half the stack, in whole big blinds, when the house allows it', () => {
    const t = TableUnderTest.open(limit({ size: 'up-to-half-stack' }), four, 1);
    t.do({ type: 'StartHand', seed: 1 });
    expect(legalActions(t.state).actions).toContainEqual({ type: 'KillPot', seat: 4, min: 20, max: 200, step: 10 });
    t.refuses({ type: 'KillPot', seat: 4, amount: 25 }, 'INVALID_AMOUNT');
    t.refuses({ type: 'KillPot', seat: 4, amount: 210 }, 'INVALID_AMOUNT');
    t.do({ type: 'KillPot', seat: 4, amount: 40 });
    expect(t.state.hand!.limitPercent).toBe(400);
    t.refuses({ type: 'KillPot', seat: 1 }, 'OPTION_NOT_ALLOWED_NOW');
  });

  it('refuses a kill the player cannot cover, after the deal, where off, and in no limit without overblindOnly', () => {
    const t = TableUnderTest.open(limit(true), [...four.slice(0, 3), { seat: 4, id: 'short', stack: 15 }], 1);
    t.do({ type: 'StartHand', seed: 1 });
    t.refuses({ type: 'KillPot', seat: 4 }, 'INSUFFICIENT_CHIPS');
    t.do({ type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 }, { type: 'Deal' });
    t.refuses({ type: 'KillPot', seat: 1 }, 'OPTION_NOT_ALLOWED_NOW');
    const off = TableUnderTest.open({ ...limit(true), houseOptions: {} }, four, 1);
    off.do({ type: 'StartHand', seed: 1 });
    off.refuses({ type: 'KillPot', seat: 4 }, 'OPTION_NOT_ENABLED');
    new TableUnderTest().refuses(
      { type: 'OpenTable', tableId: 'x', rules: { ...limit(true), structure: { kind: 'no-limit' } } },
      'INVALID_RULES',
    );
    new TableUnderTest().do({
      type: 'OpenTable',
      tableId: 'x',
      rules: { ...limit({ overblindOnly: true }), structure: { kind: 'no-limit' } },
    });
  });
});
