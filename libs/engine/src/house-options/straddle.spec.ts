import { legalActions } from '../default-table';
import { TableUnderTest } from '../table/table-under-test.test-support';
import type { TableRulesInput } from '../table/rules';
import type { StraddleOption } from './straddle';

const six = [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, id: ['btn', 'sb', 'bb', 'utg', 'utg1', 'co'][seat - 1], stack: 200 }));
const nl = (
  straddle: boolean | null | Partial<StraddleOption>,
  structure: TableRulesInput['structure'] = { kind: 'no-limit' },
): TableRulesInput => ({
  structure,
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 6,
  houseOptions: { straddle },
});

function straddled(rules: TableRulesInput): TableUnderTest {
  const t = TableUnderTest.open(rules, six, 1);
  t.do({ type: 'StartHand', seed: 3 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 }, { type: 'Straddle', seat: 4 });
  return t;
}

describe('straddle (docs/rules.md H1)', () => {
  it('ST-1: UTG straddles 4; UTG+1 acts first with a minimum raise to 8; the straddler acts last', () => {
    const t = straddled(nl(true));
    t.do({ type: 'Deal' });
    const raise = legalActions(t.state).actions.find((a) => a.type === 'Raise');
    expect(raise).toMatchObject({ seat: 5, min: 8 });
    t.do(
      { type: 'Call', seat: 5 },
      { type: 'Fold', seat: 6 },
      { type: 'Raise', seat: 1, to: 12 },
      { type: 'Fold', seat: 2 },
      { type: 'Fold', seat: 3 },
      { type: 'Call', seat: 4 },
      { type: 'Fold', seat: 5 },
      { type: 'Check', seat: 4 },
      { type: 'Bet', seat: 1, amount: 20 },
      { type: 'Fold', seat: 4 },
    );
    expect(t.of('PotAwarded')[0].amount).toBe(31);
    expect(t.stacks()).toEqual({ btn: 219, utg: 188, utg1: 196, sb: 199, bb: 198, co: 200 });
  });

  it('ST-1 re-straddle: UTG 4, UTG+1 8, so UTG+2 acts first with a minimum raise to 16', () => {
    const t = straddled(nl({ maxStraddles: 2 }));
    t.do({ type: 'Straddle', seat: 5 }, { type: 'Deal' });
    expect(legalActions(t.state)).toMatchObject({
      seat: 6,
      actions: [{ type: 'Fold' }, { type: 'Call', amount: 8 }, { type: 'Raise', min: 16 }],
    });
  });

  it("pokerkit's big-blind basis makes the minimum raise 6 instead", () => {
    const t = straddled(nl({ minRaiseBasis: 'big-blind' }));
    t.do({ type: 'Deal' });
    expect(legalActions(t.state).actions.find((a) => a.type === 'Raise')).toMatchObject({ min: 6 });
  });

  it('straddle + pot limit: the straddle is in the pot, UTG+1 may raise to 15 (section 5)', () => {
    const t = straddled(nl(true, { kind: 'pot-limit' }));
    t.do({ type: 'Deal' });
    expect(legalActions(t.state).actions.find((a) => a.type === 'Raise')).toMatchObject({ max: 15 });
  });

  it('refuses a straddle out of turn, twice, after the deal, or where straddles are off', () => {
    const t = TableUnderTest.open(nl(true), six, 1);
    t.do({ type: 'StartHand', seed: 3 });
    expect(t.refuses({ type: 'Straddle', seat: 5 }, 'STRADDLE_OUT_OF_TURN')).toBe('Only seat 4 may straddle now.');
    t.do({ type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 }, { type: 'Straddle', seat: 4 });
    t.refuses({ type: 'Straddle', seat: 4 }, 'STRADDLE_OUT_OF_TURN');
    t.refuses({ type: 'Straddle', seat: 5 }, 'STRADDLE_OUT_OF_TURN');
    t.do({ type: 'Deal' });
    t.refuses({ type: 'Straddle', seat: 5 }, 'OPTION_NOT_ALLOWED_NOW');
    const off = TableUnderTest.open({ ...nl(null) }, six, 1);
    off.do({ type: 'StartHand', seed: 3 });
    off.refuses({ type: 'Straddle', seat: 4 }, 'OPTION_NOT_ENABLED');
  });

  it('button straddle: with left-of-straddler order the small blind acts first; with normal-skip the button acts last', () => {
    const left = TableUnderTest.open(nl({ positions: 'utg-or-button' }), six, 1);
    left.do(
      { type: 'StartHand', seed: 3 },
      { type: 'PostBlind', seat: 2 },
      { type: 'PostBlind', seat: 3 },
      { type: 'Straddle', seat: 1 },
      { type: 'Deal' },
    );
    expect(legalActions(left.state).seat).toBe(2);
    const skip = TableUnderTest.open(nl({ positions: 'utg-or-button', buttonStraddleOrder: 'normal-skip' }), six, 1);
    skip.do(
      { type: 'StartHand', seed: 3 },
      { type: 'PostBlind', seat: 2 },
      { type: 'PostBlind', seat: 3 },
      { type: 'Straddle', seat: 1 },
      { type: 'Deal' },
    );
    expect(legalActions(skip.state).seat).toBe(4);
    expect(skip.state.hand!.preflopOrder).toEqual([4, 5, 6, 2, 3, 1]);
  });

  it('no straddle with fewer players than the minimum, in tournaments, or at limit unless allowed', () => {
    const three = TableUnderTest.open(nl(true), six.slice(0, 3), 1);
    three.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    three.refuses({ type: 'Straddle', seat: 1 }, 'STRADDLE_OUT_OF_TURN');
    const open = new TableUnderTest();
    open.refuses({ type: 'OpenTable', tableId: 'x', rules: { ...nl(true), gameType: 'tournament' } }, 'INVALID_RULES');
    open.refuses({ type: 'OpenTable', tableId: 'x', rules: nl(true, { kind: 'fixed-limit' }) }, 'INVALID_RULES');
    open.refuses({ type: 'OpenTable', tableId: 'x', rules: nl({ sizeMultiple: 1.5 }) }, 'INVALID_RULES');
    open.do({ type: 'OpenTable', tableId: 'x', rules: nl({ allowInLimit: true }, { kind: 'fixed-limit' }) });
  });
});
