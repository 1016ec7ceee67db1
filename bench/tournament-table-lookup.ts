/**
 * Which tournament plays at a table: asked by every StartHand and every hand end at a tournament table
 * (apps/api/src/tournaments/tournament-tables.ts). Before: every tournament stream listed, each caught up, and
 * searched; now: an index from the TableAdded events and one read of the one tournament's newer events. Both on
 * the same scratch PostgreSQL store, with every fold already cached (a warm API process), at random tables.
 *
 *   npx tsx bench/tournament-table-lookup.ts      (BENCH_TOURNAMENTS, default 200, of 10 tables each)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { EventStore, openDatabase } from '@felt/event-store';
import {
  toNewTournamentEvent,
  tournamentDecider,
  tournamentIdOf,
  tournamentStreamIdOf,
  TOURNAMENT_STREAM_CATEGORY,
  type TournamentCommand,
  type TournamentEvent,
  type TournamentState,
} from '@felt/tournament';
import { TournamentStreams, type FoldedTournament } from '../apps/api/src/tournaments/tournament-streams';
import { DAILY } from '../libs/tournament/src/tournament.test-support';
import { migrations } from '../migrations';
import { createScratchDatabase } from './scratch-database';

const TOURNAMENTS = Number(process.env.BENCH_TOURNAMENTS ?? 200);
const TABLES = 10;
const LOOKUPS = 100;

function decided(commands: readonly TournamentCommand[]): TournamentEvent[] {
  let state: TournamentState = tournamentDecider.initialState;
  const events: TournamentEvent[] = [];
  for (const c of commands) {
    const d = tournamentDecider.decide(c, state);
    if (!d.ok) throw new Error(d.rejection.message);
    for (const e of d.events) state = tournamentDecider.evolve(state, e);
    events.push(...d.events);
  }
  return events;
}

/** The lookup as it was: every tournament stream listed, each fold read again only when its stream moved, then searched. */
const folds = new Map<string, FoldedTournament>();
async function scanEveryTournament(store: EventStore, streams: TournamentStreams, tableId: string): Promise<string | undefined> {
  for (const row of await store.listStreams({ category: TOURNAMENT_STREAM_CATEGORY })) {
    const id = tournamentIdOf(row.streamId);
    if (id === null) continue;
    const cached = folds.get(id);
    const folded = cached && cached.version >= row.version ? cached : await streams.caughtUp(id);
    folds.set(id, folded);
    if (folded.state.status !== 'finished' && folded.state.tables.some((t) => t.tableId === tableId && !t.broken)) return id;
  }
  return undefined;
}

async function timed(lookup: (tableId: string) => Promise<string | undefined>): Promise<{ cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const began = performance.now();
  for (let i = 0; i < LOOKUPS; i++) {
    const n = (i * 7919) % TOURNAMENTS;
    const found = await lookup(`d${n}-t${(i % TABLES) + 1}`);
    if (found !== `d${n}`) throw new Error(`table d${n}-t${(i % TABLES) + 1}: found ${found}`);
  }
  const used = process.cpuUsage(cpu);
  return { cpuMs: (used.user + used.system) / 1000 / LOOKUPS, wallMs: (performance.now() - began) / LOOKUPS };
}

async function main(): Promise<void> {
  const { url, drop } = await createScratchDatabase('felt_bench_tlookup');
  const db = await openDatabase({ databaseUrl: url, migrations });
  try {
    const store = new EventStore(db);
    for (let n = 0; n < TOURNAMENTS; n++) {
      const at = new Date(Date.UTC(2026, 0, 1)).toISOString();
      const events = decided([
        { type: 'CreateTournament', at, tournamentId: `d${n}`, structure: DAILY },
        ...Array.from({ length: TABLES }, (_, t) => ({ type: 'AddTable' as const, at, tableId: `d${n}-t${t + 1}` })),
      ]);
      await store.append(tournamentStreamIdOf(`d${n}`), {
        expectedVersion: 'no-stream',
        commandId: `bench-${n}`,
        events: events.map(toNewTournamentEvent),
      });
    }
    const streams = new TournamentStreams(store);
    // Warm: every fold cached, the index filled (as in an API process that has served these tournaments).
    await timed((tableId) => scanEveryTournament(store, streams, tableId));
    await timed(async (tableId) => (await streams.ofTable(tableId))?.tournamentId);
    const before = await timed((tableId) => scanEveryTournament(store, streams, tableId));
    const after = await timed(async (tableId) => (await streams.ofTable(tableId))?.tournamentId);
    console.log(
      `${TOURNAMENTS} tournaments x ${TABLES} tables, ${LOOKUPS} lookups, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log('| lookup | CPU ms per lookup | wall ms per lookup |');
    console.log('|---|---:|---:|');
    console.log(`| before: list and search every tournament | ${before.cpuMs.toFixed(3)} | ${before.wallMs.toFixed(3)} |`);
    console.log(`| after: table index, one catch-up read | ${after.cpuMs.toFixed(3)} | ${after.wallMs.toFixed(3)} |`);
  } finally {
    await db.close();
    await drop();
  }
}

void main();
