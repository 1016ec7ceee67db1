import { positionOf, START, type EventStore, type Position, type Transaction } from '@felt/event-store';
import type { AnyReadModel, TableNames } from './read-model';
import { checkpointNameOf } from './read-models';
import { lock, ProjectionRunner, tryLock } from './projection-runner';

/** The fresh tables a rebuild writes, beside the live ones until the swap. */
export const REBUILD_SUFFIX = '__rebuild';
export const rebuildTables: TableNames = (table) => `${table}${REBUILD_SUFFIX}`;

export interface RebuildOptions {
  /** Events per transaction while building (default 20,000). */
  batchSize?: number;
  /** Called after each batch with the events projected so far. */
  onProgress?: (events: number) => void;
}

export interface RebuildResult {
  readonly projection: string;
  readonly events: number;
  readonly rows: number;
  /** Where the swapped-in rows are, the live checkpoint from now on. */
  readonly position: Position;
}

/** A rebuild that cannot start or finish, with what to do about it. */
export class RebuildError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RebuildError';
  }
}

/**
 * Rebuilds a read model from position zero without disturbing its readers: the rows go to fresh tables
 * (`<table>__rebuild`, created LIKE the live ones) under a checkpoint of their own, batch after batch with the
 * slices kept in memory. Once caught up, one transaction takes the live projection's lock (so the worker's runner
 * waits), folds what arrived meanwhile, drops the live tables, renames the fresh ones in their place and moves the
 * checkpoint: readers see the old rows or the new ones, never a half-built model.
 */
export async function rebuildProjection(store: EventStore, model: AnyReadModel, options: RebuildOptions = {}): Promise<RebuildResult> {
  const live = checkpointNameOf(model);
  const checkpointName = `${live}:rebuild`;
  await store.transaction(async (tx) => {
    if (!(await tryLock(tx, checkpointName)))
      throw new RebuildError(
        `another rebuild of ${model.name} is running: wait for it to finish, then run this one again if still needed.`,
      );
    for (const table of model.tables) {
      await tx.query(`DROP TABLE IF EXISTS ${rebuildTables(table.name)}`);
      await tx.query(`CREATE TABLE ${rebuildTables(table.name)} (LIKE ${table.name} INCLUDING ALL)`);
    }
    await store.deleteCheckpoint(checkpointName, tx);
  });

  const runner = new ProjectionRunner(store, model, {
    batchSize: options.batchSize ?? 20_000,
    checkpointName,
    names: rebuildTables,
    maxSlices: Number.MAX_SAFE_INTEGER,
  });
  let events = 0;
  let rows = 0;
  // A pipeline: while batch N is written (its own transaction), batch N + 1 is folded in memory and batch N + 2
  // read on another connection (PGlite: each waits its turn, correct but not faster).
  let after = START;
  let next = store.readAll({ after, limit: runner.batchSize });
  let writing: Promise<unknown> = Promise.resolve();
  for (;;) {
    const batch = await next;
    if (batch.length === 0) break;
    const last = positionOf(batch[batch.length - 1]!);
    next = store.readAll({ after: last, limit: runner.batchSize });
    next.catch(() => undefined); // awaited next round; a failed write must not leave it unhandled
    const folded = runner.foldAhead(batch);
    await writing;
    const from = after;
    writing = store.transaction(async (tx) => {
      if (!(await tryLock(tx, checkpointName)))
        throw new RebuildError(`another rebuild of ${model.name} took over its tables: let that one finish.`);
      const step = await runner.writeAhead(tx, from, folded);
      if (step.kind === 'projected') rows += step.rows;
    });
    writing.catch(() => undefined); // awaited before the next write or after the last
    events += folded.events;
    after = last;
    options.onProgress?.(events);
  }
  await writing;

  const position = await store.transaction(async (tx) => {
    await lock(tx, live);
    await lock(tx, checkpointName);
    for (;;) {
      const { step, settle } = await runner.projectBatch(tx);
      settle();
      if (step.kind !== 'projected') break;
      events += step.events;
      rows += step.rows;
      options.onProgress?.(events);
    }
    await swapTables(tx, model);
    const caughtUp = await store.loadCheckpoint(checkpointName, tx);
    await store.saveCheckpoint(live, caughtUp, tx);
    await store.deleteCheckpoint(checkpointName, tx);
    return caughtUp;
  });
  return { projection: model.name, events, rows, position };
}

/** Drops the live tables and renames the fresh ones (and their indexes) in their place, in the caller's transaction. */
async function swapTables(tx: Transaction, model: AnyReadModel): Promise<void> {
  for (const table of model.tables) {
    const fresh = rebuildTables(table.name);
    await tx.query(`DROP TABLE ${table.name}`);
    await tx.query(`ALTER TABLE ${fresh} RENAME TO ${table.name}`);
    const { rows } = await tx.query<{ indexname: string }>(
      `SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1`,
      [table.name],
    );
    for (const { indexname } of rows) {
      if (indexname.startsWith(fresh)) await tx.query(`ALTER INDEX ${indexname} RENAME TO ${table.name}${indexname.slice(fresh.length)}`);
    }
  }
  // The application's role loses its rights with the dropped tables: grant them on the new ones (as the migration does).
  const names = model.tables.map((t) => t.name).join(', ');
  await tx.query(`DO $$
  BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'felt_app') THEN
      GRANT SELECT, INSERT, UPDATE, DELETE ON ${names} TO felt_app;
    END IF;
  EXCEPTION
    WHEN insufficient_privilege THEN NULL;
  END
  $$`);
}
