import type { EventStore } from '@felt/event-store';
import type { FoldedTables } from '../tables/folded-tables';
import type { LiveHands } from './live-hands';
import { LIVE_LIMITS } from './live-limits';
import { serverMessage, type LiveError } from './live-protocol';
import { eventViewFor, tableViewFor, type LiveHandFrom, type LiveReader } from './live-visibility';
import type { TableBatch, TableChannel, TableListener } from './table-channel';

/** Where a subscription writes: false from send means the connection is gone (or was dropped) and it should stop. */
export interface LiveOutput {
  send(text: string): boolean;
  /** Reports an error that ends this subscription. */
  fail(error: LiveError): void;
}

/**
 * One console following one table. `sent` is the last version the console has (or will have once the socket
 * flushes); everything it is sent starts at sent + 1, so it never sees a gap or a duplicate.
 *
 * Two modes. Syncing: read the table from the store (the folded state, then the events after `sent` page by
 * page), and ignore the live batches meanwhile (nothing is buffered, so a burst cannot grow memory); then, if the
 * channel has moved past what was read, sync again, else go live. Live: each batch of the channel is sent from
 * sent + 1 on; a batch that starts later than that (never expected, but cheap to survive) goes back to syncing.
 */
export class LiveSubscription implements TableListener {
  private sent: number | null;
  private syncing = false;
  private closed = false;

  constructor(
    readonly tableId: string,
    readonly reader: LiveReader,
    afterVersion: number | undefined,
    private readonly channel: TableChannel,
    private readonly tables: FoldedTables,
    private readonly store: EventStore,
    private readonly hands: LiveHands,
    private readonly output: LiveOutput,
  ) {
    this.sent = afterVersion ?? null;
    channel.listeners.add(this);
  }

  /** Resolves after the first `table` message (or the error that ended the subscription). */
  async start(): Promise<void> {
    await this.channel.ready();
    await this.sync(true);
  }

  /** The last version the console was sent (null before the first). */
  get sentVersion(): number | null {
    return this.sent;
  }

  close(): void {
    this.closed = true;
    this.channel.listeners.delete(this);
  }

  deliver(batch: TableBatch): void {
    if (this.closed || this.syncing || this.sent === null || batch.toVersion <= this.sent) return;
    if (batch.fromVersion > this.sent + 1) {
      void this.sync(false);
      return;
    }
    const [events, table] = batch.messages(this.reader, this.sent + 1);
    this.sent = batch.toVersion;
    if (this.output.send(events)) this.output.send(table);
  }

  private async sync(first: boolean): Promise<void> {
    this.syncing = true;
    try {
      for (;;) {
        const table = await this.tables.caughtUp(this.channel.streamId);
        if (this.closed) return;
        if (table.version === 0)
          return this.end({ code: 'TABLE_NOT_FOUND', detail: `there is no table ${this.tableId}`, tableId: this.tableId });
        const from = this.sent === null ? table.version + 1 : this.sent + 1;
        if (from > table.version + 1) {
          const detail = `afterVersion ${this.sent} is past table ${this.tableId}'s last version, ${table.version}`;
          return this.end({ code: 'INVALID_MESSAGE', detail, tableId: this.tableId });
        }
        // Read after the events it judges: events up to table.version, so a hand over here was over when they were read.
        const liveHandFrom = await this.hands.from(this.channel.streamId, table);
        if (!(await this.sendEvents(from, table.version, liveHandFrom))) return;
        if (first || from <= table.version) {
          if (!this.output.send(serverMessage.table(this.tableId, table.version, tableViewFor(this.tableId, table, this.reader.audience))))
            return;
        }
        this.sent = table.version;
        first = false;
        // Same tick as the check: no batch can slip in between.
        if (this.channel.version <= this.sent) {
          this.syncing = false;
          return;
        }
      }
    } catch (error) {
      this.end({
        code: 'LIVE_UNAVAILABLE',
        detail: `table ${this.tableId} could not be read (${(error as Error).message}); subscribe again`,
        tableId: this.tableId,
      });
    }
  }

  /** Events from..to of the stream as `events` messages; false if the connection went away meanwhile. */
  private async sendEvents(from: number, to: number, liveHandFrom: LiveHandFrom): Promise<boolean> {
    for (let next = from; next <= to;) {
      const page = await this.store.readStream(this.channel.streamId, { fromVersion: next, toVersion: to, limit: LIVE_LIMITS.catchUpPage });
      if (this.closed) return false;
      if (page.length === 0 || page[0]!.streamVersion !== next)
        throw new Error(`${this.channel.streamId}: v${next} is missing from the stream`);
      const last = page[page.length - 1]!.streamVersion;
      const events = page.map((e) => eventViewFor(this.channel.opened(e), this.reader.audience, liveHandFrom, this.reader));
      if (!this.output.send(serverMessage.events(this.tableId, next, last, events))) return false;
      next = last + 1;
    }
    return true;
  }

  private end(error: LiveError): void {
    this.close();
    this.output.fail(error);
  }
}
