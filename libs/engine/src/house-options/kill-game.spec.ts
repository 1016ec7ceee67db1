import { legalActions } from '../default-table';
import { TableUnderTest, deckFor } from '../table/table-under-test.test-support';
import type { TableRulesInput } from '../table/rules';
import type { KillGameOption } from './kill-game';
import type { TableCommand } from '../table/commands';

/** K-1's table: 10/20 fixed limit, 5/10 blinds, five players with 500: A (1), B (2), C (3), D (4), E (5). */
const players = ['A', 'B', 'C', 'D', 'E'].map((id, i) => ({ seat: i + 1, id, stack: 500 }));
const rules = (kill: Partial<KillGameOption> | true): TableRulesInput => ({
  structure: { kind: 'fixed-limit', smallBet: 10, bigBet: 20 },
  smallBlind: 5,
  bigBlind: 10,
  maxSeats: 6,
  houseOptions: { killGame: kill },
});
const c = (type: 'Fold' | 'Check' | 'Call', seat: number): TableCommand => ({ type, seat });

/** Two pots in a row for E: hand 1 (button D) E steals the blinds; hand 2 (button E) E wins 20 of C's money. */
function eHoldsTheKill(kill: Partial<KillGameOption> | true): TableUnderTest {
  const t = TableUnderTest.open(rules(kill), players, 4);
  t.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 5 }, { type: 'PostBlind', seat: 1 });
  t.do(c('Fold', 2), c('Fold', 3), c('Fold', 4), { type: 'Raise', seat: 5, to: 20 }, c('Fold', 1));
  expect(t.of('KillButtonChanged').at(-1)).toEqual({ type: 'KillButtonChanged', holder: 5, killer: null });
  t.do({ type: 'StartHand', seed: 2 }, { type: 'PostBlind', seat: 1 }, { type: 'PostBlind', seat: 2 });
  t.do(c('Call', 3), c('Fold', 4), { type: 'Raise', seat: 5, to: 20 }, c('Fold', 1), c('Fold', 2), c('Call', 3));
  t.do(c('Check', 3), { type: 'Bet', seat: 5, amount: 10 }, c('Fold', 3));
  expect(t.of('KillButtonChanged').at(-1)).toEqual({ type: 'KillButtonChanged', holder: 5, killer: 5 });
  return t;
}

