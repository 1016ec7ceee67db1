import { tableDecider } from '../default-table';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import type { TableRulesInput } from './rules';
import { TableUnderTest } from './table-under-test.test-support';

const RULES = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } as const;
const seats = (ids: readonly [number, string][]) => ids.map(([seat, id]) => ({ seat, id, stack: 100 }));

/** Hand 1 at seats 1-3 (button 1, blinds 2 and 3) folded to the big blind; then the players at `leaving` leave. */
function tableAfterLeaving(rules: TableRulesInput, leaving: readonly number[]): TableUnderTest {
  const t = TableUnderTest.open(
    rules,
    seats([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]),
    1,
  );
  t.do(
    { type: 'StartHand', seed: 1 },
    { type: 'PostBlind', seat: 2, blind: 'small-blind' },
    { type: 'PostBlind', seat: 3, blind: 'big-blind' },
  );
  t.do({ type: 'Fold', seat: 1 }, { type: 'Fold', seat: 2 });
  expect(t.of('HandEnded')).toHaveLength(1);
  for (const seat of leaving) t.do({ type: 'LeaveTable', seat } as TableCommand);
  return t;
}

const started = (events: readonly TableEvent[]) =>
  events.find((e) => e.type === 'HandStarted') as Extract<TableEvent, { type: 'HandStarted' }>;

describe('a new game when every player came after the last hand (rules version 4)', () => {
  it('deals everyone in with no entry post: the big blind moves on from the last one, the small blind and button dead', () => {
    const t = tableAfterLeaving(RULES, [1, 2, 3]);
    for (const seat of [4, 5, 6]) t.do({ type: 'SeatPlayer', seat, playerId: `n${seat}`, buyIn: 100 });
    // Worked by hand: the last big blind was seat 3, so this one is the next seat able to take it, 4; the small
    // blind's seat (3) and the button's (2) are empty: dead. Seats 5 and 6 owe nothing as new players of a new game.
    const hand = started(t.do({ type: 'StartHand', seed: 2 }));
    expect({ button: hand.button, smallBlindSeat: hand.smallBlindSeat, bigBlindSeat: hand.bigBlindSeat }).toEqual({
      button: 2,
      smallBlindSeat: null,
      bigBlindSeat: 4,
    });
    expect(hand.players.map((p) => p.seat)).toEqual([4, 5, 6]);
    expect(hand.forcedBets).toEqual([{ seat: 4, kind: 'big-blind', amount: 2, live: true }]);
    t.do({ type: 'PostBlind', seat: 4, blind: 'big-blind' });
    expect(tableDecider.legalActions(t.state).seat).toBe(5);
    expect(t.chips()).toBe(300);
  });

  it('is not a new game while a player of the last hand still plays: the new players wait for the big blind as before', () => {
    const t = tableAfterLeaving(RULES, [1, 2]);
    for (const seat of [5, 6]) t.do({ type: 'SeatPlayer', seat, playerId: `n${seat}`, buyIn: 100 });
    // Seat 3 played the last hand; the big blind moves to seat 5 (a new player may take it), seat 6 waits.
    const hand = started(t.do({ type: 'StartHand', seed: 2 }));
    expect(hand.bigBlindSeat).toBe(5);
    expect(hand.players.map((p) => p.seat).sort()).toEqual([3, 5]);
  });

  it('under rules version 3 the same table deals no hand, as it did', () => {
    const t = tableAfterLeaving({ ...RULES, version: 3 }, [1, 2, 3]);
    for (const seat of [4, 5, 6]) t.do({ type: 'SeatPlayer', seat, playerId: `n${seat}`, buyIn: 100 });
    t.refuses({ type: 'StartHand', seed: 2 }, 'NOT_ENOUGH_PLAYERS');
  });
});
