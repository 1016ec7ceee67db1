import { evaluate7, evaluate } from '../cards/evaluator';
import type { Card } from '../cards/card';
import type { HandState } from '../table/state';
import { indexAfter } from './round';
import { derivePots, splitPot } from './pots';

/**
 * Showdown order (TDA 17-A; RRoP Showdown #7): the last aggressor of the final round tables first; with no
 * bet on the final round, the first contender left of the button. Then clockwise.
 */
export function showdownOrder(hand: HandState): number[] {
  const players = hand.players;
  const n = players.length;
  // The order is fixed before ShowdownStarted records riverAggressor, so read the river round's aggressor too.
  const aggressor = hand.riverAggressor ?? (hand.round.street === 'river' ? hand.round.lastAggressor : null);
  let first: number | null = null;
  for (const p of players) if (p.seat === aggressor && !p.folded) first = aggressor;
  const order: number[] = [];
  if (first !== null) order.push(first);
  const start = indexAfter(players, first ?? hand.button);
  for (let k = 0; k < n; k++) {
    const p = players[(start + k) % n];
    if (!p.folded && p.seat !== first) order.push(p.seat);
  }
  return order;
}

export function handValue(hole: readonly Card[], board: readonly Card[]): number {
  if (hole.length === 2 && board.length === 5) return evaluate7(hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]);
  return evaluate([...hole, ...board]);
}

export interface PotAward {
  readonly pot: number;
  readonly amount: number;
  readonly eligible: readonly number[];
  readonly winners: readonly { readonly seat: number; readonly amount: number }[];
}

const NONE_HELD: readonly number[] = Object.freeze([]);

/**
 * Awards every pot: side pots first (TDA Addendum 16), each split on its own (TDA 21) among the best shown
 * hands that are eligible for it. A pot whose only live claimant did not need to show goes to that claimant.
 */
export function awardPots(hand: HandState, heldBack: readonly number[] = NONE_HELD): PotAward[] {
  const pots = derivePots(hand.players);
  const players = hand.players;
  const n = players.length;
  // By index in players: may claim a pot (in and not mucked), and the shown hand's value (-1: not shown).
  const claims: boolean[] = new Array(n);
  const values: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const p = players[i];
    claims[i] = !p.folded && !p.mucked;
    values[i] = claims[i] && p.shown ? handValue(p.holeCards, hand.board) : -1;
  }
  const start = indexAfter(players, hand.button);
  const awards: PotAward[] = [];
  const live: boolean[] = new Array(n);
  for (let potIndex = pots.length - 1; potIndex >= 0; potIndex--) {
    const pot = pots[potIndex];
    let liveCount = 0;
    for (let i = 0; i < n; i++) {
      live[i] = claims[i] && pot.eligible.includes(players[i].seat);
      if (live[i]) liveCount++;
    }
    if (liveCount === 0) {
      // Everybody eligible mucked: the pot goes to the best claimant of the hand (never happens in play;
      // kept total so a corrupt command order cannot lose chips).
      for (let i = 0; i < n; i++) live[i] = claims[i];
    }
    // The best value among the live claimants wins (a lone claimant wins without showing).
    let best = -1;
    for (let i = 0; i < n; i++) if (live[i] && values[i] > best) best = values[i];
    // Winners in clockwise order from the button's left, as splitPot wants them.
    const ordered: number[] = [];
    for (let k = 0; k < n; k++) {
      const i = (start + k) % n;
      if (live[i] && (liveCount === 1 || values[i] === best)) ordered.push(players[i].seat);
    }
    // Less what the house already took from this pot (the settlement's `held` step: the rake).
    const amount = pot.amount - (heldBack[potIndex] ?? 0);
    awards.push({ pot: potIndex, amount, eligible: pot.eligible, winners: splitPot(amount, ordered) });
  }
  return awards;
}
