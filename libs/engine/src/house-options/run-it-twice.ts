import { z } from 'zod';
import { consentsField, optionVersion } from './option-schema';
import type { InferEach } from '../table/schema-types';
import type { Card } from '../cards/card';
import { accept, reject } from '../decider';
import { handValue, type PotAward } from '../betting/showdown';
import { derivePots, splitPot } from '../betting/pots';
import { indexAfter, NEXT_STREET, BOARD_CARDS } from '../betting/round';
import { handInProgress, houseWith, type HandPlayer, type HandState, type TableState } from '../table/state';
import type { Street, TableEvent } from '../table/events';
import { rejection, type Rejection } from '../table/rejections';
import { cardSourceOf, rulesVersion, type TableRules } from '../table/rules';
import { ruleModule } from './rule-module';
import { RUN_IT_TWICE_RECORD } from './run-it-twice-record';
import { cardSchema, chipsSchema, seatSchema } from '../table/event-schemas';

/**
 * Running it twice (docs/house-options.md "Running it twice"). When the betting is over with a player all in and
 * a street still to come, every player in the pot may agree (each consent recorded with who took it, as for the
 * chop) to deal the rest of the board twice. Each pot, after its rake, is cut in two halves, one per run; the
 * halving's odd chip follows the table's odd-chip rule (TDA 20: the first winner left of the button). Cash games
 * only; tables dealt from a deck, rules version 2 (the all-in hands are tabled before the rest of the board).
 *
 * Each pot is halved after everything the modules hold back from it (the settlement's `held`: the rake, a jackpot
 * drop, taken before the halving). With a bomb pot: nothing special, a bomb pot may end all in and be run twice.
 */
/** The option's parameters and their defaults: a version only. */
export const RUN_IT_TWICE_SCHEMA = z.strictObject({ version: optionVersion('the run-it-twice option version is 1') });
export type RunItTwiceOption = Readonly<z.output<typeof RUN_IT_TWICE_SCHEMA>>;

export const DEFAULT_RUN_IT_TWICE: RunItTwiceOption = Object.freeze(RUN_IT_TWICE_SCHEMA.parse({}));

/** What the schema cannot know: the rest of the rules. */
export function validateRunItTwice(_o: RunItTwiceOption, ctx: { tournament: boolean }): { field: string; why: string } | null {
  return ctx.tournament ? { field: '', why: 'the board is not run twice in tournaments' } : null;
}

export interface Consent {
  readonly seat: number;
  readonly by: string;
}

/**
 * The consents of exactly `seats`, in seat order, names trimmed; or the first seat that has not agreed (no consent,
 * or one without a name). Shared with nothing: the chop asks two fixed seats, this asks every player in the pot.
 */
export function consentsOf(given: unknown, seats: readonly number[]): { consents: Consent[] } | { missing: number } {
  const list = Array.isArray(given) ? (given as unknown[]) : [];
  const consents: Consent[] = [];
  for (const seat of seats) {
    const found = list.find(
      (c): c is { seat: number; by: unknown } => typeof c === 'object' && c !== null && (c as { seat?: unknown }).seat === seat,
    );
    const by = found && typeof found.by === 'string' ? found.by.trim() : '';
    if (by === '') return { missing: seat };
    consents.push({ seat, by });
  }
  return { consents };
}

/** What one run paid of a pot: its half (with the odd chip or not) and the winners of that half. */
export interface RunAward {
  readonly run: 1 | 2;
  readonly amount: number;
  readonly winners: readonly { readonly seat: number; readonly amount: number }[];
}

export type TwoRunPotAward = PotAward & { readonly runs: readonly RunAward[] };

/**
 * The awards of a hand run twice: for each pot (side pots first, as awardPots), its amount less what the house
 * holds back from it (`heldByPot`: the rake, a drop) cut in two, each half won by the best eligible hands on its board. `players` sorted by seat, as HandState holds them;
 * every contender's hand is tabled (an all-in showdown), so a claimant who mucked is out of both runs.
 */
