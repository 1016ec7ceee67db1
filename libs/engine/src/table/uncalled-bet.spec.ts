import { TableUnderTest } from './table-under-test.test-support';
import { legalActions, type TableCommand, type TableEvent, type TableState } from '../index';

/**
 * An uncalled bet is returned before the pot is awarded (TDA 15-B; rules.md SP-2). When the caller was all-in and
 * the bettor has chips left, the hand goes on to the showdown: the bettor owes no action on their own returned bet.
 */
function play(commands: TableCommand[]): { events: TableEvent[]; state: TableState } {
  const t = new TableUnderTest();
  t.do(...commands);
  return { events: t.events, state: t.state };
}

describe('an uncalled bet returned while the hand goes on', () => {
  // SP-2: A (button) 300, B (small blind) 100, C (big blind) 300, blinds 1/2. A raises to 250, B calls all-in for 100, C folds.
  const { events, state } = play([
    { type: 'OpenTable', tableId: 'T', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 3 } },
    { type: 'SeatPlayer', seat: 1, playerId: 'A', buyIn: 300 },
    { type: 'SeatPlayer', seat: 2, playerId: 'B', buyIn: 100 },
    { type: 'SeatPlayer', seat: 3, playerId: 'C', buyIn: 300 },
    { type: 'PlaceButton', seat: 1 },
    { type: 'StartHand', seed: 5 },
    { type: 'PostBlind', seat: 2, blind: 'small-blind' },
    { type: 'PostBlind', seat: 3, blind: 'big-blind' },
    { type: 'Raise', seat: 1, to: 250 },
    { type: 'Call', seat: 2 },
    { type: 'Fold', seat: 3 },
  ]);

  it('returns the 150 nobody called, deals the board out and awards the pot of 202', () => {
    expect(events).toContainEqual({ type: 'UncalledBetReturned', seat: 1, amount: 150 });
    expect(events.filter((e) => e.type === 'BoardDealt')).toHaveLength(3);
    const award = events.find((e) => e.type === 'PotAwarded') as Extract<TableEvent, { type: 'PotAwarded' }>;
    expect(award.amount).toBe(202);
    expect(events.slice(-2).map((e) => e.type)).toEqual(['HandEnded', 'DeckRevealed']);
  });

  it('leaves nobody to act and no chips unaccounted for', () => {
    expect(legalActions(state).seat).toBeNull();
    expect(state.seats.reduce((sum, s) => sum + (s?.stack ?? 0), 0)).toBe(700);
  });
});
