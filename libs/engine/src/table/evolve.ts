import { isHandStartedV1, type ForcedBetDue, type HandStartedV1, type TableEvent } from './events';
import type { Card } from '../cards/card';
import type { HandPlayer, HandState, SeatState, TableState } from './state';
import {
  INITIAL_TABLE_STATE,
  tableWith,
  handWith,
  seatWith,
  cloneSeat,
  cloneTable,
  cloneHand,
  withTableSliceStart,
  withSeatSliceStart,
} from './state';
import { rulesVersion, type TableRules } from './rules';
import { newRound } from '../betting/round';
import { evolveHand, playerInHandOrThrow } from './evolve-hand';
import type { TableHooks } from './hooks';
import { correctedTable } from './corrections';
import { seatChanged } from './seat-change';

/**
 * evolve: what happened, applied to the state. Total and pure; it trusts the events (decide checked them) and
 * throws only on a corrupt stream (an event that cannot apply to this state), which is a bug, not a rule.
 * The core folds its part, then the house options fold theirs (their own events, and their part of the core's).
 */
export function evolve(h: TableHooks, state: TableState, event: TableEvent): TableState {
  const house = h.enabledEvolution(event.type, state.rules);
  let next: TableState;
  if (house !== undefined && house.owned) next = h.evolveHouse(state, event, house);
  else {
    const core = evolveCore(h, state, event);
    // The modules fold a core event under the rules it leads to: an event that brings rules (TableOpened,
    // RulesChanged) may switch on a module idle until then.
    const after = core.rules === state.rules ? house : h.enabledEvolution(event.type, core.rules);
    next = after === undefined ? core : h.evolveHouse(core, event, after);
  }
  return next.hand?.phase === 'forced-bets' ? withoutForcedBetsOfEmptiedSeats(next) : next;
}

/**
 * Rules version 3: a player whose last chip went into a forced bet (a blind, a straddle, a kill) owes no more of them,
 * so the hand goes on. TDA RP-11 takes a short big blind's chips for the blind first and leaves the ante what is
 * left, nothing here. Versions 1 and 2 waited for posts of nothing, and their logs record them.
 */
function withoutForcedBetsOfEmptiedSeats(state: TableState): TableState {
  const hand = state.hand!;
  // A loop (this runs on every forced-bets event): the list is copied only when a seat is emptied.
  const due = hand.forcedBetsDue;
  let any = false;
  for (let i = 0; i < due.length && !any; i++) any = emptied(hand, due[i]);
  if (!any || rulesVersion(state.rules!) < 3) return state;
  return tableWith(state, { hand: handWith(hand, { forcedBetsDue: due.filter((f) => !emptied(hand, f)) }) });
}

function emptied(hand: HandState, f: ForcedBetDue): boolean {
  return playerInHandOrThrow(hand, f.seat).stack === 0;
}

