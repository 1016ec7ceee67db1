import { Queue, type JobsOptions } from 'bullmq';
import type { RecordedEvent } from '@felt/event-store';
import type { Redis } from 'ioredis';
import type { RedisSentinelSetting } from '@felt/settings';
import { SESSION_FEED_QUEUE, sessionMarkOf, type SessionMark } from '@felt/players';
import { eventJob, type EventJob } from './event-job';
import type { JobSigner } from './job-signature';
import { queueName, shardOf } from './shards';
import { redisConnectionOptions } from './redis-connection';

export interface PublisherOptions {
  redisUrl: string;
  /** Find the master through these Sentinels (REDIS_URL then gives only password and db). */
  sentinel?: RedisSentinelSetting;
  /**
   * Replicas that must hold a batch's jobs before publish() resolves (Redis WAIT), or as many as the master has
   * connected when fewer (like Patroni's non-strict synchronous mode: a lone survivor goes on alone). Default 0.
   */
  replicaAcks?: number;
  /** Number of shard queues felt-events-0 .. felt-events-(shards-1). Consumers must use the same number. */
  shards: number;
  /** BullMQ key prefix (default "bull"); tests use their own. */
  prefix?: string;
  /** Deprecation windows: events of these types and versions are also published in their older shape. */
  downgrades?: readonly Downgrade[];
  /** Signs every job's data (docs/events.md, "Signed jobs"); the worker always gives one, some tests do not. */
  signer?: JobSigner;
}

/**
 * During a breaking schema change (docs/events.md), an event of `type` at `fromVersion` is published twice, one job
 * after the other in its shard queue: as recorded (job id = event id), then as `toVersion` (job id
 * `<eventId>-v<toVersion>`, name `<type>.v<toVersion>`). A consumer applies the version it knows and, thanks to its
 * inbox keyed by event id, only one of them.
 */
export interface Downgrade {
  type: string;
  fromVersion: number;
  toVersion: number;
  downgrade(data: unknown): unknown;
}

/** Publishes events to their shard queues. Anything that can publish a batch will do for the relay (tests wrap it). */
export interface Publisher {
  publish(events: readonly RecordedEvent[]): Promise<void>;
}

/**
 * Completed jobs stay a day: BullMQ ignores an add whose jobId still exists, so a re-publish after a relay crash
 * is deduplicated inside that window; consumers' inboxes cover the rest (docs/events.md).
 */
export const EVENT_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
  attempts: 25,
  backoff: { type: 'exponential', delay: 1000 },
};

/** How long a batch waits for the replicas before it is tried again. */
const REPLICA_WAIT_MS = 2000;

export class BullmqPublisher implements Publisher {
  readonly queues: Queue[];
  /** The sessions feed (libs/players session-feed.ts): a mark per table event that starts, ends or pauses a session. */
  readonly sessionFeed: Queue;

  constructor(readonly options: PublisherOptions) {
    if (!Number.isSafeInteger(options.shards) || options.shards < 1) throw new RangeError(`shards must be >= 1, got ${options.shards}`);
    const connection = redisConnectionOptions(options.redisUrl, options.sentinel);
    this.queues = Array.from(
      { length: options.shards },
      (_, shard) => new Queue(queueName(shard), { connection, prefix: options.prefix, defaultJobOptions: EVENT_JOB_OPTIONS }),
    );
    this.sessionFeed = new Queue(SESSION_FEED_QUEUE, { connection, prefix: options.prefix, defaultJobOptions: EVENT_JOB_OPTIONS });
    // An unhandled 'error' would crash the process while Redis is away; the relay sees failures on addBulk instead.
    for (const queue of [...this.queues, this.sessionFeed]) queue.on('error', () => undefined);
  }

  /** Resolves once Redis has acknowledged every job (one MULTI per shard queue, shards in parallel). */
  async publish(events: readonly RecordedEvent[]): Promise<void> {
    const byShard = new Map<number, RecordedEvent[]>();
    for (const event of events) {
      const shard = shardOf(event.streamId, this.queues.length);
      let list = byShard.get(shard);
      if (!list) byShard.set(shard, (list = []));
      list.push(event);
    }
    const marks = events.map(sessionMarkOf).filter((m): m is SessionMark => m !== null);
    await Promise.all([
      ...[...byShard].map(async ([shard, list]) => {
        await this.queues[shard]!.addBulk(list.flatMap((event) => this.jobsFor(event)));
        await this.waitForReplicas(this.queues[shard]!);
      }),
      // In the same batch as the events, so the relay's checkpoint never passes a mark not published (job id: the event's).
      (async () => {
        if (marks.length === 0) return;
        await this.sessionFeed.addBulk(marks.map((m) => ({ name: m.kind, data: this.signed(m), opts: { jobId: m.markId } })));
        await this.waitForReplicas(this.sessionFeed);
      })(),
    ]);
  }

  /**
   * Redis replicates asynchronously: a master that dies before its replica has a job takes the job with it, and
   * Sentinel promotes the replica without it. Waiting here until the replicas hold the batch (WAIT on the connection
   * that wrote it) keeps the relay's checkpoint from passing a job a failover could lose; a failed wait fails the
   * batch, and the relay publishes it again from its checkpoint (job ids make that a no-op where the job arrived).
   */
  private async waitForReplicas(queue: Queue): Promise<void> {
    const wanted = this.options.replicaAcks ?? 0;
    if (wanted === 0) return;
    // BullMQ's own connection (the one addBulk wrote on), an ioredis client under BullMQ's narrower type.
    const client = (await queue.client) as unknown as Redis;
    const role = (await client.call('ROLE')) as [string, number, unknown[]?];
    const connected = role[0] === 'master' ? (role[2]?.length ?? 0) : 0;
    const needed = Math.min(wanted, connected);
    if (needed === 0) return;
    const acked = Number(await client.call('WAIT', needed, REPLICA_WAIT_MS));
    if (acked < needed)
      throw new Error(
        `only ${acked} of ${needed} Redis replica(s) confirmed the batch within ${REPLICA_WAIT_MS} ms; it is published again`,
      );
  }

  private jobsFor(event: RecordedEvent): { name: string; data: EventJob; opts: { jobId: string } }[] {
    const job = { name: event.type, data: this.signed(eventJob(event)), opts: { jobId: event.eventId } };
    const downgrades = this.options.downgrades;
    if (!downgrades?.length) return [job];
    const jobs = [job];
    for (const d of downgrades) {
      if (d.type !== event.type || d.fromVersion !== event.schemaVersion) continue;
      jobs.push({
        name: `${event.type}.v${d.toVersion}`,
        data: this.signed({ ...job.data, schemaVersion: d.toVersion, data: d.downgrade(job.data.data) }),
        opts: { jobId: `${event.eventId}-v${d.toVersion}` },
      });
    }
    return jobs;
  }

  private signed<T extends object>(data: T): T {
    return this.options.signer ? this.options.signer.signed(data) : data;
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues, this.sessionFeed].map((queue) => queue.close().catch(() => undefined)));
  }
}
