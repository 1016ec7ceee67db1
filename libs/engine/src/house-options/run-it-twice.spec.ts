import { parseCards } from '../cards/card';
import type { HandPlayer } from '../table/state';
import { awardTwoRuns, consentsOf, validateRunItTwice } from './run-it-twice';

/** A contender who put `committed` in (all live) and tabled `cards`. */
const player = (seat: number, cards: string, committed: number, over: Partial<HandPlayer> = {}): HandPlayer => ({
  seat,
  playerId: `p${seat}`,
  stack: 0,
  live: 0,
  committed,
  dead: 0,
  forced: 0,
  folded: false,
  allIn: true,
  acted: true,
  actedAtRaise: 0,
  holeCards: parseCards(cards),
  shown: true,
  mucked: false,
  ...over,
});

describe('running it twice: the awards (docs/house-options.md "Running it twice")', () => {
  it('given aces against kings all in for 100 each, when each run has a different winner, then each takes half', () => {
    const players = [player(1, 'AsAd', 100), player(2, 'KsKd', 100)];
    const boards = [parseCards('2c7d9hJc3s'), parseCards('2c7d9hKh4s')] as const;
    const [main] = awardTwoRuns(players, 2, boards, []);
    expect(main).toEqual({
      pot: 0,
      amount: 200,
      eligible: [1, 2],
      winners: [{ seat: 1, amount: 100 }, { seat: 2, amount: 100 }],
      runs: [
        { run: 1, amount: 100, winners: [{ seat: 1, amount: 100 }] },
        { run: 2, amount: 100, winners: [{ seat: 2, amount: 100 }] },
      ],
    });
  });

  it('given one player wins both runs, then they take the whole pot', () => {
    const players = [player(1, 'AsAd', 100), player(2, 'KsKd', 100)];
    const boards = [parseCards('2c7d9hJc3s'), parseCards('2c7d9hQh4s')] as const;
    expect(awardTwoRuns(players, 2, boards, [])[0].winners).toEqual([{ seat: 1, amount: 200 }]);
  });

  it('given an odd pot of 201, then the odd chip goes with the half of the winner first left of the button', () => {
    // Button 3: seat 1 is first left of it, so seat 1's half (run 2 here) gets the odd chip.
    const players = [player(1, 'AsAd', 100), player(2, 'KsKd', 100), player(3, '7c2h', 1, { folded: true, shown: false, allIn: false })];
    const boards = [parseCards('2c8d9hKh3s'), parseCards('2c8d9hJc4s')] as const;
    const [main] = awardTwoRuns(players, 3, boards, []);
    expect(main.amount).toBe(201);
    expect(main.runs).toEqual([
      { run: 1, amount: 100, winners: [{ seat: 2, amount: 100 }] },
      { run: 2, amount: 101, winners: [{ seat: 1, amount: 101 }] },
    ]);
    // Button 1: seat 2 sits first left of it, so the odd chip rides with seat 2's run (run 1).
    const [again] = awardTwoRuns(players, 1, boards, []);
    expect(again.runs.map((r) => r.amount)).toEqual([101, 100]);
  });

  it('given a side pot, then each pot is halved on its own, less its rake', () => {
    // Seat 1 all in for 50 (main pot 150 with three in), seats 2 and 3 for 100 (side pot 100).
    const players = [player(1, 'AsAd', 50), player(2, 'KsKd', 100), player(3, 'QsQd', 100)];
    const boards = [parseCards('2c7d9hJc3s'), parseCards('2c7d9hQh4s')] as const;
    const awards = awardTwoRuns(players, 3, boards, [5, 0]);
    expect(awards.map((a) => [a.pot, a.amount, a.winners])).toEqual([
      [1, 100, [{ seat: 2, amount: 50 }, { seat: 3, amount: 50 }]],
      [0, 145, [{ seat: 1, amount: 73 }, { seat: 3, amount: 72 }]],
    ]);
    // Chips in = chips out + rake.
    expect(awards.reduce((sum, a) => sum + a.amount, 0) + 5).toBe(250);
  });

  it('given a tie on one run, then that half is split with its own odd chip left of the button', () => {
    const players = [player(1, 'AsKd', 50), player(2, 'AhKc', 50), player(3, '7c7d', 51, { allIn: false })];
    // Run 1: both ace-king play the board's broadway (tie); run 2: sevens make a set.
    const boards = [parseCards('QsJcTh2d3c'), parseCards('QsJc7h2d4c')] as const;
    const [side, main] = awardTwoRuns(players, 3, boards, []);
    expect(side).toMatchObject({ pot: 1, amount: 1, winners: [{ seat: 3, amount: 1 }] });
    expect(main.runs).toEqual([
      { run: 1, amount: 75, winners: [{ seat: 1, amount: 38 }, { seat: 2, amount: 37 }] },
      { run: 2, amount: 75, winners: [{ seat: 3, amount: 75 }] },
    ]);
  });
});

describe('running it twice: consents and validation', () => {
  it('needs a named consent from every player in the pot', () => {
    expect(consentsOf([{ seat: 2, by: ' Bo ' }, { seat: 1, by: 'Al' }], [1, 2])).toEqual({ consents: [{ seat: 1, by: 'Al' }, { seat: 2, by: 'Bo' }] });
    expect(consentsOf([{ seat: 1, by: 'Al' }], [1, 2])).toEqual({ missing: 2 });
    expect(consentsOf([{ seat: 1, by: 'Al' }, { seat: 2, by: '  ' }], [1, 2])).toEqual({ missing: 2 });
    expect(consentsOf('yes', [1])).toEqual({ missing: 1 });
  });

  it('is refused in tournaments and with an unknown version', () => {
    expect(validateRunItTwice({ version: 1 }, { tournament: false })).toBeNull();
    expect(validateRunItTwice({ version: 1 }, { tournament: true })?.why).toMatch(/tournaments/);
    expect(validateRunItTwice({ version: 2 as 1 }, { tournament: false })?.field).toBe('version');
  });
});
