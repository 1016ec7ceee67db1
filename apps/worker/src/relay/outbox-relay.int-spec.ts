import { Worker, type Job } from 'bullmq';
import type { RecordedEvent } from '@felt/event-store';
import { useTestStore } from '../../../../test/support/app-databases';
import { eventually, repeatUntil, waitUntil } from '../../../../libs/event-store/test-support/eventually';
import { SHARED_REDIS_URL, obliterateShards, shardJobCounts, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { BullmqPublisher, type Publisher } from './event-publisher';
import type { EventJob } from './event-job';
import { OutboxRelay, isPublished } from './outbox-relay';
import { queueName } from './shards';
import { redisConnectionOptions } from './redis-connection';

const SHARDS = 4;

describe('OutboxRelay on PostgreSQL and Redis', () => {
  let prefix: string;
  let publisher: BullmqPublisher;
  /** Each relay holds its lock on a connection of its own until closed. */
  const relays: OutboxRelay[] = [];
  const database = useTestStore('postgres', {
    perTest: true,
    beforeDispose: async () => {
      await Promise.all(relays.splice(0).map((relay) => relay.close()));
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
    await repeatUntil(
      async () => {
        const step = await relay.step();
        if (step.kind === 'published') published += step.count;
        return step;
      },
      () => published >= count,
      (step) => step.kind === 'published',
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
          {
            connection: { ...redisConnectionOptions(SHARED_REDIS_URL), enableOfflineQueue: true, maxRetriesPerRequest: null },
            prefix,
            concurrency: 1,
          },
        ),
    );
    try {
      // Every job the relay added processed: no extra one can still arrive.
      await waitUntil(
        `${count} jobs processed`,
        () => shardJobCounts(SHARED_REDIS_URL, prefix, SHARDS),
        (c) => c.pending === 0 && c.processed >= count,
        20_000,
      );
      await waitUntil(`${count} jobs seen`, async () => seen.length >= count);
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

  it('keeps the audit streams, the player registry, the exclusion lists and the books off the queues and moves past them', async () => {
    const streams = await appendInterleaved(database.store, 2, 5);
    const secrets: [string, string, Record<string, unknown>][] = [
      ['audit-2026-12-03', 'SignInFailed', { name: 'somebody', reason: 'wrong-password', address: '10.0.0.9' }],
      ['audit-2026-12-04', 'SignInFailed', { name: 'somebody', reason: 'wrong-password', address: '10.0.0.9' }],
      ['player-P-10-0-0-9', 'PlayerRegistered', { playerId: 'P-10-0-0-9', digest: '10.0.0.9' }],
      ['exclusions-state', 'EntriesImported', { entries: [{ entryId: '10.0.0.9' }] }],
      ['money-room', 'JackpotPaid', { amount: 100, note: '10.0.0.9' }],
    ];
    for (const [i, [streamId, type, data]] of secrets.entries()) {
      await database.store.append(streamId, {
        expectedVersion: 'any',
        commandId: `private-${i}`,
        events: [{ type, schemaVersion: 1, data }],
      });
    }
    expect(secrets.every(([streamId]) => !isPublished(streamId))).toBe(true);
    const relay = new OutboxRelay(database.store, publisher, { batchSize: 4 });
    await relayAll(relay, 10);
    const jobs = await consume(10);
    expect(jobs.map((j) => j.streamId).sort()).toEqual([...streams.flatMap((s) => Array(5).fill(s))].sort());
    expect(JSON.stringify(jobs)).not.toContain('10.0.0.9');
    // The rest of the log is the audit events: the relay moves past them, publishing nothing, then idles.
    for (let step = await relay.step(); step.kind !== 'idle'; step = await relay.step())
      expect(step).toMatchObject({ kind: 'published', count: 0 });
  });

  it('publishes N events as exactly N jobs with unique ids, in stream order per table', async () => {
    const streams = await appendInterleaved(database.store, 6, 40);
    const relay = new OutboxRelay(database.store, publisher, { batchSize: 37 });
    relays.push(relay);
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
    for (let step = await relay.step(); step.kind !== 'idle'; step = await relay.step())
      expect(step).toMatchObject({ kind: 'published', count: 0 });
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
    relays.push(relay);
    const before = await relay.checkpoint();
    await eventually(
      () =>
        relay.step().then(
          () => false,
          (error: Error) => error.message === 'killed after addBulk',
        ),
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
      relays.push(relay);
      await relayAll(relay, 2);
      const jobs = await consume(4);
      expect(jobs.map((job) => [job.streamVersion, job.schemaVersion])).toEqual([
        [1, 1],
        [1, 0],
        [2, 1],
        [2, 0],
      ]);
      expect(jobs[1]).toMatchObject({ streamId, eventId: jobs[0]!.eventId, data: { seat: 1, amount: 1, legacy: true } });
    } finally {
      await windowed.close();
    }
  });

  it('stands by while another process holds the relay lock', async () => {
    await appendInterleaved(database.store, 1, 3);
    const relay = new OutboxRelay(database.store, publisher);
    relays.push(relay);
    await database.db.transaction(async (tx) => {
      await tx.query("SELECT pg_advisory_xact_lock(hashtext('outbox-relay'))");
      expect(await relay.step()).toEqual({ kind: 'standby' });
    });
    await relayAll(relay, 3);
  });

  it('one relay at a time: a relay that lost its lock stands by, then continues from the checkpoint its successor saved', async () => {
    await appendInterleaved(database.store, 2, 2);
    const first = new OutboxRelay(database.store, publisher);
    const second = new OutboxRelay(database.store, publisher);
    relays.push(first, second);
    await relayAll(first, 4);
    expect(await second.step()).toEqual({ kind: 'standby' });
    await first.flush();
    // The first relay's lock connection dies (a network cut, a killed backend): its lock goes with it.
    await database.db.query(
      `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = hashtext('outbox-relay')::oid
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    await appendInterleaved(database.store, 2, 1);
    await relayAll(second, 2);
    await second.close();
    // Taken again: from the successor's checkpoint, so nothing is published twice.
    expect(
      await eventually(
        () => first.step(),
        (step) => step.kind !== 'standby',
        30_000,
      ),
    ).toEqual({ kind: 'idle' });
    await appendInterleaved(database.store, 1, 1);
    await relayAll(first, 1);
    const waiting = await Promise.all(publisher.queues.map((queue) => queue.getJobCountByTypes('waiting')));
    expect(waiting.reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('reads the next batch while one is being published, and publishes it only after: in order, once, also when the first fails', async () => {
    const [streamId] = await appendInterleaved(database.store, 1, 2);
    const sent: number[][] = [];
    let gate: (() => void) | undefined;
    let failNext = true;
    const gated: Publisher = {
      async publish(events) {
        await new Promise<void>((resolve) => (gate = resolve));
        if (failNext) {
          failNext = false;
          throw new Error('Redis away');
        }
        sent.push(events.map((e) => e.streamVersion));
      },
    };
    // The store as the relay sees it, with each read it starts kept: the test waits for the read ahead itself.
    const reads: Promise<unknown>[] = [];
    const store = Object.create(database.store) as typeof database.store;
    store.readAll = (options) => {
      const read = database.store.readAll(options);
      reads.push(read);
      return read;
    };
    const relay = new OutboxRelay(store, gated);
    relays.push(relay);
    const append = (version: number) =>
      database.store.append(streamId!, {
        expectedVersion: version - 1,
        commandId: `${streamId}-${version}`,
        events: [{ type: 'ChipsAdded', schemaVersion: 1, data: { seat: 1, amount: version } }],
      });
    const stepWhile = async (during: () => Promise<unknown>) => {
      const step = relay.step();
      await eventually(
        async () => gate,
        (g) => g !== undefined,
      );
      await during();
      const release = gate!;
      gate = undefined;
      release();
      return step;
    };
    // Versions 1-2 are being published (and fail) while 3 is appended and read ahead: 1-2 go out again first.
    await expect(
      stepWhile(async () => {
        await append(3);
        relay.appended();
      }),
    ).rejects.toThrow('Redis away');
    expect(
      await stepWhile(async () => {
        await append(4);
        relay.appended();
        await reads.at(-1); // the batch after 1-3, read while they are being published
      }),
    ).toMatchObject({ kind: 'published', count: 3 });
    expect(await stepWhile(async () => undefined)).toMatchObject({ kind: 'published', count: 1 });
    expect(await relay.step()).toEqual({ kind: 'idle' });
    expect(sent).toEqual([[1, 2, 3], [4]]);
  });
});
