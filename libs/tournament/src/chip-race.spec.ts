import { chipRace } from './chip-race';
import { tournamentDecider } from './tournament-decider';
import { identity, play, registered, T } from './tournament.test-support';

describe('the chip race at a colour-up (25 chips raced for 100s)', () => {
  // A holds 3 odd 25s (75), B 2 (50), C 1 (25), D 1 (25, and nothing else). 175 in odd chips → 1.75 → 2 new 100s.
  const odd = [
    { entryId: 'A', chips: 3, stack: 10075 },
    { entryId: 'B', chips: 2, stack: 5050 },
    { entryId: 'C', chips: 1, stack: 925 },
    { entryId: 'D', chips: 1, stack: 25 },
  ];

  it('gives the new chips to the highest keys, at most one a player', () => {
    // Tickets A A A B B C D with keys 1..7: D (7) and C (6) win.
    expect(chipRace(odd, 25, 100, [1, 2, 3, 4, 5, 6, 7])).toEqual([
      { entryId: 'A', removed: 75, won: 0 },
      { entryId: 'B', removed: 50, won: 0 },
      { entryId: 'C', removed: 25, won: 1 },
      { entryId: 'D', removed: 25, won: 1 },
    ]);
  });

  it('never races a player out: D, left with nothing, gets a chip though A (7) and B (4) win the two', () => {
    expect(chipRace(odd, 25, 100, [7, 6, 5, 4, 3, 2, 1])).toEqual([
      { entryId: 'A', removed: 75, won: 1 },
      { entryId: 'B', removed: 50, won: 1 },
      { entryId: 'C', removed: 25, won: 0 },
      { entryId: 'D', removed: 25, won: 1 },
    ]);
  });

  it('rounds half up: 50 in odd chips is one new 100, 25 none', () => {
    expect(chipRace([{ entryId: 'A', chips: 2, stack: 1000 }], 25, 100, [1, 2])[0]!.won).toBe(1);
    expect(chipRace([{ entryId: 'A', chips: 1, stack: 1000 }], 25, 100, [1])[0]!.won).toBe(0);
  });
});

describe('ColourUp in the decider', () => {
  const atBreak = () =>
    play(
      [
        { type: 'DrawSeats', at: T(2), permutation: identity(3) },
        { type: 'StartClock', at: T(5) },
        { type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true },
      ],
      registered(3, 1).state,
    ).state;

  it('is refused away from a colour-up break, and runs once at it, recording the keys', () => {
    const level2 = atBreak();
    const early = tournamentDecider.decide({ type: 'ColourUp', at: T(7), odd: [], keys: [] }, level2);
    expect(early).toMatchObject({ ok: false, rejection: { code: 'NO_COLOUR_UP' } });
    const onBreak = play([{ type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true }], level2).state;
    const raced = play([{ type: 'ColourUp', at: T(8), odd: [{ entryId: 'p1#1', chips: 2 }], keys: [9, 3, 5] }], onBreak);
    expect(raced.events).toEqual([
      {
        type: 'ChipRaceRun',
        at: T(8),
        step: 2,
        chip: 25,
        nextChip: 100,
        results: [{ entryId: 'p1#1', removed: 50, won: 1 }],
        keys: [9, 3],
      },
    ]);
    expect(raced.state.entries[0]!.chips).toBe(10050);
    expect(raced.state.raceAdjustment).toBe(50);
    const again = tournamentDecider.decide({ type: 'ColourUp', at: T(9), odd: [], keys: [] }, raced.state);
    expect(again).toMatchObject({ ok: false, rejection: { code: 'NO_COLOUR_UP' } });
    const tooMany = tournamentDecider.decide(
      { type: 'ColourUp', at: T(8), odd: [{ entryId: 'p1#1', chips: 4 }], keys: [1, 2, 3, 4] },
      onBreak,
    );
    expect(tooMany).toMatchObject({ ok: false, rejection: { code: 'INVALID_COMMAND', field: 'odd' } });
  });
});
