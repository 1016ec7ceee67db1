import { START, type EventStore, type Position, type Queryable } from '@felt/event-store';
import type { AnyReadModel } from './read-model';
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

/**
 * Where each read model is: its checkpoint, how far behind the head of the log (from the event store), its rows
 * (counted in its own tables, on `db`).
 */
export async function projectionStatus(
  store: EventStore,
  db: Queryable,
  models: readonly AnyReadModel[] = READ_MODELS,
): Promise<ProjectionStatus[]> {
  const out: ProjectionStatus[] = [];
  for (const model of models) {
    const checkpoint = await store.checkpointRecord(checkpointNameOf(model));
    const position = checkpoint?.position ?? null;
    const behind = await store.countEventsAfter(position ?? START);
    const counts: Record<string, number> = {};
    for (const table of model.tables) {
      const n = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table.name}`);
      counts[table.name] = Number(n.rows[0]!.n);
    }
    out.push({ projection: model.name, position, behind, rows: counts, updatedAt: checkpoint?.updatedAt ?? null });
  }
  return out;
}
