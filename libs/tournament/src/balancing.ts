import type { SeatRef, TournamentEvent } from './events';
import { evolveTournament } from './evolve';
import { seatedAt, type Entry, type PendingMove, type TournamentState, type TournamentTable } from './state';

/**
 * Balancing and breaking (TDA 2024; docs/tournaments.md "Balancing"): pure functions of the state that say who
 * moves where. Tables are broken in reverse order of adding (⚙ the last table added breaks first); a balancing
 * move takes the player who would be big blind next at the fullest table to the worst open seat (the one that
 * would pay the big blind soonest) at the shortest table; a broken table's players are ordered by the random keys
 * the command brought and each goes to the worst open seat of the shortest table then.
 */

interface MoveIndex {
  readonly leaving: ReadonlyMap<string, ReadonlySet<string>>;
  readonly arriving: ReadonlyMap<string, readonly PendingMove[]>;
  readonly breaking: ReadonlySet<string>;
  readonly moving: ReadonlySet<string>;
}

/** The pending moves by table, per state (a memo like seatedAt's: balancing asks per table, many times). */
const movesOf = new WeakMap<TournamentState, MoveIndex>();

function moveIndex(state: TournamentState): MoveIndex {
  const known = movesOf.get(state);
  if (known) return known;
  const leaving = new Map<string, Set<string>>();
  const arriving = new Map<string, PendingMove[]>();
  const breaking = new Set<string>();
  for (const m of state.moves) {
    leaving.set(m.from.tableId, (leaving.get(m.from.tableId) ?? new Set()).add(m.entryId));
    arriving.set(m.to.tableId, [...(arriving.get(m.to.tableId) ?? []), m]);
    if (m.reason === 'break') breaking.add(m.from.tableId);
  }
  const index = { leaving, arriving, breaking, moving: new Set(state.moves.map((m) => m.entryId)) };
  movesOf.set(state, index);
  return index;
}

const breaking = (state: TournamentState, tableId: string) => moveIndex(state).breaking.has(tableId);

/** Tables players may be moved or seated to: in play, not broken, not breaking. */
export function activeTables(state: TournamentState): TournamentTable[] {
  return state.tables.filter((t) => t.inPlay && !t.broken && !breaking(state, t.tableId));
}

/** Players a table will have once the pending moves are made. */
export function effectiveCount(state: TournamentState, tableId: string): number {
  const { leaving, arriving } = moveIndex(state);
  const out = leaving.get(tableId);
  const seated = seatedAt(state, tableId);
  return (out ? seated.filter((e) => !out.has(e.entryId)).length : seated.length) + (arriving.get(tableId)?.length ?? 0);
}

/** Open seats by table, per state: finding the shortest table asks every table's, for every table with a player to give. */
const openSeatsOf = new WeakMap<TournamentState, Map<string, readonly number[]>>();

/** The seats of a table nobody sits in and no pending move is headed for, in seat order. */
export function openSeats(state: TournamentState, table: TournamentTable): readonly number[] {
  let known = openSeatsOf.get(state);
  if (!known) openSeatsOf.set(state, (known = new Map()));
  const cached = known.get(table.tableId);
  if (cached) return cached;
  const taken = new Set([
    ...seatedAt(state, table.tableId).map((e) => e.seat!.seat),
    ...(moveIndex(state).arriving.get(table.tableId) ?? []).map((m) => m.to.seat),
  ]);
  const open = Array.from({ length: table.seats }, (_, i) => i + 1).filter((s) => !taken.has(s));
  known.set(table.tableId, open);
  return open;
}

/** Seats clockwise after `from` (from excluded), among `seats`. */
function clockwiseAfter(seats: readonly number[], from: number): number[] {
  const sorted = [...seats].sort((a, b) => a - b);
  return [...sorted.filter((s) => s > from), ...sorted.filter((s) => s <= from)];
}

/** The seat that posts the big blind in the table's next hand (null before a hand was recorded there). */
function nextBigBlindSeat(table: TournamentTable, occupied: readonly number[]): number | null {
  if (table.button === null || occupied.length < 2) return null;
  const order = clockwiseAfter(occupied, table.button);
  return order[order.length >= 3 ? 2 : 1]!;
}

/** The worst open seat (TDA: the moved player takes the position that pays the big blind soonest; lowest seat before any hand). */
export function worstOpenSeat(state: TournamentState, table: TournamentTable): number | null {
  const open = openSeats(state, table);
  if (open.length === 0) return null;
  const bb = nextBigBlindSeat(
    table,
    seatedAt(state, table.tableId).map((e) => e.seat!.seat),
  );
  return bb === null ? open[0]! : clockwiseAfter(open, bb)[0]!;
}

/** The player who would be big blind next at a table (the highest seat before any hand), not already moving. */
function nextToMove(state: TournamentState, table: TournamentTable): Entry | undefined {
  const { moving } = moveIndex(state);
  const players = seatedAt(state, table.tableId).filter((e) => !moving.has(e.entryId));
  const bb = nextBigBlindSeat(
    table,
    players.map((e) => e.seat!.seat),
  );
  if (bb === null) return [...players].sort((a, b) => b.seat!.seat - a.seat!.seat)[0];
  return players.find((e) => e.seat!.seat === bb);
}

