import { positionOf, type Database, type EventStore, type Position, type Queryable, type RecordedEvent } from '@felt/event-store';
import { AUDIT_STREAM_PREFIX } from '@felt/regulator';
import type { Publisher } from './event-publisher';

export const RELAY_CHECKPOINT = 'outbox-relay';

export interface OutboxRelayOptions {
  /** The relay's checkpoint name, also the name of its advisory lock (default "outbox-relay"). */
  checkpointName?: string;
  /** Events per addBulk (default 500). */
  batchSize?: number;
  /** A publish that has not been acknowledged by then counts as failed (default 5000 ms). */
  publishTimeoutMs?: number;
}

export type RelayStep =
  | { kind: 'published'; count: number; position: Position; events: readonly RecordedEvent[] }
  | { kind: 'idle' }
  /** Another process holds the relay's lock: it is the one publishing. */
  | { kind: 'standby' };

/**
 * The outbox relay: reads the gap-safe global log after its checkpoint, publishes a batch, and moves the checkpoint
 * only after Redis acknowledged it. A crash between the two re-publishes the batch; jobId = event id deduplicates it.
 *
 * On PostgreSQL each batch runs in one transaction that first takes a transaction-scoped advisory lock, so among
 * several workers exactly one relays at a time, and whoever takes the lock next reads the checkpoint its
 * predecessor committed. The transaction stays read-only (no xid) until the checkpoint write, so it never holds the
 * gap-safe reader back. PGlite has a single session and a single process: no lock, and no transaction held open
 * across a Redis round trip (it would block every other query).
 */
export class OutboxRelay {
  readonly checkpointName: string;
  readonly batchSize: number;
  readonly publishTimeoutMs: number;

  constructor(
    private readonly store: EventStore,
    private readonly publisher: Publisher,
    options: OutboxRelayOptions = {},
  ) {
    this.checkpointName = options.checkpointName ?? RELAY_CHECKPOINT;
    this.batchSize = options.batchSize ?? 500;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5000;
  }

  /** Publishes at most one batch. Throws when publishing or the database fails; the checkpoint is then unchanged. */
  step(): Promise<RelayStep> {
    const db: Database = this.store.db;
    if (db.kind === 'pglite') return this.publishBatch(db);
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [
        this.checkpointName,
      ]);
      if (!rows[0]?.locked) return { kind: 'standby' } as const;
      // The checkpoint's commit need not wait for the WAL flush: a checkpoint lost in a crash only makes the next
      // relay publish that batch again, which BullMQ deduplicates by job id. The next batch starts that much sooner.
      await tx.query('SET LOCAL synchronous_commit = off');
      return this.publishBatch(tx);
    });
  }

  /** The relay's saved position. */
  checkpoint(): Promise<Position> {
    return this.store.loadCheckpoint(this.checkpointName);
  }

  private async publishBatch(on: Queryable): Promise<RelayStep> {
    const after = await this.store.loadCheckpoint(this.checkpointName, on);
    const events = await this.store.readAll({ after, limit: this.batchSize, tx: on });
    if (events.length === 0) return { kind: 'idle' };
    // The audit streams (staff and security events: names, addresses) stay in the database: the queues are public.
    const published = events.filter((e) => !e.streamId.startsWith(AUDIT_STREAM_PREFIX));
    if (published.length > 0) await withTimeout(this.publisher.publish(published), this.publishTimeoutMs);
    const position = positionOf(events[events.length - 1]!);
    await this.store.saveCheckpoint(this.checkpointName, position, on);
    return { kind: 'published', count: published.length, position, events: published };
  }
}

export class PublishTimeoutError extends Error {
  constructor(ms: number) {
    super(`publish not acknowledged within ${ms} ms`);
    this.name = 'PublishTimeoutError';
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PublishTimeoutError(ms)), ms);
  });
  // A late acknowledgement after the timeout is harmless: the batch is published again and deduplicated.
  promise.catch(() => undefined);
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
