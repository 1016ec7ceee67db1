import type { Pool } from 'pg';
import { CONSUMER_SCHEMA } from './inbox-schema';

/** The part of the published job this consumer reads (docs/events.md has the whole envelope). */
export interface FeltEventJob {
  eventId: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  streamVersion: number;
  recordedAt: string;
  data: unknown;
}

export type ApplyOutcome = 'applied' | 'duplicate' | 'unsupported';

/**
 * The data versions this consumer understands. During a deprecation window the relay publishes an event in two
 * versions under two job ids: the one not understood is passed over without an inbox row, the other is applied.
 */
export const SUPPORTED_SCHEMA_VERSIONS: ReadonlySet<number> = new Set([1]);

/** A newer event than the next one expected: its predecessor has not been applied yet. Retried by BullMQ. */
export class OutOfOrderError extends Error {
  constructor(
    readonly job: FeltEventJob,
    readonly lastApplied: number,
  ) {
    super(`${job.streamId}: got version ${job.streamVersion}, expected ${lastApplied + 1}`);
    this.name = 'OutOfOrderError';
  }
}

/**
 * Applies one event exactly once, in stream-version order, in one transaction: the inbox row, the order check and
 * the read model commit together, so a crash anywhere leaves either all of them or none.
 */
export async function applyEvent(pool: Pool, job: FeltEventJob): Promise<ApplyOutcome> {
  if (!SUPPORTED_SCHEMA_VERSIONS.has(job.schemaVersion)) return 'unsupported';
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const inserted = await client.query(
      `INSERT INTO ${CONSUMER_SCHEMA}.inbox (event_id, stream_id, stream_version) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING`,
      [job.eventId, job.streamId, job.streamVersion],
    );
    if (inserted.rowCount === 0) {
      await client.query('ROLLBACK');
      return 'duplicate';
    }
    // FOR UPDATE: two deliveries of the same table never race past the order check.
    const { rows } = await client.query<{ last_version: number }>(
      `SELECT last_version FROM ${CONSUMER_SCHEMA}.table_activity WHERE stream_id = $1 FOR UPDATE`,
      [job.streamId],
    );
    const last = rows[0]?.last_version ?? 0;
    if (job.streamVersion <= last) {
      // Applied before under another id? Cannot happen with the relay (id = event id); keep the inbox row anyway.
      await client.query('COMMIT');
      return 'duplicate';
    }
    if (job.streamVersion !== last + 1) throw new OutOfOrderError(job, last);
    const handStarted = job.type === 'HandStarted' ? 1 : 0;
    await client.query(
      `INSERT INTO ${CONSUMER_SCHEMA}.table_activity (stream_id, last_version, events, hands_started, last_type, last_recorded_at)
       VALUES ($1, $2, 1, $3, $4, $5)
       ON CONFLICT (stream_id) DO UPDATE SET last_version = EXCLUDED.last_version, events = table_activity.events + 1,
         hands_started = table_activity.hands_started + EXCLUDED.hands_started, last_type = EXCLUDED.last_type,
         last_recorded_at = EXCLUDED.last_recorded_at`,
      [job.streamId, job.streamVersion, handStarted, job.type, job.recordedAt],
    );
    await client.query('COMMIT');
    return 'applied';
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
