/**
 * What the house options add to the engine's records, composed in one place: their commands, events, legal
 * actions, forced-bet kinds, rejection codes, the fields of HandStarted and the rules they own, and their state
 * slices with starting values and copies. Part of the registry (registry.ts lists the modules and dispatches the
 * hooks); this half imports only types, so the core's record files (state, events, commands, rejections) may read
 * it without an import cycle. Adding a module: add its declarations here, its object in registry.ts.
 */
import type { StraddleCommand, StraddleHandSlice, StraddleLegalAction } from './straddle';
import type { KillButtonChangedEvent, KillHandSlice, KillHandStarted, KillTableSlice } from './kill-game';
import type { KillPotCommand, KillPotLegalAction, KillPotPostedEvent } from './kill-pot';
import type { ChopCommand, ChopHandSlice, ChopLegalAction, BlindsChoppedEvent } from './chop';
import type { RakeHandSlice, RakeTableSlice, RakeTakenEvent } from './rake';
import type { MissedBlindsHandSlice, MissedBlindsHandStarted, MissedBlindsRules, MissedBlindsRulesInput, MissedBlindsSeatSlice } from './missed-blinds';
import type { BombPotEvent, BombPotHandSlice, BombPotStarted, BombPotTableSlice, CallBombPotCommand } from './bomb-pot';
import type { RunItTwiceCommand, RunItTwiceEvent, RunItTwiceHandSlice, RunItTwiceLegalAction } from './run-it-twice';
import type { ShotClockCommand, ShotClockEvent, ShotClockLegalAction, ShotClockSeatSlice, ShotClockTableSlice } from './shot-clock';
import type { HouseOptionsRules, HouseOptionsRulesInput } from './house-options';
import type { Mutable } from '../table/state';

export type HouseCommand = StraddleCommand | KillPotCommand | ChopCommand | CallBombPotCommand | RunItTwiceCommand | ShotClockCommand;
export const HOUSE_COMMAND_TYPES: readonly HouseCommand['type'][] = Object.freeze([
  'Straddle', 'KillPot', 'ChopBlinds', 'CallBombPot', 'RunItTwice', 'RunItOnce', 'ClockExpired', 'UseTimeBank', 'PauseClock', 'ResumeClock',
] as const);

export type HouseEvent = KillPotPostedEvent | BlindsChoppedEvent | RakeTakenEvent | KillButtonChangedEvent | BombPotEvent | RunItTwiceEvent | ShotClockEvent;
export const HOUSE_EVENT_TYPES: readonly HouseEvent['type'][] = Object.freeze([
  'KillPotPosted', 'BlindsChopped', 'RakeTaken', 'KillButtonChanged', 'BombPotCalled', 'RunItTwiceAgreed', 'RunItOnceChosen', 'SecondBoardDealt', 'RunsAwarded',
  'ClockStarted', 'ClockPaused', 'ClockResumed', 'TimeBankUsed', 'ClockExpired',
] as const);

export type HouseLegalAction = StraddleLegalAction | KillPotLegalAction | ChopLegalAction | RunItTwiceLegalAction | ShotClockLegalAction;

/** Forced bets the options post (the core's are the blinds, antes and make-ups). */
export type HouseForcedBetKind = 'straddle' | 'kill-blind' | 'kill-pot' | 'bomb-pot';

export const HOUSE_REJECTION_CODES = [
  'STRADDLE_OUT_OF_TURN', 'KILL_BLIND_OWED',
  // The shot clock (shot-clock.ts).
  'CLOCK_STALE', 'CLOCK_NOT_DUE', 'CLOCK_NOT_RUNNING', 'CLOCK_PAUSED', 'CLOCK_RAN_OUT', 'TIME_BANK_EMPTY',
] as const;

/** Fields of HandStarted the options own (recorded in every HandStarted since they existed). */
export type HouseHandStarted = MissedBlindsHandStarted & KillHandStarted & BombPotStarted;

/** Fields of the table rules the options own, and what a client sends for them. */
export type HouseRules = MissedBlindsRules & HouseOptionsRules;
export type HouseRulesInput = MissedBlindsRulesInput & HouseOptionsRulesInput;

/** The options' state slices: fields of SeatState, HandState and TableState that only their module writes. */
export type HouseSeatSlice = MissedBlindsSeatSlice & ShotClockSeatSlice;
export type HouseHandSlice = StraddleHandSlice & KillHandSlice & ChopHandSlice & RakeHandSlice & MissedBlindsHandSlice & BombPotHandSlice & RunItTwiceHandSlice;
export type HouseTableSlice = KillTableSlice & RakeTableSlice & BombPotTableSlice & ShotClockTableSlice;

/** A seat's slices when the player sits down. */
export function seatSliceStart(into: Mutable<HouseSeatSlice>): void {
  into.missedSmall = false;
  into.missedBig = false;
  into.timeBanksUsed = 0;
}

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

/** A table's slices when it opens. */
export function tableSliceStart(into: Mutable<HouseTableSlice>): void {
  into.kill = NO_KILL_YET;
  into.rakeCollected = 0;
  into.bombPotCalled = false;
  into.clock = null;
  into.clocksStarted = 0;
}

/**
 * Copies of the table's and seats' slices, field by field in one order after the core's literal copy of its own
 * fields, so every record of a kind shares one hidden class. (The hand, copied on every event, holds its slices in
 * one record, `hand.house`, copied by reference.)
 */
export function copySeatSlice(from: HouseSeatSlice, into: Mutable<HouseSeatSlice>): void {
  into.missedSmall = from.missedSmall;
  into.missedBig = from.missedBig;
  into.timeBanksUsed = from.timeBanksUsed;
}

export function copyTableSlice(from: HouseTableSlice, into: Mutable<HouseTableSlice>): void {
  into.kill = from.kill;
  into.rakeCollected = from.rakeCollected;
  into.bombPotCalled = from.bombPotCalled;
  into.clock = from.clock;
  into.clocksStarted = from.clocksStarted;
}

const NO_KILL_YET: KillTableSlice['kill'] = Object.freeze({ holder: null, killer: null });
