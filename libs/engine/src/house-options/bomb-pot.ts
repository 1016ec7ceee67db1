import type { ForcedBetDue } from '../table/events';
import type { HandPlan } from '../table/positions';

/**
 * Bomb pot (docs/house-options.md "Bomb pot"). By table rule (every Nth hand) or the floor's call, every player
 * dealt in posts the same ante, nobody posts a blind, there is no preflop betting and the flop comes at once. The
 * bomb pot counts as a hand: the button and blind positions move on as after any hand, and nobody owes the blinds
 * it passed. Players who owe a post to come in wait for the next regular hand. Cash games only.
 */
export interface BombPotOption {
  readonly version: 1;
  /** Chips each player puts in; null: one big blind. */
  readonly ante: number | null;
  /** Every hand whose number is a multiple of this is a bomb pot; null: only when the floor calls one. */
  readonly everyNthHand: number | null;
}

export const DEFAULT_BOMB_POT: BombPotOption = { version: 1, ante: null, everyNthHand: null };

/** The forced-bet kind a bomb pot's ante is posted as. */
export const BOMB_POT_ANTE = 'bomb-pot' as const;

export function validateBombPot(o: BombPotOption, ctx: { tournament: boolean }): { field: string; why: string } | null {
  if (o.version !== 1) return { field: 'version', why: 'the bomb pot option version is 1' };
  if (ctx.tournament) return { field: '', why: 'bomb pots are a cash-game custom, not dealt in tournaments' };
  if (o.ante !== null && !(Number.isSafeInteger(o.ante) && o.ante > 0)) return { field: 'ante', why: 'the ante is a whole number of chips above zero, or null for one big blind' };
  if (o.everyNthHand !== null && !(Number.isSafeInteger(o.everyNthHand) && o.everyNthHand >= 2))
    return { field: 'everyNthHand', why: 'a bomb pot comes every 2nd hand or less often, or only when the floor calls one (null)' };
  return null;
}

/** The ante each player owes in a bomb pot. */
export function bombPotAnte(o: BombPotOption, bigBlind: number): number {
  return o.ante ?? bigBlind;
}

/** Whether hand `handNumber` is a bomb pot: by the table's interval, or because the floor called one. */
export function isBombPotHand(o: BombPotOption, handNumber: number, called: boolean): boolean {
  return called || (o.everyNthHand !== null && handNumber % o.everyNthHand === 0);
}

/** Forced bets of a player coming in (new player, missed blinds): they wait for the next regular hand. */
const ENTRY_POSTS: ReadonlySet<string> = new Set(['new-player', 'make-up-big', 'make-up-small']);

/**
 * The regular hand's plan turned into a bomb pot's: the same button and positions (so they move on as after any
 * hand), the players less those who owe a post to come in, an ante from each, no blinds, no missed blinds charged.
 * Null when fewer than two players would be left: the hand is then dealt as a regular one.
 */
export function bombPotPlan(plan: HandPlan, ante: number): HandPlan | null {
  const entering = new Set<number>();
  for (const f of plan.forcedBets) if (ENTRY_POSTS.has(f.kind)) entering.add(f.seat);
  const dealt = plan.dealt.filter((seat) => !entering.has(seat));
  if (dealt.length < 2) return null;
  const forcedBets: ForcedBetDue[] = dealt.map((seat) => ({ seat, kind: BOMB_POT_ANTE, amount: ante, live: true }));
  return {
    button: plan.button,
    smallBlindPosition: plan.smallBlindPosition,
    smallBlindSeat: plan.smallBlindSeat,
    bigBlindSeat: plan.bigBlindSeat,
    dealt,
    forcedBets,
    missedBlinds: [],
    kill: null,
  };
}
