import { placePrizes, prizePoolOf } from './payouts';
import { chipsInPlay, isAlive, registrationOpen, seatedAt, tableOf, type TournamentState } from './state';
import type { Level } from './structure';

/** A step of the structure as screens show it: the level's number (breaks have none) and its blinds. */
function levelView(state: TournamentState, step: number) {
  const levels = state.structure!.levels;
  const level: Level | undefined = levels[step];
  if (!level) return null;
  const number = levels.slice(0, step + 1).filter((l) => l.kind === 'level').length;
  return level.kind === 'level'
    ? {
        step,
        kind: 'level' as const,
        number,
        smallBlind: level.smallBlind,
        bigBlind: level.bigBlind,
        ante: level.ante,
        bigBlindAnte: level.bigBlindAnte,
        minutes: level.minutes,
      }
    : { step, kind: 'break' as const, minutes: level.minutes, colourUp: level.colourUp ?? null, addOn: level.addOn };
}

/** How long the step has left at `now` (paused: as recorded; not started: the first level's length). */
function timeLeftMs(state: TournamentState, now: string): number {
  const { clock } = state;
  if (clock.status === 'running') return Math.max(0, Date.parse(clock.endsAt!) - Date.parse(now));
  if (clock.status === 'paused') return clock.remainingMs!;
  return state.structure!.levels[0]!.minutes * 60_000;
}

/**
 * The public clock board (GET /tournaments/:id/clock, no token): level, blinds, the next level, time left,
 * entries, players left, the average stack, the prize pool and what each place pays. No player id, alias, seat or
 * stack of anyone (docs/security.md).
 */
export function clockBoard(state: TournamentState, now: string) {
  const structure = state.structure!;
  const alive = state.entries.filter(isAlive).length;
  const pool = prizePoolOf(structure, state.buyIns);
  return {
    tournamentId: state.tournamentId,
    name: structure.name,
    status: state.status,
    clock: { status: state.clock.status, endsAt: state.clock.endsAt, timeLeftMs: timeLeftMs(state, now) },
    level: levelView(state, state.clock.step),
    next: levelView(state, state.clock.step + 1),
    registrationOpen: registrationOpen(state),
    entries: state.buyIns.entries,
    playersLeft: alive,
    averageStack: alive === 0 ? 0 : Math.floor(chipsInPlay(state) / alive),
    prizePool: pool.prizePool,
    guarantee: structure.guarantee,
    payouts: placePrizes(structure, pool.prizePool, Math.max(1, state.buyIns.entries)).map((amount, i) => ({ place: i + 1, amount })),
  };
}

export type ClockBoard = ReturnType<typeof clockBoard>;

/** What a table's dealer needs: the blinds for the next hand, who sits where with what, who leaves and who arrives. */
export function tableNeeds(state: TournamentState, tableId: string) {
  const table = tableOf(state, tableId);
  if (!table) return null;
  const alias = (entryId: string) => state.entries.find((e) => e.entryId === entryId)!.alias;
  return {
    tableId,
    broken: table.broken,
    level: levelView(state, state.clock.step),
    seats: seatedAt(state, tableId)
      .map((e) => ({ seat: e.seat!.seat, entryId: e.entryId, alias: e.alias, chips: e.chips }))
      .sort((a, b) => a.seat - b.seat),
    leaving: state.moves
      .filter((m) => m.from.tableId === tableId)
      .map((m) => ({ entryId: m.entryId, alias: alias(m.entryId), seat: m.from.seat, to: m.to, reason: m.reason })),
    arriving: state.moves
      .filter((m) => m.to.tableId === tableId)
      .map((m) => ({ entryId: m.entryId, alias: alias(m.entryId), seat: m.to.seat, from: m.from, reason: m.reason })),
  };
}

/** The floor's whole view: every entry, table and pending move, the money reconciled, the deal made. */
export function floorTournament(state: TournamentState, now: string) {
  return {
    ...clockBoard(state, now),
    structure: state.structure,
    money: prizePoolOf(state.structure!, state.buyIns),
    chipsInPlay: chipsInPlay(state),
    entryList: state.entries,
    tables: state.tables,
    moves: state.moves,
    handForHand: state.handForHand,
    results: state.finished?.results ?? null,
    /** The deal made, if any: its shares and what it left to play for (play goes on for it). */
    deal: state.deal,
  };
}
