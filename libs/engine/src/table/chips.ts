import type { TableState } from './state';
import type { TableHooks } from './hooks';

/**
 * Every chip on the table: stacks of seated players not in the hand, plus, for each player dealt in, what is
 * behind and what is in the pot, less what the pots have already paid out. Buy-ins and add-ons raise it,
 * cash-outs lower it, and nothing else may change it (the conservation invariant the property tests check).
 */
export function chipsOnTable(h: TableHooks, state: TableState): number {
  const hand = state.hand !== null && state.hand.phase !== 'complete' ? state.hand : null;
  let total = 0;
  const inHand = new Set<string>();
  if (hand) {
    for (const p of hand.players) {
      total += p.committed;
      // A player who folded and left mid-hand took their stack with them (PlayerLeft cashed it out).
      const seat = state.seats[p.seat - 1];
      if (seat && seat.playerId === p.playerId) total += p.stack;
      inHand.add(`${p.seat}:${p.playerId}`);
    }
    // Less what the pots paid out, and what the house options already took from them (the rake).
    total -= hand.paidOut;
    for (const held of h.heldFromPots(state, hand)) total -= held;
  }
  for (const s of state.seats) if (s && !inHand.has(`${s.seat}:${s.playerId}`)) total += s.stack;
  return total;
}
