import { isHandStartedV1, type ForcedBetDue, type HandStartedV1, type TableEvent } from './events';
import type { Card } from '../cards/card';
import type { HandPlayer, HandState, SeatState, TableState } from './state';
import {
  INITIAL_TABLE_STATE,
  tableWith,
  handWith,
  playerWith,
  seatWith,
  cloneSeat,
  cloneTable,
  cloneHand,
  clonePlayer,
  cloneRound,
  withTableSliceStart,
  withSeatSliceStart,
} from './state';
import { rulesVersion, type TableRules } from './rules';
import { newRound, preflopActionOrder } from '../betting/round';
import { afterHoleCards } from './deck';
import { streetBetUnit, cappingPlayers } from '../betting/limits';
import type { TableHooks } from './hooks';
import { correctedTable, withCheckpoint } from './corrections';
import { seatChanged } from './seat-change';

/**
 * evolve: what happened, applied to the state. Total and pure; it trusts the events (decide checked them) and
 * throws only on a corrupt stream (an event that cannot apply to this state), which is a bug, not a rule.
 * The core folds its part, then the house options fold theirs (their own events, and their part of the core's).
 */
export function evolve(h: TableHooks, state: TableState, event: TableEvent): TableState {
  const house = h.houseEvolution(event.type);
  const next =
    house === undefined ? evolveCore(h, state, event) : h.evolveHouse(house.owned ? state : evolveCore(h, state, event), event, house);
  return next.hand?.phase === 'forced-bets' ? withoutForcedBetsOfEmptiedSeats(next) : next;
}

/**
 * Rules version 3: a player whose last chip went into a forced bet (a blind, a straddle, a kill) owes no more of them,
 * so the hand goes on. TDA RP-11 takes a short big blind's chips for the blind first and leaves the ante what is
 * left, nothing here. Versions 1 and 2 waited for posts of nothing, and their logs record them.
 */
function withoutForcedBetsOfEmptiedSeats(state: TableState): TableState {
  const hand = state.hand!;
  const emptied = (f: ForcedBetDue) => playerInHandOrThrow(hand, f.seat).stack === 0;
  if (!hand.forcedBetsDue.some(emptied) || rulesVersion(state.rules!) < 3) return state;
  return tableWith(state, { hand: handWith(hand, { forcedBetsDue: hand.forcedBetsDue.filter((f) => !emptied(f)) }) });
}

