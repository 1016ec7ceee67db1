import { comparePositions, positionOf, type EventStore, type Position, type Queryable, type RecordedEvent, type Transaction } from '@felt/event-store';
import { LIVE_TABLES, upsertRows, type ReadModel, type TableNames } from './read-model';
import { checkpointNameOf } from './read-models';

export interface ProjectionRunnerOptions {
  /** Events read and folded per transaction (default 2000). */
  batchSize?: number;
  /** The checkpoint, also the advisory lock (default "projection:<name>"). */
  checkpointName?: string;
  /** Where the rows go (default the live tables; a rebuild writes fresh copies). */
  names?: TableNames;
  /** Tables whose slices stay in memory between batches; past it the memory starts over (default 10,000). */
  maxSlices?: number;
}

export type ProjectionStep =
  | { kind: 'projected'; events: number; rows: number; position: Position }
  | { kind: 'idle'; position: Position }
  /** Another process holds this projection's lock: it is the one projecting. */
  | { kind: 'standby' };

/**
 * Keeps one read model's rows: each step is ONE transaction that reads the gap-safe log after the checkpoint,
 * folds the events onto the touched tables' slices, upserts the rows that changed and saves the checkpoint. The
 * rows and the checkpoint commit together, so every event takes effect exactly once, whatever crashes.
 *
 * Each transaction first takes the projection's transaction-scoped advisory lock: among several workers one
 * projects at a time, and whoever takes the lock next reads the checkpoint its predecessor committed.
 * Slices stay in memory between batches while the checkpoint is the one this runner wrote last; otherwise (another
 * process, a rebuild swapped in, a failed batch) they are read back from the rows.
 */
export class ProjectionRunner<S> {
  readonly checkpointName: string;
  readonly batchSize: number;
  private readonly names: TableNames;
  private readonly maxSlices: number;
  /** Slices as the rows hold them at `writtenAt`. */
  private readonly written = new Map<string, S>();
  private writtenAt: Position | null = null;

  constructor(
    readonly store: EventStore,
    readonly model: ReadModel<S>,
    options: ProjectionRunnerOptions = {},
  ) {
    this.checkpointName = options.checkpointName ?? checkpointNameOf(model);
    this.batchSize = options.batchSize ?? 2000;
    this.names = options.names ?? LIVE_TABLES;
    this.maxSlices = options.maxSlices ?? 10_000;
    if (!Number.isSafeInteger(this.batchSize) || this.batchSize < 1) throw new RangeError(`batchSize must be a whole number >= 1, got ${this.batchSize}`);
  }

  /** Projects at most one batch in a transaction of its own, if this process gets the projection's lock. */
  async step(): Promise<ProjectionStep> {
    let settle: (() => void) | undefined;
    try {
      const step = await this.store.db.transaction(async (tx) => {
        if (!(await tryLock(tx, this.checkpointName))) return { kind: 'standby' } as const;
        const batch = await this.projectBatch(tx);
        settle = batch.settle;
        return batch.step;
      });
      settle?.();
      return step;
    } catch (error) {
      this.forget();
      throw error;
    }
  }

  /**
   * Projects at most one batch inside the caller's transaction, which must hold the lock. `settle` is to be called
   * once that transaction has committed (it keeps the slices for the next batch).
   */
  async projectBatch(tx: Transaction): Promise<{ step: ProjectionStep; settle: () => void }> {
    const after = await this.store.loadCheckpoint(this.checkpointName, tx);
    const events = await this.store.readAll({ after, limit: this.batchSize, tx });
    return this.projectEvents(tx, after, events);
  }

  /**
   * Folds events read beforehand (a rebuild reads the next batch while this one is written): they must follow
   * the checkpoint, which must still be `after`, else another process projected meanwhile and this throws.
   */
  async projectEvents(tx: Transaction, after: Position, events: readonly RecordedEvent[]): Promise<{ step: ProjectionStep; settle: () => void }> {
    const at = await this.store.loadCheckpoint(this.checkpointName, tx);
    if (comparePositions(at, after) !== 0)
      throw new Error(`${this.checkpointName}: the checkpoint moved from ${after.globalPosition} to ${at.globalPosition} while a batch was read; another process projects it`);
    if (this.writtenAt === null || comparePositions(after, this.writtenAt) !== 0) this.forget();
    if (events.length === 0) return { step: { kind: 'idle', position: after }, settle: () => (this.writtenAt = after) };

    const model = this.model;
    const keys = events.map((e) => model.sliceOf(e));
    const missing = [...new Set(keys.filter((k): k is string => k !== null && !this.written.has(k)))];
    if (missing.length > 0) for (const [id, slice] of await model.load(tx, this.names, missing)) this.written.set(id, slice);

    const current = new Map<string, S>();
    events.forEach((event, i) => {
      const id = keys[i];
      if (id === null || id === undefined) return;
      const slice = current.get(id) ?? this.written.get(id) ?? model.empty(id);
      current.set(id, model.evolve(slice, event));
    });

    const rows = new Map<string, (readonly unknown[])[]>();
    for (const [id, slice] of current) {
      for (const [table, changed] of model.changes(this.written.get(id) ?? model.empty(id), slice)) {
        const list = rows.get(table);
        if (list) for (const row of changed) list.push(row);
        else rows.set(table, [...changed]);
      }
    }
    let written = 0;
    for (const table of model.tables) {
      const list = rows.get(table.name) ?? [];
      await upsertRows(tx, table, this.names(table.name), list);
      written += list.length;
    }
    const position = positionOf(events[events.length - 1]!);
    await this.store.saveCheckpoint(this.checkpointName, position, tx);
    return {
      step: { kind: 'projected', events: events.length, rows: written, position },
      settle: () => {
        if (this.written.size + current.size > this.maxSlices) this.written.clear();
        for (const [id, slice] of current) this.written.set(id, model.settle(slice));
        this.writtenAt = position;
      },
    };
  }

  /** Drops the slices in memory: the next batch reads them back from the rows. */
  forget(): void {
    this.written.clear();
    this.writtenAt = null;
  }
}

/** The projection's transaction-scoped advisory lock, if free (PGlite: always, it has a single session). */
export async function tryLock(tx: Queryable, name: string): Promise<boolean> {
  const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [name]);
  return rows[0]?.locked === true;
}

/** Waits for the projection's transaction-scoped advisory lock. */
export async function lock(tx: Queryable, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
}
