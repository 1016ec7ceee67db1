import { legalActions } from '../default-table';
import fc from 'fast-check';
import { parseCards as parse } from '../cards/card';
import { derivePots } from '../betting/pots';
import type { HandPlayer } from '../table/state';
import type { TableRulesInput } from '../table/rules';
import { TableUnderTest, deckFor } from '../table/table-under-test.test-support';
import { awardTwoRuns, consentsOf, validateRunItTwice, RUN_IT_TWICE_SCHEMA } from './run-it-twice';

const parseCards = (text: string): number[] => parse(text)!;

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
      winners: [
        { seat: 1, amount: 100 },
        { seat: 2, amount: 100 },
      ],
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
      [
        1,
        100,
        [
          { seat: 2, amount: 50 },
          { seat: 3, amount: 50 },
        ],
      ],
      [
        0,
        145,
        [
          { seat: 1, amount: 73 },
          { seat: 3, amount: 72 },
        ],
      ],
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
      {
        run: 1,
        amount: 75,
        winners: [
          { seat: 1, amount: 38 },
          { seat: 2, amount: 37 },
        ],
      },
      { run: 2, amount: 75, winners: [{ seat: 3, amount: 75 }] },
    ]);
  });
});

describe('running it twice: consents and validation', () => {
  it('needs a named consent from every player in the pot', () => {
    expect(
      consentsOf(
        [
          { seat: 2, by: ' Bo ' },
          { seat: 1, by: 'Al' },
        ],
        [1, 2],
      ),
    ).toEqual({
      consents: [
        { seat: 1, by: 'Al' },
        { seat: 2, by: 'Bo' },
      ],
    });
    expect(consentsOf([{ seat: 1, by: 'Al' }], [1, 2])).toEqual({ missing: 2 });
    expect(
      consentsOf(
        [
          { seat: 1, by: 'Al' },
          { seat: 2, by: '  ' },
        ],
        [1, 2],
      ),
    ).toEqual({ missing: 2 });
    expect(consentsOf('yes', [1])).toEqual({ missing: 1 });
  });

  it('is refused in tournaments and with an unknown version', () => {
    expect(validateRunItTwice({ version: 1 }, { tournament: false })).toBeNull();
    expect(validateRunItTwice({ version: 1 }, { tournament: true })?.why).toMatch(/tournaments/);
    const version = RUN_IT_TWICE_SCHEMA.safeParse({ version: 2 });
    expect(version.error?.issues.map((i) => [i.path, i.message])).toEqual([[['version'], 'the run-it-twice option version is 1']]);
  });
});

/** A deck dealing `holes` and `board`, and then the second run's cards after a burn before each of its streets. */
function deckWithSecondRun(order: number[], holes: Record<number, string>, board: string, secondRun: string): string[] {
  const deck = deckFor(order, holes, board);
  const cards = secondRun.match(/../g)!;
  const streets = cards.length === 5 ? [3, 1, 1] : cards.length === 2 ? [1, 1] : [1];
  let position = 2 * order.length + 8;
  let k = 0;
  for (const size of streets) {
    position++;
    for (let i = 0; i < size; i++, position++) {
      const from = deck.indexOf(cards[k++]!);
      [deck[from], deck[position]] = [deck[position]!, deck[from]!];
    }
  }
  return deck;
}

const heads = [
  { seat: 1, id: 'a', stack: 100 },
  { seat: 2, id: 'b', stack: 100 },
];
const ritRules = (extra: Partial<TableRulesInput> = {}): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 2,
  houseOptions: { runItTwice: true },
  ...extra,
});
/** Heads-up, the button (seat 1, small blind) all in preflop and called: 200 in the pot, hands tabled. */
function allInPreflop(deck: string[], extra: Partial<TableRulesInput> = {}): TableUnderTest {
  const t = TableUnderTest.open(ritRules(extra), heads, 1);
  t.do({ type: 'StartHand', deck }, { type: 'PostBlind', seat: 1 }, { type: 'PostBlind', seat: 2 });
  t.do({ type: 'Raise', seat: 1, to: 100 }, { type: 'Call', seat: 2 });
  return t;
}
const bothAgree = {
  type: 'RunItTwice' as const,
  consents: [
    { seat: 1, by: 'alice' },
    { seat: 2, by: 'bob' },
  ],
};

