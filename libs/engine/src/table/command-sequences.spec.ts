import fc from 'fast-check';
import { tableDecider, legalActions, randomLegalCommand, mulberry32, type TableCommand, type TableState } from '../index';

/**
 * decide must never throw: whatever command arrives in whatever state the table is in, the answer is an accepted
 * list of events or a rejection value (an exception would be a 500 at the API). Random sequences of table commands,
 * legal and not (the button placed mid-hand, players leaving and coming back, voided hands, sit-outs), each decided,
 * its events evolved, and the legal actions (which every API answer shows) computed from the state it leads to.
 */
const seatArb = fc.integer({ min: 1, max: 6 });
const commandArb: fc.Arbitrary<TableCommand | 'legal'> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('legal' as const) },
  { weight: 2, arbitrary: seatArb.map((seat) => ({ type: 'PlaceButton', seat }) as TableCommand) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((seed) => ({ type: 'StartHand', seed }) as TableCommand) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 ** 32 - 1 }).map((seed) => ({ type: 'DrawForButton', seed }) as TableCommand) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(seatArb, fc.integer({ min: 1, max: 300 }))
      .map(([seat, buyIn]) => ({ type: 'SeatPlayer', seat, playerId: `p${seat}-${buyIn}`, buyIn }) as TableCommand),
  },
  { weight: 1, arbitrary: seatArb.map((seat) => ({ type: 'LeaveTable', seat }) as TableCommand) },
  { weight: 1, arbitrary: seatArb.map((seat) => ({ type: 'SitOut', seat }) as TableCommand) },
  {
    weight: 1,
    arbitrary: fc.tuple(seatArb, fc.boolean()).map(([seat, waitForBigBlind]) => ({ type: 'SitIn', seat, waitForBigBlind }) as TableCommand),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(seatArb, fc.integer({ min: 1, max: 100 }))
      .map(([seat, amount]) => ({ type: 'AddChips', seat, amount }) as TableCommand),
  },
  { weight: 1, arbitrary: seatArb.map((seat) => ({ type: 'PostBlind', seat }) as TableCommand) },
  { weight: 1, arbitrary: fc.constant({ type: 'VoidHand', reason: 'misdeal' } as TableCommand) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<TableCommand>(
      { type: 'Deal' },
      { type: 'Fold', seat: 1 },
      { type: 'Check', seat: 2 },
      { type: 'Call', seat: 3 },
      { type: 'MuckHand', seat: 4 },
      { type: 'ShowHand', seat: 1 },
    ),
  },
);

function opened(players: number, button: number): TableState {
  let state = tableDecider.initialState;
  const commands: TableCommand[] = [
    { type: 'OpenTable', tableId: 'seq', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } },
  ];
  for (let seat = 1; seat <= players; seat++) commands.push({ type: 'SeatPlayer', seat, playerId: `player-${seat}`, buyIn: 100 });
  commands.push({ type: 'PlaceButton', seat: button });
  for (const command of commands) {
    const d = tableDecider.decide(command, state);
    if (!d.ok) throw new Error(`setup refused: ${d.rejection.code}`);
    for (const e of d.events) state = tableDecider.evolve(state, e);
  }
  return state;
}

describe('decide over random command sequences', () => {
  it('never throws: every command is accepted with events that evolve, or refused with a value', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.array(commandArb, { minLength: 1, maxLength: 120 }),
        (players, seed, script) => {
          const random = mulberry32(seed);
          let state = opened(players, 1);
          const trail: string[] = [];
          for (const step of script) {
            const command = step === 'legal' ? randomLegalCommand(state, random) : step;
            if (command === null) continue;
            trail.push(JSON.stringify(command));
            try {
              const d = tableDecider.decide(command, state);
              if (d.ok) for (const e of d.events) state = tableDecider.evolve(state, e);
              legalActions(state);
            } catch (error) {
              throw new Error(
                `threw on ${JSON.stringify(command)} after ${trail.length - 1} commands:\n${trail.join('\n')}\n${(error as Error).stack}`,
                { cause: error },
              );
            }
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
