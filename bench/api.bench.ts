/**
 * API benchmark: durable commands per second and latency through HTTP, against the local PostgreSQL with
 * synchronous_commit on, beside what the same PostgreSQL does with the simplest durable write there is.
 *
 *   npm run bench:api                 (builds, then runs: the API under test is dist/apps/api/src/main.js)
 *
 * 1. Throughput: 1, 8 and 64 tables play random legal hands concurrently, one client per table sending its next
 *    command as soon as the previous one is answered (closed loop). Beside each, raw single-row INSERT transactions
 *    on a scratch table by the same number of concurrent clients. Goal: the API at 50% of the raw rate or better.
 *    Also beside it: EventStore.append of one command's events straight to the database (no HTTP), with group commit
 *    and without, which shows what the store itself costs and what the HTTP layer adds.
 *    Each measurement also splits the CPU it took per operation between the clients (this process), the API process
 *    and PostgreSQL's processes: on a machine whose cores they share, that split is what bounds the rates.
 * 2. Latency at 64 tables: a closed loop measures saturation, where latency is concurrency / throughput (Little's
 *    law): queueing, not the cost of a command. So the p99 goal is also checked on an open loop: 64 tables, each
 *    sending a command every PACED_INTERVAL_MS. Goal: p99 < 20 ms. Then 256 and 512 tables at that pace: how many
 *    tables one API process carries within the goal (its capacity), and the CPU that takes.
 * 3. History: command latency on a table with 100 events and on one with 100,000 (written straight into the store
 *    by playing hands through the engine), commands alternating between the two. Goal: within 1.5x.
 *
 * Environment: BENCH_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SECONDS (per measurement, default 10). runApiBench() returns the rows and a markdown report.
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { Client, Pool } from 'pg';
import { mulberry32 } from '@felt/engine';
import { APPEND_GROUP_COMMIT, EventStore, openDatabase } from '@felt/event-store';
import { randomTableLog, tableStreamId } from '@felt/regulator';
import { ApiProcess, ensureBuilt } from '../apps/api/test/test-support/api-process';
import { authHeaders } from '../apps/api/test/test-support/auth';
import { JsonHttpClient } from '../apps/api/test/test-support/http-client';
import { nextCommand, type PlayerView } from '../apps/api/test/test-support/table-player';
import { createScratchDatabase } from './scratch-database';
import { migrations } from '../migrations';

/** BENCH_API_CONCURRENCY=8 (a comma list) and BENCH_API_THROUGHPUT_ONLY=1 narrow an exploratory run, e.g. under a profiler (BENCH_API_NODE_ARGS=--cpu-prof). */
const CONCURRENCY = (process.env.BENCH_API_CONCURRENCY ?? '1,8,64').split(',').map(Number);
const THROUGHPUT_ONLY = process.env.BENCH_API_THROUGHPUT_ONLY === '1';
/** Paced runs: 64 tables for the latency goal, then more, to find how many tables one API process carries with p99 under the goal. */
const PACED_TABLES = [64, 256, 512];
/** One command a second per table: several times a live table's pace (a hand of about fifteen commands every two minutes). */
const PACED_INTERVAL_MS = 1000;
/** A live table's pace: a hand of about fifteen commands every two minutes. */
const LIVE_COMMANDS_PER_TABLE_MINUTE = 7.5;
const HISTORY_SIZES = [100, 100_000];
const WARMUP_SECONDS = 2;
/**
 * Before any measurement the API plays every table for this long: a server's steady state, not its first seconds.
 * Measured here, the API's CPU per command falls for about half a minute after start (3.9 → 2.2 → 1.7 → 1.6 ms over
 * successive 10 s rounds) while V8 compiles the framework's and our hot paths; a casino runs it for weeks.
 */
const API_WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 30);
/** The API's PostgreSQL connections: enough for every table's command to be in a transaction at once, with room to spare under max_connections. */
const API_POOL_SIZE = 32;

export const GOALS = { ofRaw: 0.5, p99Ms: 20, historyRatio: 1.5 } as const;

