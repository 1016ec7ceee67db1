import type { Database } from '@felt/event-store';
import type { Position } from '@felt/event-store';
import type { RegistryIndexJson } from '@felt/players';

/** What the registry keeps: its index, each stream's version folded, and the place in the log read up to. */
export interface RegistrySnapshot {
  readonly position: Position;
  readonly index: RegistryIndexJson;
  readonly versions: readonly (readonly [string, number])[];
}

const NAME = 'registry';

/** The kept snapshot (migrations/1700000001700), or null. */
export async function loadRegistrySnapshot(db: Database): Promise<RegistrySnapshot | null> {
  const { rows } = await db.query<{ tx_id: string; global_position: string; state: Omit<RegistrySnapshot, 'position'> }>(
    `SELECT tx_id::text AS tx_id, global_position::text AS global_position, state FROM player_registry_snapshot WHERE name = $1`,
    [NAME],
  );
  const row = rows[0];
  if (!row) return null;
  return { position: { txId: row.tx_id, globalPosition: row.global_position }, index: row.state.index, versions: row.state.versions };
}

/**
 * Keeps the snapshot unless one read further is already kept (another API process saved later): never moves it back.
 * Returns whether it was written.
 */
export async function saveRegistrySnapshot(db: Database, snapshot: RegistrySnapshot): Promise<boolean> {
  const { position, ...state } = snapshot;
  const saved = await db.query(
    `INSERT INTO player_registry_snapshot (name, tx_id, global_position, state, updated_at) VALUES ($1, $2::xid8, $3::bigint, $4::jsonb, now())
     ON CONFLICT (name) DO UPDATE SET tx_id = EXCLUDED.tx_id, global_position = EXCLUDED.global_position, state = EXCLUDED.state, updated_at = now()
     WHERE (player_registry_snapshot.tx_id, player_registry_snapshot.global_position) < (EXCLUDED.tx_id, EXCLUDED.global_position)`,
    [NAME, position.txId, position.globalPosition, JSON.stringify(state)],
  );
  return saved.rowCount > 0;
}
