import { evaluate7, evaluate } from '../cards/evaluator';
import type { Card } from '../cards/card';
import type { HandState } from '../table/state';
import { clockwiseAfter } from './round';
import { derivePots, splitPot } from './pots';

/**
 * Showdown order (TDA 17-A; RRoP Showdown #7): the last aggressor of the final round tables first; with no
 * bet on the final round, the first contender left of the button. Then clockwise.
 */
export function showdownOrder(hand: HandState): number[] {
  const contenders = hand.players.filter((p) => !p.folded);
  // The order is fixed before ShowdownStarted records riverAggressor, so read the river round's aggressor too.
  const aggressor = hand.riverAggressor ?? (hand.round.street === 'river' ? hand.round.lastAggressor : null);
  const first = aggressor !== null && contenders.some((p) => p.seat === aggressor) ? aggressor : null;
  const order: number[] = [];
  if (first !== null) order.push(first);
  for (const p of clockwiseAfter(hand.players, first ?? hand.button)) {
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

/**
 * Awards every pot: side pots first (TDA Addendum 16), each split on its own (TDA 21) among the best shown
 * hands that are eligible for it. A pot whose only live claimant did not need to show goes to that claimant.
 */
export function awardPots(hand: HandState): PotAward[] {
  const pots = derivePots(hand.players);
  const claimants = hand.players.filter((p) => !p.folded && !p.mucked);
  const values = new Map<number, number>();
  for (const p of claimants) if (p.shown) values.set(p.seat, handValue(p.holeCards, hand.board));
  const order = [...clockwiseAfter(hand.players, hand.button)].map((p) => p.seat);
  const awards: PotAward[] = [];
  for (let i = pots.length - 1; i >= 0; i--) {
    const pot = pots[i];
    let live = claimants.filter((p) => pot.eligible.includes(p.seat)).map((p) => p.seat);
    if (live.length === 0) {
      // Everybody eligible mucked: the pot goes to the best claimant of the hand (never happens in play;
      // kept total so a corrupt command order cannot lose chips).
      live = claimants.map((p) => p.seat);
    }
    let winners: number[];
    if (live.length === 1) winners = live;
    else {
      let best = -1;
      for (const seat of live) best = Math.max(best, values.get(seat) ?? -1);
      winners = live.filter((seat) => (values.get(seat) ?? -1) === best);
    }
    const ordered = order.filter((seat) => winners.includes(seat));
    const amount = pot.amount - (hand.rakeByPot[i] ?? 0);
    awards.push({ pot: i, amount, eligible: pot.eligible, winners: splitPot(amount, ordered) });
  }
  return awards;
}
