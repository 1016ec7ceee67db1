import type { Card } from '../cards/card';
import type { TableRules } from './rules';
import type { BettingActionEvent, ForcedBetDue, ShuffleRecord, Street } from './events';
import type { HouseHandSlice, HouseSeatSlice, HouseTableSlice } from './extensions';
import {
  seatRecord,
  tableRecord,
  SEAT_SLICE_START,
  TABLE_SLICE_START,
  type SeatRecordKey,
  type TableRecordKey,
} from '../house-options/record-layout';

/** A seat: the core's fields, then the house options' seat slices (merged into table/extensions.ts). */
export interface SeatState extends HouseSeatSlice {
  readonly seat: number;
  readonly playerId: string;
  /** Chips behind, not counting what is committed to the hand in progress. */
  readonly stack: number;
  readonly sittingOut: boolean;
  /** Chose to wait for the big blind rather than post what is owed. */
  readonly waitForBigBlind: boolean;
  /** Not yet dealt a hand at this table. */
  readonly isNew: boolean;
}

export interface HandPlayer {
  readonly seat: number;
  readonly playerId: string;
  /** Chips behind during the hand. */
  readonly stack: number;
  /** This street's live money: what counts toward a call. */
  readonly live: number;
  /** Everything put in this hand (live of all streets + dead money), less any uncalled bet returned. */
  readonly committed: number;
  /** The dead part of `committed` (dead blinds, antes): it goes to the main pot and never counts toward a call. */
  readonly dead: number;
  /** Forced bets posted (blinds, antes, straddles, kills): money that is not a voluntary bet. */
  readonly forced: number;
  readonly folded: boolean;
  readonly allIn: boolean;
  /** Acted voluntarily on this street (posting a blind is not acting). */
  readonly acted: boolean;
  /** The full-raise counter when this player last acted: a later full raise reopens their betting. */
  readonly actedAtRaise: number;
  readonly holeCards: readonly Card[];
  readonly shown: boolean;
  readonly mucked: boolean;
}

export type HandPhase = 'forced-bets' | 'betting' | 'showdown' | 'complete';

export interface BettingRound {
  readonly street: Street;
  /** The amount to match; preflop at least the bring-in even when the big blind was posted short. */
  readonly currentBet: number;
  /** The size of the last full bet or raise (TDA 43): the next raise must add at least this much. */
  readonly lastFullIncrement: number;
  /** The level of the last full bet or raise (fixed limit completes from here). */
  readonly lastFullLevel: number;
  /** Full bets and raises this street (the big blind counts as the opening bet preflop). */
  readonly fullRaises: number;
  /** Set when the cap was reached while three or more players were in: a later fold does not uncap it. */
  readonly capped: boolean;
  /** Seat after which this street's action starts. */
  readonly anchor: number;
  readonly lastAggressor: number | null;
}

export interface HandState {
  readonly handNumber: number;
  readonly phase: HandPhase;
  readonly button: number;
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  /** Dealt-in players in dealing order (clockwise from the first seat left of the button). */
  readonly players: readonly HandPlayer[];
  readonly forcedBetsDue: readonly ForcedBetDue[];
  /** Empty from HandStarted until its DeckSealed (old logs: the deck HandStarted held). */
  readonly deck: readonly Card[];
  /** The deck's seed record and salt from DeckSealed, revealed when the hand ends; null for old logs' hands. */
  readonly seal: { readonly shuffle: ShuffleRecord; readonly salt: string } | null;
  /** Next undealt position in the deck. */
  readonly deckPosition: number;
  readonly board: readonly Card[];
  readonly round: BettingRound;
  /**
   * The seat that acted last on this street (null at its start); the next to act is found clockwise from here. On
   * the hand, not the round: a check, call or fold changes only this, and the hand is copied for every event anyway.
   */
  readonly lastActor: number | null;
  /** Betting limits as a percentage of the table's: a house option may raise them for the hand (rule-module.ts). */
  readonly limitPercent: number;
  /** Preflop action order, first to act first (the house options may move the start and move seats last). */
  readonly preflopOrder: readonly number[];
  /** The aggressor of the final betting round, kept for the showdown order. */
  readonly riverAggressor: number | null;
  /** Order in which contenders table their hands, fixed when the showdown starts. */
  readonly showdownOrder: readonly number[];
  /** Pots already awarded, and the chips paid out by them. */
  readonly potsAwarded: number;
  readonly paidOut: number;
  /** The small-blind position, even when nobody posts there (dead button): the next button. */
  readonly smallBlindPosition: number;
  /**
   * The house options' slices of this hand (merged into table/extensions.ts), in one record: the hand is copied on
   * every event and this part by reference; a module that changes its fields copies it (houseWith).
   */
  readonly house: HouseHandSlice;
  /**
   * The last betting action still standing and the hand just before it; that hand holds the one before, and so on:
   * what a floor correction goes back to (table/corrections.ts). Holds the deck: never shown, only kept.
   */
  readonly lastAction: ActionCheckpoint | null;
}

export interface ActionCheckpoint {
  readonly action: BettingActionEvent;
  readonly before: HandState;
}

/** The table: the core's fields, then the house options' table slices, carried from hand to hand. */
export interface TableState extends HouseTableSlice {
  readonly status: 'unopened' | 'open' | 'closed';
  readonly tableId: string | null;
  readonly rules: TableRules | null;
  /** Indexed by seat number - 1. */
  readonly seats: readonly (SeatState | null)[];
  /** Where the button sits for the next hand when it was drawn or placed, and no hand was dealt yet. */
  readonly initialButton: number | null;
  readonly lastPositions: { readonly button: number; readonly smallBlind: number; readonly bigBlind: number } | null;
  readonly handsPlayed: number;
  readonly hand: HandState | null;
}