/** The core's part of folding an event, before the house options' (exported for the registry's spec). */
export function evolveCore(h: TableHooks, state: TableState, event: TableEvent): TableState {
  switch (event.type) {
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
    default: {
      const next = cloneTable(state);
      next.hand = withCheckpoint(currentHand(state), event, evolveHand(h, state.rules as TableRules, currentHand(state), event));
      return next;
    }
  }
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

function mapPlayer(hand: HandState, seat: number, change: (p: HandPlayer) => HandPlayer): HandPlayer[] {
  const players = hand.players.slice();
  const i = players.findIndex((p) => p.seat === seat);
  if (i < 0) throw new Error(`corrupt stream: seat ${seat} is not in the hand`);
  players[i] = change(players[i]);
  return players;
}

function evolveHand(h: TableHooks, rules: TableRules, hand: HandState, e: TableEvent): HandState {
  switch (e.type) {
    case 'BlindPosted': {
      const forcedBetsDue: ForcedBetDue[] = [];
      let removed = false;
      for (const f of hand.forcedBetsDue) {
        if (!removed && f.seat === e.seat && f.kind === e.kind) removed = true;
        else forcedBetsDue.push(f);
      }
      const players = mapPlayer(hand, e.seat, (p) => {
        const next = clonePlayer(p);
        next.stack -= e.amount;
        next.committed += e.amount;
        next.forced += e.amount;
        if (e.live) next.live += e.amount;
        else next.dead += e.amount;
        next.allIn = e.allIn || next.stack === 0;
        return next;
      });
      const next = cloneHand(hand);
      next.forcedBetsDue = forcedBetsDue;
      next.players = players;
      return next;
    }
    case 'HoleCardsDealt': {
      const players: HandPlayer[] = new Array(hand.players.length);
      let maxLive = 0;
      for (let i = 0; i < players.length; i++) {
        const next = clonePlayer(hand.players[i]);
        next.holeCards = holeCardsOf(e.hands, next.seat);
        players[i] = next;
        if (next.live > maxLive) maxLive = next.live;
      }
      // The bring-in stays the full big blind even when the big blind was posted short (RRoP casino §3 #1); the big
      // blind is the opening bet. The house options may change the raise basis and the raises counted, move the
      // start of the action and move seats last, or skip the preflop betting (table/hooks.ts).
      const bringIn = Math.max(rules.bigBlind, maxLive);
      const setup = h.preflopSetup(hand, rules, { currentBet: bringIn, lastFullIncrement: bringIn, lastFullLevel: bringIn, fullRaises: 1 });
      const r = setup.round;
      const next = cloneHand(hand);
      // No preflop betting (a house option says so): everyone counts as having acted and the bet to match is what is
      // live already, so nobody owes an action and the dealer deals the flop next.
      if (setup.skipBetting) for (let i = 0; i < players.length; i++) players[i] = playerWith(players[i], { acted: true });
      next.players = players;
      next.phase = 'betting';
      next.round = newRound(
        'preflop',
        hand.bigBlindSeat,
        setup.skipBetting ? maxLive : r.currentBet,
        r.lastFullIncrement,
        r.lastFullLevel,
        r.fullRaises,
      );
      next.deckPosition = afterHoleCards(players.length);
      next.preflopOrder = preflopActionOrder(seatsOf(hand.players), setup.anchor, setup.last);
      return next;
    }
    case 'PlayerFolded':
      return acted(hand, e.seat, hand.round, true, -1, false);
    case 'PlayerChecked':
      return acted(hand, e.seat, hand.round, false, -1, false);
    case 'PlayerCalled':
      return acted(hand, e.seat, hand.round, false, playerInHandOrThrow(hand, e.seat).live + e.amount, e.allIn);
    case 'BetPlaced':
    case 'RaisePlaced': {
      const to = e.type === 'BetPlaced' ? e.amount : e.to;
      const r = hand.round;
      const full = e.full;
      const fullRaises = full ? r.fullRaises + 1 : r.fullRaises;
      const s = rules.structure;
      const round = cloneRound(r);
      round.currentBet = Math.max(r.currentBet, to);
      // A full bet or raise sets the increment the next raise must match (TDA 43-A); a short all-in does not.
      if (full && s.kind !== 'fixed-limit') round.lastFullIncrement = Math.max(to - r.currentBet, r.currentBet === 0 ? to : 0);
      if (full) round.lastFullLevel = to;
      round.fullRaises = fullRaises;
      // Capped for good when reached with three or more players the cap counts (the raiser's all-in included).
      round.capped =
        r.capped || (s.kind === 'fixed-limit' && full && fullRaises >= s.maxBetsPerRound && cappingAfter(rules, hand, e.seat, e.allIn) > 2);
      round.lastAggressor = e.seat;
      return acted(hand, e.seat, round, false, to, e.allIn);
    }
    case 'UncalledBetReturned': {
      const players = mapPlayer(hand, e.seat, (p) => {
        const back = clonePlayer(p);
        back.stack += e.amount;
        back.live -= e.amount;
        back.committed -= e.amount;
        return back;
      });
      // The bet to match is now what was called: a bettor with chips left does not owe an action on their own returned bet.
      let called = 0;
      for (const p of players) called = Math.max(called, p.live);
      const round = cloneRound(hand.round);
      round.currentBet = Math.min(hand.round.currentBet, called);
      const next = cloneHand(hand);
      next.players = players;
      next.round = round;
      return next;
    }
    case 'BoardDealt': {
      const players: HandPlayer[] = new Array(hand.players.length);
      for (let i = 0; i < players.length; i++) {
        const p = clonePlayer(hand.players[i]);
        p.live = 0;
        p.acted = false;
        p.actedAtRaise = 0;
        players[i] = p;
      }
      const next = cloneHand(hand);
      next.board = hand.board.concat(e.cards);
      next.players = players;
      // One burn card before each street.
      next.deckPosition = hand.deckPosition + 1 + e.cards.length;
      next.riverAggressor = null;
      next.round = newRound(e.street, hand.button, 0, streetBetUnit(rules, e.street, hand.limitPercent));
      return next;
    }
    case 'ShowdownStarted': {
      const next = cloneHand(hand);
      next.phase = 'showdown';
      next.riverAggressor = hand.round.lastAggressor;
      next.showdownOrder = e.order;
      return next;
    }
    case 'HandShown':
    case 'HandMucked': {
      const next = cloneHand(hand);
      next.players = mapPlayer(hand, e.seat, (p) => {
        const player = clonePlayer(p);
        if (e.type === 'HandShown') {
          player.shown = true;
          // What is tabled is the hand: live cards are known from then on, and a dealer's entry that contradicts a
          // reader's record is the truth the showdown is decided on (the record is set aside).
          player.holeCards = e.cards;
        } else player.mucked = true;
        return player;
      });
      return next;
    }
    case 'HoleCardsReported': {
      const next = cloneHand(hand);
      // Stored sealed, the cards are null to a reader without the hand's key (the worker's public fold): none known.
      next.players = mapPlayer(hand, e.seat, (p) => playerWith(p, { holeCards: (e.cards as readonly Card[] | null) ?? NO_CARDS }));
      return next;
    }
    case 'PotAwarded': {
      const players = hand.players.slice();
      for (const w of e.winners) {
        const i = players.findIndex((p) => p.seat === w.seat);
        if (i < 0) throw new Error(`corrupt stream: seat ${w.seat} is not in the hand`);
        const player = clonePlayer(players[i]);
        player.stack += w.amount;
        players[i] = player;
      }
      const next = cloneHand(hand);
      next.players = players;
      next.potsAwarded = hand.potsAwarded + 1;
      next.paidOut = hand.paidOut + e.amount;
      return next;
    }
    default:
      throw new Error(`corrupt stream: ${e.type} does not apply to a hand`);
  }
}

/** cappingPlayers once the bettor's own all-in (if this bet is one) is counted. */
function cappingAfter(rules: TableRules, hand: HandState, seat: number, allIn: boolean): number {
  if (!allIn) return cappingPlayers(rules, hand.players);
  return cappingPlayers(
    rules,
    hand.players.map((p) => (p.seat === seat ? playerWith(p, { allIn: true }) : p)),
  );
}

/** A seat's dealt cards; none where they are unknown (live cards) or the seat was not dealt. */
function holeCardsOf(hands: readonly { readonly seat: number; readonly cards: readonly Card[] | null }[], seat: number): readonly Card[] {
  for (const h of hands) if (h.seat === seat) return h.cards ?? NO_CARDS;
  return NO_CARDS;
}

/** The seats of the hand's players, in seat order. */
function seatsOf(players: readonly HandPlayer[]): number[] {
  const seats: number[] = new Array(players.length);
  for (let i = 0; i < players.length; i++) seats[i] = players[i].seat;
  return seats;
}

/**
 * The seat acted: it folded, or put chips in up to `chipsTo` this street (-1: none), and is marked as having acted
 * at the round's raise count; the round records it as the last actor. One copy of each record on this hot path.
 */
function acted(hand: HandState, seat: number, round: HandState['round'], folded: boolean, chipsTo: number, allIn: boolean): HandState {
  const players = hand.players.slice();
  for (let i = 0; i < players.length; i++) {
    if (players[i].seat !== seat) continue;
    const p = clonePlayer(players[i]);
    if (folded) p.folded = true;
    if (chipsTo >= 0) {
      const added = chipsTo - p.live;
      p.stack -= added;
      p.live = chipsTo;
      p.committed += added;
      p.allIn = allIn || p.stack === 0;
    }
    p.acted = true;
    p.actedAtRaise = round.fullRaises;
    players[i] = p;
    const nextRound = cloneRound(round);
    nextRound.lastActor = seat;
    const next = cloneHand(hand);
    next.players = players;
    next.round = nextRound;
    return next;
  }
  throw new Error(`corrupt stream: seat ${seat} is not in the hand`);
}

function playerInHandOrThrow(hand: HandState, seat: number): HandPlayer {
  for (const p of hand.players) if (p.seat === seat) return p;
  throw new Error(`corrupt stream: seat ${seat} is not in the hand`);
}
