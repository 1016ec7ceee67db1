import { comparePositions, positionOf, type SessionLock, type EventStore, type Position, type RecordedEvent } from '@felt/event-store';
import { AUDIT_STREAM_PREFIX } from '@felt/regulator';
import { EXCLUSION_STREAM_PREFIX, PLAYER_STREAM_PREFIX } from '@felt/players';
import { BOOK_STREAM_PREFIX } from '@felt/accounting';
import type { Publisher } from './event-publisher';
import { TournamentPublication } from './tournament-publication';

export const RELAY_CHECKPOINT = 'outbox-relay';

/**
 * Streams that stay in the database: the queues are public (docs/security.md). The audit streams (staff and security
 * events: names, addresses), the player registry and exclusion lists (pseudonymous ids, match keys, ban categories)
 * and the house's books (money moves, amounts, staff ids) are for the floor and the regulator only. A tournament's
 * stream is published in its public form only (tournament-publication.ts: entries under their tables' pseudonyms,
 * no player id, alias, draw or house money).
 */
export const PRIVATE_STREAM_PREFIXES: readonly string[] = Object.freeze([
  AUDIT_STREAM_PREFIX,
  PLAYER_STREAM_PREFIX,
  EXCLUSION_STREAM_PREFIX,
  BOOK_STREAM_PREFIX,
]);

export const isPublished = (streamId: string): boolean => !PRIVATE_STREAM_PREFIXES.some((prefix) => streamId.startsWith(prefix));

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
 * The outbox relay: reads the gap-safe global log after its position, publishes a batch, and moves its position
 * only after Redis acknowledged it. A crash before the checkpoint is saved re-publishes from the saved one; jobId =
 * event id deduplicates it.
 *
 * Among several workers exactly one relays: the one holding the session-level advisory lock named after the
 * checkpoint (SessionLock, on a connection of its own). On taking the lock it loads the checkpoint its predecessor
 * saved; from then on it keeps its position in memory, so a batch is one read and one addBulk, with no transaction
 * (nothing held open across the Redis round trip, no xid to hold the gap-safe reader back) and no lock or checkpoint
 * round trip in the way of the next batch: the checkpoint is saved behind it (advanceCheckpoint: forward only, no
 * WAL flush wait), while the next batch is read. A batch appended while one is being published is read meanwhile
 * (`appended`). If the lock's connection is lost the relay stands by, and reloads
 * the checkpoint when it takes the lock again. On PGlite (one process, one session) the lock is always held.
 */
export class OutboxRelay {
  readonly checkpointName: string;
  readonly batchSize: number;
  readonly publishTimeoutMs: number;
  private readonly lock: SessionLock;
  private readonly tournaments: TournamentPublication;
  /** Where the next batch starts, valid while the lock taken `positionOf` times ago is held. */
  private position: Position | undefined;
  private positionOf = 0;
  /** The checkpoint write under way, and the newest position waiting to be written after it. */
  private saving: Promise<void> | undefined;
  private unsaved: Position | undefined;
  /** The end of the batch being published, and the batch after it if it was read meanwhile (see `appended`). */
  private publishingUpTo: Position | undefined;
  private readAhead: { after: Position; events: Promise<RecordedEvent[]> } | undefined;
  private closing = false;

  constructor(
    private readonly store: EventStore,
    private readonly publisher: Publisher,
    options: OutboxRelayOptions = {},
  ) {
    this.checkpointName = options.checkpointName ?? RELAY_CHECKPOINT;
    this.batchSize = options.batchSize ?? 500;
    this.publishTimeoutMs = options.publishTimeoutMs ?? 5000;
    this.lock = store.sessionLock(this.checkpointName);
    this.tournaments = new TournamentPublication(store);
  }

