/**
 * Outbox relay to BullMQ: `npx tsx bench/relay.bench.ts` or `npm run bench:relay`.
 * Needs PostgreSQL (BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test: a throwaway
 * database is created and dropped) and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379: keys under a
 * prefix of their own, deleted at the end); `redis-server` on the PATH for the Redis-return row.
 *
 * In one run, each beside its raw BullMQ baseline:
 * 1. Saturation: BullMQ's raw rate (addBulk of the same job payloads to the same shard queues, batch by batch), then
 *    the relay draining a log of the same size from its checkpoint (read, addBulk, checkpoint); and the same two
 *    end to end, until one consumer per shard (concurrency 1) has received every job.
 * 2. Live pace: 64 tables at one command a second each (one append per command, spread evenly), the relay loop as
 *    the worker runs it (woken by LISTEN/NOTIFY, 100 ms poll as the fallback), one consumer per shard; latency =
 *    job received − event recordedAt (the append's transaction start). Beside it, raw BullMQ: Queue.add at the same
 *    pace, latency = job received − add called.
 * 3. Resumption: a fresh relay (new connections, as a restarted worker) with events waiting, time to its first
 *    publish; and a private Redis stopped while events are appended, time from its return to the first publish.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Queue, Worker } from 'bullmq';
import { EventStore, positionOf, START, type Database, type RecordedEvent } from '@felt/event-store';
import { PrivateRedis } from '../apps/worker/test-support/redis';
import { createTestDatabase } from '../test/support/app-databases';
import { BullmqPublisher, type Publisher } from '../apps/worker/src/relay/event-publisher';
import { eventJob, type EventJob } from '../apps/worker/src/relay/event-job';
import { OutboxRelay, type RelayStep } from '../apps/worker/src/relay/outbox-relay';
import { GAP_SAFE_BOUND } from '../libs/event-store/src/event-store';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from '../libs/event-store/src/event-rows';
import { RelayLoop, type RelayLoopListener } from '../apps/worker/src/relay/relay-loop';
import { queueName, shardOf } from '../apps/worker/src/relay/shards';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SHARDS = 8;
const BATCH = 500;
const TABLES = 100;
const EVENTS_PER_TABLE = 200;
const TOTAL = TABLES * EVENTS_PER_TABLE;

export interface RelayBenchRow {
  name: string;
  value: string;
  note: string;
}

function connection(redisUrl = REDIS_URL) {
  const url = new URL(redisUrl);
  return { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
}

async function appendLog(store: EventStore, tables: number, perTable: number, perAppend: number): Promise<void> {
  const streams = Array.from({ length: tables }, () => `table-${randomUUID()}`);
  await Promise.all(
    streams.map(async (streamId) => {
      for (let version = 0; version < perTable; version += perAppend) {
        const events = Array.from({ length: Math.min(perAppend, perTable - version) }, (_, i) => ({
          type: 'PlayerCalled',
          schemaVersion: 1,
          data: { seat: (version + i) % 9, amount: 200, allIn: false },
        }));
        await store.append(streamId, { expectedVersion: version, commandId: randomUUID(), events });
      }
    }),
  );
}

async function obliterate(prefix: string, redisUrl = REDIS_URL): Promise<void> {
  for (let shard = 0; shard < SHARDS; shard++) {
    const queue = new Queue(queueName(shard), { connection: connection(redisUrl), prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

/** BullMQ alone: the relay's job payloads, addBulk per shard in parallel, one batch after the other. */
async function rawAddBulkRate(events: readonly RecordedEvent[], prefix: string): Promise<number> {
  const queues = Array.from({ length: SHARDS }, (_, shard) => new Queue<EventJob>(queueName(shard), { connection: connection(), prefix }));
  try {
    const started = performance.now();
    for (let i = 0; i < events.length; i += BATCH) {
      const byShard = new Map<number, RecordedEvent[]>();
      for (const event of events.slice(i, i + BATCH)) {
        const shard = shardOf(event.streamId, SHARDS);
        byShard.set(shard, [...(byShard.get(shard) ?? []), event]);
      }
      await Promise.all(
        [...byShard].map(([shard, list]) =>
          queues[shard]!.addBulk(list.map((event) => ({ name: event.type, data: eventJob(event), opts: { jobId: event.eventId } }))),
        ),
      );
    }
    return events.length / ((performance.now() - started) / 1000);
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const LIVE_TABLES = 64;
const LIVE_SECONDS = Number(process.env.BENCH_RELAY_LIVE_SECONDS ?? 30);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await sleep(2);
  }
  return true;
}

