import { Worker, type ConnectionOptions, type Job } from 'bullmq';
import { Pool } from 'pg';
import { applyEvent, type ApplyOutcome, type FeltEventJob } from './apply-event';
import { createConsumerSchema } from './inbox-schema';

export interface ConsumerOptions {
  /** The consumer's own PostgreSQL database (its tables live in the consumer_example schema). */
  databaseUrl: string;
  connection: ConnectionOptions;
  /** Must equal the relay's EVENT_SHARDS. */
  shards: number;
  prefix?: string;
  /** Called after each job (tests count with it). */
  onApplied?: (job: FeltEventJob, outcome: ApplyOutcome) => void;
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
