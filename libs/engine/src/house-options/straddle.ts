/**
 * Straddle (docs/rules.md Part A "Straddle"; Part B H1). A live blind bet before the deal by the player left of the
 * big blind (or, as the house allows, the button or any seat: Mississippi), twice the previous forced bet.
 * The straddler acts last preflop and may raise; the next player acts first. Off in tournaments and, by
 * default, in limit games (RRoP).
 */
export interface StraddleOption {
  readonly version: 1;
  /** utg: left of the big blind (RRoP); utg-or-button adds the button straddle; any: Mississippi (any non-blind seat). */
  readonly positions: 'utg' | 'utg-or-button' | 'any';
  /** Straddles allowed in one hand, counting re-straddles (RRoP: one). */
  readonly maxStraddles: number;
  /** No straddle with fewer players dealt (LTH: none three-handed). */
  readonly minPlayersDealt: number;
  /** Each straddle is this many times the previous forced bet. */
  readonly sizeMultiple: number;
  /** left-of-straddler: the player left of the straddler starts (PN-MS); normal-skip: normal order, straddler last (LJ). */
  readonly buttonStraddleOrder: 'left-of-straddler' | 'normal-skip';
  /** straddle: the straddle is the new bring-in, so the minimum raise is twice it (RRoP); big-blind: pokerkit's reading. */
  readonly minRaiseBasis: 'straddle' | 'big-blind';
  /** RRoP: no live straddle at limit "except in specified games". */
  readonly allowInLimit: boolean;
}

export const DEFAULT_STRADDLE: StraddleOption = {
  version: 1,
  positions: 'utg',
  maxStraddles: 1,
  minPlayersDealt: 4,
  sizeMultiple: 2,
  buttonStraddleOrder: 'left-of-straddler',
  minRaiseBasis: 'straddle',
  allowInLimit: false,
};

export function validateStraddle(o: StraddleOption, ctx: { limit: boolean; tournament: boolean }): { field: string; why: string } | null {
  if (o.version !== 1) return { field: 'version', why: 'the straddle option version is 1' };
  if (ctx.tournament) return { field: '', why: 'straddles are not played in tournaments' };
  if (ctx.limit && !o.allowInLimit) return { field: 'allowInLimit', why: 'a live straddle is not allowed at limit unless allowInLimit is set' };
  if (!['utg', 'utg-or-button', 'any'].includes(o.positions)) return { field: 'positions', why: 'positions is utg, utg-or-button or any' };
  if (!Number.isInteger(o.maxStraddles) || o.maxStraddles < 1 || o.maxStraddles > 8) return { field: 'maxStraddles', why: 'from 1 to 8 straddles' };
  if (!Number.isInteger(o.minPlayersDealt) || o.minPlayersDealt < 2 || o.minPlayersDealt > 10) return { field: 'minPlayersDealt', why: 'from 2 to 10 players' };
  if (!Number.isInteger(o.sizeMultiple) || o.sizeMultiple < 2)
    return { field: 'sizeMultiple', why: 'a straddle must be a whole multiple (at least 2) of the big blind' };
  if (!['left-of-straddler', 'normal-skip'].includes(o.buttonStraddleOrder)) return { field: 'buttonStraddleOrder', why: 'left-of-straddler or normal-skip' };
  if (!['straddle', 'big-blind'].includes(o.minRaiseBasis)) return { field: 'minRaiseBasis', why: 'straddle or big-blind' };
  return null;
}

/**
 * Which seat may straddle next, given the dealing order (from the button's left), the blinds and the
 * straddles already posted. Returns the allowed seats (empty when none may).
 */
export function straddleSeats(
  o: StraddleOption,
  hand: { dealingOrder: readonly number[]; button: number; smallBlindSeat: number | null; bigBlindSeat: number; straddles: readonly number[] },
): number[] {
  const order = hand.dealingOrder;
  if (order.length < o.minPlayersDealt || hand.straddles.length >= o.maxStraddles) return [];
  const blinds = new Set([hand.smallBlindSeat, hand.bigBlindSeat]);
  const after = (seat: number) => order[(order.indexOf(seat) + 1) % order.length];
  if (hand.straddles.length > 0) {
    // A re-straddle comes from the player left of the last straddler.
    const next = after(hand.straddles[hand.straddles.length - 1]);
    return blinds.has(next) || hand.straddles.includes(next) ? [] : [next];
  }
  const utg = after(hand.bigBlindSeat);
  const seats = new Set<number>();
  if (!blinds.has(utg)) seats.add(utg);
  if (o.positions === 'utg-or-button' && !blinds.has(hand.button) && order.includes(hand.button)) seats.add(hand.button);
  if (o.positions === 'any') for (const s of order) if (!blinds.has(s)) seats.add(s);
  return [...seats];
}
