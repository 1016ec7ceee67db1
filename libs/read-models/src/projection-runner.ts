import {
  comparePositions,
  positionOf,
  type EventStore,
  type Position,
  type Queryable,
  type RecordedEvent,
  type Transaction,
} from '@felt/event-store';
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

/** A batch folded in memory: its slices and the rows to write. */
export interface FoldedBatch<S> {
  readonly events: number;
  readonly position: Position;
  readonly current: ReadonlyMap<string, S>;
  readonly rows: ReadonlyMap<string, readonly (readonly unknown[])[]>;
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
    if (!Number.isSafeInteger(this.batchSize) || this.batchSize < 1)
      throw new RangeError(`batchSize must be a whole number >= 1, got ${this.batchSize}`);
  }

  /** Projects at most one batch in a transaction of its own, if this process gets the projection's lock. */
  async step(): Promise<ProjectionStep> {
    let settle: (() => void) | undefined;
    try {
      const step = await this.store.transaction(async (tx) => {
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
    return this.projectAfter(tx, after, events);
  }

  /** Folds and writes events that follow `after`, the checkpoint as the caller's transaction sees it. */
  private async projectAfter(
    tx: Transaction,
    after: Position,
    events: readonly RecordedEvent[],
  ): Promise<{ step: ProjectionStep; settle: () => void }> {
    if (this.writtenAt === null || comparePositions(after, this.writtenAt) !== 0) this.forget();
    if (events.length === 0) return { step: { kind: 'idle', position: after }, settle: () => (this.writtenAt = after) };
    const missing = [...new Set(events.map((e) => this.model.sliceOf(e)).filter((k): k is string => k !== null && !this.written.has(k)))];
    if (missing.length > 0) for (const [id, slice] of await this.model.load(tx, this.names, missing)) this.written.set(id, slice);
    const batch = this.fold(events);
    const step = await this.write(tx, batch);
    return { step, settle: () => this.keep(batch) };
  }

  /**
   * For a rebuild, whose slices are all in memory and whose tables nobody else writes: folds the next batch and
   * keeps its slices at once, so it can be folded while the previous batch is still being written. Write it with
   * writeAhead, batches in order.
   */
  foldAhead(events: readonly RecordedEvent[]): FoldedBatch<S> {
    const batch = this.fold(events);
    this.keep(batch);
    return batch;
  }

  /** Writes a batch from foldAhead in the caller's transaction, if the checkpoint is still `after`. */
  async writeAhead(tx: Transaction, after: Position, batch: FoldedBatch<S>): Promise<ProjectionStep> {
    await this.expectCheckpoint(tx, after);
    return this.write(tx, batch);
  }

  /** The slices after a batch, and the rows that changed (from the slices in memory; nothing is read or written). */
  private fold(events: readonly RecordedEvent[]): FoldedBatch<S> {
    const model = this.model;
    const current = new Map<string, S>();
    for (const event of events) {
      const id = model.sliceOf(event);
      if (id === null) continue;
      const slice = current.get(id) ?? this.written.get(id) ?? model.empty(id);
      current.set(id, model.evolve(slice, event));
    }
    const rows = new Map<string, (readonly unknown[])[]>();
    for (const [id, slice] of current) {
      for (const [table, changed] of model.changes(this.written.get(id) ?? model.empty(id), slice)) {
        const list = rows.get(table);
        if (list) for (const row of changed) list.push(row);
        else rows.set(table, [...changed]);
      }
    }
    return { events: events.length, position: positionOf(events[events.length - 1]!), current, rows };
  }

  private async write(tx: Transaction, batch: FoldedBatch<S>): Promise<ProjectionStep> {
    let written = 0;
    for (const table of this.model.tables) {
      const list = batch.rows.get(table.name) ?? [];
      await upsertRows(tx, table, this.names(table.name), list);
      written += list.length;
    }
    await this.store.saveCheckpoint(this.checkpointName, batch.position, tx);
    return { kind: 'projected', events: batch.events, rows: written, position: batch.position };
  }

  /** The batch's slices become the ones the rows hold. */
  private keep(batch: FoldedBatch<S>): void {
    if (this.written.size + batch.current.size > this.maxSlices) this.written.clear();
    for (const [id, slice] of batch.current) this.written.set(id, this.model.settle(slice));
    this.writtenAt = batch.position;
  }

  private async expectCheckpoint(tx: Transaction, after: Position): Promise<void> {
    const at = await this.store.loadCheckpoint(this.checkpointName, tx);
    if (comparePositions(at, after) !== 0)
      throw new Error(
        `${this.checkpointName}: the checkpoint moved from ${after.globalPosition} to ${at.globalPosition} while a batch was read; another process projects it`,
      );
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
