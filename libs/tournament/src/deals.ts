/**
 * Final-table deals (docs/tournaments.md "Deals"): what each remaining player is paid instead of playing on, by the
 * chip count (chip chop) or by the Independent Chip Model (Malmuth-Harville). Both pay out exactly the prizes of the
 * places still to be decided, rounded down to ⚙ roundTo, the units left over to the largest remainders (then the
 * bigger stack), any part of a unit to the biggest stack. Pure; the players' consent is the command's.
 *
 * A deal may leave an amount to play for: it comes off the top of the open prizes (first place's prize, then the
 * next place's once that is used up), the prizes are ranked again, and the shares are of what remains.
 */
export type DealMethod = 'chip-chop' | 'icm';
export const DEAL_METHODS: readonly DealMethod[] = ['chip-chop', 'icm'];

/** ICM equities: the chance of each finishing order from the stacks (first place ∝ chips, then the same among the rest). */
export function icmEquities(stacks: readonly number[], prizes: readonly number[]): number[] {
  const n = stacks.length;
  const memo = new Map<number, number[]>();
  const rec = (mask: number, place: number): number[] => {
    if (place >= prizes.length || mask === 0) return new Array<number>(n).fill(0);
    const known = memo.get(mask);
    if (known) return known;
    let total = 0;
    for (let i = 0; i < n; i++) if (mask & (1 << i)) total += stacks[i]!;
    const out = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) {
      if (!(mask & (1 << i))) continue;
      const p = stacks[i]! / total;
      out[i]! += p * prizes[place]!;
      const rest = rec(mask & ~(1 << i), place + 1);
      for (let j = 0; j < n; j++) out[j]! += p * rest[j]!;
    }
    memo.set(mask, out);
    return out;
  };
  return rec((1 << n) - 1, 0);
}

/** Chip chop: each is sure of the lowest prize left; the rest is shared in proportion to chips. */
export function chipChopEquities(stacks: readonly number[], prizes: readonly number[]): number[] {
  const floor = prizes[stacks.length - 1] ?? 0;
  const rest = prizes.slice(0, stacks.length).reduce((a, b) => a + b, 0) - floor * stacks.length;
  const total = stacks.reduce((a, b) => a + b, 0);
  return stacks.map((s) => floor + (rest * s) / total);
}

/** Equities rounded to the unit, summing exactly to `pool`. */
export function roundedShares(equities: readonly number[], stacks: readonly number[], pool: number, unit: number): number[] {
  const amounts = equities.map((e) => Math.floor(e / unit) * unit);
  const order = equities
    .map((e, i) => ({ i, remainder: e - amounts[i]!, stack: stacks[i]! }))
    .sort((a, b) => b.remainder - a.remainder || b.stack - a.stack || a.i - b.i);
  let left = pool - amounts.reduce((a, b) => a + b, 0);
  for (let k = 0; left >= unit && order.length > 0; k = (k + 1) % order.length, left -= unit) amounts[order[k]!.i]! += unit;
  const biggest = stacks.indexOf(Math.max(...stacks));
  amounts[biggest]! += left;
  return amounts;
}

/**
 * The open prizes less `left` taken from the top: first place's prize first, then second's, and so on; ranked again
 * (largest first), since ICM gives the biggest prize to the first place. Sums to the open prizes less `left`.
 */
export function reducedPrizes(open: readonly number[], left: number): number[] {
  let owed = left;
  const out = open.map((p) => {
    const taken = Math.min(p, owed);
    owed -= taken;
    return p - taken;
  });
  return out.sort((a, b) => b - a);
}

/**
 * What each remaining player is paid by `method`, in the order of `stacks`. `prizes`: the places still open, first
 * first; `left`: the amount left to play for (0 shares every open prize).
 */
export function dealAmounts(method: DealMethod, stacks: readonly number[], prizes: readonly number[], unit: number, left = 0): number[] {
  const open = reducedPrizes(prizes.slice(0, stacks.length), left);
  const pool = open.reduce((a, b) => a + b, 0);
  const equities = method === 'icm' ? icmEquities(stacks, open) : chipChopEquities(stacks, open);
  return roundedShares(equities, stacks, pool, unit);
}