export interface ApiBenchRow {
  readonly kind: 'throughput' | 'paced' | 'history';
  readonly name: string;
  /** Tables played at once (throughput, paced) or events in the table's history (history). */
  readonly size: number;
  readonly commandsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** CPU time the API process spent per command (user + system), where /proc tells. */
  readonly apiCpuMsPerCommand?: number;
  /** CPU per operation over the measured window, by process, for the API, the store and the raw INSERTs. */
  readonly cpuPerOperation?: { readonly api: CpuSplit; readonly store: CpuSplit; readonly raw: CpuSplit };
  /** Paced rows: the share of the machine's CPU each process used (1 = one core). */
  readonly cpuShare?: CpuSplit;
  /** Raw single-row INSERT transactions per second at the same concurrency (throughput rows). */
  readonly rawPerSecond?: number;
  readonly rawP50Ms?: number;
  readonly rawP99Ms?: number;
  /** EventStore.append straight to the database (no HTTP), one stream per client, at the same concurrency. */
  readonly storePerSecond?: number;
  readonly storeP50Ms?: number;
  /** The same with group commit off (each append its own statement and transaction). */
  readonly storeUnbatchedPerSecond?: number;
  /** The first read of the table, which folds its whole history (no snapshot yet). */
  readonly firstReadMs?: number;
  /** The first command after a restart (empty cache): reads the snapshot saved by that fold, and the events after it. */
  readonly afterRestartMs?: number;
}

interface Sample {
  count: number;
  /** CPU ms spent over the measured window (after the warm-up), by whom. */
  cpu: CpuSplit;
  /** Operations done during the warm-up (not in count). */
  warmup: number;
  latencies: number[];
  errors: number;
}

const RULES = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };

