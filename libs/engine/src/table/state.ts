import type { Card } from '../cards/card';
import type { TableRules } from './rules';
import type { ForcedBetDue, Street } from './events';
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
  readonly deck: readonly Card[];
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
  return hand.players.find((p) => p.seat === seat);
}

/**
 * Copies with changes. Each is an explicit object literal: on Node 20's V8 an object spread of these records
 * costs 25-50 times more than a literal copy (measured in docs/benchmarks.md), and evolve runs on every event.
 */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function seatWith(s: SeatState, c: Partial<SeatState>): SeatState {
  return {
    seat: 'seat' in c ? c.seat as SeatState['seat'] : s.seat,
    playerId: 'playerId' in c ? c.playerId as SeatState['playerId'] : s.playerId,
    stack: 'stack' in c ? c.stack as SeatState['stack'] : s.stack,
    sittingOut: 'sittingOut' in c ? c.sittingOut as SeatState['sittingOut'] : s.sittingOut,
    waitForBigBlind: 'waitForBigBlind' in c ? c.waitForBigBlind as SeatState['waitForBigBlind'] : s.waitForBigBlind,
    missedSmall: 'missedSmall' in c ? c.missedSmall as SeatState['missedSmall'] : s.missedSmall,
    missedBig: 'missedBig' in c ? c.missedBig as SeatState['missedBig'] : s.missedBig,
    isNew: 'isNew' in c ? c.isNew as SeatState['isNew'] : s.isNew,
  };
}

export function playerWith(s: HandPlayer, c: Partial<HandPlayer>): HandPlayer {
  return {
    seat: 'seat' in c ? c.seat as HandPlayer['seat'] : s.seat,
    playerId: 'playerId' in c ? c.playerId as HandPlayer['playerId'] : s.playerId,
    stack: 'stack' in c ? c.stack as HandPlayer['stack'] : s.stack,
    live: 'live' in c ? c.live as HandPlayer['live'] : s.live,
    committed: 'committed' in c ? c.committed as HandPlayer['committed'] : s.committed,
    dead: 'dead' in c ? c.dead as HandPlayer['dead'] : s.dead,
    forced: 'forced' in c ? c.forced as HandPlayer['forced'] : s.forced,
    folded: 'folded' in c ? c.folded as HandPlayer['folded'] : s.folded,
    allIn: 'allIn' in c ? c.allIn as HandPlayer['allIn'] : s.allIn,
    acted: 'acted' in c ? c.acted as HandPlayer['acted'] : s.acted,
    actedAtRaise: 'actedAtRaise' in c ? c.actedAtRaise as HandPlayer['actedAtRaise'] : s.actedAtRaise,
    holeCards: 'holeCards' in c ? c.holeCards as HandPlayer['holeCards'] : s.holeCards,
    shown: 'shown' in c ? c.shown as HandPlayer['shown'] : s.shown,
    mucked: 'mucked' in c ? c.mucked as HandPlayer['mucked'] : s.mucked,
  };
}

export function roundWith(s: BettingRound, c: Partial<BettingRound>): BettingRound {
  return {
    street: 'street' in c ? c.street as BettingRound['street'] : s.street,
    currentBet: 'currentBet' in c ? c.currentBet as BettingRound['currentBet'] : s.currentBet,
    lastFullIncrement: 'lastFullIncrement' in c ? c.lastFullIncrement as BettingRound['lastFullIncrement'] : s.lastFullIncrement,
    lastFullLevel: 'lastFullLevel' in c ? c.lastFullLevel as BettingRound['lastFullLevel'] : s.lastFullLevel,
    fullRaises: 'fullRaises' in c ? c.fullRaises as BettingRound['fullRaises'] : s.fullRaises,
    capped: 'capped' in c ? c.capped as BettingRound['capped'] : s.capped,
    lastActor: 'lastActor' in c ? c.lastActor as BettingRound['lastActor'] : s.lastActor,
    anchor: 'anchor' in c ? c.anchor as BettingRound['anchor'] : s.anchor,
    lastAggressor: 'lastAggressor' in c ? c.lastAggressor as BettingRound['lastAggressor'] : s.lastAggressor,
  };
}

