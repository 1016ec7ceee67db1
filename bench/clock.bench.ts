/**
 * `npm run bench:clock`: how late the timer service expires shot clocks. The built API and a built worker (relay,
 * projections and timer) on a scratch PostgreSQL database and the machine's Redis (a queue prefix of its own), with
 * CLOCK_BENCH_TABLES tables (default 500) in two runs:
 * - room pace: every table's clock is CLOCK_BENCH_PACE_SECONDS (default 10) long and the clocks start at an even
 *   pace over that time, so that when the first runs out all of them are running: 500 concurrent clocks, expiring
 *   at 50 a second;
 * - burst: all the big blinds go in at once on 5-second clocks, so that the clocks run out within about a second
 *   and a half of each other: the worst case, bounded by how many commands the two cores write a second.
 * Lateness = the ClockExpired event's recordedAt (the API's clock when it decided) minus the deadline in
 * ClockStarted (the API's clock; same machine). The log is read from the database directly, so that the
 * measurement puts no load on the API while the clocks run out.
 */
import { loadavg } from 'node:os';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { randomBytes } from 'node:crypto';
import { createPostgresDatabase } from '../test/support/app-databases';
import { ApiProcess, ensureBuilt } from '../apps/api/test/test-support/api-process';
import { TEST_TIMER_PRIVATE_KEY } from '../apps/api/test/test-support/auth';
import { TIMER_QUEUE } from '../apps/worker/src/timer/timer-service';
import { WorkerProcess } from './load/worker-process';
import { percentile } from './load/load-stats';
import { CLOCK_SECONDS, prepareClockedTables, startClocks } from './clock-tables';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface ClockRun {
  readonly name: string;
  readonly seconds: number;
  readonly spreadMs: number;
}

interface FirstClockRow {
  readonly deadline: number;
  readonly expiredAt: readonly number[];
}

/** Clock 1 of every table whose id starts with `prefix`: its deadline and the recordedAt of each of its expiries. */
async function firstClocks(db: Client, prefix: string): Promise<FirstClockRow[]> {
  const { rows } = await db.query<{ stream_id: string; type: string; data: { deadline?: string }; recorded_at: Date }>(
    `SELECT stream_id, type, data, recorded_at FROM events
      WHERE stream_id LIKE $1 AND type IN ('ClockStarted', 'ClockExpired') AND data->>'clock' = '1'
      ORDER BY global_position`,
    [`%${prefix}%`],
  );
  const byTable = new Map<string, { deadline: number; expiredAt: number[] }>();
  for (const row of rows) {
    const clock = byTable.get(row.stream_id) ?? { deadline: NaN, expiredAt: [] };
    if (row.type === 'ClockStarted') clock.deadline = Date.parse(row.data.deadline!);
    else clock.expiredAt.push(row.recorded_at.getTime());
    byTable.set(row.stream_id, clock);
  }
  return [...byTable.values()];
}

/** Waits (cheaply: one count a quarter second) until `expected` clocks of the run have expired, or `timeoutMs`. */
async function untilExpired(db: Client, prefix: string, expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM events WHERE stream_id LIKE $1 AND type = 'ClockExpired' AND data->>'clock' = '1'`,
      [`%${prefix}%`],
    );
    if (Number(rows[0]!.n) >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function runOnce(baseUrl: string, db: Client, run: ClockRun, tables: number): Promise<string> {
  const ids = Array.from({ length: tables }, (_, i) => `${run.name}-${i}`);
  await prepareClockedTables(baseUrl, ids, 16, run.seconds);
  const loadBefore = loadavg()[0]!;
  const startedAt = Date.now();
  await startClocks(baseUrl, ids, 32, run.spreadMs);
  const startMs = Date.now() - startedAt;
  await untilExpired(db, run.name, tables, 120_000 + run.seconds * 1000);
  const loadAfter = loadavg()[0]!;
  const clocks = await firstClocks(db, run.name);
  const late = clocks.filter((c) => c.expiredAt.length > 0).map((c) => c.expiredAt[0]! - c.deadline);
  const twice = clocks.filter((c) => c.expiredAt.length > 1).length;
  const missing = tables - late.length;
  const deadlines = clocks.map((c) => c.deadline);
  const spread = Math.max(...deadlines) - Math.min(...deadlines);
  const ms = (n: number) => `${Math.round(n)} ms`;
  return `| ${run.name}: ${run.seconds}-second clocks started over ${ms(startMs)}, deadlines within ${ms(spread)} | ${late.length} | ${twice} | ${missing} | ${ms(percentile(late, 50))} | ${ms(percentile(late, 90))} | ${ms(percentile(late, 99))} | ${ms(Math.max(...late))} | ${loadBefore.toFixed(2)} / ${loadAfter.toFixed(2)} |`;
}

export async function runClockBench(): Promise<{ markdown: string }> {
  const tables = Number(process.env.CLOCK_BENCH_TABLES ?? 500);
  const paceSeconds = Number(process.env.CLOCK_BENCH_PACE_SECONDS ?? 10);
  ensureBuilt();
  const { url, drop } = await createPostgresDatabase();
  const prefix = `felt-bench-clock-${randomBytes(4).toString('hex')}`;
  let api: ApiProcess | undefined;
  let worker: WorkerProcess | undefined;
  const db = new Client({ connectionString: url });
  try {
    await db.connect();
    api = await ApiProcess.start({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
    worker = await WorkerProcess.start({
      DATABASE_URL: url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      FELT_API_URL: api.baseUrl,
      FELT_TIMER_PRIVATE_KEY: TEST_TIMER_PRIVATE_KEY,
    });
    const runs: ClockRun[] = [
      { name: 'room-pace', seconds: paceSeconds, spreadMs: paceSeconds * 1000 },
      { name: 'burst', seconds: CLOCK_SECONDS, spreadMs: 0 },
    ];
    const rows: string[] = [];
    for (const run of runs) rows.push(await runOnce(api.baseUrl, db, run, tables));
    const markdown = [
      `${tables} tables of three, each played to its big blind; then the big blinds start every table's first clock (seat 1 to act), sent 32 at a time. One API process, one worker (outbox relay, projections, timer), PostgreSQL and Redis on the same 2 cores. Nobody acts, so each clock runs out (and the next seat's clock starts behind it).`,
      '',
      '| run | clocks expired | expired twice | not expired | lateness p50 | p90 | p99 | max | load (1 min) before / after |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      'Lateness: from the deadline in ClockStarted to the ClockExpired event (its recordedAt: the delayed job fired, sent through the API over HTTP, decided and appended).',
    ].join('\n');
    return { markdown };
  } catch (error) {
    if (api) console.error(`the API's last output:\n${api.log}`);
    if (worker) console.error(`the worker's last output:\n${worker.log}`);
    throw error;
  } finally {
    await db.end().catch(() => undefined);
    await worker?.stop();
    await api?.stop();
    const redis = new URL(REDIS_URL);
    const queue = new Queue(TIMER_QUEUE, { connection: { host: redis.hostname, port: Number(redis.port || 6379) }, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await drop();
  }
}
