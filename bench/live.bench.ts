/**
 * Live updates benchmark: how long after a dealer's tablet sends a command does a console following the table get
 * it over the WebSocket, beside the command's own HTTP round trip, measured on the same commands in the same run.
 *
 *   npm run bench:live                (builds, then runs: the API under test is dist/apps/api/src/main.js)
 *
 * 64 six-seat tables on PostgreSQL (synchronous_commit on), one bot per table playing random legal commands through
 * HTTP, one WebSocket console subscribed to each table. For each command: HTTP = from just before the request is
 * written until its answer is read; live = from the same instant until the console has read the `events` message
 * that carries the command's version. Loads:
 *   0. closed loop before any console subscribes: the HTTP figure without the live feed, for comparison;
 *   1. closed loop: each bot sends its next command as soon as the last one is answered (the API saturated);
 *   2. paced: each bot sends a command every PACED_INTERVAL_MS (a busy floor, the API not saturated);
 *   3. paced, the bots on a second API process and the consoles on the first: the change reaches the consoles'
 *      process only through its poll of the log (no wake from its own append).
 *
 * Environment: TEST_DATABASE_URL (admin connection, default postgres://postgres@127.0.0.1:5432/test), BENCH_SECONDS
 * (per load, default 10). runLiveBench() returns the rows and a markdown report.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { mulberry32 } from '@felt/engine';
import { createPostgresDatabase } from '../test/support/app-databases';
import { ApiProcess, ensureBuilt } from '../apps/api/test/test-support/api-process';
import { authHeaders } from '../apps/api/test/test-support/auth';
import { JsonHttpClient } from '../apps/api/test/test-support/http-client';
import { LiveClient } from '../apps/api/test/test-support/live-client';
import { nextCommand, type PlayerView } from '../apps/api/test/test-support/table-player';
import { percentile } from './load/load-stats';
import { LIVE_LIMITS } from '../apps/api/src/live/live-limits';

const TABLES = 64;
/** One command a second per table, as in bench:api: a busy floor that does not saturate the API. */
const PACED_INTERVAL_MS = 1000;
const WARMUP_MS = 2000;
const API_POOL_SIZE = 32;
/** How long to wait, after a load, for the consoles to get the last commands' versions before counting them missing. */
const SETTLE_MS = 5000;
const RULES = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };

export interface LiveBenchRow {
  readonly name: string;
  readonly commandsPerSecond: number;
  readonly http: Percentiles;
  readonly live: Percentiles;
  /** Commands whose version no console received (must be 0). */
  readonly missing: number;
  /** CPU time the API processes spent per command (user + system, warm-up included), where /proc tells. */
  readonly apiCpuMsPerCommand: number;
}

interface Percentiles {
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
}

/** One table's bot and console: when each command was sent, when each version reached the console. */
class FollowedTable {
  view: PlayerView & { version: number };
  private readonly sentAt = new Map<number, number>();
  private readonly arrivedAt = new Map<number, number>();
  measuring = false;
  /** A console follows the table (else only the HTTP figure is taken). */
  followed = false;

  private sample: Sample = { http: [], live: [] };

  constructor(
    readonly tableId: string,
    view: PlayerView & { version: number },
  ) {
    this.view = view;
  }

  /** A new load: its figures go to `sample`. */
  startLoad(sample: Sample): void {
    this.sample = sample;
    this.sentAt.clear();
    this.arrivedAt.clear();
  }

  /** The console read an `events` message with versions from..to at `at`. */
  arrived(from: number, to: number, at: number): void {
    for (let v = from; v <= to; v++) {
      const sent = this.sentAt.get(v);
      if (sent === undefined) this.arrivedAt.set(v, at);
      else {
        this.sentAt.delete(v);
        this.sample.live.push(at - sent);
      }
    }
  }

  /** The command sent at `sent` was answered at `answered` with `version`. */
  answered(version: number, sent: number, answered: number): void {
    if (!this.measuring) {
      this.arrivedAt.clear();
      return;
    }
    this.sample.http.push(answered - sent);
    if (!this.followed) return;
    const arrived = this.arrivedAt.get(version);
    if (arrived === undefined) this.sentAt.set(version, sent);
    else this.sample.live.push(arrived - sent);
    // Versions between commands (a command writes several events) are never asked for.
    for (const v of this.arrivedAt.keys()) if (v <= version) this.arrivedAt.delete(v);
  }