/** The core's part of folding an event, before the house options' (exported for the registry's spec). */
export function evolveCore(h: TableHooks, state: TableState, event: TableEvent): TableState {
  switch (event.type) {
    // A hand's events first, the most frequent first: a string switch tests its cases in order.
    case 'PlayerChecked':
    case 'PlayerCalled':
    case 'HandShown':
    case 'BoardDealt':
    case 'PlayerFolded':
    case 'BetPlaced':
    case 'RaisePlaced':
    case 'BlindPosted':
      return handEvolved(h, state, event);
    case 'TableOpened':
      return openedTable(event.tableId, event.rules);
    case 'TableClosed':
      return tableWith(state, { status: 'closed' });
    case 'RulesChanged': {
      const seats = Array.from({ length: event.rules.maxSeats }, (_, i) => state.seats[i] ?? null);
      return tableWith(state, { rules: event.rules, seats });
    }
    case 'PlayerSeated': {
      const seat = withSeatSliceStart({
        seat: event.seat,
        playerId: event.playerId,
        stack: event.buyIn,
        sittingOut: false,
        waitForBigBlind: !event.postToEnter,
        isNew: true,
      });
      return withSeat(state, event.seat, seat);
    }
    case 'PlayerLeft':
      return withSeat(state, event.seat, null);
    case 'PlayerSatOut':
      return updateSeat(state, event.seat, (s) => seatWith(s, { sittingOut: true }));
    case 'PlayerSatIn':
      return updateSeat(state, event.seat, (s) => seatWith(s, { sittingOut: false, waitForBigBlind: event.waitForBigBlind }));
    case 'ChipsAdded':
      return updateSeat(state, event.seat, (s) => seatWith(s, { stack: s.stack + event.amount }));
    case 'SeatChanged':
      return seatChanged(state, event);
    case 'ActionCorrected':
      return correctedTable(state, event);
    case 'ButtonDrawn':
    case 'ButtonPlaced': {
      const next = cloneTable(state);
      next.initialButton = event.type === 'ButtonDrawn' ? event.button : event.seat;
      return next;
    }
    case 'HandStarted':
      return startHand(h, state, event);
    case 'HandEnded':
      return endHand(state);
    case 'HandVoided':
      return voidHand(state, event);
    case 'DeckSealed': {
      const hand = currentHand(state);
      if (hand.handNumber !== event.handNumber || hand.deck.length > 0)
        throw new Error(`corrupt stream: DeckSealed for hand ${event.handNumber} out of place`);
      const sealed = cloneHand(hand);
      sealed.deck = event.deck;
      sealed.seal = { shuffle: event.shuffle, salt: event.salt };
      const next = cloneTable(state);
      next.hand = sealed;
      return next;
    }
    // The reveal changes nothing at the table: the hand is over and its deck was already known to the state.
    case 'DeckRevealed':
    case 'HoleCardsRevealed':
      return state;
    default:
      return handEvolved(h, state, event);
  }
}

/** The table with its hand's event folded (evolveHand keeps the hand before a betting action for a correction). */
function handEvolved(h: TableHooks, state: TableState, event: TableEvent): TableState {
  const hand = currentHand(state);
  const next = cloneTable(state);
  next.hand = evolveHand(h, state.rules as TableRules, hand, event);
  return next;
}

/** A literal, not a spread of INITIAL_TABLE_STATE: every PHH hand opens a table of its own. */
function openedTable(tableId: string, rules: TableRules): TableState {
  const seats: (SeatState | null)[] = new Array(rules.maxSeats);
  for (let i = 0; i < seats.length; i++) seats[i] = null;
  // Then the house options' table slices at their starting values.
  return withTableSliceStart({
    status: 'open',
    tableId,
    rules,
    seats,
    initialButton: INITIAL_TABLE_STATE.initialButton,
    lastPositions: INITIAL_TABLE_STATE.lastPositions,
    handsPlayed: INITIAL_TABLE_STATE.handsPlayed,
    hand: INITIAL_TABLE_STATE.hand,
  });
}

function currentHand(state: TableState): HandState {
  if (state.hand === null) throw new Error('corrupt stream: a hand event without a hand in progress');
  return state.hand;
}

function withSeat(state: TableState, seat: number, value: SeatState | null): TableState {
  const next = cloneTable(state);
  const seats = state.seats.slice();
  seats[seat - 1] = value;
  next.seats = seats;
  return next;
}

function updateSeat(state: TableState, seat: number, change: (s: SeatState) => SeatState): TableState {
  const current = state.seats[seat - 1];
  if (!current) throw new Error(`corrupt stream: seat ${seat} is empty`);
  return withSeat(state, seat, change(current));
}

