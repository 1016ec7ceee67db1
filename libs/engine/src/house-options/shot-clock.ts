import { z } from 'zod';
import { oneOf, optionVersion, parseOption, wholeNumber } from './option-schema';
import { accept, reject, type Decision } from '../decider';
import { mayCheck } from '../betting/limits';
import { playerToAct } from '../betting/round';
import { commandTime, type TableCommand } from '../table/commands';
import type { TableEvent } from '../table/events';
import { rejection, type Rejection } from '../table/rejections';
import { handInProgress, seatAt, seatWith, tableWith, type HandPlayer, type TableState } from '../table/state';
import type { TableRules } from '../table/rules';
import { ruleModule, type ModuleDeadline } from './rule-module';
import { SHOT_CLOCK_RECORD } from './shot-clock-record';
import { seatSchema } from '../table/event-schemas';
import { seatField } from '../table/command-schemas';
import { wholeNumberField } from '../table/rules-input';
import type { InferEach } from '../table/schema-types';

/**
 * Shot clock and time banks (docs/house-options.md "Shot clock and time banks"). On a clocked table every player
 * to act gets `seconds` to decide: ClockStarted records the deadline. The engine reads no clock: the time comes in
 * on the command (`at`, stamped by the API), and "the time ran out" is a command too (ClockExpired, sent by the
 * timer service when the deadline passes, or by the floor), refused as stale once the clock it names is no longer
 * running (the seat acted, the hand moved on or ended, the floor paused it). At expiry the hand is dead (TDA's rule
 * for a called clock), or, with `onExpiry: 'check-else-fold'`, checked where a check is legal. A player may extend
 * a running clock with a time bank, `timeBankExtensions` per stay at the table (kept across hands and seat changes,
 * gone when the player leaves). The floor may pause the clock (a dispute, a deck change) and resume it.
 *
 * A command without a time (a table script, a rule replay of a log written before the option) starts no clock:
 * such tables play exactly as before. Clocks of the console's "player to act" only, not at the showdown.
 */
/** The option's parameters, their checks and their defaults (the floor's sentence for each field). */
export const SHOT_CLOCK_SCHEMA = z.strictObject({
  version: optionVersion('the shot clock option version is 1'),
  /** Seconds a player has for each decision. */
  seconds: wholeNumber('a decision gets a whole number of seconds from 5 to 600', 5, 600).default(30),
  /** Time-bank extensions each player has for their stay at the table (0: none). */
  timeBankExtensions: wholeNumber('each player has a whole number of time-bank extensions from 0 to 100', 0, 100).default(4),
  /** Seconds one extension adds to the running clock. */
  timeBankSeconds: wholeNumber('an extension adds a whole number of seconds from 5 to 600', 5, 600).default(30),
  /** At expiry: the hand is dead ('fold', the TDA default), or a check where one is legal ('check-else-fold'). */
  onExpiry: oneOf(
    ['fold', 'check-else-fold'],
    "at expiry the hand is dead ('fold') or checked where a check is legal ('check-else-fold')",
  ).default('fold'),
});
export type ShotClockOption = Readonly<z.output<typeof SHOT_CLOCK_SCHEMA>>;

export const DEFAULT_SHOT_CLOCK: ShotClockOption = Object.freeze(SHOT_CLOCK_SCHEMA.parse({}));

/** Its parameters' problem, if any (the schema says it all: nothing depends on the rest of the rules). */
export function validateShotClock(o: ShotClockOption): { field: string; why: string } | null {
  const parsed = parseOption(SHOT_CLOCK_SCHEMA, o);
  return parsed.ok ? null : { field: parsed.field, why: parsed.why };
}

/** Its commands. The time is the command's `at` (the API's own, never a client's). */
export const SHOT_CLOCK_COMMANDS = Object.freeze({
  /** The timer (or the floor): clock `clock` (ClockStarted's number) ran out. */
  ClockExpired: z.strictObject({
    type: z.literal('ClockExpired'),
    clock: wholeNumberField('clock').min(1, { error: 'clock numbers start at 1' }),
  }),
  /** The seat to act extends its clock with one of its time-bank extensions (the dealer or the floor sends it). */
  UseTimeBank: z.strictObject({ type: z.literal('UseTimeBank'), seat: seatField() }),
  /** The floor stops the running clock (a dispute, a deck change), and starts it again with the time it had left. */
  PauseClock: z.strictObject({ type: z.literal('PauseClock') }),
  ResumeClock: z.strictObject({ type: z.literal('ResumeClock') }),
});
export type ShotClockCommand = InferEach<typeof SHOT_CLOCK_COMMANDS>;

