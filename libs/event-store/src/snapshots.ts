import { canonicalJson, type JsonValue } from './canonical-json';
import type { Queryable } from './database';

/** A caller's folded state of a stream as of `version`; catch up by reading the stream from version + 1. */
export interface Snapshot {
  streamId: string;
  version: number;
  state: JsonValue;
}

export async function loadSnapshot(db: Queryable, streamId: string): Promise<Snapshot | null> {
  const { rows } = await db.query<{ version: number; state: JsonValue }>('SELECT version, state FROM snapshots WHERE stream_id = $1', [
    streamId,
  ]);
  const row = rows[0];
  return row ? { streamId, version: row.version, state: row.state } : null;
}

/**
 * Keeps `state` as the stream's snapshot at `version`, unless a snapshot of a later version is already kept.
 * Returns whether it was written. The state must be JSON (see canonicalJson); if its shape changes between
 * releases, put a format marker inside it and ignore snapshots you cannot read.
 */
export async function saveSnapshot(db: Queryable, streamId: string, version: number, state: unknown): Promise<boolean> {
  if (!Number.isSafeInteger(version) || version < 1) throw new RangeError(`snapshot version must be >= 1, got ${version}`);
  const stateJson = canonicalJson(state, '$.state');
  const stream = await db.query<{ version: number }>('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
  const streamVersion = stream.rows[0]?.version ?? 0;
  if (streamVersion < version) {
    throw new RangeError(`cannot snapshot ${streamId} at version ${version}: the stream is at version ${streamVersion}`);
  }
  const saved = await db.query(
    `INSERT INTO snapshots (stream_id, version, state, updated_at) VALUES ($1, $2, $3::jsonb, now())
     ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state, updated_at = now()
     WHERE snapshots.version <= EXCLUDED.version`,
    [streamId, version, stateJson],
  );
  return saved.rowCount > 0;
}
