import { z } from 'zod';
import { accept, reject } from '../decider';
import { rejection, type Rejection } from '../table/rejections';
import { cloneTable, handInProgress, seatWith, type TableState } from '../table/state';
import type { TableRules } from '../table/rules';
import { ruleModule } from './rule-module';
import { chipsSchema, seatSchema } from '../table/event-schemas';
import { seatField } from '../table/command-schemas';
import { MAX_SEATS, chipsField, wholeNumberField } from '../table/rules-input';
import type { InferEach } from '../table/schema-types';

/**
 * The chip race at a tournament table's colour-up (TDA 2024 "Chip Race"; docs/tournaments.md "Colour-up at the
 * tables"). The tournament decides the race (libs/tournament chip-race.ts: its keys, its winners) and records it on
 * its own stream; this command applies that result to the seats between hands, the one way chips leave a tournament
 * seat other than a pot or a bust. It is on at every tournament table and at no cash table (a cash stack is money):
 * the game type switches it, nobody sets it in houseOptions.
 *
 * What the table checks for itself, whoever sends it: between hands only; each seat occupied and listed once; the
 * chips taken off are whole chips of the colour going out, fewer than one chip of the next colour, within the stack;
 * at most one new chip per player; nobody raced out (every player keeps at least one chip). How many new chips the
 * race gives in all is the tournament's (one race may span its tables; a regulator re-decides it from its keys).
 */
/** Its command: the race's result for this table's seats. */
export const CHIP_RACE_COMMANDS = Object.freeze({
  RaceChips: z.strictObject({
    type: z.literal('RaceChips'),
    /** The value of the chip taken out of play. */
    chip: chipsField('chip'),
    /** The value of the next chip up (what a race winner gets one of). */
    nextChip: chipsField('nextChip'),
    seats: z
      .array(
        z.strictObject({
          seat: seatField(),
          /** The value taken off the stack: the seat's odd chips of `chip`. */
          removed: chipsField('removed'),
          /** New chips of `nextChip` won: 0 or 1. */
          won: wholeNumberField('won').max(1, { error: 'a player wins at most one chip' }),
        }),
      )
      .max(MAX_SEATS, { error: `a chip race lists at most ${MAX_SEATS} seats` }),
  }),
});
export type RaceChipsCommand = InferEach<typeof CHIP_RACE_COMMANDS>;
export type RacedSeat = RaceChipsCommand['seats'][number];

/** Its event, as recorded and as published on the queue (nothing in it is secret): its type is this. */
export const CHIP_RACE_EVENTS = Object.freeze({
  ChipsRaced: z
    .strictObject({
      type: z.literal('ChipsRaced'),
      chip: chipsSchema(),
      nextChip: chipsSchema(),
      seats: z.array(z.strictObject({ seat: seatSchema(), removed: chipsSchema(), won: z.int().min(0).max(1) })),
    })
    .describe("a tournament colour-up's chip race applied to the seats: chips of `chip` taken off, at most one of `nextChip` won"),
});
export type ChipsRacedEvent = InferEach<typeof CHIP_RACE_EVENTS>;

/** The chips a race gives each seat, less those it takes (negative: the stack goes down). */
export function racedChange(event: Pick<ChipsRacedEvent, 'nextChip' | 'seats'>): number {
  return event.seats.reduce((sum, s) => sum + s.won * event.nextChip - s.removed, 0);
}

/** On at tournament tables (the game type decides), with nothing to set. */
function paramsOf(rules: TableRules): Readonly<Record<string, never>> | null {
  return rules.gameType === 'tournament' ? ON : null;
}
const ON: Readonly<Record<string, never>> = Object.freeze({});

const isWhole = (n: unknown, min: number): n is number => Number.isSafeInteger(n) && (n as number) >= min;

/** The race's denominations: two chip values, the next one larger and a multiple of the one going out. */
function denominationsProblem(c: RaceChipsCommand): Rejection | null {
  if (!isWhole(c.chip, 1) || !isWhole(c.nextChip, 2) || c.nextChip <= c.chip || c.nextChip % c.chip !== 0)
    return rejection(
      'INVALID_COMMAND',
      'The chip raced off and the next chip up are whole values, the next a multiple of the first.',
      'chip',
    );
  if (!Array.isArray(c.seats) || c.seats.length === 0) return rejection('INVALID_COMMAND', 'A chip race lists at least one seat.', 'seats');
  return null;
}