/** A clock's number in the contract: rises within the table, never reused. */
const clockNumber = () => z.int().min(1).describe('the clock, by its number within the table');
/** An absolute time in the contract: ISO-8601 UTC with milliseconds. */
const instant = () => z.string().describe('ISO-8601 UTC time, e.g. 2026-01-02T03:04:05.678Z');

/** Deadlines are absolute ISO-8601 UTC times with milliseconds. `clock` numbers rise within the table, never reused. */
/** Its events, as recorded and as published on the queue (nothing in them is secret): their types are these. */
export const SHOT_CLOCK_EVENTS = Object.freeze({
  ClockStarted: z
    .strictObject({ type: z.literal('ClockStarted'), seat: seatSchema(), clock: clockNumber(), seconds: z.int(), deadline: instant() })
    .describe('a player is to act on a clocked table: clock `clock` runs out at `deadline` unless the seat acts first'),
  ClockPaused: z
    .strictObject({ type: z.literal('ClockPaused'), clock: clockNumber(), remainingMs: z.int().min(0) })
    .describe('the floor paused the running clock with this much time left'),
  ClockResumed: z
    .strictObject({ type: z.literal('ClockResumed'), clock: clockNumber(), deadline: instant() })
    .describe('the floor resumed the clock: its new deadline'),
  TimeBankUsed: z
    .strictObject({
      type: z.literal('TimeBankUsed'),
      seat: seatSchema(),
      clock: clockNumber(),
      seconds: z.int(),
      deadline: instant(),
      extensionsLeft: z.int().min(0),
    })
    .describe("the player's time bank extended the running clock to `deadline`"),
  ClockExpired: z
    .strictObject({ type: z.literal('ClockExpired'), seat: seatSchema(), clock: clockNumber(), outcome: z.enum(['fold', 'check']) })
    .describe("the clock ran out; the seat's PlayerFolded or PlayerChecked follows in the same command"),
});
export type ShotClockEvent = InferEach<typeof SHOT_CLOCK_EVENTS>;

export type ShotClockLegalAction = { readonly type: 'UseTimeBank'; readonly seat: number; readonly extensionsLeft: number };

/** The clock now running: for whom, until when (null while paused, with the time it had left). */
export interface RunningClock {
  readonly clock: number;
  readonly seat: number;
  readonly deadline: string | null;
  readonly remainingMs: number | null;
}

/** Table slice: the running clock (null when none runs) and the last clock number given. */
export interface ShotClockTableSlice {
  readonly clock: RunningClock | null;
  readonly clocksStarted: number;
}

/** Seat slice: the time-bank extensions this player used since sitting down. */
export interface ShotClockSeatSlice {
  readonly timeBanksUsed: number;
}

function paramsOf(rules: TableRules): ShotClockOption | null {
  return rules.houseOptions.shotClock ?? null;
}

const iso = (ms: number): string => new Date(ms).toISOString();

const notEnabled = () => reject(rejection('OPTION_NOT_ENABLED', 'This table plays without a shot clock.'));
const timeMissing = (what: string) =>
  reject(rejection('INVALID_COMMAND', `${what} needs the time of the command (at), which the API stamps.`, 'at'));

/** Time-bank extensions this seat has left. */
export function extensionsLeft(state: TableState, seat: number, params: ShotClockOption): number {
  const s = seatAt(state, seat);
  return s === null ? 0 : Math.max(0, params.timeBankExtensions - s.timeBanksUsed);
}

/** The running clock if it still belongs to the player to act, or why not (it is stale). */
function liveClock(state: TableState): { clock: RunningClock; player: HandPlayer } | string {
  const running = state.clock;
  if (running === null) return 'no clock is running';
  if (!handInProgress(state) || state.hand!.phase !== 'betting') return 'the hand has moved past the betting';
  const toAct = playerToAct(state.hand!);
  if (toAct === null || toAct.seat !== running.seat) return `seat ${running.seat} is no longer the player to act`;
  return { clock: running, player: toAct };
}

