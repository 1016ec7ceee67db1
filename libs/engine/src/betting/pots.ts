import type { HandPlayer } from '../table/state';

/**
 * Pots are derived from what each player put in, never stored (pokerkit's lesson).
 * Live money builds the levels of the main and side pots; dead money (antes, dead blinds) joins the main pot
 * (docs/rules.md section 5: "Antes and other dead money go into the main pot").
 */
export interface Pot {
  readonly amount: number;
  /** Seats that may win it: still in the hand and in for the pot's whole level. */
  readonly eligible: readonly number[];
}

export function derivePots(players: readonly HandPlayer[]): Pot[] {
  // The levels: each all-in contender's and the top one, positive, distinct and ascending (an insertion into a short
  // sorted list, where a Set, a spread, a filter and a sort cost more than the pots themselves).
  const sorted: number[] = [];
  let top = 0;
  for (const p of players) {
    if (p.folded) continue;
    const live = p.committed - p.dead;
    if (p.allIn) addLevel(sorted, live);
    if (live > top) top = live;
  }
  addLevel(sorted, top);
  const pots: { amount: number; eligible: number[] }[] = [];
  let previous = 0;
  for (const level of sorted) {
    let amount = 0;
    const eligible: number[] = [];
    for (const p of players) {
      const live = p.committed - p.dead;
      amount += Math.max(0, Math.min(live, level) - previous);
      if (!p.folded && live >= level) eligible.push(p.seat);
    }
    if (amount > 0) pots.push({ amount, eligible });
    previous = level;
  }
  // Money above every contender's level (only possible from folded players) belongs to the highest pot.
  let above = 0;
  let dead = 0;
  for (const p of players) {
    above += Math.max(0, p.committed - p.dead - previous);
    dead += p.dead;
  }
  if (pots.length === 0) {
    const contenders = players.filter((p) => !p.folded).map((p) => p.seat);
    return dead + above > 0 ? [{ amount: dead + above, eligible: contenders }] : [];
  }
  pots[0].amount += dead;
  pots[pots.length - 1].amount += above;
  return pots;
}

/** Adds a positive level to an ascending list of distinct levels. */
function addLevel(sorted: number[], level: number): void {
  if (level <= 0) return;
  let i = sorted.length;
  while (i > 0 && sorted[i - 1] > level) i--;
  if (i > 0 && sorted[i - 1] === level) return;
  if (i === sorted.length) sorted.push(level);
  else sorted.splice(i, 0, level);
}

export function totalCommitted(players: readonly HandPlayer[]): number {
  let sum = 0;
  for (const p of players) sum += p.committed;
  return sum;
}

/**
 * The uncalled part of this street's largest bet: what its maker put in beyond the next largest bet (TDA 15-B).
 * Returns null when the largest bet was matched, or when its maker folded (a folded blind, straddle or kill
 * stays in the pot: folding forfeits it).
 */
export function uncalledBet(players: readonly HandPlayer[]): { seat: number; amount: number } | null {
  let maxSeat = -1;
  let max = 0;
  let second = 0;
  for (const p of players) {
    if (p.live > max) {
      second = max;
      max = p.live;
      maxSeat = p.seat;
    } else if (p.live > second) {
      second = p.live;
    }
  }
  if (maxSeat < 0 || max <= second) return null;
  for (const p of players) if (p.seat === maxSeat && p.folded) return null;
  return { seat: maxSeat, amount: max - second };
}

/**
 * Splits a pot among tied winners: equal shares, and the odd chips one each to the winners nearest the
 * button's left (TDA 20; RRoP Ties: nobody receives more than one odd chip).
 * `winnersFromButton` must already be in clockwise order starting left of the button.
 */
export function splitPot(amount: number, winnersFromButton: readonly number[]): { seat: number; amount: number }[] {
  const n = winnersFromButton.length;
  const share = Math.floor(amount / n);
  const odd = amount - share * n;
  return winnersFromButton.map((seat, i) => ({ seat, amount: share + (i < odd ? 1 : 0) }));
}
