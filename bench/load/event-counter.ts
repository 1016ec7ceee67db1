import { Worker, type Job } from 'bullmq';
import type { EventJob } from '../../apps/worker/src/relay/event-job';
import { queueName } from '../../apps/worker/src/relay/shards';
import { firstAtOrAfter } from './load-stats';

/**
 * A consumer on the relay's shard queues that only counts: how many times each event id arrived. The load run's
 * "published exactly once" check reads it. Order does not matter for counting, so each shard's worker takes
 * several jobs at once.
 */
export class EventCounter {
  readonly seen = new Map<string, number>();
  /** Date.now() of each job taken, in order (resumption after a worker or Redis fault is measured on it). */
  readonly jobTimes: number[] = [];
  private readonly workers: Worker[];

  /** `sentinel`: find the master through these Sentinels (and follow a failover) instead of redisUrl's host. */
  constructor(redisUrl: string, prefix: string, shards: number, sentinel?: { sentinels: { host: string; port: number }[]; name: string }) {
    const url = new URL(redisUrl);
    const connection = sentinel
      ? {
          ...sentinel,
          maxRetriesPerRequest: null,
          reconnectOnError: (e: Error) => e.message.startsWith('READONLY'),
          // As the worker's (redis-connection.ts): BullMQ's default backs off to 20 s, which after a 30 s failover
          // measured the consumer's wait, not Felt's.
          retryStrategy: (times: number) => Math.min(100 * times, 2000),
          sentinelRetryStrategy: (times: number) => Math.min(100 * times, 2000),
        }
      : { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
    this.workers = Array.from(
      { length: shards },
      (_, shard) =>
        new Worker<EventJob>(
          queueName(shard),
          async (job: Job<EventJob>) => {
            this.seen.set(job.data.eventId, (this.seen.get(job.data.eventId) ?? 0) + 1);
            this.jobTimes.push(Date.now());
          },
          { connection, prefix, concurrency: 16 },
        ),
    );
    // While Redis restarts the workers reconnect on their own; their errors are expected then.
    for (const worker of this.workers) worker.on('error', () => undefined);
  }

  firstJobAfter(t: number): number | undefined {
    return firstAtOrAfter(this.jobTimes, t);
  }

  /** Jobs taken so far, duplicates included. */
  get received(): number {
    let n = 0;
    for (const count of this.seen.values()) n += count;
    return n;
  }

  /** Resolves once `eventIds` have all arrived, or after timeoutMs (the check then reports what is missing). */
  async waitFor(eventIds: readonly string[], timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (eventIds.every((id) => this.seen.has(id))) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.close(true).catch(() => undefined)));
  }
}
