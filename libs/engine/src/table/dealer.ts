import type { TableEvent, Street } from './events';
import { rulesVersion } from './rules';
import { playerInHand, type HandPlayer, type HandState, type TableState } from './state';
import { evolve } from './evolve';
import { holeCardsFromDeck } from './deck';
import { playerToAct, indexAfter, NEXT_STREET, BOARD_CARDS } from '../betting/round';
import type { Card } from '../cards/card';
import { uncalledBet } from '../betting/pots';
import { awardPots, showdownOrder, type PotAward } from '../betting/showdown';
import { isLiveCards, liveBoardLeft, readerRecordStands } from './live-cards';
import type { TableHooks } from './hooks';
import { NOTHING, type Result } from './decided';

/**
 * The dealer: what happens next without being asked (deal, return an uncalled bet, start the showdown, award the
 * pots), derived from the state the recorded events lead to.
 */

/**
 * Appends what the dealer does next without being asked, as long as the state calls for it. `events` is the
 * caller's fresh array: the follow-ups are pushed onto it.
 */
export function withFollowUps(h: TableHooks, state: TableState, events: TableEvent[]): Result {
  let s = state;
  for (let i = 0; i < events.length; i++) s = evolve(h, s, events[i]);
  for (let guard = 0; guard < 64; guard++) {
    const next = automaticEvent(h, s);
    if (next === null) return { ok: true, events, state: s };
    if (isEventList(next)) {
      for (const e of next) {
        events.push(e);
        s = evolve(h, s, e);
      }
    } else {
      events.push(next);
      s = evolve(h, s, next);
    }
  }
  throw new Error('bug: the dealer did not settle after 64 automatic events');
}

function isEventList(next: TableEvent | readonly TableEvent[]): next is readonly TableEvent[] {
  return Array.isArray(next);
}

/** What the dealer does next without being asked (nothing when the hand waits for a command). */
export function automaticEvents(h: TableHooks, state: TableState): readonly TableEvent[] {
  const next = automaticEvent(h, state);
  return next === null ? NOTHING : isEventList(next) ? next : [next];
}

function automaticEvent(h: TableHooks, state: TableState): TableEvent | readonly TableEvent[] | null {
  const hand = state.hand;
  if (hand === null || hand.phase === 'complete') return null;
  switch (hand.phase) {
    case 'forced-bets': {
      if (hand.forcedBetsDue.length > 0 || h.dealerDeals(state.rules!)) return null;
      return holeCardsDealt(h, state, hand);
    }
    case 'betting': {
      // Who is still in, and who can still bet, counted once for the questions below.
      const players = hand.players;
      let contenders = 0;
      let active = 0;
      for (let i = 0; i < players.length; i++) {
        const p = players[i];
        if (p.folded) continue;
        contenders++;
        if (!p.allIn) active++;
      }
      if (contenders === 1) return settle(h, state, hand);
      if (playerToAct(hand, active) !== null) return null;
      const uncalled = uncalledBet(hand.players);
      if (uncalled) return { type: 'UncalledBetReturned', seat: uncalled.seat, amount: uncalled.amount };
      const street = NEXT_STREET[hand.round.street];
      if (street === null) return { type: 'ShowdownStarted', order: showdownOrder(hand) };
      // Rules version 2: once a player is all-in and nobody can bet any more, the hands are tabled before the rest
      // of the board is dealt (TDA 16); version 1 dealt the board first.
      if (rulesVersion(state.rules!) >= 2 && active <= 1) return { type: 'ShowdownStarted', order: showdownOrder(hand) };
      // Live cards: the dealer enters the street as it is dealt (DealBoard).
      if (isLiveCards(state.rules)) return null;
      // Nobody can bet any more (rules version 1 deals the rest of the board before the showdown): a house option
      // may run it its own way.
      if (active <= 1) {
        const runout = h.houseRunout(state, hand);
        if (runout !== null)
          return runout.kind === 'events'
            ? runout.events
            : runout.kind === 'wait'
              ? null
              : { type: 'ShowdownStarted', order: showdownOrder(hand) };
      }
      return nextBoard(hand, street);
    }
    case 'showdown': {
      // The first undecided contender whose cards are known: always the first one when dealt from a deck; on a
      // live table, the first whose reader's record stands (the others are tabled by the dealer's entry).
      const live = isLiveCards(state.rules);
      let firstKnown = -1;
      let undecided = 0;
      for (const seat of hand.showdownOrder) {
        const p = playerInHand(hand, seat)!;
        if (!isUndecided(p)) continue;
        if (firstKnown === -1 && (live ? readerRecordStands(hand, p) : p.holeCards.length > 0)) firstKnown = seat;
        undecided++;
      }
      let someoneShown = false;
      let someoneAllIn = false;
      for (const p of hand.players) {
        if (p.folded) continue;
        if (p.shown && !p.mucked) someoneShown = true;
        if (p.allIn) someoneAllIn = true;
      }
      // All-in showdowns are tabled at once (TDA 16).
      if (undecided > 0 && someoneAllIn && firstKnown !== -1)
        return { type: 'HandShown', seat: firstKnown, cards: playerInHand(hand, firstKnown)!.holeCards };
      // Tabled before the runout (rules version 2): the rest of the board now, then the award. On a live table the
      // dealer enters it (DealBoard, once every hand is tabled: liveBoardLeft), unless nobody is left to contest the pot.
      if (live) {
        if (liveBoardLeft(h, state, hand) && !(undecided === 1 && !someoneShown)) return null;
      } else {
        const street = NEXT_STREET[hand.round.street];
        if (street !== null) {
          // Betting is over for good: a house option may stop the board (a chop), wait for a command, or deal it.
          const runout = h.houseRunout(state, hand);
          if (runout === null) return nextBoard(hand, street);
          if (runout.kind === 'wait') return null;
          if (runout.kind === 'events') return runout.events;
        }
      }
      if (undecided === 0 || (undecided === 1 && !someoneShown)) return settle(h, state, hand);
      return null;
    }
  }
}

