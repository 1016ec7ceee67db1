import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { waitUntil } from '../../../libs/event-store/test-support/eventually';
import { createPostgresDatabase } from '../../../test/support/app-databases';
import { ApiProcess, ensureBuilt } from '../../api/test/test-support/api-process';
import { authHeaders, TEST_TIMER_PRIVATE_KEY } from '../../api/test/test-support/auth';
import { CLOCK_SECONDS, expect201, prepareClockedTables, startClocks, tableEvents, type TableEvent } from '../../../bench/clock-tables';
import { WorkerProcess } from '../../../bench/load/worker-process';
import { TIMER_QUEUE } from '../src/timer/timer-service';
import { obliterateShards, SHARED_REDIS_URL } from '../test-support/redis';

/**
 * kill -9 of the worker (and so of its timer service) while shot clocks are pending, then a new worker: every clock
 * still ends exactly once. The built API and worker on a fresh PostgreSQL database and the machine's Redis (a queue
 * prefix of the test's own). Three tables of three with 5-second clocks (the shortest the engine takes), seat 1 on clock 1: on two of them the
 * deadline passes while no worker runs (the new worker must fire it); on the third seat 1 calls while the worker is
 * dead (the pending job must be refused as stale and write nothing), and the next clocks, started while the worker
 * is dead, run out under the new one. Conditions are waited on with generous deadlines, never a time window.
 */
const WAIT_MS = 90_000;
const FLOOR = authHeaders('floor', { expiresIn: 3600 });

/** Polls `read` until `done` accepts its value; says what it waited for if that never happens. */
const until = <T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = WAIT_MS) =>
  waitUntil(what, read, done, timeoutMs);

