import { rulesVersion, type BettingStructure, type TableRules } from '../table/rules';
import type { HandPlayer, HandState } from '../table/state';
import type { Street } from '../table/events';
import type { RejectionCode } from '../table/rejections';
import { totalCommitted } from './pots';

/**
 * Betting limits per structure (docs/rules.md section 1). One function answers "what may this player do now",
 * and both `decide` and `legalActions` use it, so a console never offers what the engine would refuse.
 */
export interface BettingOptions {
  readonly seat: number;
  /** Chips the player must add to call (already reduced to an all-in when short). */
  readonly toCall: number;
  readonly canCheck: boolean;
  /** Amounts for an opening bet, or why none is possible. */
  readonly bet: Bounds | Blocked;
  /** Totals ("raise to") for a raise, or why none is possible. */
  readonly raise: Bounds | Blocked;
}

export interface Bounds {
  readonly min: number;
  readonly max: number;
}
export interface Blocked {
  readonly blocked: RejectionCode;
  readonly why: string;
}

export function isBounds(b: Bounds | Blocked): b is Bounds {
  return (b as Bounds).min !== undefined;
}

/** Limits scaled by a kill (percent of the table's limits), rounded down to whole chips. */
function scaled(amount: number, limitPercent: number): number {
  return limitPercent === 100 ? amount : Math.floor((amount * limitPercent) / 100);
}

/** The size of a full bet on this street in a limit game; the minimum bet in big-bet games. */
export function streetBetUnit(rules: TableRules, street: Street, limitPercent = 100): number {
  const s = rules.structure;
  const late = street === 'turn' || street === 'river';
  switch (s.kind) {
    case 'fixed-limit':
      return scaled(late ? s.bigBet : s.smallBet, limitPercent);
    case 'spread-limit':
      return scaled(s.min, limitPercent);
    case 'no-limit':
      return s.minimumBet === 'lower-then-upper' && late ? rules.bigBlind * 2 : rules.bigBlind;
    case 'pot-limit':
      return rules.bigBlind;
  }
}

function spreadMax(s: Extract<BettingStructure, { kind: 'spread-limit' }>, street: Street, limitPercent: number): number {
  return scaled(street === 'river' && s.riverMax !== undefined ? s.riverMax : s.max, limitPercent);
}

/**
 * The pot as counted for a pot-limit bet. Preflop it assumes full blinds were posted (TDA 54-B), so a dead or
 * short small blind does not shrink the maximum.
 */
export function potLimitCount(rules: TableRules, hand: HandState): number {
  let pot = totalCommitted(hand.players);
  if (hand.round.street === 'preflop') {
    const sb = hand.smallBlindSeat === null ? undefined : hand.players.find((p) => p.seat === hand.smallBlindSeat);
    const sbPosted = sb ? Math.min(sb.committed - sb.dead, rules.smallBlind) : 0;
    pot += Math.max(0, rules.smallBlind - sbPosted);
    const bb = hand.players.find((p) => p.seat === hand.bigBlindSeat);
    const bbPosted = bb ? bb.committed - bb.dead : 0;
    pot += Math.max(0, rules.bigBlind - bbPosted);
  }
  return pot;
}

/** Raising is closed to a player who already acted unless a full bet or raise has come since (TDA 47; RRoP B&R #5). */
export function bettingReopenedFor(rules: TableRules, hand: HandState, player: HandPlayer): boolean {
  if (!player.acted) return true;
  const round = hand.round;
  if (player.actedAtRaise < round.fullRaises) return true;
  // Big-bet games: several short all-ins that add up to a full raise reopen the betting (TDA 47-A).
  return rules.structure.kind !== 'fixed-limit' && round.currentBet - player.live >= round.lastFullIncrement;
}

function raisesCapped(rules: TableRules, hand: HandState): boolean {
  const s = rules.structure;
  const round = hand.round;
  if (s.kind === 'fixed-limit') {
    if (round.capped) return true;
    if (round.fullRaises < s.maxBetsPerRound) return false;
    return !(s.headsUpUncapped && cappingPlayers(rules, hand.players) <= 2);
  }
  if (s.kind === 'spread-limit' && s.maxRaises !== undefined) return round.fullRaises - 1 >= s.maxRaises;
  return false;
}

/**
 * The players the fixed-limit cap counts: those still in the hand, and from rules version 2 only those who are not
 * all-in, since the cap holds "in pots with three or more players who are not all-in" (RRoP Betting & Raising #3).
 * With two or fewer the table's heads-up policy applies (headsUpUncapped).
 */
export function cappingPlayers(rules: TableRules, players: readonly HandPlayer[]): number {
  const countAllIn = rulesVersion(rules) < 2;
  let n = 0;
  for (const p of players) if (!p.folded && (countAllIn || !p.allIn)) n++;
  return n;
}

