import type { Card } from '../cards/card';
import { handValue, type PotAward } from '../betting/showdown';
import { derivePots, splitPot } from '../betting/pots';
import { indexAfter } from '../betting/round';
import type { HandPlayer } from '../table/state';

/**
 * Running it twice (docs/house-options.md "Running it twice"). When the betting is over with a player all in and
 * a street still to come, every player in the pot may agree (each consent recorded with who took it, as for the
 * chop) to deal the rest of the board twice. Each pot, after its rake, is cut in two halves, one per run; the
 * halving's odd chip follows the table's odd-chip rule (TDA 20: the first winner left of the button). Cash games
 * only.
 */
export interface RunItTwiceOption {
  readonly version: 1;
}

export const DEFAULT_RUN_IT_TWICE: RunItTwiceOption = { version: 1 };

export function validateRunItTwice(o: RunItTwiceOption, ctx: { tournament: boolean }): { field: string; why: string } | null {
  if (o.version !== 1) return { field: 'version', why: 'the run-it-twice option version is 1' };
  if (ctx.tournament) return { field: '', why: 'the board is not run twice in tournaments' };
  return null;
}

export interface Consent {
  readonly seat: number;
  readonly by: string;
}

/**
 * The consents of exactly `seats`, in seat order, names trimmed; or the first seat that has not agreed (no consent,
 * or one without a name). Shared with nothing: the chop asks two fixed seats, this asks every player in the pot.
 */
export function consentsOf(given: unknown, seats: readonly number[]): { consents: Consent[] } | { missing: number } {
  const list = Array.isArray(given) ? (given as unknown[]) : [];
  const consents: Consent[] = [];
  for (const seat of seats) {
    const found = list.find((c): c is { seat: number; by: unknown } => typeof c === 'object' && c !== null && (c as { seat?: unknown }).seat === seat);
    const by = found && typeof found.by === 'string' ? found.by.trim() : '';
    if (by === '') return { missing: seat };
    consents.push({ seat, by });
  }
  return { consents };
}

/** What one run paid of a pot: its half (with the odd chip or not) and the winners of that half. */
export interface RunAward {
  readonly run: 1 | 2;
  readonly amount: number;
  readonly winners: readonly { readonly seat: number; readonly amount: number }[];
}

export type TwoRunPotAward = PotAward & { readonly runs: readonly RunAward[] };

/**
 * The awards of a hand run twice: for each pot (side pots first, as awardPots), its amount less its rake cut in
 * two, each half won by the best eligible hands on its board. `players` sorted by seat, as HandState holds them;
 * every contender's hand is tabled (an all-in showdown), so a claimant who mucked is out of both runs.
 */
export function awardTwoRuns(
  players: readonly HandPlayer[],
  button: number,
  boards: readonly [readonly Card[], readonly Card[]],
  rakeByPot: readonly number[],
): TwoRunPotAward[] {
  const pots = derivePots(players);
  const n = players.length;
  const start = indexAfter(players, button);
  // By distance from the button's left: the odd-chip order (TDA 20).
  const distance = (seat: number) => {
    for (let k = 0; k < n; k++) if (players[(start + k) % n].seat === seat) return k;
    return n;
  };
  const claims = players.map((p) => !p.folded && !p.mucked);
  const values = boards.map((board) => players.map((p, i) => (claims[i] && p.holeCards.length === 2 ? handValue(p.holeCards, board) : -1)));
  const awards: TwoRunPotAward[] = [];
  for (let potIndex = pots.length - 1; potIndex >= 0; potIndex--) {
    const pot = pots[potIndex];
    const amount = pot.amount - (rakeByPot[potIndex] ?? 0);
    const winnersOn = (run: 0 | 1): number[] => {
      let live = players.map((p, i) => claims[i] && pot.eligible.includes(p.seat));
      if (!live.some(Boolean)) live = claims.slice();
      let best = -1;
      for (let i = 0; i < n; i++) if (live[i] && values[run][i] > best) best = values[run][i];
      const ordered: number[] = [];
      for (let k = 0; k < n; k++) {
        const i = (start + k) % n;
        if (live[i] && values[run][i] === best) ordered.push(players[i].seat);
      }
      return ordered;
    };
    const first = winnersOn(0);
    const second = winnersOn(1);
    const half = Math.floor(amount / 2);
    const odd = amount - 2 * half;
    // The halving's odd chip goes with the half whose first winner sits nearest the button's left.
    const oddToFirst = distance(first[0]) <= distance(second[0]);
    const runs: RunAward[] = [
      { run: 1, amount: half + (oddToFirst ? odd : 0), winners: splitPot(half + (oddToFirst ? odd : 0), first) },
      { run: 2, amount: half + (oddToFirst ? 0 : odd), winners: splitPot(half + (oddToFirst ? 0 : odd), second) },
    ];
    const totals = new Map<number, number>();
    for (const r of runs) for (const w of r.winners) totals.set(w.seat, (totals.get(w.seat) ?? 0) + w.amount);
    const winners = [...totals.keys()].sort((a, b) => distance(a) - distance(b)).map((seat) => ({ seat, amount: totals.get(seat)! }));
    awards.push({ pot: potIndex, amount, eligible: pot.eligible, winners, runs });
  }
  return awards;
}