describe('the timer across a kill -9 of the worker (built API and worker, PostgreSQL, Redis)', () => {
  const prefix = `felt-test-timer-crash-${randomBytes(4).toString('hex')}`;
  const redis = new URL(SHARED_REDIS_URL);
  const queue = new Queue(TIMER_QUEUE, { connection: { host: redis.hostname, port: Number(redis.port || 6379) }, prefix });
  let database: { url: string; drop: () => Promise<void> };
  let api: ApiProcess;
  const workers: WorkerProcess[] = [];

  const startWorker = async () => {
    const worker = await WorkerProcess.start({
      DATABASE_URL: database.url,
      REDIS_URL: SHARED_REDIS_URL,
      QUEUE_PREFIX: prefix,
      FELT_API_URL: api.baseUrl,
      FELT_TIMER_PRIVATE_KEY: TEST_TIMER_PRIVATE_KEY,
    });
    workers.push(worker);
    return worker;
  };

  beforeAll(async () => {
    ensureBuilt();
    database = await createPostgresDatabase({ migrated: true });
    api = await ApiProcess.start({ DATABASE_URL: database.url });
  }, 180_000);

  afterAll(async () => {
    for (const worker of workers) await worker.stop();
    await api?.stop();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await obliterateShards(SHARED_REDIS_URL, prefix, 8);
    await database?.drop();
  });

  it('every pending clock expires once after the restart, or is refused as stale when its seat acted meanwhile', async () => {
    const expiring = ['crash-a', 'crash-b'];
    const acted = 'crash-acted';
    const ids = [...expiring, acted];
    const first = await startWorker();
    try {
      await prepareClockedTables(api.baseUrl, ids);
      await startClocks(api.baseUrl, ids);

      // Clock 1 of every table has its delayed job in Redis (job id from the ClockStarted event's id): then kill -9.
      const started = await Promise.all(
        ids.map(async (id) => (await tableEvents(api.baseUrl, id)).find((e) => e.type === 'ClockStarted')!),
      );
      await until(
        'the first worker to schedule every clock',
        () => Promise.all(started.map((e) => queue.getJobState(`clock-${e.eventId}`))),
        (states) => states.every((s) => s === 'delayed'),
      );
      await first.kill9();
      const killedAt = Date.now();
      const deadlines = started.map((e) => Date.parse(e.data.deadline!));
      // The premise: no clock was due yet when the timer died (on a machine too busy for that, say so rather than pass).
      if (Math.min(...deadlines) <= killedAt)
        throw new Error(
          `the worker was killed ${killedAt - Math.min(...deadlines)} ms after the first deadline: the machine was too slow for ${CLOCK_SECONDS}-second clocks`,
        );

      // While no timer runs: seat 1 calls at one table (its clock 1 ends; its job stays in Redis), and every deadline passes.
      await expect201(api.baseUrl, `/tables/${acted}/commands`, { type: 'Call', seat: 1 });
      // The subject is the deadlines passing: the condition is the clock's.
      await until(
        'every deadline to pass',
        async () => Date.now(),
        (now) => now > Math.max(...deadlines) + 100,
      );
      expect((await Promise.all(ids.map((id) => tableEvents(api.baseUrl, id)))).flat().filter((e) => e.type === 'ClockExpired')).toEqual(
        [],
      );

      const restartedAt = Date.now();
      const second = await startWorker();
      // Every clock has ended (the default outcome folds): the expiring tables' hands are over when seats 1 and 2 have
      // timed out, the acted table's when seats 2 and 3 have (seat 1 wins).
      await until(
        'every clock to end',
        () => Promise.all(ids.map(async (id) => (await fetchJson(`/tables/${id}`)).clock ?? null)),
        (clocks) => clocks.every((c) => c === null),
      );
      // The acted table's pending job fired under the new worker and the API refused it as stale.
      await until(
        "the new worker's stale firing",
        () => firings(second, 'stale'),
        (n) => n >= 1,
      );

      const logs = new Map<string, TableEvent[]>();
      for (const id of ids) logs.set(id, await tableEvents(api.baseUrl, id));
      const clocksStarted = (id: string) =>
        logs
          .get(id)!
          .filter((e) => e.type === 'ClockStarted')
          .map((e) => e.data.clock);
      const expiries = (id: string) => logs.get(id)!.filter((e) => e.type === 'ClockExpired');
      for (const id of expiring) {
        expect(clocksStarted(id)).toEqual([1, 2]);
        // Once each, none missed: clock 1 (due while the worker was dead) and clock 2, both folds, by the timer.
        expect(expiries(id).map((e) => e.data)).toEqual([
          { seat: 1, clock: 1, outcome: 'fold' },
          { seat: 2, clock: 2, outcome: 'fold' },
        ]);
        expect(Date.parse(expiries(id)[0]!.recordedAt)).toBeGreaterThanOrEqual(restartedAt);
        expect(logs.get(id)!.some((e) => e.type === 'HandEnded')).toBe(true);
      }
      // Clock 1 ended by the call: never expired. Clocks 2 and 3 (started while the worker was dead) expired once each.
      expect(clocksStarted(acted)).toEqual([1, 2, 3]);
      expect(expiries(acted).map((e) => e.data)).toEqual([
        { seat: 2, clock: 2, outcome: 'fold' },
        { seat: 3, clock: 3, outcome: 'fold' },
      ]);
      expect(logs.get(acted)!.some((e) => e.type === 'HandEnded')).toBe(true);
      for (const e of ids.flatMap(expiries)) expect(e.metadata).toMatchObject({ actorId: 'timer-service', actorRole: 'timer' });
    } catch (error) {
      for (const [i, worker] of workers.entries()) console.error(`worker ${i + 1}'s last output:\n${worker.log}`);
      console.error(`the API's last output:\n${api.log}`);
      throw error;
    }
  }, 180_000);

  async function fetchJson(path: string): Promise<any> {
    const res = await fetch(`${api.baseUrl}${path}`, { headers: FLOOR });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  }

  /** The worker's felt_timer_firings_total for one outcome (its /metrics). */
  async function firings(worker: WorkerProcess, outcome: string): Promise<number> {
    const text = await (await fetch(`${worker.metricsUrl}/metrics`)).text();
    return Number(new RegExp(`^felt_timer_firings_total\\{outcome="${outcome}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
  }
});
