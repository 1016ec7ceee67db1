import { legalActions, normalizeRules } from '../default-table';
import { TableUnderTest, deckFor } from '../table/table-under-test.test-support';
import { type TableRulesInput } from '../table/rules';
import type { BombPotOption } from './bomb-pot';

/** 1/2 no limit, four seats; the button on seat 1. */
const rules = (bombPot: Partial<BombPotOption> | true, extra: Partial<TableRulesInput> = {}): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 4,
  houseOptions: { bombPot },
  ...extra,
});
const four = (stacks: number[] = [100, 100, 100, 100]) => ['a', 'b', 'c', 'd'].map((id, i) => ({ seat: i + 1, id, stack: stacks[i]! }));
const postAll = (t: TableUnderTest) => {
  for (const due of [...t.state.hand!.forcedBetsDue]) t.do({ type: 'PostBlind', seat: due.seat, blind: due.kind });
};

describe('bomb pot (docs/house-options.md "Bomb pot")', () => {
  it('given the floor called a bomb pot, when the hand starts, then everyone owes the ante, nobody a blind', () => {
    const t = TableUnderTest.open(rules({ ante: 5 }), four(), 1);
    expect(t.do({ type: 'CallBombPot' })).toEqual([{ type: 'BombPotCalled', handNumber: 1 }]);
    t.do({ type: 'StartHand', seed: 1 });
    const started = t.of('HandStarted')[0]!;
    expect(started).toMatchObject({ button: 1, bombPot: { ante: 5 } });
    expect(started.forcedBets).toEqual(
      [2, 3, 4, 1].map((seat) => expect.objectContaining({ seat, kind: 'bomb-pot', amount: 5, live: true })),
    );
    expect(legalActions(t.state).actions.every((a) => a.type === 'PostBlind' && a.blind === 'bomb-pot')).toBe(true);
    t.refuses({ type: 'PostBlind', seat: 2, blind: 'small-blind' }, 'BLIND_NOT_DUE');
  });

  it('when the antes are in, then the flop comes with no preflop action and the first player left of the button acts', () => {
    const t = TableUnderTest.open(rules({ ante: 5 }), four(), 1);
    t.do({ type: 'CallBombPot' }, { type: 'StartHand', seed: 1 });
    postAll(t);
    const types = t.events.map((e) => e.type);
    expect(types.slice(types.indexOf('HoleCardsDealt'))).toEqual(['HoleCardsDealt', 'BoardDealt']);
    expect(t.state.hand).toMatchObject({ phase: 'betting', round: { street: 'flop' } });
    expect(legalActions(t.state).seat).toBe(2);
    // 4 x 5 in the middle, every stack 95.
    expect(t.state.hand!.players.map((p) => [p.stack, p.committed])).toEqual([
      [95, 5],
      [95, 5],
      [95, 5],
      [95, 5],
    ]);
  });

  it('given a short stack, when all post, then they are all in for less and a side pot forms (BP-1 numbers)', () => {
    const t = TableUnderTest.open(rules({ ante: 5 }), four([100, 100, 3, 100]), 1);
    const deck = deckFor([2, 3, 4, 1], { 1: '7c2h', 2: 'QsQd', 3: 'AsAd', 4: 'KsKd' }, '3c8d9h4sJc');
    t.do({ type: 'CallBombPot' }, { type: 'StartHand', deck });
    postAll(t);
    t.do({ type: 'Check', seat: 2 }, { type: 'Bet', seat: 4, amount: 10 }, { type: 'Fold', seat: 1 }, { type: 'Call', seat: 2 });
    t.do({ type: 'Check', seat: 2 }, { type: 'Check', seat: 4 }, { type: 'Check', seat: 2 }, { type: 'Check', seat: 4 });
    expect(t.of('PotAwarded').map((p) => [p.amount, p.winners])).toEqual([
      [6 + 20, [{ seat: 4, amount: 26 }]],
      [12, [{ seat: 3, amount: 12 }]],
    ]);
    expect(t.stacks()).toEqual({ a: 95, b: 85, c: 12, d: 111 });
    expect(t.chips()).toBe(303);
  });

  it('given every 3rd hand by table rule, then hands 3 and 6 are bomb pots and the positions move on as after any hand', () => {
    const t = TableUnderTest.open(rules({ ante: 4, everyNthHand: 3 }), four(), 1);
    const bombs: number[] = [];
    for (let hand = 1; hand <= 6; hand++) {
      t.do({ type: 'StartHand', seed: hand });
      if (t.of('HandStarted').at(-1)!.bombPot) bombs.push(hand);
      postAll(t);
      // Everyone checks or folds down to one player.
      for (let guard = 0; t.state.hand!.phase !== 'complete' && guard < 40; guard++) {
        const to = legalActions(t.state);
        const check = to.actions.find((a) => a.type === 'Check' || a.type === 'ShowHand');
        t.do(check ? { type: check.type as 'Check', seat: check.seat! } : { type: 'Fold', seat: to.seat! });
      }
    }
    expect(bombs).toEqual([3, 6]);
    expect(t.of('HandStarted').map((h) => [h.button, h.smallBlindSeat, h.bigBlindSeat])).toEqual([
      [1, 2, 3],
      [2, 3, 4],
      [3, 4, 1],
      [4, 1, 2],
      [1, 2, 3],
      [2, 3, 4],
    ]);
    expect(t.chips()).toBe(400);
  });

  it('given a new player owing a post, when a bomb pot is dealt, then they pay it dead besides the ante', () => {
    // Five seats: the new player in seat 5 comes in after the next big blind (seat 4), so they owe the post.
    const t = TableUnderTest.open(rules({ ante: 5 }, { maxSeats: 5 }), four(), 1);
    t.do({ type: 'StartHand', seed: 1 });
    postAll(t);
    t.do({ type: 'Fold', seat: 4 }, { type: 'Fold', seat: 1 }, { type: 'Fold', seat: 2 });
    t.do({ type: 'SeatPlayer', seat: 5, playerId: 'e', buyIn: 100, postToEnter: true });
    t.do({ type: 'CallBombPot' }, { type: 'StartHand', seed: 2 });
    const bets = t.of('HandStarted')[1]!.forcedBets.filter((f) => f.seat === 5);
    expect(bets).toEqual([
      { seat: 5, kind: 'bomb-pot', amount: 5, live: true },
      { seat: 5, kind: 'new-player', amount: 2, live: false },
    ]);
    postAll(t);
    expect(t.state.hand!.players.find((p) => p.seat === 5)).toMatchObject({ stack: 93, committed: 7, dead: 2 });
    expect(t.state.hand!.round.street).toBe('flop');
  });

  it('refuses a call off the option or during a hand, and a second call records nothing', () => {
    const off = TableUnderTest.open({ ...rules(true), houseOptions: {} }, four(), 1);
    off.refuses({ type: 'CallBombPot' }, 'OPTION_NOT_ENABLED');
    const t = TableUnderTest.open(rules(true), four(), 1);
    t.do({ type: 'CallBombPot' });
    expect(t.do({ type: 'CallBombPot' })).toEqual([]);
    t.do({ type: 'StartHand', seed: 1 });
    // The ante defaults to one big blind.
    expect(t.state.hand!.forcedBetsDue.map((f) => f.amount)).toEqual([2, 2, 2, 2]);
    t.refuses({ type: 'CallBombPot' }, 'HAND_IN_PROGRESS');
    postAll(t);
    // The call was for one hand: the next is regular.
    for (let guard = 0; t.state.hand!.phase !== 'complete' && guard < 40; guard++)
      t.do({ type: 'Fold', seat: legalActions(t.state).seat! });
    t.do({ type: 'StartHand', seed: 2 });
    expect(t.of('HandStarted')[1]!.bombPot).toBeUndefined();
  });

  it('refuses senseless rules: tournaments, with straddles or kills, a broken ante or interval', () => {
    const refused = (input: TableRulesInput) => {
      const r = normalizeRules(input);
      return r.ok ? null : r.rejection.field;
    };
    expect(refused(rules(true))).toBeNull();
    expect(refused(rules(true, { gameType: 'tournament' }))).toBe('rules.houseOptions.bombPot');
    expect(refused(rules({ ante: 0 }))).toBe('rules.houseOptions.bombPot.ante');
    expect(refused(rules({ everyNthHand: 1 }))).toBe('rules.houseOptions.bombPot.everyNthHand');
    expect(refused({ ...rules(true), houseOptions: { bombPot: true, straddle: true } })).toMatch(/^rules\.houseOptions/);
    expect(refused({ ...rules(true), structure: { kind: 'fixed-limit' }, houseOptions: { bombPot: true, killGame: true } })).toMatch(
      /^rules\.houseOptions/,
    );
  });

  it("checks its parameters with its zod schema: the floor's sentence for each field, an unknown one refused, null kept", () => {
    const why = (bombPot: unknown) => {
      const r = normalizeRules({ ...rules(true), houseOptions: { bombPot } } as TableRulesInput);
      return r.ok ? r.rules.houseOptions.bombPot : { field: r.rejection.field, message: r.rejection.message };
    };
    const ante = 'The table rules are invalid: the ante is a whole number of chips above zero, or null for one big blind.';
    for (const bad of [0, 1.5, '5', true]) expect(why({ ante: bad })).toEqual({ field: 'rules.houseOptions.bombPot.ante', message: ante });
    expect(why({ everyNthHand: 'often' })).toMatchObject({ field: 'rules.houseOptions.bombPot.everyNthHand' });
    expect(why({ version: 2 })).toEqual({
      field: 'rules.houseOptions.bombPot.version',
      message: 'The table rules are invalid: the bomb pot option version is 1.',
    });
    expect(why({ size: 3 })).toEqual({
      field: 'rules.houseOptions.bombPot.size',
      message: 'The table rules are invalid: unknown parameter (known: version, ante, everyNthHand).',
    });
    expect(why({ ante: null, everyNthHand: 3 })).toEqual({ version: 1, ante: null, everyNthHand: 3 });
    expect(why({ ante: 20 })).toEqual({ version: 1, ante: 20, everyNthHand: null });
  });
});
