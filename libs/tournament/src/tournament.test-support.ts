import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import type { TournamentState } from './state';
import type { TournamentStructureInput } from './structure';
import { tournamentDecider } from './tournament-decider';

/** Times of the day's tournament: minute m after 19:00 UTC. */
export const T = (minute: number, second = 0) => new Date(Date.UTC(2026, 0, 1, 19, minute, second)).toISOString();

/** The daily $100 (money in dollars): $80 to the pool, $15 house, $5 staff; 20-minute levels; 9-handed. */
export const DAILY: TournamentStructureInput = {
  name: 'Daily $100',
  startingStack: 10000,
  seatsPerTable: 9,
  levels: [
    { kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 },
    { kind: 'level', smallBlind: 50, bigBlind: 100, minutes: 20 },
    { kind: 'break', minutes: 10, colourUp: { chip: 25, nextChip: 100 }, addOn: true },
    { kind: 'level', smallBlind: 100, bigBlind: 200, ante: 200, bigBlindAnte: true, minutes: 20 },
    { kind: 'level', smallBlind: 200, bigBlind: 400, ante: 400, bigBlindAnte: true, minutes: 20 },
  ],
  lateRegistrationLevel: 2,
  maxEntriesPerPlayer: 2,
  entry: { prizePool: 80, houseFee: 15, staffFee: 5 },
  rebuy: { fees: { prizePool: 80, houseFee: 15, staffFee: 5 }, chips: 10000, max: 1, untilLevel: 2, atOrBelow: 10000 },
  addOn: { fees: { prizePool: 40, houseFee: 10, staffFee: 0 }, chips: 5000 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 4, places: [6500, 3500] },
    { minEntries: 10, places: [5000, 3000, 2000] },
    { minEntries: 30, places: [4000, 2500, 1600, 1100, 800] },
  ],
  roundTo: 5,
  guarantee: 1000,
};

/** Commands applied one after another; a refusal fails the test with its sentence. */
export function play(commands: readonly TournamentCommand[], from: TournamentState = tournamentDecider.initialState) {
  let state = from;
  const events: TournamentEvent[] = [];
  for (const command of commands) {
    const decision = tournamentDecider.decide(command, state);
    if (!decision.ok) throw new Error(`${command.type} refused: ${decision.rejection.code} ${decision.rejection.message}`);
    for (const e of decision.events) state = tournamentDecider.evolve(state, e);
    events.push(...decision.events);
  }
  return { state, events };
}

/** A created tournament with `tables` tables and `players` registered players p1.. (aliases P1..). */
export function registered(players: number, tables: number, structure: TournamentStructureInput = DAILY) {
  return play([
    { type: 'CreateTournament', at: T(0), tournamentId: 'daily', structure },
    ...Array.from({ length: tables }, (_, i) => ({ type: 'AddTable' as const, at: T(0), tableId: `t${i + 1}` })),
    ...Array.from({ length: players }, (_, i) => ({ type: 'Register' as const, at: T(1), playerId: `p${i + 1}`, alias: `P${i + 1}` })),
  ]);
}

/** The identity draw: entry i takes seat i (tables filled in order, spread evenly). */
export const identity = (n: number) => Array.from({ length: n }, (_, i) => i);

/** A small seeded generator (tests' and the bench's hands; the decider draws nothing itself). */
export function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * One random hand at a table: one winner takes what the others lose, each of them losing nothing, half their stack
 * or all of it (`lossEvery`: one player in that many loses). The stacks after it; chips conserved by construction.
 */
export function randomHand(
  players: readonly { readonly entryId: string; readonly chips: number }[],
  next: () => number,
  lossEvery = 3,
): { entryId: string; chips: number }[] {
  const winner = players[next() % players.length]!;
  const stacks = players.map((e) => ({ entryId: e.entryId, chips: e.chips }));
  let pot = 0;
  for (const s of stacks)
    if (s.entryId !== winner.entryId && next() % lossEvery === 0) {
      const lost = next() % 2 === 0 ? s.chips : Math.floor(s.chips / 2);
      s.chips -= lost;
      pot += lost;
    }
  stacks.find((s) => s.entryId === winner.entryId)!.chips += pot;
  return stacks;
}
