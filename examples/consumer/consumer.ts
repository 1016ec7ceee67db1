import { UnrecoverableError, Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Pool } from 'pg';
import { applyEvent, type ApplyOutcome, type FeltEventJob } from './apply-event';
import { createConsumerSchema } from './inbox-schema';
import { notFromTheRelay, type RelayKey } from './relay-signature';

export interface ConsumerOptions {
  /** The consumer's own PostgreSQL database (its tables live in the consumer_example schema). */
  databaseUrl: string;
  connection: ConnectionOptions;
  /** Must equal the relay's EVENT_SHARDS. */
  shards: number;
  prefix?: string;
  /** The relay's public keys, pinned (readRelayKey): a job none of them signed is refused, never applied. */
  relayKeys: readonly RelayKey[];
  /** Called after each job (tests count with it). */
  onApplied?: (job: FeltEventJob, outcome: ApplyOutcome) => void;
  /** Called for each job refused as not the relay's (alert on it: someone wrote to Redis). */
  onRefused?: (jobId: string | undefined, reason: string) => void;
}

export interface RunningConsumer {
  pool: Pool;
  close(): Promise<void>;
}

/** One BullMQ worker per shard queue, concurrency 1: a table's events are processed one at a time, in order. */
export async function startConsumer(options: ConsumerOptions): Promise<RunningConsumer> {
  const pool = new Pool({ connectionString: options.databaseUrl, max: options.shards + 1 });
  pool.on('error', () => undefined);
  await createConsumerSchema(pool);
  const workers = Array.from(
    { length: options.shards },
    (_, shard) =>
      new Worker<FeltEventJob>(
        `felt-events-${shard}`,
        async (job: Job<FeltEventJob>) => {
          // Before the inbox: a job the relay did not sign is failed at once, without retries, and nothing is applied.
          const forged = notFromTheRelay(job.data, options.relayKeys);
          if (forged !== null) {
            options.onRefused?.(job.id, forged);
            throw new UnrecoverableError(`job ${job.id ?? '?'} is not the relay's: ${forged}`);
          }
          const outcome = await applyEvent(pool, job.data);
          options.onApplied?.(job.data, outcome);
          return outcome;
        },
        { connection: options.connection, prefix: options.prefix, concurrency: 1 },
      ),
  );
  for (const worker of workers) worker.on('error', () => undefined);
  return {
    pool,
    async close() {
      await Promise.all(workers.map((worker) => worker.close()));
      await pool.end();
    },
  };
}