  /** Publishes at most one batch. Throws when publishing or the database fails; the position is then unchanged. */
  async step(): Promise<RelayStep> {
    if (!(await this.lock.tryAcquire())) {
      this.position = undefined;
      return { kind: 'standby' };
    }
    if (this.position === undefined || this.positionOf !== this.lock.acquisitions) {
      // Taken (again): the predecessor may have moved the checkpoint meanwhile. Its last write may still be on the
      // way; a late one only makes this relay publish again what job ids deduplicate.
      const taken = this.lock.acquisitions;
      this.position = await this.store.loadCheckpoint(this.checkpointName);
      this.positionOf = taken;
    }
    const events = await this.nextBatch(this.position);
    if (events.length === 0) return { kind: 'idle' };
    const position = positionOf(events[events.length - 1]!);
    this.publishingUpTo = position;
    let published: RecordedEvent[];
    try {
      published = await this.tournaments.publicForm(events.filter((e) => isPublished(e.streamId)));
      if (published.length > 0) await withTimeout(this.publisher.publish(published), this.publishTimeoutMs);
    } catch (error) {
      this.readAhead = undefined;
      throw error;
    } finally {
      this.publishingUpTo = undefined;
    }
    if (!this.lock.held) {
      // Lost the lock while publishing: a successor may be on its way from the saved checkpoint. Publishing was
      // harmless (job ids), but this relay's position is no longer its to keep.
      this.position = undefined;
      this.readAhead = undefined;
      return { kind: 'standby' };
    }
    this.position = position;
    this.saveBehind(position);
    return { kind: 'published', count: published.length, position, events: published };
  }

  /**
   * Events were appended (an append notification). While a batch is being published, the batch after it is read
   * meanwhile, so an event appended during Redis's round trip goes out right after the acknowledgement instead of
   * one database round trip later. Only published once the batch before it is acknowledged: order is kept.
   */
  appended(): void {
    const after = this.publishingUpTo;
    if (after === undefined || this.readAhead !== undefined) return;
    const events = this.store.readAll({ after, limit: this.batchSize });
    events.catch(() => undefined); // a failed read ahead is simply read again
    this.readAhead = { after, events };
  }

  /** The batch after `position`: the one read ahead if it starts there and found events, else a fresh read. */
  private async nextBatch(position: Position): Promise<RecordedEvent[]> {
    const ahead = this.readAhead;
    this.readAhead = undefined;
    if (ahead && comparePositions(ahead.after, position) === 0) {
      const events = await ahead.events.catch(() => []);
      // Empty: it ran before the notified append was visible; look again now.
      if (events.length > 0) return events;
    }
    return this.store.readAll({ after: position, limit: this.batchSize });
  }

  /** The relay's saved position (the newest checkpoint written; one may be under way: see `flush`). */
  checkpoint(): Promise<Position> {
    return this.store.loadCheckpoint(this.checkpointName);
  }

  /** Resolves once the newest position published is saved as the checkpoint (rejects if that write failed). */
  async flush(): Promise<void> {
    while (this.saving) await this.saving;
  }

  /** Saves the checkpoint and releases the lock (another worker's relay takes over). Step no more after it. */
  async close(): Promise<void> {
    this.closing = true;
    try {
      await this.flush();
    } finally {
      await this.lock.close();
    }
  }

  /**
   * One checkpoint write at a time, then a pause of CHECKPOINT_PAUSE_MS, then the newest position: at a live pace
   * (a batch per append) that is a write every 100 ms instead of one per batch, and writes never pile up behind a
   * slow database. A crash loses at most that much progress, which the next relay publishes again (job ids).
   */
  private saveBehind(position: Position): void {
    this.unsaved = position;
    if (this.saving) return;
    const write = async (): Promise<void> => {
      while (this.unsaved) {
        const next = this.unsaved;
        this.unsaved = undefined;
        await this.store.advanceCheckpoint(this.checkpointName, next);
        if (!this.closing) await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_PAUSE_MS));
      }
    };
    this.saving = write().finally(() => (this.saving = undefined));
    // A failed write is retried with the next batch's (a later position covers it); flush() reports it.
    this.saving.catch(() => undefined);
  }
}

/** The least time between two checkpoint writes of the relay. */
const CHECKPOINT_PAUSE_MS = 100;

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
