/**
 * Kill pot, voluntary (docs/rules.md Part A "Kill pot"): before the deal a player posts a live overblind of twice the
 * big blind and the limits double for the hand; some games allow a larger kill, at most half the player's
 * stack. The killer acts last preflop. In no limit and pot limit there are no limits to double, so the table
 * must opt in with `overblindOnly`: the overblind then only sets the bring-in (section 5, unsourced).
 */
export interface KillPotOption {
  readonly version: 1;
  /** double: exactly 2 big blinds; up-to-half-stack: any whole multiple of the big blind from 2 up to half the stack. */
  readonly size: 'double' | 'up-to-half-stack';
  /** Allows the overblind in no limit / pot limit, where it changes the bring-in only. */
  readonly overblindOnly: boolean;
}

export const DEFAULT_KILL_POT: KillPotOption = { version: 1, size: 'double', overblindOnly: false };

export function validateKillPot(o: KillPotOption, ctx: { structure: string }): { field: string; why: string } | null {
  if (o.version !== 1) return { field: 'version', why: 'the kill pot option version is 1' };
  if (o.size !== 'double' && o.size !== 'up-to-half-stack') return { field: 'size', why: 'double or up-to-half-stack' };
  if (typeof o.overblindOnly !== 'boolean') return { field: 'overblindOnly', why: 'true or false' };
  const bigBet = ctx.structure === 'no-limit' || ctx.structure === 'pot-limit';
  if (bigBet && !o.overblindOnly) return { field: 'overblindOnly', why: 'a kill in no limit or pot limit needs the overblindOnly option (there are no limits to double)' };
  return null;
}

/** The amounts a KillPot may be: [min, max] in chips, or null when the player cannot cover the smallest kill. */
export function killPotBounds(o: KillPotOption, bigBlind: number, stack: number): { min: number; max: number } | null {
  const min = 2 * bigBlind;
  if (stack < min) return null;
  if (o.size === 'double') return { min, max: min };
  const max = Math.max(min, Math.floor(Math.floor(stack / 2) / bigBlind) * bigBlind);
  return { min, max };
}