  get waiting(): number {
    return this.sentAt.size;
  }
}

interface Sample {
  http: number[];
  live: number[];
}

export async function runLiveBench(options: { seconds?: number } = {}): Promise<{ rows: LiveBenchRow[]; markdown: string }> {
  const seconds = options.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  ensureBuilt();
  const { url, drop } = await createPostgresDatabase();
  const apis: ApiProcess[] = [];
  const consoles: LiveClient[] = [];
  const rows: LiveBenchRow[] = [];
  const loadBefore = loadavg()[0]!;
  try {
    const env = { DATABASE_URL: url, DATABASE_POOL_SIZE: String(API_POOL_SIZE), LOG_LEVEL: 'warn' };
    apis.push(await ApiProcess.start(env));
    const bots = new JsonHttpClient(apis[0]!.baseUrl, authHeaders('floor'));
    const tableIds = Array.from({ length: TABLES }, (_, t) => `live-${t}`);
    const views = await Promise.all(tableIds.map((tableId, t) => openTable(bots, tableId, t)));
    const tables = tableIds.map((tableId, t) => new FollowedTable(tableId, views[t]!));
    // What the API does with nobody following: the cost of the live feed is the difference.
    const first = [apis[0]!];
    rows.push(await measure(`${TABLES} tables, closed loop, no console`, bots, tables, null, seconds, first));
    for (const table of tables) consoles.push(await follow(apis[0]!.baseUrl, table));
    rows.push(await measure(`${TABLES} tables, closed loop`, bots, tables, null, seconds, first));
    rows.push(
      await measure(`${TABLES} tables, a command every ${PACED_INTERVAL_MS} ms each`, bots, tables, PACED_INTERVAL_MS, seconds, first),
    );

    apis.push(await ApiProcess.start(env));
    const otherBots = new JsonHttpClient(apis[1]!.baseUrl, authHeaders('floor'));
    rows.push(
      await measure(
        `${TABLES} tables, a command every ${PACED_INTERVAL_MS} ms each, sent to a second API process`,
        otherBots,
        tables,
        PACED_INTERVAL_MS,
        seconds,
        apis,
      ),
    );
    bots.close();
    otherBots.close();
    return { rows, markdown: report(rows, seconds, loadBefore, loadavg()[0]!) };
  } catch (error) {
    for (const api of apis) console.error(`the API's last output:\n${api.log}`);
    throw error;
  } finally {
    await Promise.all(consoles.map((c) => c.close()));
    for (const api of apis) await api.stop();
    await drop();
  }
}

async function openTable(client: JsonHttpClient, tableId: string, t: number): Promise<PlayerView & { version: number }> {
  await expectCreated(client.post('/tables', { tableId, rules: RULES }));
  for (let seat = 1; seat <= 6; seat++)
    await expectCreated(client.post(`/tables/${tableId}/seat-player`, { seat, playerId: `p${t}-${seat}`, buyIn: 200 }));
  return (await expectCreated(client.post(`/tables/${tableId}/draw-for-button`, {}))).body.table;
}

/** A console on `table`: subscribed from its current version, every `events` message timed on arrival. */
async function follow(baseUrl: string, table: FollowedTable): Promise<LiveClient> {
  const client = await LiveClient.connect(baseUrl, undefined, { keepMessages: false });
  let failure: Error | null = null;
  await new Promise<void>((resolve, reject) => {
    client.onMessage = (message, at) => {
      if (message.type === 'events') table.arrived(message.fromVersion, message.toVersion, at);
      else if (message.type === 'table' && message.version >= table.view.version) resolve();
      else if (message.type === 'error') reject((failure = new Error(`${table.tableId}: ${message.code} ${message.detail}`)));
    };
    client.subscribe(table.tableId, table.view.version);
  });
  if (failure) throw failure;
  table.followed = true;
  return client;
}