export async function runApiBench(options: { seconds?: number } = {}): Promise<{ rows: ApiBenchRow[]; markdown: string }> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  ensureBuilt();
  const { url, drop } = await createScratchDatabase('felt_bench');
  let api: ApiProcess | undefined;
  const rows: ApiBenchRow[] = [];
  try {
    const settings = await serverSettings(url);
    if (settings.synchronous_commit !== 'on' || settings.fsync !== 'on') {
      throw new Error(`the benchmark needs durable commits: synchronous_commit=${settings.synchronous_commit}, fsync=${settings.fsync}`);
    }
    const env: Record<string, string> = { DATABASE_URL: url, DATABASE_POOL_SIZE: String(API_POOL_SIZE), LOG_LEVEL: 'info' };
    const apiOptions = { nodeArgs: process.env.BENCH_API_NODE_ARGS?.split(' ').filter(Boolean) };
    api = await ApiProcess.start(env, apiOptions);
    const client = new JsonHttpClient(api.baseUrl, authHeaders('floor'));
    const random = mulberry32(42);

    // 1. Throughput, raw INSERTs beside it at the same concurrency.
    const views = await openTables(client, Math.max(...CONCURRENCY, ...(THROUGHPUT_ONLY ? [] : PACED_TABLES)));
    const tableIds = [...views.keys()];
    await withPool(url, 1, (pool) => pool.query('CREATE TABLE bench_raw_inserts (id bigserial PRIMARY KEY, payload jsonb NOT NULL)'));
    console.error(`warming the API up: ${API_WARMUP_SECONDS} s on ${tableIds.length} tables…`);
    await closedLoop(tableIds.length, Math.max(0, API_WARMUP_SECONDS - WARMUP_SECONDS), (worker) =>
      playOne(client, tableIds[worker]!, views, random),
    );
    for (const concurrency of CONCURRENCY) {
      // A connection per client, closed before the API's turn (both together could pass max_connections).
      const rawSample = await withPool(url, concurrency, (pool) =>
        closedLoop(concurrency, seconds, () =>
          pool.query('INSERT INTO bench_raw_inserts (payload) VALUES ($1)', ['{"type":"Raise","seat":3,"to":6}']),
        ),
      );
      const storeSample = await withStore(url, concurrency, (store) =>
        closedLoop(concurrency, seconds, (worker) => appendOneCommand(store, `store-${concurrency}-${worker}`)),
      );
      // The same with every append in its own statement (at most one in flight per client: no batch ever forms).
      const unbatchedSample = await withStore(
        url,
        concurrency,
        (store) => closedLoop(concurrency, seconds, (worker) => appendOneCommand(store, `store-${concurrency}-${worker}`)),
        { maxInFlight: concurrency, maxBatch: 1 },
      );
      const apiSample = await closedLoop(
        concurrency,
        seconds,
        (worker) => playOne(client, tableIds[worker]!, views, random),
        api.child.pid,
      );
      const cpuMs = apiSample.cpu.api;
      rows.push({
        kind: 'throughput',
        name: `${concurrency} table${concurrency === 1 ? '' : 's'}, closed loop`,
        size: concurrency,
        commandsPerSecond: apiSample.count / seconds,
        p50Ms: percentile(apiSample.latencies, 50),
        p99Ms: percentile(apiSample.latencies, 99),
        apiCpuMsPerCommand: Number.isNaN(cpuMs) ? undefined : cpuMs / apiSample.count,
        rawPerSecond: rawSample.count / seconds,
        rawP50Ms: percentile(rawSample.latencies, 50),
        rawP99Ms: percentile(rawSample.latencies, 99),
        storePerSecond: storeSample.count / seconds,
        storeP50Ms: percentile(storeSample.latencies, 50),
        storeUnbatchedPerSecond: unbatchedSample.count / seconds,
        cpuPerOperation: {
          api: divided(apiSample.cpu, apiSample.count),
          store: divided(storeSample.cpu, storeSample.count),
          raw: divided(rawSample.cpu, rawSample.count),
        },
      });
      if (apiSample.errors > 0) throw new Error(`${apiSample.errors} commands failed at concurrency ${concurrency}`);
    }

    if (THROUGHPUT_ONLY) return { rows, markdown: report(rows, settings, seconds) };

    // 2. Tables at a steady pace, more and more of them: the latency goal at 64, then how many one API carries.
    for (const tables of PACED_TABLES) {
      const paced = await pacedLoop(
        tables,
        seconds,
        PACED_INTERVAL_MS,
        (worker) => playOne(client, tableIds[worker]!, views, random),
        api.child.pid,
      );
      rows.push({
        kind: 'paced',
        name: `${tables} tables, a command every ${PACED_INTERVAL_MS} ms each`,
        size: tables,
        commandsPerSecond: paced.count / seconds,
        p50Ms: percentile(paced.latencies, 50),
        p99Ms: percentile(paced.latencies, 99),
        cpuShare: divided(paced.cpu, seconds * 1000),
      });
    }

    // 3. A short and a long history, the long one written straight into the store.
    const db = await openDatabase({ databaseUrl: url, migrations });
    const historyTables: { tableId: string; events: number; firstRead: number; after?: number }[] = [];
    for (const size of HISTORY_SIZES) {
      const tableId = `history-${size}`;
      const events = await appendHistory(new EventStore(db), tableId, size);
      historyTables.push({ tableId, events, firstRead: 0 });
    }
    await db.close();
    for (const t of historyTables) {
      t.firstRead = await timed(async () => views.set(t.tableId, (await client.get(`/tables/${t.tableId}`)).body as PlayerView));
    }
    const history = historyTables.map(() => ({ count: 0, latencies: [] as number[] }));
    const end = Date.now() + seconds * 1000;
    while (Date.now() < end) {
      for (const [i, t] of historyTables.entries()) {
        history[i]!.latencies.push(await timed(() => playOne(client, t.tableId, views, random)));
        history[i]!.count++;
      }
    }
    // After a restart the cache is empty: the first command reads the snapshot saved when the history was folded.
    client.close();
    await api.stop();
    api = await ApiProcess.start(env, apiOptions);
    const restarted = new JsonHttpClient(api.baseUrl, authHeaders('floor'));
    for (const t of historyTables) t.after = await timed(() => playOne(restarted, t.tableId, views, random));
    restarted.close();
    for (const [i, t] of historyTables.entries()) {
      rows.push({
        kind: 'history',
        name: `table with ${t.events.toLocaleString('en-US')} events`,
        size: t.events,
        commandsPerSecond: history[i]!.count / seconds,
        p50Ms: percentile(history[i]!.latencies, 50),
        p99Ms: percentile(history[i]!.latencies, 99),
        firstReadMs: t.firstRead,
        afterRestartMs: t.after,
      });
    }
    return { rows, markdown: report(rows, settings, seconds) };
  } catch (error) {
    if (api) console.error(`the API's last output:\n${api.log}`);
    throw error;
  } finally {
    await api?.stop();
    await drop();
  }
}

/** Opens `count` six-seat tables with six players and a button, and returns their views. */
async function openTables(client: JsonHttpClient, count: number): Promise<Map<string, PlayerView>> {
  const views = new Map<string, PlayerView>();
  for (let t = 0; t < count; t++) {
    const tableId = `bench-${t}`;
    await expectCreated(client.post('/tables', { tableId, rules: RULES }));
    for (let seat = 1; seat <= 6; seat++)
      await expectCreated(client.post(`/tables/${tableId}/seat-player`, { seat, playerId: `p${t}-${seat}`, buyIn: 200 }));
    views.set(tableId, (await expectCreated(client.post(`/tables/${tableId}/draw-for-button`, {}))).body.table);
  }
  return views;
}

