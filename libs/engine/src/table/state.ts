import type { Card } from '../cards/card';
import type { TableRules } from './rules';
import type { BettingActionEvent, ForcedBetDue, ShuffleRecord, Street } from './events';
import type { KillState } from '../house-options/kill-game';

export interface SeatState {
  readonly seat: number;
  readonly playerId: string;
  /** Chips behind, not counting what is committed to the hand in progress. */
  readonly stack: number;
  readonly sittingOut: boolean;
  /** Chose to wait for the big blind rather than post what is owed. */
  readonly waitForBigBlind: boolean;
  readonly missedSmall: boolean;
  readonly missedBig: boolean;
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
  /** The seat that acted last; the next to act is found clockwise from here. */
  readonly lastActor: number | null;
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
  /** Straddlers in the order they posted. */
  readonly straddles: readonly number[];
  /** The killer of this hand (triggered or voluntary), who acts last preflop unless the house says in turn. */
  readonly killSeat: number | null;
  /** Betting limits as a percentage of the table's (a kill raises them). */
  readonly limitPercent: number;
  /** Preflop action order, first to act first (the straddler or killer may be moved last). */
  readonly preflopOrder: readonly number[];
  /** Rake taken from each pot, once the hand is settled. */
  readonly rakeByPot: readonly number[];
  readonly raked: number;
  readonly chopped: boolean;
  /** The aggressor of the final betting round, kept for the showdown order. */
  readonly riverAggressor: number | null;
  /** Order in which contenders table their hands, fixed when the showdown starts. */
  readonly showdownOrder: readonly number[];
  /** Pots already awarded, and the chips paid out by them. */
  readonly potsAwarded: number;
  readonly paidOut: number;
  /** Seat bookkeeping that takes effect when the hand ends (a voided hand leaves the seats as they were). */
  readonly missedBlinds: readonly { readonly seat: number; readonly blind: 'small' | 'big' }[];
  /** The small-blind position, even when nobody posts there (dead button): the next button. */
  readonly smallBlindPosition: number;
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

export interface TableState {
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
  readonly kill: KillState;
  /** Every chip the house has taken at this table (rake and chop fees). */
  readonly rakeCollected: number;
}

export const INITIAL_TABLE_STATE: TableState = {
  status: 'unopened',
  tableId: null,
  rules: null,
  seats: [],
  initialButton: null,
  lastPositions: null,
  handsPlayed: 0,
  hand: null,
  kill: { holder: null, killer: null },
  rakeCollected: 0,
};

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

/** A fresh, writable copy (for evolve's hot paths, which set the changed fields directly). */
export function cloneSeat(s: SeatState): Mutable<SeatState> {
  return {
    seat: s.seat,
    playerId: s.playerId,
    stack: s.stack,
    sittingOut: s.sittingOut,
    waitForBigBlind: s.waitForBigBlind,
    missedSmall: s.missedSmall,
    missedBig: s.missedBig,
    isNew: s.isNew,
  };
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
    lastActor: s.lastActor,
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
    straddles: s.straddles,
    killSeat: s.killSeat,
    limitPercent: s.limitPercent,
    preflopOrder: s.preflopOrder,
    rakeByPot: s.rakeByPot,
    raked: s.raked,
    chopped: s.chopped,
    riverAggressor: s.riverAggressor,
    showdownOrder: s.showdownOrder,
    potsAwarded: s.potsAwarded,
    paidOut: s.paidOut,
    missedBlinds: s.missedBlinds,
    smallBlindPosition: s.smallBlindPosition,
    lastAction: s.lastAction,
  };
}

/** A fresh, writable copy (for evolve's hot paths, which set the changed fields directly). */
export function cloneTable(s: TableState): Mutable<TableState> {
  return {
    status: s.status,
    tableId: s.tableId,
    rules: s.rules,
    seats: s.seats,
    initialButton: s.initialButton,
    lastPositions: s.lastPositions,
    handsPlayed: s.handsPlayed,
    hand: s.hand,
    kill: s.kill,
    rakeCollected: s.rakeCollected,
  };
}
