import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { EventStore, START } from '@felt/event-store';
import { useTestStore } from '../../../../test/support/app-databases';
import { eventually, waitUntil } from '../../../../libs/event-store/test-support/eventually';
import { startConsumer } from '../../../../examples/consumer/consumer';
import { SHARED_REDIS_URL, obliterateShards, shardJobCounts, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { TEST_RELAY_KEYS, TEST_RELAY_PRIVATE_KEY, TEST_RELAY_SIGNER } from '../../test-support/relay-keys';
import { BullmqPublisher } from './event-publisher';
import { OutboxRelay } from './outbox-relay';

const SHARDS = 3;

describe('relay process killed with SIGKILL after addBulk, before its checkpoint', () => {
  const prefix = uniquePrefix();
  const database = useTestStore('postgres', { beforeDispose: () => obliterateShards(SHARED_REDIS_URL, prefix, SHARDS) });

  it('leaves the checkpoint and the lock behind; the next relay re-publishes, deduplicated, and the consumer applies each event once', async () => {
    const store = new EventStore(database.db);
    await appendInterleaved(store, 4, 15);

    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, '..', '..', 'test-support', 'relay-child.ts')], {
      cwd: join(__dirname, '..', '..', '..', '..'),
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL: SHARED_REDIS_URL,
        QUEUE_PREFIX: prefix,
        EVENT_SHARDS: String(SHARDS),
        FELT_RELAY_SIGNING_KEY: TEST_RELAY_PRIVATE_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    await eventually(
      async () => output,
      (text) => text.includes('published') || child.exitCode !== null,
      45_000,
    );
    expect(output).toContain('published 60');
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    expect(await store.loadCheckpoint('outbox-relay')).toEqual(START);
    const publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix, signer: TEST_RELAY_SIGNER });
    // The killed session's advisory lock goes with its connection: this relay gets it (after standing by, at most briefly).
    const relay = new OutboxRelay(store, publisher);
    try {
      const step = await eventually(
        () => relay.step(),
        (s) => s.kind === 'published',
        20_000,
      );
      expect(step).toMatchObject({ kind: 'published', count: 60 });
      const waiting = await Promise.all(publisher.queues.map((queue) => queue.getJobCountByTypes('waiting')));
      expect(waiting.reduce((a, b) => a + b, 0)).toBe(60);
    } finally {
      await relay.close();
      await publisher.close();
    }

    const url = new URL(SHARED_REDIS_URL);
    const applied: string[] = [];
    const consumer = await startConsumer({
      databaseUrl: database.url,
      connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: null },
      shards: SHARDS,
      prefix,
      relayKeys: TEST_RELAY_KEYS,
      onApplied: (job, outcome) => outcome === 'applied' && applied.push(job.eventId),
    });
    try {
      // Every job processed: no late one can still arrive.
      await waitUntil(
        'the consumer to process every job',
        () => shardJobCounts(SHARED_REDIS_URL, prefix, SHARDS),
        (c) => c.pending === 0 && c.processed >= 60,
      );
      expect(applied).toHaveLength(60);
      expect(new Set(applied).size).toBe(60);
    } finally {
      await consumer.close();
    }
  });
});