const NO_EVENTS: readonly TableEvent[] = Object.freeze([]);

/** The next street's board cards, after a burn. */
function nextBoard(hand: HandState, street: Exclude<Street, 'preflop'>): TableEvent {
  const start = hand.deckPosition + 1; // burn one
  return { type: 'BoardDealt', street, cards: hand.deck.slice(start, start + BOARD_CARDS[street]) };
}

/**
 * The end of a hand: the uncalled bet back, what the house options take first (the rake), then each pot awarded
 * (side pots first), the house options' hand-end events (the kill button) and the hand ended, in one step since
 * they follow from the same awards. The modules shape each step through their `settle` (house-options/rule-module.ts
 * Settlement).
 */
function settle(h: TableHooks, state: TableState, hand: HandState): TableEvent | TableEvent[] {
  const uncalled = uncalledBet(hand.players);
  if (uncalled && hand.potsAwarded === 0) return { type: 'UncalledBetReturned', seat: uncalled.seat, amount: uncalled.amount };
  if (hand.potsAwarded === 0) {
    const taken = h.settle(state, hand, { step: 'take', events: NO_EVENTS }).events;
    // One at a time: the first is recorded and the step asked again, so each module sees the earlier ones folded.
    if (taken.length > 0) return taken[0];
  }
  const held = h.heldFromPots(state, hand);
  const { awards } = h.settle(state, hand, { step: 'award', awards: awardPots(hand, held), held });
  const events: TableEvent[] = [];
  for (let i = 0; i < awards.length; i++) {
    const a = awards[i];
    events.push({ type: 'PotAwarded', pot: a.pot, amount: a.amount, eligible: a.eligible, winners: a.winners });
  }
  const awarded = events.length;
  for (const e of h.settle(state, hand, { step: 'after', awards, events: NO_EVENTS }).events) events.push(e);
  // A module's events after the awards may move chips (a bounty): then the stacks are those its events lead to.
  let after: HandState | null = null;
  if (events.length > awarded) {
    let s = state;
    for (const e of events) s = evolve(h, s, e);
    after = s.hand!;
  }
  const stacks: { seat: number; stack: number }[] = new Array(hand.players.length);
  for (let i = 0; i < stacks.length; i++) {
    const p = hand.players[i];
    stacks[i] = { seat: p.seat, stack: after === null ? p.stack + wonBy(awards, p.seat) : after.players[i].stack };
  }
  events.push({ type: 'HandEnded', handNumber: hand.handNumber, stacks });
  return withReveal(hand, events);
}

/** The chips the awards give a seat (a few pots and winners: loops, where a Map cost more than the sums). */
function wonBy(awards: readonly PotAward[], seat: number): number {
  let sum = 0;
  for (let i = 0; i < awards.length; i++) {
    const winners = awards[i].winners;
    for (let j = 0; j < winners.length; j++) if (winners[j].seat === seat) sum += winners[j].amount;
  }
  return sum;
}

/** The hand's end, then its sealed deck revealed (hands of old logs had no seal: their deck was in HandStarted). */
export function withReveal(hand: HandState, events: TableEvent[]): TableEvent[] {
  if (hand.seal !== null)
    events.push({ type: 'DeckRevealed', handNumber: hand.handNumber, deck: hand.deck, shuffle: hand.seal.shuffle, salt: hand.seal.salt });
  return events;
}

export function holeCardsDealt(h: TableHooks, state: TableState, hand: HandState): TableEvent {
  const players = hand.players;
  const n = players.length;
  const start = indexAfter(players, hand.button);
  // Live cards go out face down from a shoe nobody reads: unknown until a reader reports or a player shows.
  const cards = isLiveCards(state.rules) ? null : holeCardsFromDeck(hand.deck, n);
  const hands: { seat: number; cards: Card[] | null }[] = new Array(n);
  for (let i = 0; i < n; i++) hands[i] = { seat: players[(start + i) % n].seat, cards: cards === null ? null : cards[i] };
  return { type: 'HoleCardsDealt', hands };
}

/** Contenders that still have to table or muck, in showdown order. */
export function undecidedAtShowdown(hand: HandState): number[] {
  const undecided: number[] = [];
  for (const seat of hand.showdownOrder) if (isUndecided(playerInHand(hand, seat)!)) undecided.push(seat);
  return undecided;
}

function isUndecided(p: HandPlayer): boolean {
  return !p.shown && !p.mucked && !p.folded;
}