export function handWith(s: HandState, c: Partial<HandState>): HandState {
  return {
    handNumber: 'handNumber' in c ? c.handNumber as HandState['handNumber'] : s.handNumber,
    phase: 'phase' in c ? c.phase as HandState['phase'] : s.phase,
    button: 'button' in c ? c.button as HandState['button'] : s.button,
    smallBlindSeat: 'smallBlindSeat' in c ? c.smallBlindSeat as HandState['smallBlindSeat'] : s.smallBlindSeat,
    bigBlindSeat: 'bigBlindSeat' in c ? c.bigBlindSeat as HandState['bigBlindSeat'] : s.bigBlindSeat,
    players: 'players' in c ? c.players as HandState['players'] : s.players,
    forcedBetsDue: 'forcedBetsDue' in c ? c.forcedBetsDue as HandState['forcedBetsDue'] : s.forcedBetsDue,
    deck: 'deck' in c ? c.deck as HandState['deck'] : s.deck,
    deckPosition: 'deckPosition' in c ? c.deckPosition as HandState['deckPosition'] : s.deckPosition,
    board: 'board' in c ? c.board as HandState['board'] : s.board,
    round: 'round' in c ? c.round as HandState['round'] : s.round,
    straddles: 'straddles' in c ? c.straddles as HandState['straddles'] : s.straddles,
    killSeat: 'killSeat' in c ? c.killSeat as HandState['killSeat'] : s.killSeat,
    limitPercent: 'limitPercent' in c ? c.limitPercent as HandState['limitPercent'] : s.limitPercent,
    preflopOrder: 'preflopOrder' in c ? c.preflopOrder as HandState['preflopOrder'] : s.preflopOrder,
    rakeByPot: 'rakeByPot' in c ? c.rakeByPot as HandState['rakeByPot'] : s.rakeByPot,
    raked: 'raked' in c ? c.raked as HandState['raked'] : s.raked,
    chopped: 'chopped' in c ? c.chopped as HandState['chopped'] : s.chopped,
    riverAggressor: 'riverAggressor' in c ? c.riverAggressor as HandState['riverAggressor'] : s.riverAggressor,
    showdownOrder: 'showdownOrder' in c ? c.showdownOrder as HandState['showdownOrder'] : s.showdownOrder,
    potsAwarded: 'potsAwarded' in c ? c.potsAwarded as HandState['potsAwarded'] : s.potsAwarded,
    paidOut: 'paidOut' in c ? c.paidOut as HandState['paidOut'] : s.paidOut,
    missedBlinds: 'missedBlinds' in c ? c.missedBlinds as HandState['missedBlinds'] : s.missedBlinds,
    smallBlindPosition: 'smallBlindPosition' in c ? c.smallBlindPosition as HandState['smallBlindPosition'] : s.smallBlindPosition,
  };
}

export function tableWith(s: TableState, c: Partial<TableState>): TableState {
  return {
    status: 'status' in c ? c.status as TableState['status'] : s.status,
    tableId: 'tableId' in c ? c.tableId as TableState['tableId'] : s.tableId,
    rules: 'rules' in c ? c.rules as TableState['rules'] : s.rules,
    seats: 'seats' in c ? c.seats as TableState['seats'] : s.seats,
    initialButton: 'initialButton' in c ? c.initialButton as TableState['initialButton'] : s.initialButton,
    lastPositions: 'lastPositions' in c ? c.lastPositions as TableState['lastPositions'] : s.lastPositions,
    handsPlayed: 'handsPlayed' in c ? c.handsPlayed as TableState['handsPlayed'] : s.handsPlayed,
    hand: 'hand' in c ? c.hand as TableState['hand'] : s.hand,
    kill: 'kill' in c ? c.kill as TableState['kill'] : s.kill,
    rakeCollected: 'rakeCollected' in c ? c.rakeCollected as TableState['rakeCollected'] : s.rakeCollected,
  };
}