/** Sends the table's next random legal command with its own id; every one must be applied. */
async function playOne(client: JsonHttpClient, tableId: string, views: Map<string, PlayerView>, random: () => number): Promise<void> {
  const answer = await client.post(`/tables/${tableId}/commands`, nextCommand(views.get(tableId)!, random), {
    'Idempotency-Key': `${tableId}/${randomBytes(8).toString('hex')}`,
  });
  if (answer.status !== 201) throw new Error(`${tableId}: ${answer.status} ${JSON.stringify(answer.body)}`);
  views.set(tableId, answer.body.table);
}

async function expectCreated<T extends { status: number; body: any }>(answer: Promise<T>): Promise<T> {
  const a = await answer;
  if (a.status !== 201) throw new Error(`expected 201, got ${a.status}: ${JSON.stringify(a.body)}`);
  return a;
}

/** `workers` loops, each sending its next operation when the last one finished; a warm-up first, then `seconds` measured. */
async function closedLoop(
  workers: number,
  seconds: number,
  operation: (worker: number) => Promise<unknown>,
  apiPid?: number,
): Promise<Sample> {
  const sample: Omit<Sample, 'cpu'> = { count: 0, warmup: 0, latencies: [], errors: 0 };
  const warmEnd = Date.now() + WARMUP_SECONDS * 1000;
  const start = warmEnd;
  const end = start + seconds * 1000;
  const cpuWindow = watchCpu(apiPid, start, end);
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (;;) {
        const began = performance.now();
        const beganAt = Date.now();
        if (beganAt >= end) return;
        try {
          await operation(worker);
        } catch (error) {
          sample.errors++;
          if (sample.errors === 1) console.error(error);
          return;
        }
        if (beganAt >= start) {
          sample.count++;
          sample.latencies.push(performance.now() - began);
        } else {
          sample.warmup++;
        }
      }
    }),
  );
  return { ...sample, cpu: await cpuWindow };
}

/** CPU milliseconds (user + system) by process: the API (when there is one), PostgreSQL's processes, and this one (the clients). */
export interface CpuSplit {
  readonly api: number;
  readonly database: number;
  readonly client: number;
}

/** CPU spent between two moments, read at each: the API process and every PostgreSQL process from /proc, this process from Node. */
async function watchCpu(apiPid: number | undefined, from: number, to: number): Promise<CpuSplit> {
  const apiCpu = () => (apiPid === undefined ? 0 : processCpuMs(apiPid));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, from - Date.now())));
  const before = { api: apiCpu(), database: databaseCpuByPid(), client: thisProcessCpuMs() };
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, to - Date.now())));
  return { api: apiCpu() - before.api, database: databaseCpuSince(before.database), client: thisProcessCpuMs() - before.client };
}

/** Each process's CPU divided by `by`: per operation (the count), or as a share of the machine (the window's ms). */
function divided(cpu: CpuSplit, by: number): CpuSplit {
  return { api: cpu.api / by, database: cpu.database / by, client: cpu.client / by };
}

export function thisProcessCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** CPU so far of every PostgreSQL process (the postmaster, its background processes and every backend), by pid. */
export function databaseCpuByPid(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) === 'postgres') byPid.set(entry, cpuMsFromStat(stat));
    } catch {
      // gone between readdir and read
    }
  }
  return byPid;
}

/** PostgreSQL's CPU between two readings: what each process spent since the first (all of it, for one started since). */
export function databaseCpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of databaseCpuByPid()) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** `workers` loops, each starting an operation every `intervalMs` (or as soon as the last one is done, if later). */
async function pacedLoop(
  workers: number,
  seconds: number,
  intervalMs: number,
  operation: (worker: number) => Promise<unknown>,
  apiPid?: number,
): Promise<Sample> {
  const sample: Omit<Sample, 'cpu'> = { count: 0, warmup: 0, latencies: [], errors: 0 };
  const start = Date.now() + WARMUP_SECONDS * 1000;
  const end = start + seconds * 1000;
  const cpuWindow = watchCpu(apiPid, start, end);
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      // Spread the tables over the interval so they do not all fire at once.
      let next = Date.now() + (worker * intervalMs) / workers;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
        const beganAt = Date.now();
        if (beganAt >= end) return;
        const began = performance.now();
        try {
          await operation(worker);
        } catch (error) {
          sample.errors++;
          if (sample.errors === 1) console.error(error);
          return;
        }
        if (beganAt >= start) {
          sample.count++;
          sample.latencies.push(performance.now() - began);
        }
        next += intervalMs;
      }
    }),
  );
  if (sample.errors > 0) throw new Error(`${sample.errors} paced commands failed`);
  return { ...sample, cpu: await cpuWindow };
}