function clockExpired(
  command: Extract<TableCommand, { type: 'ClockExpired' }>,
  state: TableState,
  params: ShotClockOption | null,
): Decision<TableEvent, Rejection> {
  if (params === null) return notEnabled();
  const number = (command as { clock?: unknown }).clock;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 1)
    return reject(rejection('INVALID_COMMAND', 'Name the clock that ran out: a whole number from 1.', 'clock'));
  const at = commandTime(command);
  if (at === null) return timeMissing('A clock expiry');
  const live = liveClock(state);
  if (typeof live === 'string' || live.clock.clock !== number) {
    const why = typeof live === 'string' ? live : `the running clock is clock ${live.clock.clock}`;
    return reject(rejection('CLOCK_STALE', `Clock ${number} is no longer running (${why}): nothing expires.`, 'clock'));
  }
  const { clock, player } = live;
  if (clock.deadline === null)
    return reject(rejection('CLOCK_STALE', `Clock ${number} is paused: it cannot run out until the floor resumes it.`, 'clock'));
  if (at < Date.parse(clock.deadline))
    return reject(rejection('CLOCK_NOT_DUE', `Clock ${number} runs until ${clock.deadline}; it has not run out yet.`, 'clock'));
  const check = params.onExpiry === 'check-else-fold' && mayCheck(state.hand!, player);
  const seat = clock.seat;
  return accept([
    { type: 'ClockExpired', seat, clock: number, outcome: check ? 'check' : 'fold' },
    check ? { type: 'PlayerChecked', seat } : { type: 'PlayerFolded', seat },
  ]);
}

function useTimeBank(
  command: Extract<TableCommand, { type: 'UseTimeBank' }>,
  state: TableState,
  params: ShotClockOption | null,
): Decision<TableEvent, Rejection> {
  if (params === null) return notEnabled();
  const seat = command.seat;
  const live = liveClock(state);
  if (typeof live === 'string' || live.clock.seat !== seat)
    return reject(
      rejection('CLOCK_NOT_RUNNING', `Seat ${seat} has no clock running: a time bank extends the clock of the player to act.`, 'seat'),
    );
  const clock = live.clock;
  if (clock.deadline === null)
    return reject(rejection('CLOCK_PAUSED', 'The clock is paused: use the time bank once the floor resumes it.', 'seat'));
  const left = extensionsLeft(state, seat, params);
  if (left === 0)
    return reject(
      rejection('TIME_BANK_EMPTY', `Seat ${seat} has used all ${params.timeBankExtensions} time-bank extensions of this session.`, 'seat'),
    );
  const deadline = Date.parse(clock.deadline);
  const at = commandTime(command);
  if (at !== null && at >= deadline)
    return reject(
      rejection(
        'CLOCK_RAN_OUT',
        `Seat ${seat}'s time ran out at ${clock.deadline}: a time bank is used before the clock runs out.`,
        'seat',
      ),
    );
  const seconds = params.timeBankSeconds;
  return accept([
    { type: 'TimeBankUsed', seat, clock: clock.clock, seconds, deadline: iso(deadline + seconds * 1000), extensionsLeft: left - 1 },
  ]);
}

/** The floor's PauseClock (`pausing`) and ResumeClock: the running clock stops with what it has left, or runs again with it. */
function floorClock(
  command: TableCommand,
  state: TableState,
  params: ShotClockOption | null,
  pausing: boolean,
): Decision<TableEvent, Rejection> {
  if (params === null) return notEnabled();
  const at = commandTime(command);
  if (at === null) return timeMissing(pausing ? 'Pausing the clock' : 'Resuming the clock');
  const live = liveClock(state);
  if (typeof live === 'string')
    return reject(rejection('CLOCK_NOT_RUNNING', pausing ? 'No clock is running to pause.' : 'No clock is paused to resume.'));
  const clock = live.clock;
  // Paused twice, or resumed while it runs: nothing to record (a double tap on the console).
  if (pausing ? clock.deadline === null : clock.remainingMs === null) return accept([]);
  return accept([
    pausing
      ? { type: 'ClockPaused', clock: clock.clock, remainingMs: Math.max(0, Date.parse(clock.deadline!) - at) }
      : { type: 'ClockResumed', clock: clock.clock, deadline: iso(at + clock.remainingMs!) },
  ]);
}

