import type { EventStore, RecordedEvent } from '@felt/event-store';
import type { FoldedTables } from '../tables/folded-tables';
import type { FoldedTable } from '../tables/table-state-cache';
import { openedRecord, toTableEvent } from '../tables/table-stream';
import { LIVE_LIMITS } from './live-limits';
import { serverMessage } from './live-protocol';
import type { LiveHands } from './live-hands';
import { eventViewFor, readerKey, tableViewFor, type LiveHandFrom, type LiveReader } from './live-visibility';

/** What a subscriber does with a change of its table. */
export interface TableListener {
  deliver(batch: TableBatch): void;
}

/**
 * Consecutive events of one table (fromVersion..toVersion) and the table folded up to the last of them, with where
 * the hand in progress then began (live-visibility.ts). Each reader's messages are rendered once, however many
 * consoles of that audience follow the table.
 */
export class TableBatch {
  private readonly rendered = new Map<string, readonly [string, string]>();

  constructor(
    readonly tableId: string,
    readonly events: readonly RecordedEvent[],
    readonly table: FoldedTable,
    readonly liveHandFrom: LiveHandFrom,
  ) {}

  get fromVersion(): number {
    return this.events[0]!.streamVersion;
  }

  get toVersion(): number {
    return this.table.version;
  }

  /** The `events` message (from `fromVersion` on) and the `table` message for `reader`. */
  messages(reader: LiveReader, fromVersion = this.fromVersion): readonly [string, string] {
    const whole = fromVersion === this.fromVersion;
    const key = readerKey(reader);
    const cached = whole ? this.rendered.get(key) : undefined;
    if (cached) return cached;
    const events = this.events
      .filter((e) => e.streamVersion >= fromVersion)
      .map((e) => eventViewFor(e, reader.audience, this.liveHandFrom, reader));
    const messages = [
      serverMessage.events(this.tableId, fromVersion, this.toVersion, events),
      serverMessage.table(this.tableId, this.toVersion, tableViewFor(this.tableId, this.table, reader.audience)),
    ] as const;
    if (whole) this.rendered.set(key, messages);
    return messages;
  }
}

/**
 * One table that has subscribers in this process: its fold as far as the log has been read, advanced by the
 * tail's events in version order. Events it already folded are ignored; when the log hands it a later version
 * than the next one (a console subscribed between reads, or an event committed out of order), the missing ones
 * are read from the table's stream first, so every batch starts right after the previous one.
 */
export class TableChannel {
  readonly listeners = new Set<TableListener>();
  private folded: FoldedTable | null = null;
  private work: Promise<void>;
  private pullWaiting = false;

  constructor(
    readonly tableId: string,
    readonly streamId: string,
    private readonly store: EventStore,
    private readonly tables: FoldedTables,
    private readonly hands: LiveHands,
    private readonly onError: (error: unknown) => void,
    tailStarted: Promise<void>,
  ) {
    // Start from the table as the store has it once the tail's start is fixed (the cache's fold, caught up), before
    // any subscriber syncs, so `version` is never behind what a subscriber was sent when it goes live, and every
    // event the fold lacks is one the tail brings (LogTail.start).
    this.work = tailStarted
      .then(() => this.tables.caughtUp(this.streamId))
      .then(
        (table) => {
          this.folded = table;
        },
        (error: unknown) => this.onError(error),
      );
  }

  /** Resolves once the channel has read its table (and folded what it was given before). */
  ready(): Promise<void> {
    return this.work;
  }

  /** The table as far as the channel has folded it (null before it read its table). */
  get table(): FoldedTable | null {
    return this.folded;
  }

  /** The last version sent to the listeners (0 before the channel read its table). */
  get version(): number {
    return this.folded?.version ?? 0;
  }

  /**
   * Reads the table's own stream after the channel's version and hands on what is new: for an append this process
   * has just committed, which then reaches its consoles without waiting for the global log (whose gap-safe read
   * waits for every older transaction on the server to end). A pull already waiting covers later calls.
   */
  pull(): Promise<void> {
    if (this.pullWaiting) return this.work;
    this.pullWaiting = true;
    this.work = this.work
      .then(async () => {
        this.pullWaiting = false;
        const events = await this.store.readStream(this.streamId, { fromVersion: this.version + 1, limit: LIVE_LIMITS.catchUpPage });
        if (events.length > 0) await this.fold(events);
      })
      .catch(this.onError);
    return this.work;
  }

  /** Folds `events` (this table's, in log order) and hands the new ones to every listener; one receive at a time. */
  receive(events: readonly RecordedEvent[]): Promise<void> {
    this.work = this.work.then(() => this.fold(events)).catch(this.onError);
    return this.work;
  }

  /** An event as read from the store, with its hole cards opened for the visibility rule to judge. */
  opened(recorded: RecordedEvent): RecordedEvent {
    return openedRecord(recorded, this.tables.seal);
  }

  private async fold(events: readonly RecordedEvent[]): Promise<void> {
    this.folded ??= await this.tables.caughtUp(this.streamId);
    const start = this.folded.version;
    let newer = events.filter((e) => e.streamVersion > start);
    if (newer.length === 0) return;
    const first = newer[0]!.streamVersion;
    if (first > start + 1) {
      const missing = await this.store.readStream(this.streamId, { fromVersion: start + 1, toVersion: first - 1 });
      newer = [...missing, ...newer];
    }
    let state = this.folded.state;
    newer.forEach((recorded, i) => {
      if (recorded.streamVersion !== start + 1 + i)
        throw new Error(`${this.streamId}: expected v${start + 1 + i}, the log gave v${recorded.streamVersion}`);
      state = this.tables.engine.evolve(state, toTableEvent(recorded, this.tables.seal, this.tables.engine));
    });
    const folded = { state, version: start + newer.length, snapshotVersion: this.folded.snapshotVersion };
    // The listeners get the events with their hole cards opened: each then shows them only to an audience that may see them.
    newer = newer.map((e) => this.opened(e));
    const liveHandFrom = await this.hands.from(this.streamId, folded, newer);
    this.folded = folded;
    const batch = new TableBatch(this.tableId, newer, folded, liveHandFrom);
    for (const listener of this.listeners) listener.deliver(batch);
  }
}
