/**
 * Chopping the blinds (docs/rules.md Part A "Chopping"; Part B H3). When everyone else folds to the blinds, the two
 * blind posters may take their blinds back and go to the next hand; both must agree, and both consents are
 * recorded with who gave them. The house may take a fee from the small blind. Refused in tournaments, while
 * another live forced bet is in (straddle, kill, live make-up), with dead money in the pot, and heads-up
 * (default). The button moves; the blinds count as paid.
 */
export interface ChopOption {
  readonly version: 1;
  /** Chips taken from the small blind as the house's fee (PV: "usually $1"); 0 in Las Vegas. */
  readonly fee: number;
  readonly allowHeadsUp: boolean;
}

export const DEFAULT_CHOP: ChopOption = { version: 1, fee: 0, allowHeadsUp: false };

export function validateChop(o: ChopOption, ctx: { tournament: boolean; smallBlind: number }): { field: string; why: string } | null {
  if (o.version !== 1) return { field: 'version', why: 'the chop option version is 1' };
  if (ctx.tournament) return { field: '', why: 'blinds are not chopped in tournaments' };
  if (!Number.isSafeInteger(o.fee) || o.fee < 0 || o.fee > ctx.smallBlind) return { field: 'fee', why: 'the fee is a whole number of chips, at most the small blind' };
  if (typeof o.allowHeadsUp !== 'boolean') return { field: 'allowHeadsUp', why: 'true or false' };
  return null;
}
