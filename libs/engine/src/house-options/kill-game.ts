/**
 * Kill game, triggered (docs/rules.md Part A "Kill game"; Part B H2; RRoP §13). A player who wins two pots in a row
 * (the kill button marks the first leg) kills the next hand: the limits go up 2x (full kill) or 1.5x (half
 * kill) and the killer posts a live kill blind equal to the new lower limit, which replaces their own blind
 * when one is due. The killer acts last preflop (the seeds' default) or in turn.
 * Limit games only: a kill has no limits to scale in no limit or pot limit (section 5), so such a table is refused.
 */
export interface KillGameOption {
  readonly version: 1;
  /** full: limits x2 (kill blind 2 big blinds); half: x1.5. */
  readonly mode: 'full' | 'half';
  /** consecutive-pots: two pots in a row (default); pot-size: a single pot of at least `minPotInBigBets` big bets. */
  readonly trigger: 'consecutive-pots' | 'pot-size';
  /** The second leg must win at least this many full bets (small bets) of other players' money, blinds not counted (RRoP #3). */
  readonly secondLegMinBets: number;
  readonly minPotInBigBets: number;
  /** Only pots where a flop was seen count (AZ, PSS). */
  readonly requireFlop: boolean;
  /** last: the killer acts last preflop (seeds, default); in-turn: normal order (RRoP #2). */
  readonly killerAction: 'last' | 'in-turn';
  /** No kill with fewer players dealt (section 5 recommends 3). */
  readonly minPlayers: number;
}

export const DEFAULT_KILL_GAME: KillGameOption = {
  version: 1,
  mode: 'full',
  trigger: 'consecutive-pots',
  secondLegMinBets: 1,
  minPotInBigBets: 10,
  requireFlop: false,
  killerAction: 'last',
  minPlayers: 3,
};

export function validateKillGame(o: KillGameOption, ctx: { structure: string }): { field: string; why: string } | null {
  if (o.version !== 1) return { field: 'version', why: 'the kill option version is 1' };
  if (ctx.structure !== 'fixed-limit' && ctx.structure !== 'spread-limit')
    return { field: '', why: 'a kill game needs limits to scale: use fixed or spread limit (no limit and pot limit have none)' };
  if (o.mode !== 'full' && o.mode !== 'half') return { field: 'mode', why: 'the kill is full or half' };
  if (o.trigger !== 'consecutive-pots' && o.trigger !== 'pot-size') return { field: 'trigger', why: 'the trigger is consecutive-pots or pot-size' };
  if (!Number.isInteger(o.secondLegMinBets) || o.secondLegMinBets < 0) return { field: 'secondLegMinBets', why: 'a whole number of bets' };
  if (!Number.isInteger(o.minPotInBigBets) || o.minPotInBigBets < 1) return { field: 'minPotInBigBets', why: 'a whole number of big bets, at least 1' };
  if (typeof o.requireFlop !== 'boolean') return { field: 'requireFlop', why: 'true or false' };
  if (o.killerAction !== 'last' && o.killerAction !== 'in-turn') return { field: 'killerAction', why: 'last or in-turn' };
  if (!Number.isInteger(o.minPlayers) || o.minPlayers < 2 || o.minPlayers > 10) return { field: 'minPlayers', why: 'from 2 to 10 players' };
  return null;
}

/** Limits as a percentage of the table's: 200 for a full kill, 150 for a half kill. */
export function killLimitPercent(o: KillGameOption): number {
  return o.mode === 'full' ? 200 : 150;
}

/** The kill button: who holds a leg, and who kills the next hand. */
export interface KillState {
  readonly holder: { readonly seat: number; readonly playerId: string } | null;
  readonly killer: { readonly seat: number; readonly playerId: string } | null;
}

export const NO_KILL: KillState = { holder: null, killer: null };

export interface HandResult {
  /** Every seat that won chips from a pot. */
  readonly winners: readonly { readonly seat: number; readonly playerId: string }[];
  /** Whether one player took every pot (a scoop). */
  readonly scooped: boolean;
  readonly flopSeen: boolean;
  /** Other players' voluntary money the winner won (their contributions less their forced bets). */
  readonly othersVoluntary: number;
  readonly potTotal: number;
  /** The killer of the hand just played, if it was killed. */
  readonly killedBy: number | null;
}

/** The kill button after a hand (RRoP §13 #1, #3, #4, #7). */
export function killStateAfterHand(o: KillGameOption, before: KillState, r: HandResult, smallBet: number, bigBet: number): KillState {
  if (!r.scooped) {
    // A split: the holder keeps the leg and a killer kills again; otherwise the button goes neutral (#1, #4).
    const winnerSeats = new Set(r.winners.map((w) => w.seat));
    const holder = before.holder && winnerSeats.has(before.holder.seat) ? before.holder : null;
    const killer = r.killedBy !== null && winnerSeats.has(r.killedBy) ? r.winners.find((w) => w.seat === r.killedBy)! : null;
    return { holder: killer ?? holder, killer };
  }
  const w = r.winners[0];
  const qualifies = !o.requireFlop || r.flopSeen;
  if (r.killedBy === w.seat) return { holder: w, killer: w }; // a killer who wins again kills again (#7)
  if (o.trigger === 'pot-size') return { holder: null, killer: qualifies && r.potTotal >= o.minPotInBigBets * bigBet ? w : null };
  if (!qualifies) return { holder: before.holder?.seat === w.seat ? before.holder : null, killer: null };
  if (before.holder?.seat === w.seat && before.holder.playerId === w.playerId && r.killedBy === null) {
    const secondLeg = r.othersVoluntary >= o.secondLegMinBets * smallBet;
    // A second pot that is too small keeps the leg without killing (a design choice; docs/rules.md §7).
    return { holder: w, killer: secondLeg ? w : null };
  }
  return { holder: w, killer: null };
}