export function awardTwoRuns(
  players: readonly HandPlayer[],
  button: number,
  boards: readonly [readonly Card[], readonly Card[]],
  heldByPot: readonly number[],
): TwoRunPotAward[] {
  const pots = derivePots(players);
  const n = players.length;
  const start = indexAfter(players, button);
  // By distance from the button's left: the odd-chip order (TDA 20).
  const distance = (seat: number) => {
    for (let k = 0; k < n; k++) if (players[(start + k) % n].seat === seat) return k;
    return n;
  };
  const claims = players.map((p) => !p.folded && !p.mucked);
  const values = boards.map((board) => players.map((p, i) => (claims[i] && p.holeCards.length === 2 ? handValue(p.holeCards, board) : -1)));
  const awards: TwoRunPotAward[] = [];
  for (let potIndex = pots.length - 1; potIndex >= 0; potIndex--) {
    const pot = pots[potIndex];
    const amount = pot.amount - (heldByPot[potIndex] ?? 0);
    const winnersOn = (run: 0 | 1): number[] => {
      let live = players.map((p, i) => claims[i] && pot.eligible.includes(p.seat));
      if (!live.some(Boolean)) live = claims.slice();
      let best = -1;
      for (let i = 0; i < n; i++) if (live[i] && values[run][i] > best) best = values[run][i];
      const ordered: number[] = [];
      for (let k = 0; k < n; k++) {
        const i = (start + k) % n;
        if (live[i] && values[run][i] === best) ordered.push(players[i].seat);
      }
      return ordered;
    };
    const first = winnersOn(0);
    const second = winnersOn(1);
    const half = Math.floor(amount / 2);
    const odd = amount - 2 * half;
    // The halving's odd chip goes with the half whose first winner sits nearest the button's left.
    const oddToFirst = distance(first[0]) <= distance(second[0]);
    const runs: RunAward[] = [
      { run: 1, amount: half + (oddToFirst ? odd : 0), winners: splitPot(half + (oddToFirst ? odd : 0), first) },
      { run: 2, amount: half + (oddToFirst ? 0 : odd), winners: splitPot(half + (oddToFirst ? 0 : odd), second) },
    ];
    const totals = new Map<number, number>();
    for (const r of runs) for (const w of r.winners) totals.set(w.seat, (totals.get(w.seat) ?? 0) + w.amount);
    const winners = [...totals.keys()].sort((a, b) => distance(a) - distance(b)).map((seat) => ({ seat, amount: totals.get(seat)! }));
    awards.push({ pot: potIndex, amount, eligible: pot.eligible, winners, runs });
  }
  return awards;
}

/** Its commands: every player in the pot agrees to run it twice, or the hand runs once. */
export const RUN_IT_TWICE_COMMANDS = Object.freeze({
  RunItTwice: z.strictObject({ type: z.literal('RunItTwice'), consents: consentsField('run it twice') }),
  RunItOnce: z.strictObject({ type: z.literal('RunItOnce') }),
});
export type RunItTwiceCommand = InferEach<typeof RUN_IT_TWICE_COMMANDS>;

type BoardStreet = Exclude<Street, 'preflop'>;

/** Its events, as recorded and as published on the queue (nothing in them is secret): their types are these. */
export const RUN_IT_TWICE_EVENTS = Object.freeze({
  RunItTwiceAgreed: z.strictObject({
    type: z.literal('RunItTwiceAgreed'),
    consents: z.array(z.strictObject({ seat: seatSchema(), by: z.string() })),
  }),
  RunItOnceChosen: z.strictObject({ type: z.literal('RunItOnceChosen') }),
  SecondBoardDealt: z
    .strictObject({ type: z.literal('SecondBoardDealt'), street: z.enum(['flop', 'turn', 'river']), cards: z.array(cardSchema()) })
    .describe("the second run's card(s) of a street"),
  RunsAwarded: z
    .strictObject({
      type: z.literal('RunsAwarded'),
      pots: z.array(
        z.strictObject({
          pot: z.int().min(0),
          runs: z.array(
            z.strictObject({
              run: z.union([z.literal(1), z.literal(2)]),
              amount: chipsSchema(),
              winners: z.array(z.strictObject({ seat: seatSchema(), amount: chipsSchema() })),
            }),
          ),
        }),
      ),
    })
    .describe('what each run paid of each pot; the chips moved with the PotAwarded events before it'),
});
export type RunItTwiceEvent = InferEach<typeof RUN_IT_TWICE_EVENTS>;

