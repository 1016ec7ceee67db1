import { legalActions } from '../default-table';
import { TableUnderTest } from '../table/table-under-test.test-support';
import type { TableRulesInput } from '../table/rules';
import type { ChopOption } from './chop';

const six = ['btn', 'sb', 'bb', 'utg', 'mp', 'co'].map((id, i) => ({ seat: i + 1, id, stack: 200 }));
const rules = (chop: Partial<ChopOption> | true, extra: Partial<TableRulesInput> = {}): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 6,
  houseOptions: { chop },
  ...extra,
});
const foldedToBlinds = (t: TableUnderTest) => {
  t.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
  for (const seat of [4, 5, 6, 1]) t.do({ type: 'Fold', seat });
};
const bothAgree = {
  type: 'ChopBlinds' as const,
  consents: [
    { seat: 2, by: 'sb-player' },
    { seat: 3, by: 'bb-player' },
  ],
};

describe('chopping the blinds (docs/rules.md H3)', () => {
  it('CH-1: everyone folds to the blinds, both agree: stacks unchanged, no rake, button moves', () => {
    const t = TableUnderTest.open(rules(true, { houseOptions: { chop: true, rake: { percent: 10 } } }), six, 1);
    foldedToBlinds(t);
    expect(legalActions(t.state).actions).toContainEqual({ type: 'ChopBlinds', seat: 2, bigBlindSeat: 3, fee: 0 });
    const events = t.do(bothAgree);
    expect(events.map((e) => e.type)).toEqual(['BlindsChopped', 'HandEnded', 'DeckRevealed']);
    expect(events[0]).toEqual({
      type: 'BlindsChopped',
      consents: [
        { seat: 2, by: 'sb-player' },
        { seat: 3, by: 'bb-player' },
      ],
      returned: [
        { seat: 2, amount: 1 },
        { seat: 3, amount: 2 },
      ],
      fee: 0,
    });
    expect(t.stacks()).toEqual({ btn: 200, sb: 200, bb: 200, utg: 200, mp: 200, co: 200 });
    expect(t.state.rakeCollected).toBe(0);
    t.do({ type: 'StartHand', seed: 2 });
    expect(t.of('HandStarted').at(-1)).toMatchObject({ button: 2, smallBlindSeat: 3, bigBlindSeat: 4 });
  });

  it('takes the house fee from the small blind', () => {
    const t = TableUnderTest.open(rules({ fee: 1 }), six, 1);
    foldedToBlinds(t);
    t.do(bothAgree);
    expect(t.stacks()).toMatchObject({ sb: 199, bb: 200 });
    expect(t.state.rakeCollected).toBe(1);
    expect(t.chips()).toBe(1200);
  });

  it('refuses a chop without both consents, before everyone folded, after a blind acted, or off', () => {
    const t = TableUnderTest.open(rules(true), six, 1);
    t.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    t.refuses(bothAgree, 'OPTION_NOT_ALLOWED_NOW');
    for (const seat of [4, 5, 6, 1]) t.do({ type: 'Fold', seat });
    expect(t.refuses({ type: 'ChopBlinds', consents: [{ seat: 2, by: 'sb-player' }] }, 'CONSENT_MISSING')).toBe(
      'Seat 3 has not agreed to chop; both blinds must consent.',
    );
    t.refuses(
      {
        type: 'ChopBlinds',
        consents: [
          { seat: 2, by: 'x' },
          { seat: 3, by: ' ' },
        ],
      },
      'CONSENT_MISSING',
    );
    t.do({ type: 'Call', seat: 2 });
    t.refuses(bothAgree, 'OPTION_NOT_ALLOWED_NOW');
    const off = TableUnderTest.open(rules(null as never), six, 1);
    foldedToBlinds(off);
    off.refuses(bothAgree, 'OPTION_NOT_ENABLED');
  });

  it('refuses while another live forced bet is in (straddle) or dead money (ante), heads-up, and in tournaments', () => {
    const straddled = TableUnderTest.open(rules(true, { houseOptions: { chop: true, straddle: true } }), six, 1);
    straddled.do(
      { type: 'StartHand', seed: 1 },
      { type: 'PostBlind', seat: 2 },
      { type: 'PostBlind', seat: 3 },
      { type: 'Straddle', seat: 4 },
      { type: 'Deal' },
    );
    for (const seat of [5, 6, 1, 4]) if (legalActions(straddled.state).seat === seat) straddled.do({ type: 'Fold', seat });
    straddled.refuses(bothAgree, 'OPTION_NOT_ALLOWED_NOW');
    const antes = TableUnderTest.open(rules(true, { ante: { kind: 'everyone', amount: 1 } }), six, 1);
    antes.do({ type: 'StartHand', seed: 1 });
    for (const f of antes.state.hand!.forcedBetsDue) antes.do({ type: 'PostBlind', seat: f.seat, blind: f.kind });
    for (const seat of [4, 5, 6, 1]) antes.do({ type: 'Fold', seat });
    expect(antes.refuses(bothAgree, 'OPTION_NOT_ALLOWED_NOW')).toMatch(/dead money/);
    const two = TableUnderTest.open(rules(true), six.slice(0, 2), 1);
    two.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 1 }, { type: 'PostBlind', seat: 2 });
    two.refuses(
      {
        type: 'ChopBlinds',
        consents: [
          { seat: 1, by: 'a' },
          { seat: 2, by: 'b' },
        ],
      },
      'OPTION_NOT_ALLOWED_NOW',
    );
    new TableUnderTest().refuses({ type: 'OpenTable', tableId: 'x', rules: rules(true, { gameType: 'tournament' }) }, 'INVALID_RULES');
  });
});