/** One seat's share of the race: why the table refuses it, or null. */
function seatProblem(s: RacedSeat, c: RaceChipsCommand, state: TableState, seen: Set<number>): Rejection | null {
  const at = isWhole(s?.seat, 1) ? (state.seats[s.seat - 1] ?? null) : null;
  if (at === null || seen.has(s.seat))
    return rejection('SEAT_EMPTY', `Seat ${s?.seat} is empty or listed twice in the chip race.`, 'seats');
  seen.add(s.seat);
  if (!isWhole(s.removed, 1) || s.removed % c.chip !== 0 || s.removed >= c.nextChip)
    return rejection(
      'INVALID_AMOUNT',
      `Seat ${s.seat}: the odd chips raced off are 1 to ${c.nextChip / c.chip - 1} chips of ${c.chip}.`,
      'seats',
    );
  if (s.removed > at.stack)
    return rejection('INSUFFICIENT_CHIPS', `Seat ${s.seat} has ${at.stack}, fewer than the ${s.removed} raced off.`, 'seats');
  if (s.won !== 0 && s.won !== 1)
    return rejection('INVALID_AMOUNT', `Seat ${s.seat}: a player wins at most one chip in a race (TDA).`, 'seats');
  if (at.stack - s.removed + s.won * c.nextChip < 1)
    return rejection('INVALID_AMOUNT', `Seat ${s.seat} would be raced out: a player keeps at least one chip (TDA).`, 'seats');
  return null;
}

function decideRace(c: RaceChipsCommand, state: TableState): Rejection | null {
  const wrong = denominationsProblem(c);
  if (wrong) return wrong;
  const seen = new Set<number>();
  for (const s of c.seats) {
    const problem = seatProblem(s, c, state, seen);
    if (problem) return problem;
  }
  return null;
}

export const chipRaceModule = ruleModule<Readonly<Record<string, never>>>({
  eventSchemas: CHIP_RACE_EVENTS,
  commandSchemas: CHIP_RACE_COMMANDS,
  commandFor: (first) =>
    first.type === 'ChipsRaced' ? { type: 'RaceChips', chip: first.chip, nextChip: first.nextChip, seats: first.seats } : null,
  // A colour-up changes the chips in play without a pot: what the race took off and gave (chips, not money).
  chipsMoved: (event) => (event.type === 'ChipsRaced' ? racedChange(event) : 0),
  name: 'chipRace',
  where: 'houseOptions',
  params: paramsOf,
  defaults: ON,
  // Never recorded in the rules: the game type switches it.
  validate: () => ({ field: '', why: 'the chip race is on at every tournament table and at no cash table: it is not set' }),
  commands: {
    RaceChips: {
      actsForHandSeat: false,
      note: "A tournament colour-up's chip race, sent by the tournament to its own tables only (from here: 422 TOURNAMENT_TABLE at a tournament table, OPTION_NOT_ENABLED at a cash table). Between hands; whole odd chips of `chip` off each seat listed, at most one `nextChip` won, nobody left at zero.",
      decide(command, state, params) {
        if (params === null)
          return reject(
            rejection('OPTION_NOT_ENABLED', "Chips are raced off only at a tournament table's colour-up; a cash stack is money."),
          );
        if (handInProgress(state)) return reject(rejection('HAND_IN_PROGRESS', 'Chips are raced off between hands, once this hand ends.'));
        const c = command as RaceChipsCommand;
        const problem = decideRace(c, state);
        if (problem) return reject(problem);
        return accept([{ type: 'ChipsRaced', chip: c.chip, nextChip: c.nextChip, seats: c.seats.map((s) => ({ ...s })) }]);
      },
    },
  },
  evolve: {
    ChipsRaced: (state, event) => {
      const next = cloneTable(state);
      const seats = state.seats.slice();
      for (const s of event.seats) {
        const at = seats[s.seat - 1];
        if (!at) throw new Error(`corrupt stream: seat ${s.seat} is empty`);
        seats[s.seat - 1] = seatWith(at, { stack: at.stack - s.removed + s.won * event.nextChip });
      }
      next.seats = seats;
      return next;
    },
  },
  describe: (event, playerOf) =>
    event.type === 'ChipsRaced'
      ? `Chip race: ${(event as ChipsRacedEvent).seats
          .map((s) => `${playerOf(s.seat)} -${s.removed}${s.won ? ` +${(event as ChipsRacedEvent).nextChip}` : ''}`)
          .join(', ')}`
      : null,
});

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
declare module '../table/extensions' {
  interface HouseCommands {
    chipRace: RaceChipsCommand;
  }
  interface HouseEvents {
    chipRace: ChipsRacedEvent;
  }
}