// Why a bet or raise is not possible: shared records, since decide asks for every betting action.
const BET_AFTER_BET: Blocked = Object.freeze({ blocked: 'BET_NOT_ALLOWED', why: 'there is already a bet this round; raise instead' });
const BET_UNANSWERABLE: Blocked = Object.freeze({ blocked: 'BET_NOT_ALLOWED', why: 'no other player in the hand can act on a bet' });
const BET_NO_CHIPS: Blocked = Object.freeze({ blocked: 'INSUFFICIENT_CHIPS', why: 'the player has no chips behind' });
const RAISE_WITHOUT_BET: Blocked = Object.freeze({ blocked: 'RAISE_NOT_ALLOWED', why: 'there is no bet to raise this round; bet instead' });
const RAISE_ONLY_CALL: Blocked = Object.freeze({ blocked: 'INSUFFICIENT_CHIPS', why: 'the player has only enough chips to call' });
const RAISE_UNANSWERABLE: Blocked = Object.freeze({ blocked: 'RAISE_NOT_ALLOWED', why: 'no other player in the hand can act on a raise' });
const RAISE_NOT_REOPENED: Blocked = Object.freeze({
  blocked: 'BETTING_NOT_REOPENED',
  why: 'the all-in was less than a full raise, so the betting is not reopened for this player',
});
const RAISE_CAPPED: Blocked = Object.freeze({ blocked: 'BETTING_CAPPED', why: 'the betting is capped this round' });

/** Chips the player must add to call (reduced to an all-in when short): bettingOptions' toCall. */
export function callAmount(hand: HandState, player: HandPlayer): number {
  return Math.min(Math.max(0, hand.round.currentBet - player.live), player.stack);
}

/** Whether the player may check: bettingOptions' canCheck (decide's Check and Call ask only this much). */
export function mayCheck(hand: HandState, player: HandPlayer): boolean {
  return player.live >= hand.round.currentBet;
}

export function bettingOptions(rules: TableRules, hand: HandState, player: HandPlayer): BettingOptions {
  const round = hand.round;
  const allInTo = player.live + player.stack;
  const toCall = callAmount(hand, player);
  const canCheck = mayCheck(hand, player);
  let othersCanRespond = false;
  for (const p of hand.players) if (p.seat !== player.seat && !p.folded && !p.allIn) othersCanRespond = true;
  const unit = streetBetUnit(rules, round.street, hand.limitPercent);
  const s = rules.structure;

  let bet: Bounds | Blocked;
  if (round.currentBet > 0) bet = BET_AFTER_BET;
  else if (!othersCanRespond) bet = BET_UNANSWERABLE;
  else if (player.stack === 0) bet = BET_NO_CHIPS;
  else {
    let min = unit;
    let max: number;
    switch (s.kind) {
      case 'fixed-limit':
        max = unit;
        break;
      case 'spread-limit':
        max = spreadMax(s, round.street, hand.limitPercent);
        break;
      case 'pot-limit':
        max = Math.max(unit, potLimitCount(rules, hand));
        break;
      case 'no-limit':
        max = allInTo;
        break;
    }
    // An all-in for less than the minimum is always allowed.
    if (player.stack < min) min = player.stack;
    bet = { min, max: Math.min(max, player.stack) };
  }

  let raise: Bounds | Blocked;
  if (round.currentBet === 0) raise = RAISE_WITHOUT_BET;
  else if (allInTo <= round.currentBet) raise = RAISE_ONLY_CALL;
  else if (!othersCanRespond) raise = RAISE_UNANSWERABLE;
  else if (!bettingReopenedFor(rules, hand, player)) raise = RAISE_NOT_REOPENED;
  else if (raisesCapped(rules, hand)) raise = RAISE_CAPPED;
  else {
    let min: number;
    let max: number;
    switch (s.kind) {
      case 'fixed-limit':
        // Completes from the last full bet: a short all-in under half a bet does not move the raise (RRoP B&R #5).
        min = max = round.lastFullLevel + unit;
        break;
      case 'spread-limit':
        min = round.currentBet + round.lastFullIncrement;
        max = round.currentBet + spreadMax(s, round.street, hand.limitPercent);
        break;
      case 'pot-limit':
        min = round.currentBet + round.lastFullIncrement;
        max = round.currentBet + potLimitCount(rules, hand) + (round.currentBet - player.live);
        break;
      case 'no-limit':
        min = round.currentBet + round.lastFullIncrement;
        max = allInTo;
        break;
    }
    if (min > max) min = max;
    if (allInTo < min) min = allInTo;
    raise = { min, max: Math.min(max, allInTo) };
  }
  return { seat: player.seat, toCall, canCheck, bet, raise };
}

/**
 * Whether a bet or raise to `to` is a full one (it reopens the betting and counts toward the cap).
 * Limit games treat an all-in of at least half a bet as full (RRoP B&R #5; TDA 47-B).
 */
export function isFullRaise(rules: TableRules, hand: HandState, to: number): boolean {
  const round = hand.round;
  const unit = streetBetUnit(rules, round.street, hand.limitPercent);
  if (rules.structure.kind === 'fixed-limit') return (to - round.lastFullLevel) * 2 >= unit;
  if (round.currentBet === 0) return to >= unit;
  return to - round.currentBet >= round.lastFullIncrement;
}
