/**
 * What the house options add to the engine's records, composed in one place: their commands, events, legal
 * actions, forced-bet kinds, rejection codes, the fields of HandStarted and the rules they own, and their state
 * slices with starting values and copies (the list of modules is default-modules.ts; table/hooks.ts dispatches the
 * hooks); this half imports only types, so the core's record files (state, events, commands, rejections) may read
 * it without an import cycle. Adding a module: add its declarations here, its object in default-modules.ts.
 */
import type { StraddleCommand, StraddleHandSlice, StraddleLegalAction } from './straddle';
import type { KillButtonChangedEvent, KillHandSlice, KillHandStarted, KillTableSlice } from './kill-game';
import type { KillPotCommand, KillPotLegalAction, KillPotPostedEvent } from './kill-pot';
import type { ChopCommand, ChopHandSlice, ChopLegalAction, BlindsChoppedEvent } from './chop';
import type { RakeHandSlice, RakeTableSlice, RakeTakenEvent } from './rake';
import type {
  MissedBlindsHandSlice,
  MissedBlindsHandStarted,
  MissedBlindsRules,
  MissedBlindsRulesInput,
  MissedBlindsSeatSlice,
} from './missed-blinds';
import type { BombPotEvent, BombPotHandSlice, BombPotStarted, BombPotTableSlice, CallBombPotCommand } from './bomb-pot';
import type { RunItTwiceCommand, RunItTwiceEvent, RunItTwiceHandSlice, RunItTwiceLegalAction } from './run-it-twice';
import type { ShotClockCommand, ShotClockEvent, ShotClockLegalAction, ShotClockSeatSlice, ShotClockTableSlice } from './shot-clock';
import type { HouseOptionsRules, HouseOptionsRulesInput } from './house-options';
import type { Mutable, SeatState, TableState } from '../table/state';

export type HouseCommand = StraddleCommand | KillPotCommand | ChopCommand | CallBombPotCommand | RunItTwiceCommand | ShotClockCommand;
export const HOUSE_COMMAND_TYPES: readonly HouseCommand['type'][] = Object.freeze([
  'Straddle',
  'KillPot',
  'ChopBlinds',
  'CallBombPot',
  'RunItTwice',
  'RunItOnce',
  'ClockExpired',
  'UseTimeBank',
  'PauseClock',
  'ResumeClock',
] as const);

export type HouseEvent =
  KillPotPostedEvent | BlindsChoppedEvent | RakeTakenEvent | KillButtonChangedEvent | BombPotEvent | RunItTwiceEvent | ShotClockEvent;
export const HOUSE_EVENT_TYPES: readonly HouseEvent['type'][] = Object.freeze([
  'KillPotPosted',
  'BlindsChopped',
  'RakeTaken',
  'KillButtonChanged',
  'BombPotCalled',
  'RunItTwiceAgreed',
  'RunItOnceChosen',
  'SecondBoardDealt',
  'RunsAwarded',
  'ClockStarted',
  'ClockPaused',
  'ClockResumed',
  'TimeBankUsed',
  'ClockExpired',
] as const);

export type HouseLegalAction = StraddleLegalAction | KillPotLegalAction | ChopLegalAction | RunItTwiceLegalAction | ShotClockLegalAction;

/** Forced bets the options post (the core's are the blinds, antes and make-ups). */
export type HouseForcedBetKind = 'straddle' | 'kill-blind' | 'kill-pot' | 'bomb-pot';

export const HOUSE_REJECTION_CODES = [
  'STRADDLE_OUT_OF_TURN',
  'KILL_BLIND_OWED',
  // The shot clock (shot-clock.ts).
  'CLOCK_STALE',
  'CLOCK_NOT_DUE',
  'CLOCK_NOT_RUNNING',
  'CLOCK_PAUSED',
  'CLOCK_RAN_OUT',
  'TIME_BANK_EMPTY',
] as const;

/** Fields of HandStarted the options own (recorded in every HandStarted since they existed). */
export type HouseHandStarted = MissedBlindsHandStarted & KillHandStarted & BombPotStarted;

/** Fields of the table rules the options own, and what a client sends for them. */
export type HouseRules = MissedBlindsRules & HouseOptionsRules;
export type HouseRulesInput = MissedBlindsRulesInput & HouseOptionsRulesInput;

/** The options' state slices: fields of SeatState, HandState and TableState that only their module writes. */
export type HouseSeatSlice = MissedBlindsSeatSlice & ShotClockSeatSlice;
export type HouseHandSlice = StraddleHandSlice &
  KillHandSlice &
  ChopHandSlice &
  RakeHandSlice &
  MissedBlindsHandSlice &
  BombPotHandSlice &
  RunItTwiceHandSlice;
export type HouseTableSlice = KillTableSlice & RakeTableSlice & BombPotTableSlice & ShotClockTableSlice;

/**
 * A hand's slice at HandStarted, before the modules' HandStarted handlers: one shared record, so a hand no option
 * touches allocates nothing for them (a module that changes its fields copies it, state.ts houseWith).
 */
export const HOUSE_HAND_START: HouseHandSlice = Object.freeze({
  straddles: Object.freeze([]) as readonly number[],
  killSeat: null,
  chopped: false,
  rakeByPot: Object.freeze([]) as readonly number[],
  raked: 0,
  missedBlinds: Object.freeze([]) as MissedBlindsHandSlice['missedBlinds'],
  bombPot: null,
  runs: null,
  secondBoard: Object.freeze([]) as RunItTwiceHandSlice['secondBoard'],
});

/**
 * The seat and table records, in one literal each: the core's fields (table/state.ts) then the slices, so a record
 * is allocated at its full size at once and every record of a kind shares one hidden class. (A core literal with
 * the slices added after it grew an out-of-object property store on the table's per-event copy once the slices
 * outnumbered three: ~8 ns and one more allocation an event at every table.) A copy passes the same record twice;
 * a new one passes the slices' starting values. The hand holds its slices in one record, `hand.house`, copied by
 * reference.
 */
export function seatRecord(core: Omit<SeatState, keyof HouseSeatSlice>, slices: HouseSeatSlice): Mutable<SeatState> {
  return {
    seat: core.seat,
    playerId: core.playerId,
    stack: core.stack,
    sittingOut: core.sittingOut,
    waitForBigBlind: core.waitForBigBlind,
    isNew: core.isNew,
    missedSmall: slices.missedSmall,
    missedBig: slices.missedBig,
    timeBanksUsed: slices.timeBanksUsed,
  };
}

export function tableRecord(core: Omit<TableState, keyof HouseTableSlice>, slices: HouseTableSlice): Mutable<TableState> {
  return {
    status: core.status,
    tableId: core.tableId,
    rules: core.rules,
    seats: core.seats,
    initialButton: core.initialButton,
    lastPositions: core.lastPositions,
    handsPlayed: core.handsPlayed,
    hand: core.hand,
    kill: slices.kill,
    rakeCollected: slices.rakeCollected,
    bombPotCalled: slices.bombPotCalled,
    clock: slices.clock,
    clocksStarted: slices.clocksStarted,
  };
}

const NO_KILL_YET: KillTableSlice['kill'] = Object.freeze({ holder: null, killer: null });

/** A seat's slices when the player sits down. */
export const SEAT_SLICE_START: HouseSeatSlice = Object.freeze({ missedSmall: false, missedBig: false, timeBanksUsed: 0 });

/** A table's slices when it opens. */
export const TABLE_SLICE_START: HouseTableSlice = Object.freeze({
  kill: NO_KILL_YET,
  rakeCollected: 0,
  bombPotCalled: false,
  clock: null,
  clocksStarted: 0,
});
