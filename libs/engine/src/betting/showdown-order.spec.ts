import { playCommands } from '../table/table-under-test.test-support';
import type { TableCommand, TableEvent } from '../index';

/**
 * Showdown order (TDA 17-A; RRoP Showdown #7; docs/rules.md SD-1): the last aggressor of the river tables first; with no
 * river bet, the first contender left of the button.
 */
const play = playCommands;

const toRiver: TableCommand[] = [
  { type: 'OpenTable', tableId: 'T', rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 3 } },
  { type: 'SeatPlayer', seat: 1, playerId: 'btn', buyIn: 1000 },
  { type: 'SeatPlayer', seat: 2, playerId: 'sb', buyIn: 1000 },
  { type: 'SeatPlayer', seat: 3, playerId: 'bb', buyIn: 1000 },
  { type: 'PlaceButton', seat: 1 },
  { type: 'StartHand', seed: 1 },
  { type: 'PostBlind', seat: 2, blind: 'small-blind' },
  { type: 'PostBlind', seat: 3, blind: 'big-blind' },
  { type: 'Call', seat: 1 },
  { type: 'Call', seat: 2 },
  { type: 'Check', seat: 3 },
  ...[2, 3, 1, 2, 3, 1].map((seat): TableCommand => ({ type: 'Check', seat })),
];

const order = (events: TableEvent[]) =>
  (events.find((e) => e.type === 'ShowdownStarted') as Extract<TableEvent, { type: 'ShowdownStarted' }>).order;

describe('showdown order', () => {
  it('starts with the last aggressor of the river (SD-1: BB bets, BTN raises, BB calls: BTN first)', () => {
    const events = play([
      ...toRiver,
      { type: 'Check', seat: 2 },
      { type: 'Bet', seat: 3, amount: 50 },
      { type: 'Raise', seat: 1, to: 150 },
      { type: 'Fold', seat: 2 },
      { type: 'Call', seat: 3 },
    ]);
    expect(order(events)).toEqual([1, 3]);
  });

  it('starts left of the button when the river was checked through', () => {
    const events = play([...toRiver, { type: 'Check', seat: 2 }, { type: 'Check', seat: 3 }, { type: 'Check', seat: 1 }]);
    expect(order(events)).toEqual([2, 3, 1]);
  });
});