/** One BullMQ worker per shard, concurrency 1 (per-table order, as the reference consumer), calling `onJob`. */
function consumers(prefix: string, onJob: (job: EventJob) => void): Worker<EventJob>[] {
  return Array.from(
    { length: SHARDS },
    (_, shard) =>
      new Worker<EventJob>(
        queueName(shard),
        async (job) => {
          onJob(job.data);
        },
        { connection: connection(), prefix, concurrency: 1 },
      ),
  );
}

/** A relay loop as the worker runs it: woken by append notifications, polling every 100 ms as the fallback. */
async function wokenRelay(
  store: EventStore,
  publisher: Publisher,
  checkpointName: string,
  listener: RelayLoopListener = {},
  kind: RelayKind = 'current',
) {
  const relay =
    kind === 'current'
      ? new OutboxRelay(store, publisher, { batchSize: BATCH, checkpointName })
      : (new TransactionPerBatchRelay(store, publisher, checkpointName) as unknown as OutboxRelay);
  const loop = new RelayLoop(relay, {}, listener);
  const notifications = await store.listenForAppends(() => loop.wakeUp());
  loop.start();
  return {
    loop,
    async stop() {
      await notifications.close();
      await loop.stop();
      await relay.close();
    },
  };
}

async function skipToEnd(store: EventStore, checkpointName: string): Promise<void> {
  let after = START;
  for (;;) {
    const page = await store.readAll({ after, limit: 5000 });
    if (page.length === 0) break;
    after = positionOf(page[page.length - 1]!);
  }
  await store.saveCheckpoint(checkpointName, after);
}

