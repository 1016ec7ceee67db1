import { START, type RecordedEvent } from '@felt/event-store';
import { useTestStore } from '../../../../test/support/app-databases';
import { eventually, repeatUntil, waitUntil } from '../../../../libs/event-store/test-support/eventually';
import { startConsumer, type RunningConsumer } from '../../../../examples/consumer/consumer';
import type { ApplyOutcome } from '../../../../examples/consumer/apply-event';
import { SHARED_REDIS_URL, obliterateShards, shardJobCounts, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { BullmqPublisher, type Publisher } from './event-publisher';
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
    publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix });
    outcomes = [];
  });

  async function startTheConsumer(): Promise<RunningConsumer> {
    const url = new URL(SHARED_REDIS_URL);
    consumer = await startConsumer({
      databaseUrl: database.url,
      connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: null },
      shards: SHARDS,
      prefix,
      onApplied: (job, outcome) => outcomes.push({ eventId: job.eventId, streamId: job.streamId, streamVersion: job.streamVersion, outcome }),
    });
    return consumer;
  }

  /** Every job processed: no late one can still arrive. */
  const everyJobProcessed = (jobs: number) =>
    waitUntil('the consumer to process every job', () => shardJobCounts(SHARED_REDIS_URL, prefix, SHARDS), (c) => c.pending === 0 && c.processed >= jobs);

  async function drain(relay: OutboxRelay): Promise<number> {
    let published = 0;
    const count = (step: Awaited<ReturnType<OutboxRelay['step']>>) => {
      if (step.kind === 'published') published += step.count;
      return step;
    };
    await repeatUntil(async () => count(await relay.step()), (step) => step.kind !== 'published' && published >= N, (step) => step.kind === 'published', 60_000);
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
      () => relay.step().then(() => failures, () => ++failures),
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
    const { rows } = await running.pool.query('SELECT count(*)::int AS n, min(events) AS lo, max(events) AS hi FROM consumer_example.table_activity');
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
    await eventually(async () => outcomes.length, (n) => n >= 2 * N, 20_000);
    expect(outcomes.slice(N).every((o) => o.outcome === 'duplicate')).toBe(true);
    const { rows } = await running.pool.query(
      'SELECT (SELECT count(*)::int FROM consumer_example.inbox) AS inbox, (SELECT sum(events)::int FROM consumer_example.table_activity) AS events',
    );
    expect(rows[0]).toEqual({ inbox: N, events: N });
  });
});