export type RunItTwiceLegalAction =
  | { readonly type: 'RunItTwice'; readonly seat: null; readonly seats: readonly number[] }
  | { readonly type: 'RunItOnce'; readonly seat: null };

/** Hand slice: the players' choice (null until made) and the second run's cards as dealt. */
export interface RunItTwiceHandSlice {
  readonly runs: 1 | 2 | null;
  readonly secondBoard: readonly Card[];
}

function paramsOf(rules: TableRules): RunItTwiceOption | null {
  return rules.houseOptions.runItTwice ?? null;
}

/**
 * Whether the hand waits for the players' choice now, with the players who choose (every player still in the
 * pot), or why not: an all-in showdown, every hand tabled, a street still to come, the choice not yet made.
 */
export function runsChoice(state: TableState): { seats: number[] } | Rejection {
  const notNow = (why: string) => rejection('OPTION_NOT_ALLOWED_NOW', `The board cannot be run twice: ${why}.`);
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const rules = state.rules!;
  if (cardSourceOf(rules) === 'live') return notNow('a second run is not entered on a live-cards table');
  if (rulesVersion(rules) < 2) return notNow('the table plays rules version 1, where the board comes before the hands are tabled');
  const hand = state.hand!;
  const runs = hand.house.runs;
  if (runs !== null) return notNow(runs === 2 ? 'the players already agreed' : 'the board is already being run once');
  if (hand.phase !== 'showdown' || hand.board.length >= 5)
    return notNow('only once the betting is over with a player all in, before the rest of the board');
  const seats: number[] = [];
  let allIn = false;
  for (const p of hand.players) {
    if (p.folded || p.mucked) continue;
    if (!p.shown) return notNow('every hand in the pot is tabled first');
    if (p.allIn) allIn = true;
    seats.push(p.seat);
  }
  if (seats.length < 2 || !allIn) return notNow('only once the betting is over with a player all in, before the rest of the board');
  return { seats };
}

/** Both runs' streets still to come: the first run's as BoardDealt, then the second run's, a burn before each. */
function twoRuns(hand: HandState): TableEvent[] {
  const events: TableEvent[] = [];
  const second: TableEvent[] = [];
  let position = hand.deckPosition;
  const streets: BoardStreet[] = [];
  for (let s = NEXT_STREET[hand.round.street]; s !== null; s = NEXT_STREET[s]) streets.push(s);
  for (const street of streets) {
    events.push({ type: 'BoardDealt', street, cards: hand.deck.slice(position + 1, position + 1 + BOARD_CARDS[street]) });
    position += 1 + BOARD_CARDS[street];
  }
  for (const street of streets) {
    second.push({ type: 'SecondBoardDealt', street, cards: hand.deck.slice(position + 1, position + 1 + BOARD_CARDS[street]) });
    position += 1 + BOARD_CARDS[street];
  }
  return events.concat(second);
}

