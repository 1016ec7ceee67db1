import type { Position, Queryable } from '@felt/event-store';
import { iso, type AnyReadModel } from './read-model';
import { checkpointNameOf, READ_MODELS } from './read-models';

export interface ProjectionStatus {
  readonly projection: string;
  /** The checkpoint: the last event the rows reflect (null before the first batch). */
  readonly position: Position | null;
  /** Events in the log after it. */
  readonly behind: number;
  /** Rows per table. */
  readonly rows: Readonly<Record<string, number>>;
  /** When the checkpoint last moved (ISO 8601), null before the first batch. */
  readonly updatedAt: string | null;
}

/** Where each read model is: its checkpoint, how far behind the head of the log, its rows. */
export async function projectionStatus(db: Queryable, models: readonly AnyReadModel[] = READ_MODELS): Promise<ProjectionStatus[]> {
  const out: ProjectionStatus[] = [];
  for (const model of models) {
    const { rows } = await db.query<{ tx_id: string; global_position: string; updated_at: string }>(
      `SELECT tx_id::text AS tx_id, global_position::text AS global_position, ${iso('updated_at')} AS updated_at FROM checkpoints WHERE name = $1`,
      [checkpointNameOf(model)],
    );
    const checkpoint = rows[0];
    const position = checkpoint ? { txId: checkpoint.tx_id, globalPosition: checkpoint.global_position } : null;
    const behind = await db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM events WHERE (tx_id, global_position) > ($1::xid8, $2::bigint)',
      [position?.txId ?? '0', position?.globalPosition ?? '0'],
    );
    const counts: Record<string, number> = {};
    for (const table of model.tables) {
      const n = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table.name}`);
      counts[table.name] = Number(n.rows[0]!.n);
    }
    out.push({ projection: model.name, position, behind: Number(behind.rows[0]!.n), rows: counts, updatedAt: checkpoint?.updated_at ?? null });
  }
  return out;
}