/** K-1 itself, from the killed hand's start: D wins a pot of 265. */
function playK1(t: TableUnderTest, preflop: TableCommand[]) {
  const deck = deckFor([2, 3, 4, 5, 1], { 4: 'AsAh', 5: '7c2d', 3: '9h8h', 2: '6c5c', 1: 'QdJd' }, 'Ks8d3c4hTs');
  t.do({ type: 'StartHand', deck });
  const started = t.of('HandStarted').at(-1)!;
  expect([started.button, started.smallBlindSeat, started.bigBlindSeat, started.kill]).toEqual([1, 2, 3, { seat: 5, limitPercent: 200 }]);
  expect(started.forcedBets).toEqual([
    { seat: 2, kind: 'small-blind', amount: 5, live: true },
    { seat: 3, kind: 'big-blind', amount: 10, live: true },
    { seat: 5, kind: 'kill-blind', amount: 20, live: true },
  ]);
  t.do({ type: 'PostBlind', seat: 5 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
  t.do(...preflop);
  t.do(c('Check', 3), { type: 'Bet', seat: 4, amount: 20 }, c('Call', 5), c('Fold', 3));
  t.do({ type: 'Bet', seat: 4, amount: 40 }, c('Call', 5));
  t.do(c('Check', 4), { type: 'Bet', seat: 5, amount: 40 }, c('Call', 4));
  t.do({ type: 'ShowHand', seat: 5 }, { type: 'ShowHand', seat: 4 });
}

describe('kill game (docs/rules.md H2)', () => {
  it('K-1, killer in turn: D, E, A, B, C; D wins 265; D now holds the leg', () => {
    const t = eHoldsTheKill({ killerAction: 'in-turn' });
    const before = t.stacks();
    playK1(t, [c('Call', 4), c('Check', 5), c('Fold', 1), c('Fold', 2), c('Call', 3)]);
    expect(t.of('PotAwarded').at(-1)).toMatchObject({ amount: 265, winners: [{ seat: 4, amount: 265 }] });
    const after = t.stacks();
    const delta = Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - before[k]]));
    expect(delta).toEqual({ D: 145, E: -120, C: -20, B: -5, A: 0 });
    expect(t.of('KillButtonChanged').at(-1)).toEqual({ type: 'KillButtonChanged', holder: 4, killer: null });
  });

  it("K-1 variant last (the seeds' default): preflop order D, A, B, C, E", () => {
    const t = eHoldsTheKill(true);
    t.do({ type: 'StartHand', seed: 9 }, { type: 'PostBlind', seat: 5 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    expect(t.state.hand!.preflopOrder).toEqual([4, 1, 2, 3, 5]);
    const order: number[] = [];
    for (const cmd of [c('Call', 4), c('Fold', 1), c('Fold', 2), c('Call', 3)]) {
      order.push(legalActions(t.state).seat!);
      t.do(cmd);
    }
    expect([...order, legalActions(t.state).seat]).toEqual([4, 1, 2, 3, 5]);
    // The killed limit caps at four bets of 20: the kill blind counts as the opening bet.
    expect(legalActions(t.state).actions.find((a) => a.type === 'Raise')).toMatchObject({ min: 40, max: 40 });
  });

  it("a killer who wins again kills again; the kill blind replaces the killer's own blind", () => {
    const t = eHoldsTheKill(true);
    // Two killed hands that everybody folds to E; in the third E is the big blind and posts only the kill.
    for (const seed of [3, 4]) {
      t.do({ type: 'StartHand', seed });
      for (let guard = 0; t.state.hand!.phase !== 'complete' && guard < 20; guard++) {
        const { seat, actions } = legalActions(t.state);
        const post = actions.find((a) => a.type === 'PostBlind');
        if (post && post.type === 'PostBlind') t.do({ type: 'PostBlind', seat: post.seat, blind: post.blind });
        else t.do({ type: 'Fold', seat: seat! });
      }
      expect(t.state.kill.killer?.seat).toBe(5);
    }
    t.do({ type: 'StartHand', seed: 5 });
    const started = t.of('HandStarted').at(-1)!;
    expect(started.bigBlindSeat).toBe(5);
    expect(started.forcedBets.filter((f) => f.seat === 5)).toEqual([{ seat: 5, kind: 'kill-blind', amount: 20, live: true }]);
  });

  it('a split pot sends the button neutral unless a winner held it; the holder leaving sends it neutral', () => {
    const t = eHoldsTheKill({ killerAction: 'in-turn' });
    t.refuses({ type: 'LeaveTable', seat: 5 }, 'KILL_BLIND_OWED');
    const after = TableUnderTest.open(rules(true), players, 4);
    after.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 5 }, { type: 'PostBlind', seat: 1 });
    after.do(c('Fold', 2), c('Fold', 3), c('Fold', 4), { type: 'Raise', seat: 5, to: 20 }, c('Fold', 1));
    after.do({ type: 'LeaveTable', seat: 5 });
    expect(after.state.kill).toEqual({ holder: null, killer: null });
  });

  it('no kill with fewer players dealt than the minimum (heads-up, section 5)', () => {
    const t = eHoldsTheKill({ killerAction: 'in-turn' });
    t.do({ type: 'SitOut', seat: 1 }, { type: 'SitOut', seat: 2 }, { type: 'SitOut', seat: 3 });
    t.do({ type: 'StartHand', seed: 5 });
    const started = t.of('HandStarted').at(-1)!;
    expect(started.players.map((p) => p.seat).sort()).toEqual([4, 5]);
    expect(started.kill).toBeNull();
  });

  it('a new player is not dealt into a killed pot (RRoP #12); new rules are a new game', () => {
    const t = eHoldsTheKill({ killerAction: 'in-turn' });
    t.do({ type: 'SeatPlayer', seat: 6, playerId: 'X', buyIn: 300, postToEnter: true });
    t.do({ type: 'StartHand', seed: 5 });
    const started = t.of('HandStarted').at(-1)!;
    expect(started.kill).toEqual({ seat: 5, limitPercent: 200 });
    expect(started.players.map((p) => p.seat)).not.toContain(6);
    t.do({ type: 'VoidHand', reason: 'spec' });
    t.do({ type: 'ChangeRules', rules: rules({ killerAction: 'in-turn' }) });
    expect(t.state.kill).toEqual({ holder: null, killer: null });
  });

  it('refuses a kill game in no limit or pot limit (there are no limits to double)', () => {
    const t = new TableUnderTest();
    t.refuses({ type: 'OpenTable', tableId: 'x', rules: { ...rules(true), structure: { kind: 'no-limit' } } }, 'INVALID_RULES');
    t.refuses({ type: 'OpenTable', tableId: 'x', rules: { ...rules(true), structure: { kind: 'pot-limit' } } }, 'INVALID_RULES');
    t.refuses({ type: 'OpenTable', tableId: 'x', rules: rules({ mode: 'double' as never }) }, 'INVALID_RULES');
  });
});
