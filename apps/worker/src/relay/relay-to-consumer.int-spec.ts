import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { START, type RecordedEvent } from '@felt/event-store';
import { useTestStore } from '../../../../test/support/app-databases';
import { eventually, repeatUntil, waitUntil } from '../../../../libs/event-store/test-support/eventually';
import { startConsumer, type RunningConsumer } from '../../../../examples/consumer/consumer';
import type { ApplyOutcome } from '../../../../examples/consumer/apply-event';
import { SHARED_REDIS_URL, obliterateShards, shardJobCounts, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { TEST_RELAY_KEYS, TEST_RELAY_SIGNER } from '../../test-support/relay-keys';
import { BullmqPublisher, type Publisher } from './event-publisher';
import { JobSigner } from './job-signature';
import { queueName, shardOf } from './shards';
import { OutboxRelay } from './outbox-relay';

const SHARDS = 4;
const TABLES = 5;
const PER_TABLE = 24;
const N = TABLES * PER_TABLE;

/** Each test: a database, queues (a key prefix) and a consumer of its own. */
describe('relay to the reference consumer', () => {
  let prefix: string;
  let publisher: BullmqPublisher;
  let consumer: RunningConsumer | undefined;
  let outcomes: { eventId: string; streamId: string; streamVersion: number; outcome: ApplyOutcome }[];
  let refusals: { jobId: string | undefined; reason: string }[];
  const database = useTestStore('postgres', {
    perTest: true,
    beforeDispose: async () => {
      await consumer?.close();
      consumer = undefined;
      await publisher.close();
      await obliterateShards(SHARED_REDIS_URL, prefix, SHARDS);
    },
  });

  beforeEach(() => {
    prefix = uniquePrefix();
    publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix, signer: TEST_RELAY_SIGNER });
    outcomes = [];
    refusals = [];
  });

  async function startTheConsumer(): Promise<RunningConsumer> {
    const url = new URL(SHARED_REDIS_URL);
    consumer = await startConsumer({
      databaseUrl: database.url,
      connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: null },
      shards: SHARDS,
      prefix,
      relayKeys: TEST_RELAY_KEYS,
      onRefused: (jobId, reason) => refusals.push({ jobId, reason }),
      onApplied: (job, outcome) =>
        outcomes.push({ eventId: job.eventId, streamId: job.streamId, streamVersion: job.streamVersion, outcome }),
    });
    return consumer;
  }

  /** Every job processed: no late one can still arrive. */
  const everyJobProcessed = (jobs: number) =>
    waitUntil(
      'the consumer to process every job',
      () => shardJobCounts(SHARED_REDIS_URL, prefix, SHARDS),
      (c) => c.pending === 0 && c.processed >= jobs,
    );

  async function drain(relay: OutboxRelay): Promise<number> {
    let published = 0;
    const count = (step: Awaited<ReturnType<OutboxRelay['step']>>) => {
      if (step.kind === 'published') published += step.count;
      return step;
    };
    await repeatUntil(
      async () => count(await relay.step()),
      (step) => step.kind !== 'published' && published >= N,
      (step) => step.kind === 'published',
      60_000,
    );
    return published;
  }

  const count = (outcome: ApplyOutcome) => outcomes.filter((o) => o.outcome === outcome).length;

  it('a relay killed between addBulk and its checkpoint re-publishes; the consumer applies every event once, in order', async () => {
    const streams = await appendInterleaved(database.store, TABLES, PER_TABLE);
    // Dies after Redis acknowledged the first two batches, before saving their checkpoints.
    let crashes = 2;
    const crashing: Publisher = {
      async publish(events: readonly RecordedEvent[]) {
        await publisher.publish(events);
        if (crashes-- > 0) throw new Error('killed after addBulk');
      },
    };
    const relay = new OutboxRelay(database.store, crashing, { batchSize: 50 });
    let failures = 0;
    await eventually(
      () =>
        relay.step().then(
          () => failures,
          () => ++failures,
        ),
      (n) => n >= 2,
    );
    expect(await relay.checkpoint()).toEqual(START);
    expect(await drain(relay)).toBe(N);
    await relay.close();

    const running = await startTheConsumer();
    await everyJobProcessed(N);
    expect(outcomes).toHaveLength(N);
    expect(count('applied')).toBe(N);
    expect(new Set(outcomes.map((o) => o.eventId)).size).toBe(N);
    for (const streamId of streams) {
      expect(outcomes.filter((o) => o.streamId === streamId).map((o) => o.streamVersion)).toEqual(
        Array.from({ length: PER_TABLE }, (_, i) => i + 1),
      );
    }
    const { rows } = await running.pool.query(
      'SELECT count(*)::int AS n, min(events) AS lo, max(events) AS hi FROM consumer_example.table_activity',
    );
    expect(rows[0]).toEqual({ n: TABLES, lo: PER_TABLE, hi: PER_TABLE });
  });

  it('when BullMQ cannot deduplicate any more (jobs gone, relay rewound), the inbox skips every repeat', async () => {
    // Every event relayed and applied once.
    await appendInterleaved(database.store, TABLES, PER_TABLE);
    const first = new OutboxRelay(database.store, publisher, { batchSize: 50 });
    expect(await drain(first)).toBe(N);
    await first.close();
    const running = await startTheConsumer();
    await everyJobProcessed(N);
    expect(outcomes.map((o) => o.outcome)).toEqual(Array(N).fill('applied'));

    // The jobs gone and the relay rewound: every event is published again, and the inbox skips each.
    await obliterateShards(SHARED_REDIS_URL, prefix, SHARDS);
    await database.store.saveCheckpoint('outbox-relay', START);
    const relay = new OutboxRelay(database.store, publisher, { batchSize: 50 });
    expect(await drain(relay)).toBe(N);
    await relay.close();
    await eventually(
      async () => outcomes.length,
      (n) => n >= 2 * N,
      20_000,
    );
    expect(outcomes.slice(N).every((o) => o.outcome === 'duplicate')).toBe(true);
    const { rows } = await running.pool.query(
      'SELECT (SELECT count(*)::int FROM consumer_example.inbox) AS inbox, (SELECT sum(events)::int FROM consumer_example.table_activity) AS events',
    );
    expect(rows[0]).toEqual({ inbox: N, events: N });
  });

  it("refuses jobs the relay did not sign (forged in Redis, altered, unsigned, another key's) and applies the relay's", async () => {
    const streams = await appendInterleaved(database.store, 1, 3);
    const relay = new OutboxRelay(database.store, publisher, { batchSize: 50 });
    await repeatUntil(
      () => relay.step(),
      (step) => step.kind !== 'published',
      (step) => step.kind === 'published',
      20_000,
    );
    await relay.close();
    // The table's shard queue, and the last job the relay put in it.
    const queue = publisher.queues.find((q) => q.name === queueName(shardOf(streams[0]!, SHARDS)))!;
    const real = (await queue.getJobs(['waiting'])).find((job) => job.data.streamVersion === 3)!;
    const { signature, ...unsigned } = real.data as Record<string, unknown>;
    // Whoever can write to Redis adds jobs of their own to a shard queue: a table's next version, as the relay would.
    const next = { ...unsigned, eventId: randomUUID(), streamVersion: 4, type: 'ChipsAdded', data: { seat: 1, amount: 1_000_000 } };
    const otherKey = new JobSigner(generateKeyPairSync('ed25519').privateKey);
    const forgeries = [
      { name: 'altered', data: { ...next, signature } },
      { name: 'unsigned', data: { ...next, eventId: randomUUID() } },
      { name: 'other-key', data: otherKey.signed({ ...next, eventId: randomUUID() }) },
      { name: 'claims-the-relay-key', data: claimingTheRelayKey(otherKey.signed({ ...next, eventId: randomUUID() })) },
    ];
    for (const forged of forgeries) await queue.add('forged', forged.data, { jobId: `forged-${forged.name}` });
    const running = await startTheConsumer();
    await waitUntil(
      'the consumer to apply the real jobs and refuse the forged ones',
      async () => ({ applied: count('applied'), refused: refusals.length }),
      (c) => c.applied === 3 && c.refused === forgeries.length,
    );
    expect(refusals.map((r) => r.jobId).sort()).toEqual(forgeries.map((f) => `forged-${f.name}`).sort());
    for (const forged of forgeries) expect((await queue.getJob(`forged-${forged.name}`))!.failedReason).toMatch(/is not the relay's/);
    const forgedIds = forgeries.map((f) => String(f.data.eventId));
    expect(outcomes.map((o) => o.eventId).filter((id) => forgedIds.includes(id))).toEqual([]);
    const { rows } = await running.pool.query(
      'SELECT (SELECT count(*)::int FROM consumer_example.inbox) AS inbox, (SELECT sum(events)::int FROM consumer_example.table_activity) AS events',
    );
    expect(rows[0]).toEqual({ inbox: 3, events: 3 });
  });
});

/** Another key's signature under the relay's key id. */
function claimingTheRelayKey<T extends { signature: object }>(data: T): T {
  return { ...data, signature: { ...data.signature, keyId: TEST_RELAY_SIGNER.keyId } };
}
