import type { TournamentStructure } from './structure';

/** How many buy-ins of each kind were sold (unregistered entries are refunded and not counted). */
export interface BuyIns {
  readonly entries: number;
  readonly rebuys: number;
  readonly addOns: number;
}

/** The money of a tournament, reconciled to the unit: what players paid = prize pool − overlay + house + staff. */
export interface PrizePool {
  /** What the players paid in all. */
  readonly paid: number;
  /** The players' money in the prize pool. */
  readonly collected: number;
  readonly houseFees: number;
  readonly staffFees: number;
  /** What the house adds to reach the guarantee. */
  readonly overlay: number;
  /** What is paid out: collected + overlay. */
  readonly prizePool: number;
}

export function prizePoolOf(structure: TournamentStructure, buyIns: BuyIns): PrizePool {
  const parts = [
    [structure.entry, buyIns.entries],
    [structure.rebuy?.fees, buyIns.rebuys],
    [structure.addOn?.fees, buyIns.addOns],
  ] as const;
  let collected = 0;
  let houseFees = 0;
  let staffFees = 0;
  for (const [fees, n] of parts) {
    if (!fees) continue;
    collected += fees.prizePool * n;
    houseFees += fees.houseFee * n;
    staffFees += fees.staffFee * n;
  }
  const overlay = Math.max(0, structure.guarantee - collected);
  return { paid: collected + houseFees + staffFees, collected, houseFees, staffFees, overlay, prizePool: collected + overlay };
}

/** The payout row for this many entries: the last row whose minEntries is reached (the first row below that). */
export function payoutShares(structure: TournamentStructure, entries: number): readonly number[] {
  let row = structure.payouts[0]!;
  for (const r of structure.payouts) if (r.minEntries <= entries) row = r;
  return row.places.slice(0, Math.max(1, entries));
}

/**
 * Each paid place's prize, first place first: each share of the pool rounded down to ⚙ roundTo, the remainder to
 * first place, so the prizes sum to the pool exactly.
 */
export function placePrizes(structure: TournamentStructure, pool: number, entries: number): number[] {
  const shares = payoutShares(structure, entries);
  const unit = structure.roundTo;
  const prizes = shares.map((bp) => Math.floor((pool * bp) / 10000 / unit) * unit);
  prizes[0]! += pool - prizes.reduce((a, b) => a + b, 0);
  return prizes;
}

/** A group of entries finishing in the same place (one, or several who busted in one hand with equal stacks). */
export interface FinishGroup {
  /** The best place the group holds; it holds places place .. place + entryIds.length − 1. */
  readonly place: number;
  readonly entryIds: readonly string[];
}

/**
 * What each entry is paid: a group of tied entries shares its places' prizes equally (TDA: equal stacks share),
 * each share rounded down to the unit, the units left over one each in the group's order, any part of a unit to the
 * first. Entries out of the money get nothing (and are not listed).
 */
export function payoutsOf(
  structure: TournamentStructure,
  pool: number,
  entries: number,
  groups: readonly FinishGroup[],
): { entryId: string; place: number; amount: number }[] {
  const prizes = placePrizes(structure, pool, entries);
  const unit = structure.roundTo;
  const out: { entryId: string; place: number; amount: number }[] = [];
  for (const group of groups) {
    const k = group.entryIds.length;
    const total = prizes.slice(group.place - 1, group.place - 1 + k).reduce((a, b) => a + b, 0);
    if (total === 0) continue;
    const each = Math.floor(total / k / unit) * unit;
    let left = total - each * k;
    const amounts = group.entryIds.map(() => each);
    for (let i = 0; left >= unit; i = (i + 1) % k, left -= unit) amounts[i]! += unit;
    amounts[0]! += left;
    group.entryIds.forEach((entryId, i) => out.push({ entryId, place: group.place, amount: amounts[i]! }));
  }
  return out;
}
