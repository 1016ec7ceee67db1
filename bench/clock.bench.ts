/**
 * `npm run bench:clock`: how late the timer service expires shot clocks. The built API and a built worker (relay,
 * projections and timer) on a scratch PostgreSQL database and the machine's Redis (a queue prefix of its own);
 * CLOCK_BENCH_TABLES tables (default 500) are played up to their big blind, then all the big blinds go in at once,
 * so that many 5-second clocks run together and run out within about a second of each other. Lateness = the
 * ClockExpired event's recordedAt (the database's clock) minus the deadline in ClockStarted (the API's clock; same
 * machine).
 */
import { loadavg } from 'node:os';
import { Queue } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { createPostgresDatabase } from '../libs/event-store/test-support/test-databases';
import { ApiProcess, ensureBuilt } from '../apps/api/test/test-support/api-process';
import { TEST_JWT_SECRET } from '../apps/api/test/test-support/auth';
import { TIMER_QUEUE } from '../apps/worker/src/timer/timer-service';
import { WorkerProcess } from './load/worker-process';
import { percentile } from './load/load-stats';
import { CLOCK_SECONDS, prepareClockedTables, startClocks, untilFirstClocksExpire } from './clock-tables';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

export async function runClockBench(): Promise<{ markdown: string }> {
  const tables = Number(process.env.CLOCK_BENCH_TABLES ?? 500);
  ensureBuilt();
  const { url, drop } = await createPostgresDatabase();
  const prefix = `felt-bench-clock-${randomBytes(4).toString('hex')}`;
  let api: ApiProcess | undefined;
  let worker: WorkerProcess | undefined;
  try {
    api = await ApiProcess.start({ DATABASE_URL: url, LOG_LEVEL: 'warn' });
    worker = await WorkerProcess.start({ DATABASE_URL: url, REDIS_URL, QUEUE_PREFIX: prefix, FELT_API_URL: api.baseUrl, JWT_SECRET: TEST_JWT_SECRET });
    const ids = Array.from({ length: tables }, (_, i) => `clock-${i}`);
    await prepareClockedTables(api.baseUrl, ids);
    const loadBefore = loadavg()[0]!;
    const burstStart = Date.now();
    await startClocks(api.baseUrl, ids);
    const burstMs = Date.now() - burstStart;
    const clocks = await untilFirstClocksExpire(api.baseUrl, ids, 120_000);
    const loadAfter = loadavg()[0]!;
    const late = clocks.filter((c) => c.expiredAt.length > 0).map((c) => c.expiredAt[0]! - c.deadline);
    const twice = clocks.filter((c) => c.expiredAt.length > 1).length;
    const missing = clocks.filter((c) => c.expiredAt.length === 0).length;
    const deadlines = clocks.map((c) => c.deadline);
    const spread = Math.max(...deadlines) - Math.min(...deadlines);
    const ms = (n: number) => `${Math.round(n)} ms`;
    const markdown = [
      `${tables} tables, ${CLOCK_SECONDS}-second clocks; their ${tables} big blinds sent 32 at a time took ${ms(burstMs)}, so the deadlines fall within ${ms(spread)} of each other. One API process, one worker (outbox relay, projections, timer), PostgreSQL and Redis on the same machine. Load average (1 min) ${loadBefore.toFixed(2)} before the burst, ${loadAfter.toFixed(2)} after the expiries; the machine is shared with other work, so these are figures under that load.`,
      '',
      '| clocks expired | expired twice | not expired | lateness p50 | p90 | p99 | max |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      `| ${late.length} | ${twice} | ${missing} | ${ms(percentile(late, 50))} | ${ms(percentile(late, 90))} | ${ms(percentile(late, 99))} | ${ms(Math.max(...late))} |`,
      '',
      'Lateness: from the deadline in ClockStarted to the ClockExpired event being recorded (read, fired through the API over HTTP, decided and appended).',
    ].join('\n');
    return { markdown };
  } catch (error) {
    if (api) console.error(`the API's last output:\n${api.log}`);
    if (worker) console.error(`the worker's last output:\n${worker.log}`);
    throw error;
  } finally {
    await worker?.stop();
    await api?.stop();
    const redis = new URL(REDIS_URL);
    const queue = new Queue(TIMER_QUEUE, { connection: { host: redis.hostname, port: Number(redis.port || 6379) }, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await drop();
  }
}