/** A table of random legal hands with at least `events` events, appended in large batches (no snapshot). */
async function appendHistory(store: EventStore, tableId: string, events: number): Promise<number> {
  const log = randomTableLog({ tableId, seed: events, events, players: 6 });
  const streamId = tableStreamId(tableId);
  const batch = 2000;
  for (let start = 0; start < log.length; start += batch) {
    const appended = await store.append(streamId, {
      expectedVersion: start,
      commandId: `${streamId}/history/${start}`,
      events: log.slice(start, start + batch).map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
      metadata: { actorId: 'bench-history', actorRole: 'bench' },
    });
    if (!appended.ok) throw new Error(`history append conflicted at ${start}`);
  }
  return log.length;
}

/** User + system CPU milliseconds of a process so far (Linux /proc), NaN elsewhere. */
export function processCpuMs(pid: number | undefined): number {
  try {
    return cpuMsFromStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return NaN;
  }
}

function cpuMsFromStat(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks, USER_HZ = 100 on Linux
}

/** What one betting command appends, as the API writes it (an action event and its metadata). */
const STORE_EVENTS = [
  { type: 'PlayerActed', schemaVersion: 1, data: { handNumber: 12, seat: 3, action: 'raise', amount: 6, to: 6, allIn: false } },
];
const STORE_METADATA = {
  actorId: '5b0e8c2e-5f0a-4d59-9d43-2f4bb1a7c001',
  actorRole: 'dealer',
  correlationId: 'bench-request',
  device: 'console-3',
};

/** What the API appends for one command, to `streamId`, straight to the store. */
function appendOneCommand(store: EventStore, streamId: string) {
  return store.append(streamId, {
    expectedVersion: 'any',
    commandId: randomBytes(12).toString('hex'),
    events: STORE_EVENTS,
    metadata: STORE_METADATA,
  });
}

/** An EventStore of its own (group commit as the API has it) with a connection per client. */
async function withStore<T>(
  url: string,
  size: number,
  fn: (store: EventStore) => Promise<T>,
  groupCommit = APPEND_GROUP_COMMIT,
): Promise<T> {
  const db = await openDatabase({ databaseUrl: url, migrations, postgres: { maxConnections: size } });
  try {
    return await fn(new EventStore(db, groupCommit));
  } finally {
    await db.close();
  }
}