function startHand(h: TableHooks, state: TableState, e: Extract<TableEvent, { type: 'HandStarted' }> | HandStartedV1): TableState {
  const players: HandPlayer[] = new Array(e.players.length);
  for (let i = 0; i < players.length; i++) {
    const p = e.players[i];
    players[i] = {
      seat: p.seat,
      playerId: p.playerId,
      stack: p.stack,
      live: 0,
      committed: 0,
      dead: 0,
      forced: 0,
      folded: false,
      allIn: false,
      acted: false,
      actedAtRaise: 0,
      holeCards: [],
      shown: false,
      mucked: false,
    };
  }
  // Dealing order is clockwise from the button's left; keep players sorted by seat for clockwise scans
  // (an insertion sort of at most ten: Array.prototype.sort allocated a copy for every hand).
  for (let i = 1; i < players.length; i++) {
    const p = players[i];
    let j = i - 1;
    while (j >= 0 && players[j].seat > p.seat) {
      players[j + 1] = players[j];
      j--;
    }
    players[j + 1] = p;
  }
  // Fields in cloneHand's order, so every hand record shares one hidden class and the engine's reads of them stay
  // monomorphic.
  const hand: HandState = {
    handNumber: e.handNumber,
    phase: 'forced-bets',
    button: e.button,
    smallBlindSeat: e.smallBlindSeat,
    bigBlindSeat: e.bigBlindSeat,
    players,
    forcedBetsDue: e.forcedBets,
    // A hand's deck arrives in the DeckSealed that follows; a log of schema version 1 held it in HandStarted.
    deck: isHandStartedV1(e) ? e.deck : NO_CARDS,
    seal: null,
    deckPosition: 0,
    board: [],
    round: newRound('preflop', e.bigBlindSeat),
    lastActor: null,
    // At the table's limits unless a house option raises them (its HandStarted handler, house-options/).
    limitPercent: 100,
    preflopOrder: [],
    riverAggressor: null,
    showdownOrder: [],
    potsAwarded: 0,
    paidOut: 0,
    smallBlindPosition: e.smallBlindSeat ?? smallBlindPositionOf(state, e),
    house: h.handSliceStart,
    lastAction: null,
  };
  const next = cloneTable(state);
  next.hand = hand;
  return next;
}

/** With a dead small blind the position is the previous big blind's seat (dead button); else the button's left. */
const NO_CARDS: readonly Card[] = Object.freeze([]);

function smallBlindPositionOf(state: TableState, e: Extract<TableEvent, { type: 'HandStarted' }> | HandStartedV1): number {
  if (state.lastPositions !== null && state.rules?.buttonMode === 'dead') return state.lastPositions.bigBlind;
  return e.button;
}

function endHand(state: TableState): TableState {
  const hand = currentHand(state);
  const seats = state.seats.slice();
  const players = hand.players;
  for (let i = 0; i < players.length; i++) {
    const p = players[i];
    const seat = seats[p.seat - 1];
    if (seat && seat.playerId === p.playerId) {
      const after = cloneSeat(seat);
      after.stack = p.stack;
      after.isNew = false;
      after.waitForBigBlind = false;
      seats[p.seat - 1] = after;
    }
  }
  const ended = cloneHand(hand);
  ended.phase = 'complete';
  ended.lastAction = null;
  const next = cloneTable(state);
  next.seats = seats;
  next.hand = ended;
  next.handsPlayed = state.handsPlayed + 1;
  next.initialButton = null;
  next.lastPositions = { button: hand.button, smallBlind: hand.smallBlindPosition, bigBlind: hand.bigBlindSeat };
  return next;
}

function voidHand(state: TableState, e: Extract<TableEvent, { type: 'HandVoided' }>): TableState {
  const hand = currentHand(state);
  const seats = state.seats.slice();
  const refunds = new Map(e.refunds.map((r) => [r.seat, r.amount]));
  for (const p of hand.players) {
    const seat = seats[p.seat - 1];
    if (seat && seat.playerId === p.playerId) seats[p.seat - 1] = seatWith(seat, { stack: p.stack + (refunds.get(p.seat) ?? 0) });
  }
  // A misdeal is redealt with the same button: positions stay as they were.
  return tableWith(state, { seats, hand: handWith(hand, { phase: 'complete', lastAction: null }), handsPlayed: state.handsPlayed + 1 });
}
