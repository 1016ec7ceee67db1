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
import { Queue, Worker } from 'bullmq';
import { EventStore, positionOf, START, type RecordedEvent } from '@felt/event-store';
import { PrivateRedis } from '../apps/worker/test-support/redis';
import { createTestDatabase } from '../libs/event-store/test-support/test-databases';
import { BullmqPublisher } from '../apps/worker/src/relay/event-publisher';
import { eventJob, type EventJob } from '../apps/worker/src/relay/event-job';
import { OutboxRelay } from '../apps/worker/src/relay/outbox-relay';
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
async function wokenRelay(store: EventStore, publisher: BullmqPublisher, checkpointName: string, listener: RelayLoopListener = {}) {
  const loop = new RelayLoop(new OutboxRelay(store, publisher, { batchSize: BATCH, checkpointName }), {}, listener);
  const notifications = await store.listenForAppends(() => loop.wakeUp());
  loop.start();
  return {
    loop,
    async stop() {
      await notifications.close();
      await loop.stop();
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

/** 64 tables, one append each per second, spread evenly; resolves with the appends' count. */
async function livePace(store: EventStore, seconds: number, committed: Map<string, number>): Promise<number> {
  const streams = Array.from({ length: LIVE_TABLES }, () => `table-${randomUUID()}`);
  const interval = 1000 / LIVE_TABLES;
  const total = LIVE_TABLES * seconds;
  const t0 = performance.now();
  const inFlight = new Map<string, Promise<unknown>>();
  for (let i = 0; i < total; i++) {
    const wait = t0 + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const streamId = streams[i % LIVE_TABLES]!;
    const version = Math.floor(i / LIVE_TABLES);
    // A table's next command comes a second later: its previous append has long committed.
    await inFlight.get(streamId);
    inFlight.set(
      streamId,
      store
        .append(streamId, { expectedVersion: version, commandId: randomUUID(), events: [{ type: 'PlayerChecked', schemaVersion: 1, data: { seat: 1 } }] })
        .then(() => committed.set(`${streamId} ${version + 1}`, Date.now())),
    );
  }
  await Promise.all(inFlight.values());
  return total;
}

function stats(values: readonly number[]): { p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

export async function runRelayBench(): Promise<{ rows: RelayBenchRow[]; markdown: string }> {
  const database = await createTestDatabase('postgres');
  const store = new EventStore(database.db);
  const tag = randomBytes(4).toString('hex');
  const prefixes = ['raw', 'relay', 'raw-e2e', 'relay-e2e', 'raw-live', 'live', 'restart', 'redis'].map((p) => `felt-bench-${p}-${tag}`);
  const [rawPrefix, relayPrefix, rawE2ePrefix, relayE2ePrefix, rawLivePrefix, livePrefix, restartPrefix] = prefixes as [string, string, string, string, string, string, string];
  const redis = await PrivateRedis.start({ appendOnly: true }).catch(() => null);
  try {
    await appendLog(store, TABLES, EVENTS_PER_TABLE, 10);
    // The gap-safe reader waits for transactions still open anywhere on the shared cluster: read until all are there.
    const log: RecordedEvent[] = [];
    const readDeadline = Date.now() + 120_000;
    for (let after = undefined as RecordedEvent | undefined; log.length < TOTAL && Date.now() < readDeadline; ) {
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
    const rawLatencies: number[] = [];
    const rawLiveWorkers = consumers(rawLivePrefix, (job) => rawLatencies.push(Date.now() - Number(job.recordedAt)));
    await Promise.all(rawLiveWorkers.map((w) => w.waitUntilReady()));
    const rawQueues = Array.from({ length: SHARDS }, (_, shard) => new Queue(queueName(shard), { connection: connection(), prefix: rawLivePrefix }));
    const rawLiveTotal = LIVE_TABLES * Math.min(LIVE_SECONDS, 10);
    {
      const t0 = performance.now();
      for (let i = 0; i < rawLiveTotal; i++) {
        const wait = t0 + (i * 1000) / LIVE_TABLES - performance.now();
        if (wait > 0) await sleep(wait);
        const event = log[i]!;
        await rawQueues[shardOf(event.streamId, SHARDS)]!.add(event.type, { ...eventJob(event), recordedAt: String(Date.now()) }, { jobId: `live-${i}` });
      }
      await waitFor(() => rawLatencies.length >= rawLiveTotal, 30_000);
    }
    await Promise.all(rawQueues.map((q) => q.close()));
    await Promise.all(rawLiveWorkers.map((w) => w.close()));

    // 2b. Live pace through the relay.
    await skipToEnd(store, 'bench-live');
    const latencies: number[] = [];
    const received = new Map<string, number>();
    const liveWorkers = consumers(livePrefix, (job) => {
      latencies.push(Date.now() - Date.parse(job.recordedAt));
      received.set(`${job.streamId} ${job.streamVersion}`, Date.now());
    });
    await Promise.all(liveWorkers.map((w) => w.waitUntilReady()));
    const livePublisher = new BullmqPublisher({ redisUrl: REDIS_URL, shards: SHARDS, prefix: livePrefix });
    const live = await wokenRelay(store, livePublisher, 'bench-live');
    const committed = new Map<string, number>();
    // Meanwhile, how long transactions of other databases on the same server hold the cluster's xmin back (the
    // gap-safe reader must wait for every transaction with an xid older than the events it returns).
    let sampling = true;
    let othersHeldMs = 0;
    const sampler = (async () => {
      while (sampling) {
        const { rows } = await database.db.query<{ ms: string | null }>(
          `SELECT (extract(epoch from max(now() - xact_start)) * 1000)::int::text AS ms FROM pg_stat_activity
           WHERE backend_xid IS NOT NULL AND datname IS DISTINCT FROM current_database()`,
        );
        othersHeldMs = Math.max(othersHeldMs, Number(rows[0]?.ms ?? 0));
        await sleep(20);
      }
    })();
    const appended = await livePace(store, LIVE_SECONDS, committed);
    sampling = false;
    await sampler;
    await waitFor(() => latencies.length >= appended, 30_000);
    await live.stop();
    await livePublisher.close();
    await Promise.all(liveWorkers.map((w) => w.close()));

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
    const afterCommit = stats([...received].filter(([key]) => committed.has(key)).map(([key, at]) => at - committed.get(key)!));
    const r = stats(rawLatencies);
    const rows: RelayBenchRow[] = [
      { name: 'BullMQ addBulk alone (same jobs, same shards)', value: `${fmt(raw)} events/s`, note: `${fmt(TOTAL)} jobs, batches of ${BATCH}, ${SHARDS} shard queues` },
      { name: 'Outbox relay (read log, addBulk, checkpoint)', value: `${fmt(relayRate)} events/s`, note: `${TABLES} tables x ${EVENTS_PER_TABLE} events, from its checkpoint` },
      { name: 'relay / raw addBulk', value: `${Math.round((relayRate / raw) * 100)}%`, note: 'goal ≥ 50%' },
      { name: 'raw addBulk → consumers received all', value: `${fmt(rawE2e)} events/s`, note: `${SHARDS} consumers, concurrency 1` },
      { name: 'relay → consumers received all', value: `${fmt(relayE2e)} events/s`, note: `the relay loop woken by NOTIFY; ${Math.round((relayE2e / rawE2e) * 100)}% of raw end to end` },
      { name: 'live pace, raw Queue.add → consumer p50 / p99 / max', value: `${r.p50} / ${r.p99} / ${r.max} ms`, note: `${rawLatencies.length} jobs at ${LIVE_TABLES}/s` },
      { name: 'live pace, append → consumer p50 / p99 / max', value: `${l.p50} / ${l.p99} / ${l.max} ms`, note: `${latencies.length} of ${appended} events: ${LIVE_TABLES} tables x 1 command/s for ${LIVE_SECONDS} s; goal p99 < 100 ms` },
      { name: 'live pace, append answered → consumer p50 / p99 / max', value: `${afterCommit.p50} / ${afterCommit.p99} / ${afterCommit.max} ms`, note: `from the moment the append call resolved (committed) to the job in a consumer; meanwhile other databases' transactions held an xid for up to ${othersHeldMs} ms` },
      { name: 'fresh relay with events waiting → first publish', value: `${Math.round(firstPublish)} ms`, note: 'new connections, LISTEN, lock, read, addBulk (a restarted worker, after Nest starts); goal < 2 s' },
      { name: 'Redis back → first publish', value: redis ? `${Math.round(redisReturn)} ms` : 'not run', note: redis ? 'private redis-server stopped 5 s while 40 events were appended; goal < 2 s' : 'no redis-server on the PATH' },
    ];
    const markdown = ['| measure | value | note |', '|---|---|---|', ...rows.map((row) => `| ${row.name} | ${row.value} | ${row.note} |`)].join('\n');
    return { rows, markdown };
  } finally {
    for (const prefix of prefixes.slice(0, 7)) await obliterate(prefix);
    await redis?.dispose();
    await database.dispose();
  }
}

async function appendInterleavedBench(store: EventStore, tables: number, perTable: number): Promise<void> {
  const streams = Array.from({ length: tables }, () => `table-${randomUUID()}`);
  for (let version = 0; version < perTable; version++)
    await Promise.all(streams.map((streamId) => store.append(streamId, { expectedVersion: version, commandId: randomUUID(), events: [{ type: 'PlayerChecked', schemaVersion: 1, data: { seat: 1 } }] })));
}

if (require.main === module) {
  runRelayBench().then(
    (r) => console.log(r.markdown),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