async function withPool<T>(url: string, size: number, fn: (pool: Pool) => Promise<T>): Promise<T> {
  const pool = new Pool({ connectionString: url, max: size });
  try {
    return await fn(pool);
  } finally {
    await pool.end();
  }
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const began = performance.now();
  await fn();
  return performance.now() - began;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function serverSettings(url: string): Promise<Record<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('synchronous_commit', 'fsync', 'wal_sync_method', 'commit_delay', 'server_version')`,
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}

function report(rows: ApiBenchRow[], settings: Record<string, string>, seconds: number): string {
  const n = (x: number | undefined, digits = 1) =>
    x === undefined || Number.isNaN(x) ? '–' : x.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const whole = (x: number | undefined) => (x === undefined ? '–' : Math.round(x).toLocaleString('en-US'));
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  const lines = [
    `PostgreSQL ${settings.server_version}, synchronous_commit=${settings.synchronous_commit}, fsync=${settings.fsync} (${settings.wal_sync_method}), ` +
      `${seconds} s per measurement after a ${WARMUP_SECONDS} s warm-up (the API first plays every table for ${API_WARMUP_SECONDS} s, to measure its steady state); the API is \`node dist/apps/api/src/main.js\` (pool of ${API_POOL_SIZE} connections, JSON request logs on), ` +
      'the clients run in the benchmark process; every command is a random legal move with its own Idempotency-Key.',
    '',
    '| tables playing | API commands/s | API p50 ms | API p99 ms | API CPU ms/command | raw INSERT tx/s | raw p50 ms | raw p99 ms | event store appends/s (no HTTP) | store p50 ms | store without group commit/s | API / raw | store / raw | goal ≥ 50% |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  for (const r of rows.filter((r) => r.kind === 'throughput')) {
    const ratio = r.commandsPerSecond / r.rawPerSecond!;
    lines.push(
      `| ${r.size} | ${whole(r.commandsPerSecond)} | ${n(r.p50Ms)} | ${n(r.p99Ms)} | ${n(r.apiCpuMsPerCommand, 2)} | ${whole(r.rawPerSecond)} | ${n(r.rawP50Ms)} | ${n(r.rawP99Ms)} | ${whole(r.storePerSecond)} | ${n(r.storeP50Ms)} | ${whole(r.storeUnbatchedPerSecond)} | ${Math.round(ratio * 100)}% | ${Math.round((r.storePerSecond! / r.rawPerSecond!) * 100)}% | ${mark(ratio >= GOALS.ofRaw)} |`,
    );
  }
  lines.push(
    '',
    `CPU per operation over the same windows, in ms, by process (this machine has ${availableParallelism()} cores: the three share them, so at saturation operations/s ≈ ${availableParallelism()} × 1,000 / total):`,
    '',
    '| tables playing | API: client | API: API process | API: PostgreSQL | API: total | store: client (the store runs here) | store: PostgreSQL | store: total | raw: client | raw: PostgreSQL | raw: total |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of rows.filter((r) => r.kind === 'throughput' && r.cpuPerOperation)) {
    const { api, store, raw } = r.cpuPerOperation!;
    const c = (x: number) => n(x, 3);
    lines.push(
      `| ${r.size} | ${c(api.client)} | ${c(api.api)} | ${c(api.database)} | ${c(api.client + api.api + api.database)} | ${c(store.client)} | ${c(store.database)} | ${c(store.client + store.database)} | ${c(raw.client)} | ${c(raw.database)} | ${c(raw.client + raw.database)} |`,
    );
  }
  lines.push(
    '',
    '| paced | commands/s | p50 ms | p99 ms | CPU used, in cores: API | PostgreSQL | clients | p99 < 20 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  );
  const paced = rows.filter((r) => r.kind === 'paced');
  for (const r of paced) {
    const share = r.cpuShare;
    lines.push(
      `| ${r.name} | ${whole(r.commandsPerSecond)} | ${n(r.p50Ms)} | ${n(r.p99Ms)} | ${n(share?.api, 2)} | ${n(share?.database, 2)} | ${n(share?.client, 2)} | ${mark(r.p99Ms < GOALS.p99Ms)} |`,
    );
  }
  const closed64 = rows.find((r) => r.kind === 'throughput' && r.size === 64);
  if (closed64)
    lines.push(
      `| 64 tables, closed loop (above: saturation, not a pace) | ${whole(closed64.commandsPerSecond)} | ${n(closed64.p50Ms)} | ${n(closed64.p99Ms)} | | | | ${mark(closed64.p99Ms < GOALS.p99Ms)} |`,
    );
  const carried = paced.filter((r) => r.p99Ms < GOALS.p99Ms).sort((a, b) => b.size - a.size)[0];
  if (carried) {
    lines.push(
      '',
      `Capacity: one API process carried ${carried.size} tables at one command a second each with p99 ${n(carried.p99Ms)} ms. ` +
        `A live table plays about ${LIVE_COMMANDS_PER_TABLE_MINUTE} commands a minute, so that pace is the load of about ${whole((carried.size * 60) / LIVE_COMMANDS_PER_TABLE_MINUTE)} live tables.`,
    );
  }

  const history = rows.filter((r) => r.kind === 'history');
  lines.push(
    '',
    '| history | p50 ms | p99 ms | first read (folds the history) ms | first command after a restart (snapshot) ms |',
    '|---|---:|---:|---:|---:|',
  );
  for (const r of history) lines.push(`| ${r.name} | ${n(r.p50Ms, 2)} | ${n(r.p99Ms, 2)} | ${n(r.firstReadMs)} | ${n(r.afterRestartMs)} |`);
  if (history.length === 2) {
    const ratio = history[1]!.p50Ms / history[0]!.p50Ms;
    lines.push(
      '',
      `Long history / short history, p50: ${n(ratio, 2)}x (goal within ${GOALS.historyRatio}x: ${mark(ratio <= GOALS.historyRatio && ratio >= 1 / GOALS.historyRatio)}).`,
    );
  }
  return lines.join('\n');
}

if (require.main === module) {
  runApiBench()
    .then(({ markdown }) => console.log(markdown))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