export const runItTwiceModule = ruleModule<RunItTwiceOption>({
  eventSchemas: RUN_IT_TWICE_EVENTS,
  formats: RUN_IT_TWICE_RECORD,
  name: 'runItTwice',
  handSliceStart: { runs: null, secondBoard: Object.freeze([]) as readonly Card[] },
  where: 'houseOptions',
  params: paramsOf,
  defaults: DEFAULT_RUN_IT_TWICE,
  schema: RUN_IT_TWICE_SCHEMA,
  validate: (o, ctx) => validateRunItTwice(o, ctx),
  commandSchemas: RUN_IT_TWICE_COMMANDS,
  commandFor(first) {
    if (first.type === 'RunItTwiceAgreed') return { type: 'RunItTwice', consents: first.consents };
    return first.type === 'RunItOnceChosen' ? { type: 'RunItOnce' } : null;
  },
  commands: {
    RunItTwice: {
      actsForHandSeat: false,
      decide(command, state, params) {
        const choice = params === null ? NOT_ENABLED : runsChoice(state);
        if ('code' in choice) return reject(choice);
        const given = consentsOf((command as { consents?: unknown }).consents, choice.seats);
        if ('missing' in given)
          return reject(
            rejection(
              'CONSENT_MISSING',
              `Seat ${given.missing} has not agreed to run it twice; every player in the pot must consent.`,
              'consents',
            ),
          );
        return accept([{ type: 'RunItTwiceAgreed', consents: given.consents }]);
      },
      commandFor: (action) => ({
        type: 'RunItTwice',
        consents: (action as Extract<RunItTwiceLegalAction, { type: 'RunItTwice' }>).seats.map((seat) => ({ seat, by: `player-${seat}` })),
      }),
    },
    RunItOnce: {
      actsForHandSeat: false,
      decide(_command, state, params) {
        const choice = params === null ? NOT_ENABLED : runsChoice(state);
        return 'code' in choice ? reject(choice) : accept([{ type: 'RunItOnceChosen' }]);
      },
      commandFor: () => ({ type: 'RunItOnce' }),
    },
  },
  evolve: {
    RunItTwiceAgreed: (state) => houseWith(state, { runs: 2 }),
    RunItOnceChosen: (state) => houseWith(state, { runs: 1 }),
    SecondBoardDealt: (state, event) => houseWith(state, { secondBoard: state.hand!.house.secondBoard.concat(event.cards) }),
    // Informational: the chips moved with the PotAwarded events before it.
    RunsAwarded: (state) => state,
  },
  legalActions(state) {
    const choice = runsChoice(state);
    if ('code' in choice) return [];
    return [{ type: 'RunItTwice', seat: null, seats: choice.seats }, RUN_IT_ONCE];
  },
  runout(state, hand) {
    const { runs, secondBoard } = hand.house;
    if (runs === 1) return null;
    if (runs === 2) return secondBoard.length === 0 ? { kind: 'events', events: twoRuns(hand) } : null;
    return 'code' in runsChoice(state) ? null : WAIT;
  },
  // Each run wins half of each pot; what the modules hold back from it (the `held` step: rake, drop) before the halving.
  settle(_state, hand, s) {
    const { runs, secondBoard } = hand.house;
    if (runs !== 2) return s;
    if (s.step === 'award') {
      const shared = hand.board.slice(0, hand.board.length - secondBoard.length);
      const boards = [hand.board, shared.concat(secondBoard)] as const;
      return { step: 'award', awards: awardTwoRuns(hand.players, hand.button, boards, s.held), held: s.held };
    }
    if (s.step !== 'after') return s;
    const pots = (s.awards as readonly TwoRunPotAward[]).map((a) => ({ pot: a.pot, runs: a.runs }));
    return { ...s, events: [...s.events, { type: 'RunsAwarded', pots }] };
  },
});

const WAIT = Object.freeze({ kind: 'wait' as const });
const NOT_ENABLED: Rejection = Object.freeze(rejection('OPTION_NOT_ENABLED', 'The board is not run twice at this table.'));
const RUN_IT_ONCE: RunItTwiceLegalAction = Object.freeze({ type: 'RunItOnce', seat: null });

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseCommands {
    runItTwice: RunItTwiceCommand;
  }
  interface HouseEvents {
    runItTwice: RunItTwiceEvent;
  }
  interface HouseLegalActions {
    runItTwice: RunItTwiceLegalAction;
  }
  interface HouseHandSlice extends RunItTwiceHandSlice {}
  /** Absent in rules recorded before the option existed: read as off. */
  interface HouseOptions {
    readonly runItTwice?: RunItTwiceOption | null;
  }
}