describe('running it twice at the table', () => {
  // Dealing order heads-up: seat 2 (big blind) first, then the button.
  const deck = deckWithSecondRun([2, 1], { 1: 'AsAd', 2: 'KsKd' }, '2c7d9hJc3s', 'Kh8c4d5h6s');

  it('given an all-in showdown, when the hands are tabled, then the dealer waits for the players: run it twice or once', () => {
    const t = allInPreflop(deck);
    expect(t.events.map((e) => e.type).slice(-3)).toEqual(['ShowdownStarted', 'HandShown', 'HandShown']);
    expect(t.state.hand!.board).toEqual([]);
    expect(legalActions(t.state)).toEqual({
      seat: null,
      actions: [
        { type: 'RunItTwice', seat: null, seats: [1, 2] },
        { type: 'RunItOnce', seat: null },
      ],
    });
  });

  it('when both agree, then both runs are dealt and each wins half: 100 and 100', () => {
    const t = allInPreflop(deck);
    const events = t.do(bothAgree);
    expect(events.map((e) => (e.type === 'BoardDealt' || e.type === 'SecondBoardDealt' ? `${e.type}:${e.street}` : e.type))).toEqual([
      'RunItTwiceAgreed',
      'BoardDealt:flop',
      'BoardDealt:turn',
      'BoardDealt:river',
      'SecondBoardDealt:flop',
      'SecondBoardDealt:turn',
      'SecondBoardDealt:river',
      'PotAwarded',
      'RunsAwarded',
      'HandEnded',
      'DeckRevealed',
    ]);
    expect(t.of('RunItTwiceAgreed')[0]!.consents).toEqual([
      { seat: 1, by: 'alice' },
      { seat: 2, by: 'bob' },
    ]);
    expect(t.of('SecondBoardDealt').flatMap((e) => e.cards)).toEqual(parseCards('Kh8c4d5h6s'));
    expect(t.of('PotAwarded')[0]!.winners).toEqual([
      { seat: 2, amount: 100 },
      { seat: 1, amount: 100 },
    ]);
    expect(t.of('RunsAwarded')[0]!.pots).toEqual([
      {
        pot: 0,
        runs: [
          { run: 1, amount: 100, winners: [{ seat: 1, amount: 100 }] },
          { run: 2, amount: 100, winners: [{ seat: 2, amount: 100 }] },
        ],
      },
    ]);
    expect(t.stacks()).toEqual({ a: 100, b: 100 });
  });

  it('when someone declines, then the board is run once', () => {
    const t = allInPreflop(deck);
    t.do({ type: 'RunItOnce' });
    expect(t.of('SecondBoardDealt')).toEqual([]);
    expect(t.stacks()).toEqual({ a: 200, b: 0 });
  });

  it('given the house rakes 5%, then the rake is taken once, before the halving', () => {
    const t = allInPreflop(deck, { houseOptions: { runItTwice: true, rake: { percent: 5 } } });
    t.do(bothAgree);
    expect(t.of('RakeTaken')[0]).toMatchObject({ amount: 10 });
    // 190 halves into 95 and 95.
    expect(t.stacks()).toEqual({ a: 95, b: 95 });
    expect(t.chips()).toBe(200);
  });

  it('refuses without every consent, before the all-in showdown, twice, and off the option', () => {
    const t = TableUnderTest.open(ritRules(), heads, 1);
    t.do({ type: 'StartHand', deck }, { type: 'PostBlind', seat: 1 }, { type: 'PostBlind', seat: 2 });
    t.refuses(bothAgree, 'OPTION_NOT_ALLOWED_NOW');
    t.do({ type: 'Raise', seat: 1, to: 100 }, { type: 'Call', seat: 2 });
    expect(t.refuses({ type: 'RunItTwice', consents: [{ seat: 1, by: 'alice' }] }, 'CONSENT_MISSING')).toMatch(/Seat 2/);
    t.refuses(
      {
        type: 'RunItTwice',
        consents: [
          { seat: 1, by: 'alice' },
          { seat: 2, by: ' ' },
        ],
      },
      'CONSENT_MISSING',
    );
    t.do(bothAgree);
    t.refuses({ type: 'RunItOnce' }, 'HAND_NOT_IN_PROGRESS');
    const off = TableUnderTest.open(ritRules({ houseOptions: {} }), heads, 1);
    off.refuses({ type: 'RunItOnce' }, 'OPTION_NOT_ENABLED');
  });

  it('given a rules version 1 table, then it never waits (the board came before the hands were tabled)', () => {
    const t = allInPreflop(deck, { version: 1 });
    expect(t.state.hand!.phase).toBe('complete');
    expect(t.of('SecondBoardDealt')).toEqual([]);
  });

  it('given all in on the flop with a side pot, then each pot is halved on its own and every chip is accounted for', () => {
    const three = [
      { seat: 1, id: 'a', stack: 200 },
      { seat: 2, id: 'b', stack: 50 },
      { seat: 3, id: 'c', stack: 100 },
    ];
    const order = [2, 3, 1];
    const d = deckWithSecondRun(order, { 1: 'QsQd', 2: 'AsAd', 3: 'KsKd' }, '2c7d9hJc3s', '4dQh');
    const t = TableUnderTest.open({ ...ritRules(), maxSeats: 3 }, three, 1);
    t.do({ type: 'StartHand', deck: d }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    t.do({ type: 'Call', seat: 1 }, { type: 'Call', seat: 2 }, { type: 'Check', seat: 3 });
    // Flop: b all in for 48, c all in for 98, a calls.
    t.do({ type: 'Bet', seat: 2, amount: 48 }, { type: 'Raise', seat: 3, to: 98 }, { type: 'Call', seat: 1 });
    t.do({ type: 'RunItTwice', consents: [1, 2, 3].map((seat) => ({ seat, by: `p${seat}` })) });
    // Main pot 150 (a, b, c), side pot 100 (a, c). Run 1 (Jc 3s): aces, then kings; run 2 (4d Qh): the queens' set.
    expect(t.of('RunsAwarded')[0]!.pots).toEqual([
      {
        pot: 1,
        runs: [
          { run: 1, amount: 50, winners: [{ seat: 3, amount: 50 }] },
          { run: 2, amount: 50, winners: [{ seat: 1, amount: 50 }] },
        ],
      },
      {
        pot: 0,
        runs: [
          { run: 1, amount: 75, winners: [{ seat: 2, amount: 75 }] },
          { run: 2, amount: 75, winners: [{ seat: 1, amount: 75 }] },
        ],
      },
    ]);
    expect(t.stacks()).toEqual({ a: 100 + 125, b: 75, c: 50 });
    expect(t.chips()).toBe(350);
  });
});

describe('running it twice: the awards keep every chip (property)', () => {
  it('for any contributions, boards and rake: the pots are paid in full, each cut in two halves at most a chip apart', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(
          Array.from({ length: 52 }, (_, i) => i),
          { minLength: 17, maxLength: 17 },
        ),
        fc.array(fc.record({ committed: fc.integer({ min: 1, max: 300 }), allIn: fc.boolean(), folded: fc.boolean() }), {
          minLength: 2,
          maxLength: 4,
        }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 4 }),
        (cards, seats, shared, button) => {
          const players: HandPlayer[] = seats.map((s, i) => ({
            ...player(i + 1, '2c2d', s.committed, { allIn: s.allIn, folded: s.folded && i > 0, shown: !(s.folded && i > 0) }),
            holeCards: cards.slice(2 * i, 2 * i + 2),
          }));
          const first = cards.slice(8, 13);
          const second = [...first.slice(0, shared), ...cards.slice(13, 13 + 5 - shared)];
          const pots = derivePots(players);
          const rake = pots.map((p) => Math.floor(p.amount / 20));
          const awards = awardTwoRuns(players, button, [first, second], rake);
          const paid = awards.reduce((sum, a) => sum + a.winners.reduce((n, w) => n + w.amount, 0), 0);
          expect(paid + rake.reduce((a, b) => a + b, 0)).toBe(players.reduce((n, p) => n + p.committed, 0));
          for (const a of awards) {
            const [one, two] = a.runs;
            expect(one!.amount + two!.amount).toBe(a.amount);
            expect(Math.abs(one!.amount - two!.amount)).toBeLessThanOrEqual(1);
            for (const run of a.runs) expect(run.winners.reduce((n, w) => n + w.amount, 0)).toBe(run.amount);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
