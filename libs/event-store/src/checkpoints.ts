import type { Queryable } from './database';
import { START, type Position } from './position';
import { isoTimestampSql } from './event-rows';

const DECIMAL = /^\d+$/;

/** A consumer's saved position, or START if it has none. */
export async function loadCheckpoint(db: Queryable, name: string): Promise<Position> {
  const { rows } = await db.query<{ tx_id: string; global_position: string }>(
    'SELECT tx_id::text AS tx_id, global_position::text AS global_position FROM checkpoints WHERE name = $1',
    [name],
  );
  const row = rows[0];
  return row ? { txId: row.tx_id, globalPosition: row.global_position } : START;
}

/**
 * Saves a consumer's position. Pass the transaction that writes the consumer's read-model rows, so both commit
 * (or roll back) together.
 */
export async function saveCheckpoint(db: Queryable, name: string, position: Position): Promise<void> {
  if (!DECIMAL.test(position.txId) || !DECIMAL.test(position.globalPosition)) {
    throw new TypeError(`not a position: ${JSON.stringify(position)}`);
  }
  await db.query(
    `INSERT INTO checkpoints (name, tx_id, global_position, updated_at) VALUES ($1, $2::xid8, $3::bigint, now())
     ON CONFLICT (name) DO UPDATE SET tx_id = EXCLUDED.tx_id, global_position = EXCLUDED.global_position, updated_at = now()`,
    [name, position.txId, position.globalPosition],
  );
}

/** A saved position and when it last moved (ISO 8601), or null if the consumer has none. */
export async function checkpointRecord(db: Queryable, name: string): Promise<{ position: Position; updatedAt: string } | null> {
  const { rows } = await db.query<{ tx_id: string; global_position: string; updated_at: string }>(
    `SELECT tx_id::text AS tx_id, global_position::text AS global_position, ${isoTimestampSql('updated_at')} AS updated_at FROM checkpoints WHERE name = $1`,
    [name],
  );
  const row = rows[0];
  return row ? { position: { txId: row.tx_id, globalPosition: row.global_position }, updatedAt: row.updated_at } : null;
}

/** Forgets a consumer's position (it starts again from START). */
export async function deleteCheckpoint(db: Queryable, name: string): Promise<void> {
  await db.query('DELETE FROM checkpoints WHERE name = $1', [name]);
}

/**
 * Moves a checkpoint forward, never back: a write older than the saved position changes nothing (a process that
 * lost its lock and writes late cannot undo its successor's progress). Commits without waiting for the WAL flush:
 * for a checkpoint that only saves repeating work (the relay's: a lost one re-publishes, and job ids deduplicate),
 * not for one committed with a read model. One statement, prepared once per connection.
 */
export async function advanceCheckpoint(db: Queryable, name: string, position: Position): Promise<void> {
  if (!DECIMAL.test(position.txId) || !DECIMAL.test(position.globalPosition)) {
    throw new TypeError(`not a position: ${JSON.stringify(position)}`);
  }
  await db.query(
    `INSERT INTO checkpoints (name, tx_id, global_position, updated_at)
     SELECT $1, $2::xid8, $3::bigint, now() FROM (SELECT set_config('synchronous_commit', 'off', true)) AS relaxed
     ON CONFLICT (name) DO UPDATE SET tx_id = EXCLUDED.tx_id, global_position = EXCLUDED.global_position, updated_at = now()
     WHERE (checkpoints.tx_id, checkpoints.global_position) < (EXCLUDED.tx_id, EXCLUDED.global_position)`,
    [name, position.txId, position.globalPosition],
    { statementName: 'felt_advance_checkpoint' },
  );
}
