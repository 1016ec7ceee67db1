import { Worker, type Job } from 'bullmq';
import type { RecordedEvent } from '@felt/event-store';
import { useTestStore } from '../../../../libs/event-store/test-support/test-store';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { SHARED_REDIS_URL, obliterateShards, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { BullmqPublisher, type Publisher } from './event-publisher';
import type { EventJob } from './event-job';
import { OutboxRelay } from './outbox-relay';
import { queueName } from './shards';
import { redisConnectionOptions } from './redis-connection';

const SHARDS = 4;

describe('OutboxRelay on PostgreSQL and Redis', () => {
  let prefix: string;
  let publisher: BullmqPublisher;
  const database = useTestStore('postgres', {
    perTest: true,
    beforeDispose: async () => {
      await publisher.close();
      await obliterateShards(SHARED_REDIS_URL, prefix, SHARDS);
    },
  });

  beforeEach(() => {
    prefix = uniquePrefix();
    publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix });
  });

  /** Drains the relay: steps until the whole log (count events) is published. */
  async function relayAll(relay: OutboxRelay, count: number): Promise<void> {
    let published = 0;
    await eventually(
      async () => {
        const step = await relay.step();
        if (step.kind === 'published') published += step.count;
        return published;
      },
      (n) => n >= count,
    );
    expect(published).toBe(count);
  }

  /** Consumes every shard with concurrency 1 until `count` jobs arrived; returns them in processing order. */
  async function consume(count: number): Promise<EventJob[]> {
    const seen: EventJob[] = [];
    const workers = Array.from(
      { length: SHARDS },
      (_, shard) =>
        new Worker<EventJob>(
          queueName(shard),
          async (job: Job<EventJob>) => {
            seen.push(job.data);
          },
          { connection: { ...redisConnectionOptions(SHARED_REDIS_URL), enableOfflineQueue: true, maxRetriesPerRequest: null }, prefix, concurrency: 1 },
        ),
    );
    try {
      await eventually(async () => seen.length, (n) => n >= count, 20000);
      await new Promise((resolve) => setTimeout(resolve, 200)); // anything extra would show up now
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
    return seen;
  }

  function expectInStreamOrder(jobs: readonly EventJob[], streams: readonly string[], perTable: number): void {
    for (const streamId of streams) {
      expect(jobs.filter((job) => job.streamId === streamId).map((job) => job.streamVersion)).toEqual(
        Array.from({ length: perTable }, (_, i) => i + 1),
      );
    }
  }

  it('keeps the audit streams off the queues and moves past them', async () => {
    const streams = await appendInterleaved(database.store, 2, 5);
    for (const [i, day] of ['audit-2026-12-03', 'audit-2026-12-04'].entries()) {
      await database.store.append(day, {
        expectedVersion: 'any',
        commandId: `audit-${i}`,
        events: [{ type: 'SignInFailed', schemaVersion: 1, data: { name: 'somebody', reason: 'wrong-password', address: '10.0.0.9' } }],
      });
    }
    const relay = new OutboxRelay(database.store, publisher, { batchSize: 4 });
    await relayAll(relay, 10);
    const jobs = await consume(10);
    expect(jobs.map((j) => j.streamId).sort()).toEqual([...streams.flatMap((s) => Array(5).fill(s))].sort());
    expect(JSON.stringify(jobs)).not.toContain('10.0.0.9');
    // The rest of the log is the audit events: the relay moves past them, publishing nothing, then idles.
    for (let step = await relay.step(); step.kind !== 'idle'; step = await relay.step()) expect(step).toMatchObject({ kind: 'published', count: 0 });
  });

  it('publishes N events as exactly N jobs with unique ids, in stream order per table', async () => {
    const streams = await appendInterleaved(database.store, 6, 40);
    const relay = new OutboxRelay(database.store, publisher, { batchSize: 37 });
    await relayAll(relay, 240);

    const jobs = await consume(240);
    expect(jobs).toHaveLength(240);
    expect(new Set(jobs.map((job) => job.eventId)).size).toBe(240);
    expectInStreamOrder(jobs, streams, 40);
    const [first] = await database.store.readStream(streams[0]!, { limit: 1 });
    const job = jobs.find((j) => j.eventId === first!.eventId)!;
    expect(job).toEqual({
      eventId: first!.eventId,
      type: 'ChipsAdded',
      schemaVersion: 1,
      streamId: streams[0],
      streamVersion: 1,
      globalPosition: first!.globalPosition,
      txId: first!.txId,
      recordedAt: first!.recordedAt,
      data: { seat: 1, amount: 1 },
      metadata: first!.metadata,
    });
    // The rest of the log is the audit events: the relay moves past them, publishing nothing, then idles.
    for (let step = await relay.step(); step.kind !== 'idle'; step = await relay.step()) expect(step).toMatchObject({ kind: 'published', count: 0 });
  });

  it('re-publishes a batch after a crash between addBulk and the checkpoint, and BullMQ deduplicates it', async () => {
    const streams = await appendInterleaved(database.store, 3, 10);
    let crashes = 1;
    const crashing: Publisher = {
      async publish(events: readonly RecordedEvent[]) {
        await publisher.publish(events);
        if (crashes-- > 0) throw new Error('killed after addBulk');
      },
    };
    const relay = new OutboxRelay(database.store, crashing, { batchSize: 1000 });
    const before = await relay.checkpoint();
    await eventually(
      () => relay.step().then(() => false, (error: Error) => error.message === 'killed after addBulk'),
      (crashed) => crashed,
    );
    expect(await relay.checkpoint()).toEqual(before);

    await relayAll(relay, 30);
    const counts = await Promise.all(publisher.queues.map((queue) => queue.getJobCountByTypes('waiting')));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    const jobs = await consume(30);
    expect(jobs).toHaveLength(30);
    expectInStreamOrder(jobs, streams, 10);
  });

  it('publishes a downgraded copy right after each event of a type in its deprecation window', async () => {
    const [streamId] = await appendInterleaved(database.store, 1, 2);
    const windowed = new BullmqPublisher({
      redisUrl: SHARED_REDIS_URL,
      shards: SHARDS,
      prefix,
      downgrades: [{ type: 'ChipsAdded', fromVersion: 1, toVersion: 0, downgrade: (data) => ({ ...(data as object), legacy: true }) }],
    });
    try {
      const relay = new OutboxRelay(database.store, windowed);
      await relayAll(relay, 2);
      const jobs = await consume(4);
      expect(jobs.map((job) => [job.streamVersion, job.schemaVersion])).toEqual([[1, 1], [1, 0], [2, 1], [2, 0]]);
      expect(jobs[1]).toMatchObject({ streamId, eventId: jobs[0]!.eventId, data: { seat: 1, amount: 1, legacy: true } });
    } finally {
      await windowed.close();
    }
  });

  it('stands by while another process holds the relay lock', async () => {
    await appendInterleaved(database.store, 1, 3);
    const relay = new OutboxRelay(database.store, publisher);
    await database.db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('outbox-relay'))");
      expect(await relay.step()).toEqual({ kind: 'standby' });
    });
    await relayAll(relay, 3);
  });
});
