/**
 * List routes at scale: the first page of GET /regulator/tables (and of GET /tables, and a page deep in the list)
 * with 10,000 tables in the store, through HTTP on the local PostgreSQL (the built API, dist/apps/api/src/main.js).
 * Goal: the first page of /regulator/tables with p50 under 50 ms.
 *
 *   npm run bench:lists
 *
 * The tables are written straight into the store (random legal hands through the engine, about 12 events each),
 * then each route is called one request at a time: the first call after the API started (its table cache cold),
 * then BENCH_LIST_SAMPLES more (default 300). Environment: BENCH_DATABASE_URL, BENCH_LIST_TABLES (10,000).
 */
import { availableParallelism, loadavg } from 'node:os';
import { EventStore, openDatabase } from '@felt/event-store';
import { randomTableLog, tableStreamId } from '@felt/regulator';
import { ApiProcess, ensureBuilt } from '../apps/api/test/test-support/api-process';
import { authHeaders } from '../apps/api/test/test-support/auth';
import { createScratchDatabase } from './scratch-database';
import { migrations } from '../migrations';

const TABLES = Number(process.env.BENCH_LIST_TABLES ?? 10_000);
const SAMPLES = Number(process.env.BENCH_LIST_SAMPLES ?? 300);
const WRITERS = 16;
/** Enough for a table with players and a hand or two: what a list costs does not grow with a table's history. */
const EVENTS_PER_TABLE = 12;
export const GOAL_P50_MS = 50;

interface ListRow {
  readonly route: string;
  readonly rows: number;
  readonly coldMs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export async function runListsBench(): Promise<{ rows: ListRow[]; markdown: string }> {
  ensureBuilt();
  const { url, drop } = await createScratchDatabase('felt_bench_lists');
  let api: ApiProcess | undefined;
  try {
    // The API migrates the new database at start; stopped while the tables are written, started cold after.
    api = await ApiProcess.start({ DATABASE_URL: url });
    await api.stop();
    const began = performance.now();
    await fillTables(url, TABLES);
    console.error(`${TABLES} tables written in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    api = await ApiProcess.start({ DATABASE_URL: url });
    const headers = authHeaders('regulator');
    const middle = `bench-${String(Math.floor(TABLES / 2)).padStart(6, '0')}`;
    // The last two are the floor under the others on this machine now: a request that reads nothing, and one that
    // makes one round trip to the database (SELECT 1). Every list request makes two (the user's row, the page).
    const routes = [
      '/regulator/tables',
      '/tables',
      `/regulator/tables?after=${middle}`,
      `/tables?after=${middle}&limit=1000`,
      '/health/live',
      '/health/ready',
    ];
    const rows: ListRow[] = [];
    for (const route of routes) {
      const cold = await timedGet(api.baseUrl + route, headers);
      const latencies: number[] = [];
      for (let i = 0; i < SAMPLES; i++) latencies.push((await timedGet(api.baseUrl + route, headers)).ms);
      rows.push({ route, rows: cold.rows, coldMs: cold.ms, p50Ms: percentile(latencies, 50), p99Ms: percentile(latencies, 99) });
    }
    return { rows, markdown: report(rows) };
  } finally {
    await api?.stop();
    await drop();
  }
}

/** `count` tables of random legal hands (about 12 events each), appended by a few concurrent writers. */
async function fillTables(url: string, count: number): Promise<void> {
  const db = await openDatabase({ databaseUrl: url, migrations, postgres: { maxConnections: WRITERS } });
  try {
    const store = new EventStore(db);
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = next++; i < count; i = next++) {
          const tableId = `bench-${String(i).padStart(6, '0')}`;
          const log = randomTableLog({ tableId, seed: i + 1, events: EVENTS_PER_TABLE, players: 4 });
          const appended = await store.append(tableStreamId(tableId), {
            expectedVersion: 'no-stream',
            commandId: `${tableId}/fill`,
            events: log.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
            metadata: { actorId: 'bench-lists', actorRole: 'bench' },
          });
          if (!appended.ok) throw new Error(`${tableId}: append conflicted`);
        }
      }),
    );
  } finally {
    await db.close();
  }
}

async function timedGet(url: string, headers: Record<string, string>): Promise<{ ms: number; rows: number }> {
  const began = performance.now();
  const res = await fetch(url, { headers });
  const body = (await res.json()) as { tables?: unknown[] };
  const ms = performance.now() - began;
  if (res.status !== 200) throw new Error(`GET ${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return { ms, rows: body.tables?.length ?? 0 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(rows: readonly ListRow[]): string {
  const first = rows[0]!;
  const lines = [
    `${TABLES.toLocaleString('en')} tables (about 12 events each) on PostgreSQL; one request at a time, ${SAMPLES} samples after the first call (cold: the API just started).`,
    '',
    '| route | rows | first call (cold) | p50 | p99 |',
    '|---|---:|---:|---:|---:|',
    ...rows.map(
      (r) => `| \`GET ${r.route}\` | ${r.rows} | ${r.coldMs.toFixed(1)} ms | ${r.p50Ms.toFixed(1)} ms | ${r.p99Ms.toFixed(1)} ms |`,
    ),
    '',
    `Load average when done: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ', ',
      )} (${availableParallelism()} cores). \`/health/live\` (no database) and \`/health/ready\` (one \`SELECT 1\`) are the floor under the list routes on the machine as it was; a list request makes two round trips (the user's row, the page).`,
    '',
    `Goal: the first page of \`/regulator/tables\` with p50 under ${GOAL_P50_MS} ms: **${first.p50Ms < GOAL_P50_MS ? 'met' : 'not met'}** (${first.p50Ms.toFixed(1)} ms).`,
  ];
  return lines.join('\n');
}