/** The record layout covers exactly these records' fields (a compile-time check: house-options/record-layout.ts). */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type LayoutCoversRecords = Holds<Exactly<keyof SeatState, SeatRecordKey>> & Holds<Exactly<keyof TableState, TableRecordKey>>;

export const INITIAL_TABLE_STATE: TableState = Object.freeze(
  withTableSliceStart({
    status: 'unopened',
    tableId: null,
    rules: null,
    seats: Object.freeze([]),
    initialButton: null,
    lastPositions: null,
    handsPlayed: 0,
    hand: null,
  }),
);

/** A table record with the house options' table slices at their starting values. */
export function withTableSliceStart(core: Omit<TableState, keyof HouseTableSlice>): TableState {
  return tableRecord<TableState>(core, TABLE_SLICE_START);
}

/** A seat record with the house options' seat slices at their starting values (a player sits down). */
export function withSeatSliceStart(core: Omit<SeatState, keyof HouseSeatSlice>): SeatState {
  return seatRecord<SeatState>(core, SEAT_SLICE_START);
}

export function handInProgress(state: TableState): boolean {
  return state.hand !== null && state.hand.phase !== 'complete';
}

export function seatAt(state: TableState, seat: number): SeatState | null {
  return state.seats[seat - 1] ?? null;
}

export function playerInHand(hand: HandState, seat: number): HandPlayer | undefined {
  const players = hand.players;
  for (let i = 0; i < players.length; i++) if (players[i].seat === seat) return players[i];
  return undefined;
}

/**
 * Copies with changes. Each is an explicit object literal: on Node 20's V8 an object spread of these records
 * costs 25-50 times more than a literal copy (see docs/architecture.md), and evolve runs on every event.
 */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Writes the changed fields onto the fresh copy. Change objects have a different shape at every call site, so
 * reading them by a list of keys stays cheap where 30 `in` tests on a megamorphic object do not.
 */
function applyChanges<T extends object>(next: T, changes: Partial<T>): void {
  const keys = Object.keys(changes) as (keyof T)[];
  for (let i = 0; i < keys.length; i++) next[keys[i]] = changes[keys[i]] as T[keyof T];
}

export function seatWith(s: SeatState, c: Partial<SeatState>): SeatState {
  const next = cloneSeat(s);
  applyChanges(next, c);
  return next;
}

export function playerWith(s: HandPlayer, c: Partial<HandPlayer>): HandPlayer {
  const next = clonePlayer(s);
  applyChanges(next, c);
  return next;
}

export function handWith(s: HandState, c: Partial<HandState>): HandState {
  const next = cloneHand(s);
  applyChanges(next, c);
  return next;
}

export function tableWith(s: TableState, c: Partial<TableState>): TableState {
  const next = cloneTable(s);
  applyChanges(next, c);
  return next;
}

/** The table with its hand's house-option slice changed (for the modules: house-options/). */
export function houseWith(s: TableState, c: Partial<HouseHandSlice>): TableState {
  const hand = s.hand!;
  const house = { ...hand.house } as Mutable<HouseHandSlice>;
  applyChanges(house, c);
  const next = cloneTable(s);
  next.hand = handWith(hand, { house });
  return next;
}

/** A fresh, writable copy (for evolve's hot paths, which set the changed fields directly). */
export function cloneSeat(s: SeatState): Mutable<SeatState> {
  return seatRecord<Mutable<SeatState>>(s, s);
}

/** A fresh, writable copy (for evolve's hot paths, which set the changed fields directly). */
export function clonePlayer(s: HandPlayer): Mutable<HandPlayer> {
  return {
    seat: s.seat,
    playerId: s.playerId,
    stack: s.stack,
    live: s.live,
    committed: s.committed,
    dead: s.dead,
    forced: s.forced,
    folded: s.folded,
    allIn: s.allIn,
    acted: s.acted,
    actedAtRaise: s.actedAtRaise,
    holeCards: s.holeCards,
    shown: s.shown,
    mucked: s.mucked,
  };
}

/** A fresh, writable copy (for evolve's hot paths, which set the changed fields directly). */
export function cloneRound(s: BettingRound): Mutable<BettingRound> {
  return {
    street: s.street,
    currentBet: s.currentBet,
    lastFullIncrement: s.lastFullIncrement,
    lastFullLevel: s.lastFullLevel,
    fullRaises: s.fullRaises,
    capped: s.capped,
    anchor: s.anchor,
    lastAggressor: s.lastAggressor,
  };
}

/** A fresh, writable copy (for evolve's hot paths, which set the changed fields directly). */
export function cloneHand(s: HandState): Mutable<HandState> {
  return {
    handNumber: s.handNumber,
    phase: s.phase,
    button: s.button,
    smallBlindSeat: s.smallBlindSeat,
    bigBlindSeat: s.bigBlindSeat,
    players: s.players,
    forcedBetsDue: s.forcedBetsDue,
    deck: s.deck,
    seal: s.seal,
    deckPosition: s.deckPosition,
    board: s.board,
    round: s.round,
    lastActor: s.lastActor,
    limitPercent: s.limitPercent,
    preflopOrder: s.preflopOrder,
    riverAggressor: s.riverAggressor,
    showdownOrder: s.showdownOrder,
    potsAwarded: s.potsAwarded,
    paidOut: s.paidOut,
    smallBlindPosition: s.smallBlindPosition,
    house: s.house,
    lastAction: s.lastAction,
  };
}

/** A fresh, writable copy (for evolve's hot paths, which set the changed fields directly). */
export function cloneTable(s: TableState): Mutable<TableState> {
  return tableRecord<Mutable<TableState>>(s, s);
}