function stats(values: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function runRelayBench(): Promise<{ rows: RelayBenchRow[]; markdown: string }> {
  const loadAtStart = loadAverage();
  const database = await createTestDatabase('postgres');
  const store = new EventStore(database.db);
  const tag = randomBytes(4).toString('hex');
  const prefixes = ['raw', 'relay', 'raw-e2e', 'relay-e2e', 'raw-live', 'live', 'restart', 'redis'].map((p) => `felt-bench-${p}-${tag}`);
  const [rawPrefix, relayPrefix, rawE2ePrefix, relayE2ePrefix, rawLivePrefix, livePrefix, restartPrefix] = prefixes as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const redis = await PrivateRedis.start({ appendOnly: true }).catch(() => null);
  try {
    await appendLog(store, TABLES, EVENTS_PER_TABLE, 10);
    // The gap-safe reader waits for transactions still open anywhere on the shared cluster: read until all are there.
    const log: RecordedEvent[] = [];
    const readDeadline = Date.now() + 120_000;
    for (let after = undefined as RecordedEvent | undefined; log.length < TOTAL && Date.now() < readDeadline;) {
      const page = await store.readAll({ after: after && { txId: after.txId, globalPosition: after.globalPosition }, limit: 5000 });
      if (page.length === 0) {
        await sleep(50);
        continue;
      }
      log.push(...page);
      after = page[page.length - 1];
    }
    if (log.length !== TOTAL) throw new Error(`expected ${TOTAL} events in the log, read ${log.length}`);

    // 1. Saturation: publishing alone.
    const raw = await rawAddBulkRate(log, rawPrefix);
    const publisher = new BullmqPublisher({ redisUrl: REDIS_URL, shards: SHARDS, prefix: relayPrefix });
    const relay = new OutboxRelay(store, publisher, { batchSize: BATCH, checkpointName: 'bench-relay' });
    let published = 0;
    const started = performance.now();
    while (published < TOTAL) {
      const step = await relay.step();
      if (step.kind === 'published') published += step.count;
    }
    const relayRate = published / ((performance.now() - started) / 1000);
    await relay.close();
    await publisher.close();

    // 1b. Saturation end to end: until the consumers have every job.
    let rawReceived = 0;
    const rawWorkers = consumers(rawE2ePrefix, () => rawReceived++);
    await Promise.all(rawWorkers.map((w) => w.waitUntilReady()));
    const rawE2eStart = performance.now();
    await rawAddBulkRate(log, rawE2ePrefix);
    await waitFor(() => rawReceived >= TOTAL, 120_000);
    const rawE2e = rawReceived / ((performance.now() - rawE2eStart) / 1000);
    await Promise.all(rawWorkers.map((w) => w.close()));

    let relayReceived = 0;
    const relayWorkers = consumers(relayE2ePrefix, () => relayReceived++);
    await Promise.all(relayWorkers.map((w) => w.waitUntilReady()));
    const e2ePublisher = new BullmqPublisher({ redisUrl: REDIS_URL, shards: SHARDS, prefix: relayE2ePrefix });
    const relayE2eStart = performance.now();
    const drain = await wokenRelay(store, e2ePublisher, 'bench-relay-e2e');
    await waitFor(() => relayReceived >= TOTAL, 120_000);
    const relayE2e = relayReceived / ((performance.now() - relayE2eStart) / 1000);
    await drain.stop();
    await e2ePublisher.close();
    await Promise.all(relayWorkers.map((w) => w.close()));

    // 2. Live pace, raw BullMQ first: Queue.add at 64 a second, one job each.
    const rawLatencies = await rawLive(rawLivePrefix, log);

    // 2b. Live pace through the relay, timed stage by stage.
    const liveRun = await liveThroughRelay(store, database, livePrefix);
    const { latencies, appended, othersHeldMs } = liveRun;

    // 3. A fresh relay (a restarted worker's) with events waiting: start to first publish.
    await skipToEnd(store, 'bench-restart');
    await appendInterleavedBench(store, 8, 5);
    const restartPublisher = new BullmqPublisher({ redisUrl: REDIS_URL, shards: SHARDS, prefix: restartPrefix });
    let firstPublish = NaN;
    const restartStart = performance.now();
    const restarted = await wokenRelay(store, restartPublisher, 'bench-restart', {
      onStep: (step) => {
        if (step.kind === 'published' && Number.isNaN(firstPublish)) firstPublish = performance.now() - restartStart;
      },
    });
    await waitFor(() => !Number.isNaN(firstPublish), 30_000);
    await restarted.stop();
    await restartPublisher.close();

    // 3b. Redis stopped, events appended meanwhile, Redis back: its return to the first publish.
    let redisReturn = NaN;
    if (redis) {
      await skipToEnd(store, 'bench-redis');
      const redisPublisher = new BullmqPublisher({ redisUrl: redis.url, shards: SHARDS, prefix: prefixes[7] });
      let back = Infinity;
      const outage = await wokenRelay(store, redisPublisher, 'bench-redis', {
        onStep: (step) => {
          if (step.kind === 'published' && Number.isNaN(redisReturn) && performance.now() > back) redisReturn = performance.now() - back;
        },
      });
      await redis.stop();
      await appendInterleavedBench(store, 8, 5);
      await sleep(5000); // the relay fails and backs off meanwhile
      await redis.restart();
      back = performance.now();
      await waitFor(() => !Number.isNaN(redisReturn), 30_000);
      await outage.stop();
      await redisPublisher.close();
      await obliterate(prefixes[7]!, redis.url);
    }

    const l = stats(latencies);
    const afterCommit = liveRun.afterCommit;
    const r = stats(rawLatencies);
    const rows: RelayBenchRow[] = [
      {
        name: 'BullMQ addBulk alone (same jobs, same shards)',
        value: `${fmt(raw)} events/s`,
        note: `${fmt(TOTAL)} jobs, batches of ${BATCH}, ${SHARDS} shard queues`,
      },
      {
        name: 'Outbox relay (read log, addBulk, checkpoint)',
        value: `${fmt(relayRate)} events/s`,
        note: `${TABLES} tables x ${EVENTS_PER_TABLE} events, from its checkpoint`,
      },
      { name: 'relay / raw addBulk', value: `${Math.round((relayRate / raw) * 100)}%`, note: 'goal ≥ 50%' },
      { name: 'raw addBulk → consumers received all', value: `${fmt(rawE2e)} events/s`, note: `${SHARDS} consumers, concurrency 1` },
      {
        name: 'relay → consumers received all',
        value: `${fmt(relayE2e)} events/s`,
        note: `the relay loop woken by NOTIFY; ${Math.round((relayE2e / rawE2e) * 100)}% of raw end to end`,
      },
      {
        name: 'live pace, raw Queue.add → consumer p50 / p99 / max',
        value: fmtMs(r),
        note: `${rawLatencies.length} jobs at ${LIVE_TABLES}/s`,
      },
      {
        name: 'live pace, append → consumer p50 / p99 / max',
        value: fmtMs(l),
        note: `${latencies.length} of ${appended} events: ${LIVE_TABLES} tables x 1 command/s for ${LIVE_SECONDS} s; goal p99 < 100 ms`,
      },
      {
        name: 'live pace, append answered → consumer p50 / p99 / max',
        value: fmtMs(afterCommit),
        note: `from the moment the append call resolved (committed) to the job in a consumer; meanwhile other databases' transactions held an xid for up to ${othersHeldMs} ms`,
      },
      {
        name: 'fresh relay with events waiting → first publish',
        value: `${Math.round(firstPublish)} ms`,
        note: 'new connections, LISTEN, lock, read, addBulk (a restarted worker, after Nest starts); goal < 2 s',
      },
      {
        name: 'Redis back → first publish',
        value: redis ? `${Math.round(redisReturn)} ms` : 'not run',
        note: redis ? 'private redis-server stopped 5 s while 40 events were appended; goal < 2 s' : 'no redis-server on the PATH',
      },
    ];
    const markdown = [
      `Load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadAverage()} on ${cpus().length} cores.`,
      '',
      '| measure | value | note |',
      '|---|---|---|',
      ...rows.map((row) => `| ${row.name} | ${row.value} | ${row.note} |`),
      '',
      'Live pace through the relay, stage by stage (ms over the events; each event timed at every stage):',
      '',
      ...liveMarkdown(liveRun).slice(2),
    ].join('\n');
    return { rows, markdown };
  } finally {
    for (const prefix of prefixes.slice(0, 7)) await obliterate(prefix);
    await redis?.dispose();
    await database.dispose();
  }
}

type RoleMessage =
  { ready: true } | { received: [string, number, string] } | { committed: [string, number, number][] } | { appended: number };

/** One of bench/relay-roles.ts's processes (the API appending, the downstream consumers), its messages to `onMessage`. */
function role(name: 'appender' | 'consumers', env: Record<string, string>, onMessage: (message: RoleMessage) => void) {
  const child = fork(join(__dirname, 'relay-roles.ts'), [name], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env } });
  child.on('message', (message) => onMessage(message as RoleMessage));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    async stop() {
      if (child.exitCode === null) child.send('stop');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** The downstream consumers in a process of their own; resolves once their workers are ready. */
async function consumerProcess(prefix: string, onReceived: (eventId: string, at: number, recordedAt: string) => void) {
  let ready = false;
  const consumers = role('consumers', { REDIS_URL, PREFIX: prefix, SHARDS: String(SHARDS) }, (message) => {
    if ('ready' in message) ready = true;
    else if ('received' in message) onReceived(...message.received);
  });
  if (!(await waitFor(() => ready || consumers.child.exitCode !== null, 60_000)) || !ready)
    throw new Error('the consumer process did not start');
  return consumers;
}

/**
 * Raw BullMQ at live pace: Queue.add of the log's jobs at 64 a second from this process, one consumer per shard in
 * another (as the relay's); latency = consumer received − add called.
 */
export async function rawLive(prefix: string, log: readonly RecordedEvent[], seconds = LIVE_SECONDS): Promise<number[]> {
  const latencies: number[] = [];
  const consumers = await consumerProcess(prefix, (_id, at, recordedAt) => latencies.push(at - Number(recordedAt)));
  const queues = Array.from({ length: SHARDS }, (_, shard) => new Queue(queueName(shard), { connection: connection(), prefix }));
  const total = Math.min(log.length, LIVE_TABLES * seconds);
  try {
    const t0 = performance.now();
    for (let i = 0; i < total; i++) {
      const wait = t0 + (i * 1000) / LIVE_TABLES - performance.now();
      if (wait > 0) await sleep(wait);
      const event = log[i]!;
      await queues[shardOf(event.streamId, SHARDS)]!.add(
        event.type,
        { ...eventJob(event), recordedAt: String(wallNow()) },
        { jobId: `live-${i}` },
      );
    }
    await waitFor(() => latencies.length >= total, 30_000);
  } finally {
    await Promise.all(queues.map((q) => q.close()));
    await consumers.stop();
  }
  return latencies;
}

const wallNow = () => performance.timeOrigin + performance.now();

interface LiveRun {
  latencies: number[];
  afterCommit: { p50: number; p99: number; max: number };
  appended: number;
  othersHeldMs: number;
  /** Per stage, p50 / p99 / max over the events, in ms. */
  stages: { name: string; p50: number; p99: number; max: number }[];
  /** Event-loop delay of the relay's process (this one) p99 / max, ms. */
  loopDelay: { p99: number; max: number };
  /** CPU time of the relay's process per event (user + system), ms. */
  cpuMsPerEvent: number;
}

/**
 * The relay at live pace, as in production: the appends come from another process (the API's), the consumers run
 * in a third, the relay in this one, woken by NOTIFY. Each event is timed at every stage: the append's transaction
 * start (recordedAt) and answer, the start and end of the gap-safe read that returned it (and how many reads that
 * started after its answer missed it), BullMQ's acknowledgement of the addBulk, the checkpoint's commit, the consumer.
 */
export async function liveThroughRelay(
  store: EventStore,
  database: { db: Database; url?: string },
  prefix: string,
  seconds = LIVE_SECONDS,
  kind: RelayKind = 'current',
): Promise<LiveRun> {
  await skipToEnd(store, 'bench-live');
  const latencies: number[] = [];
  const received = new Map<string, number>();
  const consumers = await consumerProcess(prefix, (eventId, at, recordedAt) => {
    latencies.push(at - Date.parse(recordedAt));
    received.set(eventId, at);
  });
  const reads: { start: number; end: number; count: number }[] = [];
  const readBy = new Map<string, { start: number; end: number }>();
  const timedStore: EventStore = Object.create(store);
  timedStore.readAll = async (options) => {
    const read = { start: wallNow(), end: NaN, count: 0 };
    const events = await store.readAll(options);
    read.end = wallNow();
    read.count = events.length;
    reads.push(read);
    for (const event of events) readBy.set(event.eventId, read);
    return events;
  };
  const livePublisher = new BullmqPublisher({ redisUrl: REDIS_URL, shards: SHARDS, prefix });
  const acked = new Map<string, number>();
  const timedPublisher = {
    async publish(events: readonly RecordedEvent[]) {
      await livePublisher.publish(events);
      const at = wallNow();
      for (const event of events) acked.set(event.eventId, at);
    },
  };
  const stepDone = new Map<string, number>();
  const live = await wokenRelay(
    timedStore,
    timedPublisher,
    'bench-live',
    {
      onStep: (step) => {
        if (step.kind !== 'published') return;
        const at = wallNow();
        for (const event of step.events) stepDone.set(event.eventId, at);
      },
    },
    kind,
  );
  const committed = new Map<string, number>();
  const recorded = new Map<string, number>();
  // Meanwhile, how long transactions of other databases on the same server hold the cluster's xmin back (the
  // gap-safe reader used to wait for every transaction with an xid older than the events it returns).
  let sampling = true;
  let othersHeldMs = 0;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await database.db.query<{ ms: string | null }>(
        `SELECT (extract(epoch from max(now() - xact_start)) * 1000)::int::text AS ms FROM pg_stat_activity
         WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database()`,
      );
      othersHeldMs = Math.max(othersHeldMs, Number(rows[0]?.ms ?? 0));
      await sleep(100);
    }
  })();
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  let appended = NaN;
  const appender = role('appender', { DATABASE_URL: database.url!, TABLES: String(LIVE_TABLES), SECONDS: String(seconds) }, (message) => {
    if ('committed' in message) {
      for (const [eventId, at, recordedAt] of message.committed) {
        committed.set(eventId, at);
        recorded.set(eventId, recordedAt);
      }
    } else if ('appended' in message) appended = message.appended;
  });
  await appender.exited;
  if (Number.isNaN(appended)) throw new Error('the appender process failed');
  sampling = false;
  await sampler;
  await waitFor(() => latencies.length >= appended, 30_000);
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  await live.stop();
  await livePublisher.close();
  await consumers.stop();

  const ids = [...committed.keys()].filter((id) => received.has(id) && readBy.has(id) && acked.has(id));
  const stage = (name: string, of: (id: string) => number) => ({ name, ...stats(ids.map(of)) });
  const missedReads = (id: string) => {
    const c = committed.get(id)!;
    const by = readBy.get(id)!;
    return reads.filter((r) => r.start > c && r.start < by.start).length;
  };
  return {
    latencies,
    afterCommit: stats(ids.map((id) => received.get(id)! - committed.get(id)!)),
    appended,
    othersHeldMs,
    stages: [
      stage('append: transaction start → answered (recordedAt has ms resolution)', (id) => committed.get(id)! - recorded.get(id)!),
      stage('answered → start of the read that returned it', (id) => readBy.get(id)!.start - committed.get(id)!),
      stage('reads started after the answer that missed it (count)', missedReads),
      stage('gap-safe read (readAll round trip)', (id) => readBy.get(id)!.end - readBy.get(id)!.start),
      stage('read → addBulk acknowledged', (id) => acked.get(id)! - readBy.get(id)!.end),
      stage('addBulk acknowledged → checkpoint committed', (id) => (stepDone.get(id) ?? NaN) - acked.get(id)!),
      stage('addBulk acknowledged → consumer received', (id) => received.get(id)! - acked.get(id)!),
      stage('answered → consumer received', (id) => received.get(id)! - committed.get(id)!),
    ],
    loopDelay: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    cpuMsPerEvent: (cpu.user + cpu.system) / 1000 / appended,
  };
}