/** The shortest active table with an open seat (the first in order on a tie), other than `except`. */
function shortest(state: TournamentState, except?: string): TournamentTable | undefined {
  let best: TournamentTable | undefined;
  for (const t of activeTables(state))
    if (
      t.tableId !== except &&
      openSeats(state, t).length > 0 &&
      (!best || effectiveCount(state, t.tableId) < effectiveCount(state, best.tableId))
    )
      best = t;
  return best;
}

/**
 * A late entry's seat: a random open seat (by `key`) of the shortest tables; when every table in play is full, a
 * spare table's. Null when there is no seat at all.
 */
export function lateEntrySeat(state: TournamentState, key: number): SeatRef | null {
  const active = activeTables(state).filter((t) => openSeats(state, t).length > 0);
  const least = Math.min(...active.map((t) => effectiveCount(state, t.tableId)));
  const candidates: SeatRef[] = active
    .filter((t) => effectiveCount(state, t.tableId) === least)
    .flatMap((t) => openSeats(state, t).map((seat) => ({ tableId: t.tableId, seat })));
  if (candidates.length === 0) {
    const spare = state.tables.find((t) => !t.inPlay && !t.broken);
    if (spare) candidates.push(...openSeats(state, spare).map((seat) => ({ tableId: spare.tableId, seat })));
  }
  return candidates.length === 0 ? null : candidates[key % candidates.length]!;
}

/** A balancing move from `from` (holding `count` once the pending moves are made), or null when it has none to give. */
function balancingMove(state: TournamentState, from: TournamentTable, count: number): { mover: Entry; to: SeatRef } | null {
  const to = shortest(state, from.tableId);
  const mover = nextToMove(state, from);
  const seat = to ? worstOpenSeat(state, to) : null;
  if (!to || !mover || seat === null || effectiveCount(state, to.tableId) >= count - 1) return null;
  return { mover, to: { tableId: to.tableId, seat } };
}

/**
 * The moves the state needs now: tables to break while the players fit in one table fewer, then balancing moves
 * while two tables differ by more than one. `keys` order a broken table's players; too few keys: how many are
 * needed.
 */
export function rebalance(
  state: TournamentState,
  at: string,
  keys: readonly number[],
): { ok: true; events: TournamentEvent[] } | { ok: false; keysNeeded: number } {
  const events: TournamentEvent[] = [];
  let s = state;
  const propose = (e: TournamentEvent) => {
    events.push(e);
    s = evolveTournament(s, e);
  };
  const seatsPerTable = s.structure!.seatsPerTable;
  for (;;) {
    const active = activeTables(s);
    const players = s.entries.filter((e) => e.status === 'seated').length;
    if (active.length < 2 || players > (active.length - 1) * seatsPerTable) break;
    const victim = [...active].reverse().find((t) => !s.moves.some((m) => m.to.tableId === t.tableId)) ?? active[active.length - 1]!;
    const moving = new Set(s.moves.map((m) => m.entryId));
    const leaving = seatedAt(s, victim.tableId).filter((e) => !moving.has(e.entryId));
    if (keys.length < leaving.length) return { ok: false, keysNeeded: leaving.length };
    const order = leaving.map((e, i) => ({ e, key: keys[i]! })).sort((a, b) => a.key - b.key || a.e.seat!.seat - b.e.seat!.seat);
    // The first proposal marks the table as breaking, so no player is sent to it.
    let proposed = 0;
    for (const { e, key } of order) {
      const to = shortest(s, victim.tableId);
      const seat = to ? worstOpenSeat(s, to) : null;
      if (!to || seat === null) break;
      propose({ type: 'MoveProposed', at, entryId: e.entryId, from: e.seat!, to: { tableId: to.tableId, seat }, reason: 'break', key });
      proposed++;
    }
    // Seats still held by players about to move elsewhere: the next hand's report breaks the table.
    if (proposed === 0) break;
  }
  for (let guard = 0; guard < 1000; guard++) {
    const active = activeTables(s);
    if (active.length < 2) break;
    const counts = active.map((t) => effectiveCount(s, t.tableId));
    const min = Math.min(...counts);
    // The fullest table first (the last added on a tie); one whose count is all players in transit to it has nobody
    // to move yet, and the next fullest gives instead.
    const fuller = active
      .map((table, i) => ({ table, count: counts[i]!, i }))
      .filter((c) => c.count > min + 1)
      .sort((a, b) => b.count - a.count || b.i - a.i);
    let move: ReturnType<typeof balancingMove> = null;
    for (const { table, count } of fuller) if ((move = balancingMove(s, table, count))) break;
    if (!move) break;
    propose({ type: 'MoveProposed', at, entryId: move.mover.entryId, from: move.mover.seat!, to: move.to, reason: 'balance', key: null });
  }
  return { ok: true, events };
}
