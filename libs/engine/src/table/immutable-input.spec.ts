import fc from 'fast-check';
import { tableDecider, randomLegalCommand, mulberry32, type TableCommand, type TableState } from '../index';

/**
 * The public API is immutable: decide and evolve never change the state they are given (a caller may keep it, a
 * store caches it, a correction's checkpoint points at it). Every state handed to them here is deep-frozen first, so
 * a write anywhere in it (a record, an array, a house option's slice) throws (the compiled modules are strict).
 * Random tables with the house options that change most records (rake, run it twice, straddles, the chop), played
 * by a random legal player.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

const houseOptionsArb = fc.record({
  rake: fc.constantFrom(null, { percent: 10, cap: 5 }),
  runItTwice: fc.boolean(),
  straddle: fc.constantFrom(null, { positions: 'any' }),
  chop: fc.boolean(),
});

function play(houseOptions: Record<string, unknown>, players: number, seed: number): number {
  const random = mulberry32(seed);
  let state: TableState = tableDecider.initialState;
  let commands = 0;
  const step = (command: TableCommand) => {
    const input = deepFreeze(state);
    const decision = tableDecider.decide(command, input);
    if (!decision.ok) throw new Error(`${command.type} refused: ${decision.rejection.code}`);
    // Folding the events one by one leaves each input unchanged too.
    let folded = input;
    for (const e of decision.events) folded = tableDecider.evolve(deepFreeze(folded), e);
    state = decision.state;
    commands++;
  };
  step({
    type: 'OpenTable',
    tableId: 't',
    rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: players, houseOptions } as never,
  });
  for (let seat = 1; seat <= players; seat++) step({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 20 + seat * 17 });
  step({ type: 'PlaceButton', seat: 1 });
  for (let hand = 0; hand < 4; hand++) {
    if (state.seats.filter((s) => s !== null && s.stack > 0).length < 2) break;
    step({ type: 'StartHand', seed: seed + hand });
    for (let guard = 0; guard < 200 && state.hand?.phase !== 'complete'; guard++) {
      const command = randomLegalCommand(state, random);
      if (command === null) break;
      step(command);
    }
  }
  // The check has teeth: a write into a frozen state throws.
  const frozen = deepFreeze(state);
  expect(() => {
    (frozen.seats as unknown[])[0] = null;
  }).toThrow(TypeError);
  return commands;
}

describe('decide and evolve leave their input state unchanged (property)', () => {
  it('on random hands with the house options on, every input deep-frozen', () => {
    fc.assert(
      fc.property(houseOptionsArb, fc.integer({ min: 2, max: 6 }), fc.nat(1_000_000), (options, players, seed) => {
        const houseOptions = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null && v !== false));
        expect(play(houseOptions, players, seed)).toBeGreaterThan(players + 2);
      }),
      { numRuns: 40, seed: 20261207 },
    );
  });
});
