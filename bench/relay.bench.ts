/**
 * Outbox relay to BullMQ: `npx tsx bench/relay.bench.ts` or `npm run bench:relay`.
 * Needs PostgreSQL (BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/test: a throwaway
 * database is created and dropped) and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379: keys under a
 * prefix of their own, deleted at the end).
 *
 * 1. BullMQ's raw rate: addBulk of the same job payloads to the same shard queues, batch by batch, nothing else.
 * 2. Relay throughput: the relay drains a log of the same size from its checkpoint (read, addBulk, checkpoint).
 * 3. Append-to-consumer latency: appends at a steady rate while the relay loop (default idle poll 100 ms) runs
 *    and one BullMQ worker per shard (concurrency 1) takes the jobs; latency = job received − event recordedAt.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { createTestDatabase } from '../libs/event-store/test-support/test-databases';
import { BullmqPublisher } from '../apps/worker/src/relay/event-publisher';
import { eventJob, type EventJob } from '../apps/worker/src/relay/event-job';
import { OutboxRelay } from '../apps/worker/src/relay/outbox-relay';
import { RelayLoop } from '../apps/worker/src/relay/relay-loop';
import { queueName, shardOf } from '../apps/worker/src/relay/shards';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SHARDS = 8;
const BATCH = 500;
const TABLES = 100;
const EVENTS_PER_TABLE = 200;
const TOTAL = TABLES * EVENTS_PER_TABLE;
const LATENCY_EVENTS = 2000;
const LATENCY_RATE = 500; // events per second

export interface RelayBenchRow {
  name: string;
  value: string;
  note: string;
}

function connection() {
  const url = new URL(REDIS_URL);
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

async function obliterate(prefix: string): Promise<void> {
  for (let shard = 0; shard < SHARDS; shard++) {
    const queue = new Queue(queueName(shard), { connection: connection(), prefix });
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

export async function runRelayBench(): Promise<{ rows: RelayBenchRow[]; markdown: string }> {
  const database = await createTestDatabase('postgres');
  const store = new EventStore(database.db);
  const tag = randomBytes(4).toString('hex');
  const rawPrefix = `felt-bench-raw-${tag}`;
  const relayPrefix = `felt-bench-relay-${tag}`;
  const latencyPrefix = `felt-bench-latency-${tag}`;
  try {
    await appendLog(store, TABLES, EVENTS_PER_TABLE, 10);
    const log: RecordedEvent[] = [];
    for (let after = undefined as RecordedEvent | undefined; ; ) {
      const page = await store.readAll({ after: after && { txId: after.txId, globalPosition: after.globalPosition }, limit: 5000 });
      if (page.length === 0) break;
      log.push(...page);
      after = page[page.length - 1];
    }
    if (log.length !== TOTAL) throw new Error(`expected ${TOTAL} events in the log, read ${log.length}`);

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

    // Latency: the relay loop as the worker runs it, a consumer per shard, appends at a steady rate.
    await store.saveCheckpoint('bench-latency', await store.loadCheckpoint('bench-relay'));
    const latencyPublisher = new BullmqPublisher({ redisUrl: REDIS_URL, shards: SHARDS, prefix: latencyPrefix });
    const acknowledged: number[] = [];
    const loop = new RelayLoop(new OutboxRelay(store, latencyPublisher, { batchSize: BATCH, checkpointName: 'bench-latency' }), {}, {
      onStep: (step) => {
        if (step.kind !== 'published') return;
        const now = Date.now();
        for (const event of step.events) acknowledged.push(now - Date.parse(event.recordedAt));
      },
    });
    const latencies: number[] = [];
    const workers = Array.from(
      { length: SHARDS },
      (_, shard) =>
        new Worker<EventJob>(
          queueName(shard),
          async (job) => {
            latencies.push(Date.now() - Date.parse(job.data.recordedAt));
          },
          { connection: connection(), prefix: latencyPrefix, concurrency: 1 },
        ),
    );
    loop.start();
    const streams = Array.from({ length: 20 }, () => `table-${randomUUID()}`);
    const versions = new Map(streams.map((s) => [s, 0]));
    const interval = 1000 / LATENCY_RATE;
    const t0 = performance.now();
    const appends: Promise<unknown>[] = [];
    for (let i = 0; i < LATENCY_EVENTS; i++) {
      const wait = t0 + i * interval - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const streamId = streams[i % streams.length]!;
      const version = versions.get(streamId)!;
      versions.set(streamId, version + 1);
      // Appends to one table are chained (expected version); different tables go in parallel.
      appends.push(
        store.append(streamId, {
          expectedVersion: version,
          commandId: randomUUID(),
          events: [{ type: 'PlayerChecked', schemaVersion: 1, data: { seat: 1 } }],
        }),
      );
      if (appends.length >= 20) await Promise.all(appends.splice(0));
    }
    await Promise.all(appends);
    const deadline = Date.now() + 30_000;
    while (latencies.length < LATENCY_EVENTS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await loop.stop();
    await Promise.all(workers.map((worker) => worker.close()));
    await latencyPublisher.close();
    const sorted = [...latencies].sort((a, b) => a - b);
    const acked = [...acknowledged].sort((a, b) => a - b);

    const rows: RelayBenchRow[] = [
      { name: 'BullMQ addBulk alone (same jobs, same shards)', value: `${Math.round(raw).toLocaleString('en-US')} events/s`, note: `${TOTAL.toLocaleString('en-US')} jobs, batches of ${BATCH}, ${SHARDS} shard queues` },
      { name: 'Outbox relay (read log, addBulk, checkpoint)', value: `${Math.round(relayRate).toLocaleString('en-US')} events/s`, note: `${TABLES} tables x ${EVENTS_PER_TABLE} events, from its checkpoint` },
      { name: 'relay / raw addBulk', value: `${Math.round((relayRate / raw) * 100)}%`, note: 'goal ≥ 50%' },
      { name: 'append → Redis acknowledged p50 / p99', value: `${percentile(acked, 50)} / ${percentile(acked, 99)} ms`, note: 'the relay alone' },
      { name: 'append → consumer p50', value: `${percentile(sorted, 50)} ms`, note: `${latencies.length} of ${LATENCY_EVENTS} events at ${LATENCY_RATE}/s; relay idle poll 100 ms` },
      { name: 'append → consumer p99', value: `${percentile(sorted, 99)} ms`, note: 'recordedAt (transaction start) to the job in a worker' },
    ];
    const markdown = ['| measure | value | note |', '|---|---|---|', ...rows.map((r) => `| ${r.name} | ${r.value} | ${r.note} |`)].join('\n');
    return { rows, markdown };
  } finally {
    await Promise.all([obliterate(rawPrefix), obliterate(relayPrefix), obliterate(latencyPrefix)]);
    await database.dispose();
  }
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
