import { playCommands } from './table-under-test.test-support';
import type { TableCommand, TableEvent, TableRulesInput } from '../index';

/**
 * Heads-up positions (docs/rules.md Part A; RRoP Blinds #3; TDA 34-B): the button posts the small blind and the other
 * player the big blind. On the first hand the button stays where it was placed or drawn.
 */
function play(rules: TableRulesInput, commands: TableCommand[]): TableEvent[] {
  return playCommands([{ type: 'OpenTable', tableId: 'T', rules }, ...commands]);
}

const starts = (events: TableEvent[]) =>
  events
    .filter((e): e is Extract<TableEvent, { type: 'HandStarted' }> => e.type === 'HandStarted')
    .map((e) => ({ button: e.button, sb: e.smallBlindSeat, bb: e.bigBlindSeat }));

/** A heads-up hand in which the button (small blind) folds at once. */
const foldedHand = (button: number, bb: number): TableCommand[] => [
  { type: 'StartHand', seed: 3 },
  { type: 'PostBlind', seat: button, blind: 'small-blind' },
  { type: 'PostBlind', seat: bb, blind: 'big-blind' },
  { type: 'Fold', seat: button },
];

describe('heads-up positions', () => {
  const seated: TableCommand[] = [
    { type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 100 },
    { type: 'SeatPlayer', seat: 2, playerId: 'b', buyIn: 100 },
  ];

  it.each(['dead', 'moving'] as const)(
    'keeps the placed button on the first hand, which posts the small blind (%s button)',
    (buttonMode) => {
      const events = play({ structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, buttonMode }, [
        ...seated,
        { type: 'PlaceButton', seat: 1 },
        { type: 'StartHand', seed: 3 },
      ]);
      expect(starts(events)).toEqual([{ button: 1, sb: 1, bb: 2 }]);
    },
  );

  it.each(['dead', 'moving'] as const)('alternates the button and the big blind from hand to hand (%s button)', (buttonMode) => {
    const events = play({ structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, buttonMode }, [
      ...seated,
      { type: 'PlaceButton', seat: 1 },
      ...foldedHand(1, 2),
      ...foldedHand(2, 1),
      ...foldedHand(1, 2),
    ]);
    expect(starts(events)).toEqual([
      { button: 1, sb: 1, bb: 2 },
      { button: 2, sb: 2, bb: 1 },
      { button: 1, sb: 1, bb: 2 },
    ]);
  });
});
