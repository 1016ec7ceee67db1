import type { Pool } from 'pg';

/** The consumer's own schema: never the event store's tables. */
export const CONSUMER_SCHEMA = 'consumer_example';

/**
 * inbox: one row per event applied (its id is the BullMQ job id), so a second delivery is recognised.
 * table_activity: the example read model, with the last applied stream version that orders the next event.
 */
export async function createConsumerSchema(pool: Pool): Promise<void> {
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS ${CONSUMER_SCHEMA};
    CREATE TABLE IF NOT EXISTS ${CONSUMER_SCHEMA}.inbox (
      event_id uuid PRIMARY KEY,
      stream_id text NOT NULL,
      stream_version integer NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE IF NOT EXISTS ${CONSUMER_SCHEMA}.table_activity (
      stream_id text PRIMARY KEY,
      last_version integer NOT NULL,
      events integer NOT NULL,
      hands_started integer NOT NULL,
      last_type text NOT NULL,
      last_recorded_at timestamptz NOT NULL
    );`);
}