/** Any betting action, an expiry, a correction or the hand's end: the running clock (if any) is over. */
const clockOver = (state: TableState): TableState => (state.clock === null ? state : tableWith(state, { clock: null }));

/** The betting actions' events: each ends the running clock. */
const BETTING_ACTIONS = ['PlayerFolded', 'PlayerChecked', 'PlayerCalled', 'BetPlaced', 'RaisePlaced'] as const;

/** The timer's deadline a clock event sets: the clock's expiry, sent with its number (stale once the clock is over). */
function clockDeadline(e: { readonly [field: string]: unknown }): ModuleDeadline | null {
  if (!Number.isSafeInteger(e.clock) || typeof e.deadline !== 'string') return null;
  return { deadline: e.deadline, command: { type: 'ClockExpired', clock: e.clock as number } };
}

function withClock(state: TableState, change: Partial<RunningClock>): TableState {
  const running = state.clock;
  if (running === null) return state;
  return tableWith(state, {
    clock: { clock: running.clock, seat: running.seat, deadline: running.deadline, remainingMs: running.remainingMs, ...change },
  });
}

export const shotClockModule = ruleModule<ShotClockOption>({
  eventSchemas: SHOT_CLOCK_EVENTS,
  // The seat's fold or check that follows in the same command is the clock's.
  formats: SHOT_CLOCK_RECORD,
  // The clock's deadline ends where the running clock is over (evolve's clockOver), and with a pause.
  deadlines: {
    setBy: { ClockStarted: clockDeadline, ClockResumed: clockDeadline, TimeBankUsed: clockDeadline },
    endedBy: ['ClockPaused', 'ClockExpired', ...BETTING_ACTIONS, 'ActionCorrected', 'HandEnded', 'HandVoided'],
  },
  name: 'shotClock',
  rejectionCodes: ['CLOCK_STALE', 'CLOCK_NOT_DUE', 'CLOCK_NOT_RUNNING', 'CLOCK_PAUSED', 'CLOCK_RAN_OUT', 'TIME_BANK_EMPTY'],
  where: 'houseOptions',
  params: paramsOf,
  defaults: DEFAULT_SHOT_CLOCK,
  // Off, no clock runs (a clock starts only on a clocked table, and every hand's end clears it before the rules
  // may change): its "the running clock is over" on every betting action is skipped at tables without it.
  idleWhenOff: true,
  schema: SHOT_CLOCK_SCHEMA,
  commandSchemas: SHOT_CLOCK_COMMANDS,
  // Their time is in the metadata (libs/regulator stream-verifier.ts gives it back to the command).
  commandFor(first) {
    switch (first.type) {
      case 'ClockExpired':
        return { type: 'ClockExpired', clock: first.clock };
      case 'TimeBankUsed':
        return { type: 'UseTimeBank', seat: first.seat };
      case 'ClockPaused':
        return { type: 'PauseClock' };
      case 'ClockResumed':
        return { type: 'ResumeClock' };
      default:
        return null;
    }
  },
  commands: {
    ClockExpired: {
      actsForHandSeat: false,
      // A dealer does not decide that a player's time ran out: the timer service does at the deadline, or the floor.
      sentBy: 'timer-and-floor',
      decide: (c, s, p) => clockExpired(c as Extract<TableCommand, { type: 'ClockExpired' }>, s, p),
      note: "Shot clock: clock `clock` (ClockStarted's number) ran out; the seat's hand is dead, or checked where the table's onExpiry allows. 422 CLOCK_STALE (not the running clock: the seat acted, the hand moved on or ended, or the clock is paused), CLOCK_NOT_DUE (before its deadline); nothing is written.",
    },
    UseTimeBank: {
      actsForHandSeat: false,
      decide: (c, s, p) => useTimeBank(c as Extract<TableCommand, { type: 'UseTimeBank' }>, s, p),
      commandFor: (action) => ({ type: 'UseTimeBank', seat: (action as ShotClockLegalAction).seat }),
      note: 'Shot clock: the seat to act extends its running clock by one time-bank extension. 422 CLOCK_NOT_RUNNING, CLOCK_PAUSED, CLOCK_RAN_OUT (after the deadline), TIME_BANK_EMPTY.',
    },
    PauseClock: {
      actsForHandSeat: false,
      sentBy: 'floor-only',
      decide: (c, s, p) => floorClock(c, s, p, true),
      note: 'Shot clock: stops the running clock with the time it has left (a dispute, a deck change); pausing twice changes nothing. 422 CLOCK_NOT_RUNNING.',
    },
    ResumeClock: {
      actsForHandSeat: false,
      sentBy: 'floor-only',
      decide: (c, s, p) => floorClock(c, s, p, false),
      note: 'Shot clock: the paused clock runs again with the time it had left. 422 CLOCK_NOT_RUNNING.',
    },
  },
  evolve: {
    ClockStarted: (state, e) =>
      tableWith(state, { clock: { clock: e.clock, seat: e.seat, deadline: e.deadline, remainingMs: null }, clocksStarted: e.clock }),
    ClockPaused: (state, e) => withClock(state, { deadline: null, remainingMs: e.remainingMs }),
    ClockResumed: (state, e) => withClock(state, { deadline: e.deadline, remainingMs: null }),
    TimeBankUsed: (state, e) => {
      const seats = state.seats.slice();
      const s = seats[e.seat - 1];
      if (s) seats[e.seat - 1] = seatWith(s, { timeBanksUsed: s.timeBanksUsed + 1 });
      return withClock(tableWith(state, { seats }), { deadline: e.deadline });
    },
    ClockExpired: clockOver,
    PlayerFolded: clockOver,
    PlayerChecked: clockOver,
    PlayerCalled: clockOver,
    BetPlaced: clockOver,
    RaisePlaced: clockOver,
    ActionCorrected: clockOver,
    HandEnded: clockOver,
    HandVoided: clockOver,
  },
  /**
   * A clock for the player now to act, once a timed command leaves one to act without a clock of their own (the
   * previous player acted, a street was dealt, a correction moved the action back). The running clock of a player
   * still to act goes on (a time bank, a pause, another seat's chips).
   */
  afterCommand(command, _before, after, params) {
    const at = commandTime(command);
    if (at === null) return NO_EVENTS;
    const hand = after.hand;
    if (hand === null || hand.phase !== 'betting') return NO_EVENTS;
    const toAct = playerToAct(hand);
    if (toAct === null || (after.clock !== null && after.clock.seat === toAct.seat)) return NO_EVENTS;
    return [
      {
        type: 'ClockStarted',
        seat: toAct.seat,
        clock: after.clocksStarted + 1,
        seconds: params.seconds,
        deadline: iso(at + params.seconds * 1000),
      },
    ];
  },
  legalActions(state, moment, params) {
    if (moment !== 'player-to-act') return NO_ACTIONS;
    const live = liveClock(state);
    if (typeof live === 'string' || live.clock.deadline === null) return NO_ACTIONS;
    const left = extensionsLeft(state, live.clock.seat, params);
    return left === 0 ? NO_ACTIONS : [{ type: 'UseTimeBank', seat: live.clock.seat, extensionsLeft: left }];
  },
});

const NO_EVENTS: readonly TableEvent[] = Object.freeze([]);
const NO_ACTIONS: readonly ShotClockLegalAction[] = Object.freeze([]);

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseCommands {
    shotClock: ShotClockCommand;
  }
  interface HouseEvents {
    shotClock: ShotClockEvent;
  }
  interface HouseLegalActions {
    shotClock: ShotClockLegalAction;
  }
  interface HouseRejectionCodes {
    shotClock: 'CLOCK_STALE' | 'CLOCK_NOT_DUE' | 'CLOCK_NOT_RUNNING' | 'CLOCK_PAUSED' | 'CLOCK_RAN_OUT' | 'TIME_BANK_EMPTY';
  }
  interface HouseSeatSlice extends ShotClockSeatSlice {}
  interface HouseTableSlice extends ShotClockTableSlice {}
  /** Absent in rules recorded before the option existed: read as off. */
  interface HouseOptions {
    readonly shotClock?: ShotClockOption | null;
  }
}