async function appendInterleavedBench(store: EventStore, tables: number, perTable: number): Promise<void> {
  const streams = Array.from({ length: tables }, () => `table-${randomUUID()}`);
  for (let version = 0; version < perTable; version++)
    await Promise.all(
      streams.map((streamId) =>
        store.append(streamId, {
          expectedVersion: version,
          commandId: randomUUID(),
          events: [{ type: 'PlayerChecked', schemaVersion: 1, data: { seat: 1 } }],
        }),
      ),
    );
}

type RelayKind = 'current' | 'transaction-per-batch';

/**
 * The relay as it was before issue 21's latency work, for a comparison in one run (BENCH_RELAY_COMPARE=1): each
 * batch a transaction that takes the advisory lock, loads the checkpoint, reads (statement parsed and planned each
 * time), publishes and saves the checkpoint: six database round trips and one to Redis, one after the other.
 */
class TransactionPerBatchRelay {
  constructor(
    private readonly store: EventStore,
    private readonly publisher: Publisher,
    private readonly checkpointName: string,
  ) {}

  appended(): void {}

  async close(): Promise<void> {}

  step(): Promise<RelayStep> {
    return this.store.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        this.checkpointName,
      ]);
      if (!rows[0]?.locked) return { kind: 'standby' } as const;
      await tx.query('SET LOCAL synchronous_commit = off');
      const after = await this.store.loadCheckpoint(this.checkpointName, tx);
      const read = await tx.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE (events.tx_id, events.global_position) > ($1::xid8, $2::bigint)
         AND events.tx_id < (${GAP_SAFE_BOUND}) ORDER BY events.tx_id, events.global_position LIMIT $3`,
        [after.txId, after.globalPosition, BATCH],
      );
      const events = read.rows.map(toRecordedEvent);
      if (events.length === 0) return { kind: 'idle' } as const;
      await this.publisher.publish(events);
      const position = positionOf(events[events.length - 1]!);
      await this.store.saveCheckpoint(this.checkpointName, position, tx);
      return { kind: 'published', count: events.length, position, events } as const;
    });
  }
}

/**
 * BENCH_RELAY_ONLY=live: the live-pace part alone (raw baseline, then the relay, stage by stage), for iterating;
 * BENCH_RELAY_LIVE_SECONDS sets its length, BENCH_RELAY_COMPARE=1 adds the relay as it was before (a transaction per
 * batch) right after. Prints, records nothing.
 */
async function runLiveOnly(): Promise<{ markdown: string }> {
  const database = await createTestDatabase('postgres');
  const store = new EventStore(database.db);
  const tag = randomBytes(4).toString('hex');
  const [rawPrefix, livePrefix] = [`felt-bench-raw-live-${tag}`, `felt-bench-live-${tag}`];
  try {
    await appendLog(store, LIVE_TABLES, LIVE_SECONDS, 1);
    const log = await store.readAll({ limit: LIVE_TABLES * LIVE_SECONDS });
    const raw = stats(await rawLive(rawPrefix, log));
    const live = await liveThroughRelay(store, database, livePrefix);
    const lines = [`load average ${loadAverage()}`, `raw Queue.add → consumer p50 / p99 / max: ${fmtMs(raw)}`, ...liveMarkdown(live)];
    if (process.env.BENCH_RELAY_COMPARE === '1') {
      const before = await liveThroughRelay(store, database, `${livePrefix}-before`, LIVE_SECONDS, 'transaction-per-batch');
      lines.push(
        '',
        `the relay as it was before (a transaction per batch), right after: load average ${loadAverage()}`,
        ...liveMarkdown(before),
      );
    }
    return { markdown: lines.join('\n') };
  } finally {
    await obliterate(rawPrefix);
    await obliterate(livePrefix);
    await obliterate(`${livePrefix}-before`);
    await database.dispose();
  }
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

const fmtMs = (s: { p50: number; p99: number; max: number }) => `${s.p50.toFixed(1)} / ${s.p99.toFixed(1)} / ${s.max.toFixed(1)} ms`;

function liveMarkdown(live: LiveRun): string[] {
  return [
    `append → consumer p50 / p99 / max: ${fmtMs(stats(live.latencies))} (${live.latencies.length} of ${live.appended})`,
    '',
    '| stage | p50 | p99 | max |',
    '|---|---:|---:|---:|',
    ...live.stages.map((s) => `| ${s.name} | ${s.p50.toFixed(1)} | ${s.p99.toFixed(1)} | ${s.max.toFixed(1)} |`),
    '',
    `relay process: ${live.cpuMsPerEvent.toFixed(2)} ms of CPU an event, event-loop delay p99 / max ${live.loopDelay.p99.toFixed(1)} / ${live.loopDelay.max.toFixed(1)} ms; other databases' transactions held an xid up to ${live.othersHeldMs} ms`,
  ];
}

if (require.main === module) {
  (process.env.BENCH_RELAY_ONLY === 'live' ? runLiveOnly() : runRelayBench()).then(
    (r) => console.log(r.markdown),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