/** Runs one load for a warm-up and then `seconds`, and waits for the consoles to get the last commands. */
async function measure(
  name: string,
  client: JsonHttpClient,
  tables: readonly FollowedTable[],
  intervalMs: number | null,
  seconds: number,
  apis: readonly ApiProcess[],
): Promise<LiveBenchRow> {
  const cpuBefore = apiCpuMs(apis);
  const sample: Sample = { http: [], live: [] };
  for (const table of tables) table.startLoad(sample);
  const random = mulberry32(7);
  const start = performance.now() + WARMUP_MS;
  const end = start + seconds * 1000;
  let commands = 0;
  let allCommands = 0;
  await Promise.all(
    tables.map(async (table, t) => {
      let next = performance.now() + (intervalMs === null ? 0 : (t * intervalMs) / tables.length);
      for (;;) {
        if (intervalMs !== null) await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        const sent = performance.now();
        if (sent >= end) return;
        table.measuring = sent >= start;
        const answer = await client.post(`/tables/${table.tableId}/commands`, nextCommand(table.view, random), {
          'Idempotency-Key': `${table.tableId}/${randomBytes(8).toString('hex')}`,
        });
        if (answer.status !== 201) throw new Error(`${table.tableId}: ${answer.status} ${JSON.stringify(answer.body)}`);
        table.view = answer.body.table;
        table.answered(answer.body.version, sent, performance.now());
        if (table.measuring) commands++;
        allCommands++;
        if (intervalMs !== null) next += intervalMs;
      }
    }),
  );
  const settleEnd = performance.now() + SETTLE_MS;
  while (tables.some((t) => t.waiting > 0) && performance.now() < settleEnd) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const table of tables) table.measuring = false;
  const stats = (values: number[]): Percentiles => ({
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
  });
  const apiCpuMsPerCommand = (apiCpuMs(apis) - cpuBefore) / allCommands;
  const missing = tables.reduce((n, t) => n + t.waiting, 0);
  return { name, commandsPerSecond: commands / seconds, http: stats(sample.http), live: stats(sample.live), missing, apiCpuMsPerCommand };
}

/** User + system CPU milliseconds the API processes have used so far, from /proc (NaN elsewhere). */
function apiCpuMs(apis: readonly ApiProcess[]): number {
  let total = 0;
  for (const { child } of apis) {
    const stat = existsSync(`/proc/${child.pid}/stat`) ? readFileSync(`/proc/${child.pid}/stat`, 'utf8') : '';
    const [utime, stime] = (stat.split(') ')[1] ?? '').split(' ').slice(11, 13).map(Number);
    total += (((utime ?? NaN) + (stime ?? NaN)) * 1000) / 100; // clock ticks: USER_HZ is 100 on Linux
  }
  return total;
}

async function expectCreated<T extends { status: number; body: any }>(answer: Promise<T>): Promise<T> {
  const a = await answer;
  if (a.status !== 201) throw new Error(`expected 201, got ${a.status}: ${JSON.stringify(a.body)}`);
  return a;
}

function report(rows: readonly LiveBenchRow[], seconds: number, loadBefore: number, loadAfter: number): string {
  const ms = (v: number) => (Number.isNaN(v) ? '–' : v.toFixed(1));
  const lines = [
    `${TABLES} six-seat tables on PostgreSQL (synchronous_commit on), one bot per table sending random legal commands`,
    `through HTTP, one WebSocket console per table (public audience). ${seconds} s per load after a ${WARMUP_MS / 1000} s warm-up.`,
    `The machine's load average was ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after it (the bots, the consoles and`,
    'the API processes share its cores).',
    'HTTP: from just before the request is written to its answer. Live: from the same instant to the console reading',
    `the \`events\` message with the command's version. The consoles' process pulls a table's stream right after each`,
    `command it answers itself, and polls the log every ${LIVE_LIMITS.pollMs} ms for the appends of other processes.`,
    '',
    '| load | commands/s | API CPU ms/command | HTTP p50 | HTTP p95 | HTTP p99 | live p50 | live p95 | live p99 | missing |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.commandsPerSecond.toFixed(0)} | ${ms(r.apiCpuMsPerCommand)} | ${ms(r.http.p50)} | ${ms(r.http.p95)} | ${ms(r.http.p99)} | ${ms(r.live.p50)} | ${ms(r.live.p95)} | ${ms(r.live.p99)} | ${r.missing} |`,
    ),
    '',
    'Times in milliseconds. The live figure includes the HTTP one (the command must commit first); the difference is what',
    'the live path adds: the read of the new events, the fold, the per-audience rendering and the WebSocket write, and',
    "for another process's commands the wait for the next poll and the gap-safe read of the log (which waits for every",
    'older transaction still open on the server). API CPU per command is the cost on the server, which the latencies',
    'of a machine this loaded reflect only through queueing; with a second process it is the two processes together.',
  ];
  return lines.join('\n');
}
