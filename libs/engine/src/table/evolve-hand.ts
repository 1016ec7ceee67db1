import type { BettingActionEvent, ForcedBetDue, TableEvent } from './events';
import type { Card } from '../cards/card';
import type { HandPlayer, HandState } from './state';
import { playerWith, cloneHand, clonePlayer, cloneRound } from './state';
import type { TableRules } from './rules';
import { newRound, preflopActionOrder } from '../betting/round';
import { afterHoleCards } from './deck';
import { streetBetUnit, cappingPlayers } from '../betting/limits';
import type { TableHooks } from './hooks';

/**
 * evolve's part for a hand's own events (table/evolve.ts folds the table's and hands the hand's here): the hand
 * record after the event, copied once with its changed players and round.
 */

const NO_CARDS: readonly Card[] = Object.freeze([]);

function mapPlayer(hand: HandState, seat: number, change: (p: HandPlayer) => HandPlayer): HandPlayer[] {
  const players = hand.players.slice();
  const i = players.findIndex((p) => p.seat === seat);
  if (i < 0) throw new Error(`corrupt stream: seat ${seat} is not in the hand`);
  players[i] = change(players[i]);
  return players;
}

export function evolveHand(h: TableHooks, rules: TableRules, hand: HandState, e: TableEvent): HandState {
  switch (e.type) {
    // The betting actions first: a string switch tests its cases in order, and they are most events.
    case 'PlayerFolded':
      return acted(hand, e, hand.round, true, -1, false);
    case 'PlayerChecked':
      return acted(hand, e, hand.round, false, -1, false);
    case 'PlayerCalled':
      return acted(hand, e, hand.round, false, playerInHandOrThrow(hand, e.seat).live + e.amount, e.allIn);
    case 'BlindPosted': {
      const forcedBetsDue: ForcedBetDue[] = [];
      let removed = false;
      for (const f of hand.forcedBetsDue) {
        if (!removed && f.seat === e.seat && f.kind === e.kind) removed = true;
        else forcedBetsDue.push(f);
      }
      const players = hand.players.slice();
      const i = playerIndex(hand, e.seat);
      const poster = clonePlayer(players[i]);
      poster.stack -= e.amount;
      poster.committed += e.amount;
      poster.forced += e.amount;
      if (e.live) poster.live += e.amount;
      else poster.dead += e.amount;
      poster.allIn = e.allIn || poster.stack === 0;
      players[i] = poster;
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
      next.lastActor = null;
      next.deckPosition = afterHoleCards(players.length);
      next.preflopOrder = preflopActionOrder(seatsOf(hand.players), setup.anchor, setup.last);
      return next;
    }
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
      return acted(hand, e, round, false, to, e.allIn);
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
      next.board = appended(hand.board, e.cards);
      next.players = players;
      // One burn card before each street.
      next.deckPosition = hand.deckPosition + 1 + e.cards.length;
      next.riverAggressor = null;
      next.round = newRound(e.street, hand.button, 0, streetBetUnit(rules, e.street, hand.limitPercent));
      next.lastActor = null;
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
      const players = hand.players.slice();
      const i = playerIndex(hand, e.seat);
      const player = clonePlayer(players[i]);
      if (e.type === 'HandShown') {
        player.shown = true;
        // What is tabled is the hand: live cards are known from then on, and a dealer's entry that contradicts a
        // reader's record is the truth the showdown is decided on (the record is set aside).
        player.holeCards = e.cards;
      } else player.mucked = true;
      players[i] = player;
      const next = cloneHand(hand);
      next.players = players;
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

/** The board with a street's cards added: a loop, where Array.prototype.concat took a generic path for a few cards. */
function appended(board: readonly Card[], cards: readonly Card[]): Card[] {
  const next: Card[] = board.slice();
  for (let i = 0; i < cards.length; i++) next.push(cards[i]);
  return next;
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
 * at the round's raise count (`round`: the hand's own, or a bet's or raise's copy); the hand records it as the last
 * actor and keeps the hand before it, what a floor correction goes back to (table/corrections.ts). One copy of each
 * changed record on this hot path; the checkpoint is set here, where the action is known, rather than by asking
 * every hand event's type again.
 */
function acted(
  hand: HandState,
  action: BettingActionEvent,
  round: HandState['round'],
  folded: boolean,
  chipsTo: number,
  allIn: boolean,
): HandState {
  const seat = action.seat;
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
    const next = cloneHand(hand);
    next.players = players;
    next.round = round;
    next.lastActor = seat;
    next.lastAction = { action, before: hand };
    return next;
  }
  throw new Error(`corrupt stream: seat ${seat} is not in the hand`);
}

function playerIndex(hand: HandState, seat: number): number {
  const players = hand.players;
  for (let i = 0; i < players.length; i++) if (players[i].seat === seat) return i;
  throw new Error(`corrupt stream: seat ${seat} is not in the hand`);
}

export function playerInHandOrThrow(hand: HandState, seat: number): HandPlayer {
  for (const p of hand.players) if (p.seat === seat) return p;
  throw new Error(`corrupt stream: seat ${seat} is not in the hand`);
}
