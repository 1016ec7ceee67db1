import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { useTestStore, type TestStore } from '../../../test/support/app-databases';
import { eventually, waitUntil } from '../../../libs/event-store/test-support/eventually';
import { PrivateRedis, obliterateShards, uniquePrefix } from '../test-support/redis';
import { appendInterleaved } from '../test-support/events';
import { DEFAULT_WORKER_CONFIG, type WorkerConfig } from './config/worker-config';
import { MetricsServer } from './metrics/metrics-server';
import { BullmqPublisher } from './relay/event-publisher';
import { WorkerModule } from './worker.module';

const SHARDS = 3;

async function startWorker(config: WorkerConfig, database: TestStore): Promise<INestApplicationContext> {
  const moduleRef = await Test.createTestingModule({ imports: [WorkerModule.forRoot(config, database.db)] }).compile();
  moduleRef.useLogger(false);
  return moduleRef.init();
}

async function get(app: INestApplicationContext, path: string): Promise<{ status: number; text: string }> {
  const port = app.get(MetricsServer).port;
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, text: await res.text() };
}

function metric(text: string, name: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line === undefined ? NaN : Number(line.split(' ')[1]);
}

describe('worker', () => {
  const database = useTestStore('postgres', { perTest: true });

  it('without REDIS_URL: the relay is off, health checks the database only, events wait in the log', async () => {
    const app = await startWorker({ ...DEFAULT_WORKER_CONFIG, metricsPort: 0 }, database);
    try {
      await appendInterleaved(database.store, 2, 3);
      expect(app.get(MetricsServer).host).toBe('127.0.0.1'); // not served to the network unless METRICS_HOST says so
      const health = await get(app, '/health');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.text).details).toEqual({ database: { status: 'up' } });
      const metrics = await get(app, '/metrics');
      expect(metric(metrics.text, 'felt_relay_active')).toBe(0);
      expect(metric(metrics.text, 'felt_relay_events_published_total')).toBe(0);
      expect(await database.store.loadCheckpoint('outbox-relay')).toEqual({ txId: '0', globalPosition: '0' });
    } finally {
      await app.close();
    }
  });

  it('Redis stopped during a burst: appends go on, the relay fails and retries until it is back, then catches up with nothing lost', async () => {
    // With AOF, as BullMQ's Redis should run: what was acknowledged before the stop is still there after it.
    const redis = await PrivateRedis.start({ appendOnly: true });
    const prefix = uniquePrefix();
    const app = await startWorker(
      { ...DEFAULT_WORKER_CONFIG, redisUrl: redis.url, eventShards: SHARDS, queuePrefix: prefix, metricsPort: 0, relayBatchSize: 50 },
      database,
    );
    try {
      // The burst, 4 tables at a time, across the outage: published before it, appended during it, and after it.
      let appended = 0;
      const appendBatches = async (batches: number) => {
        for (let i = 0; i < batches; i++) {
          await appendInterleaved(database.store, 4, 1);
          appended += 4;
        }
      };
      const errors = (text: string) => metric(text, 'felt_relay_batches_total{outcome="error"}');
      await appendBatches(10);
      await waitUntil(
        'the relay to publish the first events',
        () => get(app, '/metrics'),
        (m) => metric(m.text, 'felt_relay_events_published_total') >= 40,
      );

      await redis.stop();
      await appendBatches(30);
      // Down: the relay's steps fail, again and again (with its backoff between them), and the health says so.
      const duringMetrics = await waitUntil(
        'the relay to fail five times',
        () => get(app, '/metrics'),
        (m) => errors(m.text) >= 5,
        60_000,
      );
      expect(metric(duringMetrics.text, 'felt_relay_up')).toBe(0);
      expect(metric(duringMetrics.text, 'felt_relay_lag_events')).toBeGreaterThan(0);
      const during = await get(app, '/health');
      expect(during.status).toBe(503);
      expect(JSON.parse(during.text).details.redis.status).toBe('down');
      await appendBatches(10);
      const appendedWhileDown = appended - 40;
      await redis.restart();
      await appendBatches(10);
      expect(appendedWhileDown).toBeGreaterThanOrEqual(160);

      const caughtUp = await eventually(
        () => get(app, '/metrics'),
        (m) => metric(m.text, 'felt_relay_lag_events') === 0 && metric(m.text, 'felt_relay_events_published_total') >= appended,
        30_000,
      );
      expect(metric(caughtUp.text, 'felt_relay_lag_events')).toBe(0);
      expect((await get(app, '/health')).status).toBe(200);

      // Exactly one job per event (a re-published batch is deduplicated by jobId).
      const publisher = new BullmqPublisher({ redisUrl: redis.url, shards: SHARDS, prefix });
      try {
        const ids = new Set<string>();
        let jobs = 0;
        for (const queue of publisher.queues) {
          for (const job of await queue.getJobs(['waiting'], 0, -1)) {
            jobs += 1;
            ids.add(job.id!);
          }
        }
        expect(jobs).toBe(appended);
        expect(ids.size).toBe(appended);
      } finally {
        await publisher.close();
      }
    } finally {
      await app.close();
      await obliterateShards(redis.url, prefix, SHARDS);
      await redis.dispose();
    }
  }, 300_000);

  it('Redis down when the worker starts: the relay waits, then publishes everything once Redis is up', async () => {
    const redis = await PrivateRedis.start({ appendOnly: true });
    await redis.stop();
    const prefix = uniquePrefix();
    const app = await startWorker(
      { ...DEFAULT_WORKER_CONFIG, redisUrl: redis.url, eventShards: SHARDS, queuePrefix: prefix, metricsPort: 0 },
      database,
    );
    try {
      await appendInterleaved(database.store, 4, 5);
      // The relay has tried and failed: nothing published, everything waiting in the log.
      const down = await waitUntil(
        'the relay to fail twice',
        () => get(app, '/metrics'),
        (m) => metric(m.text, 'felt_relay_batches_total{outcome="error"}') >= 2,
      );
      expect(metric(down.text, 'felt_relay_lag_events')).toBe(20);
      expect(metric(down.text, 'felt_relay_events_published_total')).toBe(0);
      await redis.restart();
      await eventually(
        () => get(app, '/metrics'),
        (m) => metric(m.text, 'felt_relay_lag_events') === 0,
        30_000,
      );
      const publisher = new BullmqPublisher({ redisUrl: redis.url, shards: SHARDS, prefix });
      try {
        const waiting = await Promise.all(publisher.queues.map((queue) => queue.getJobCountByTypes('waiting')));
        expect(waiting.reduce((a, b) => a + b, 0)).toBe(20);
      } finally {
        await publisher.close();
      }
    } finally {
      await app.close();
      await redis.restart();
      await obliterateShards(redis.url, prefix, SHARDS);
      await redis.dispose();
    }
  }, 180_000);
});
