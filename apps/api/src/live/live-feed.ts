import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { FoldedTables } from '../tables/folded-tables';
import type { FoldedTable } from '../tables/table-state-cache';
import { streamIdOf } from '../tables/table-stream';
import { LiveHands } from './live-hands';
import { LIVE_LIMITS } from './live-limits';
import type { LiveReader } from './live-visibility';
import { LiveSubscription, type LiveOutput } from './live-subscription';
import { LogTail } from './log-tail';
import { TableChannel } from './table-channel';

/**
 * The changes of the tables consoles follow, for every connection of this process: one channel per followed
 * table, fed by one tail of the global log. The log is read only while some table has a subscriber.
 */
@Injectable()
export class LiveFeed implements OnModuleDestroy {
  private readonly logger = new Logger('LiveFeed');
  private readonly channels = new Map<string, TableChannel>();
  private readonly tail: LogTail;
  private droppedConsumers = 0;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(LiveHands) private readonly hands: LiveHands,
  ) {
    this.tail = new LogTail(store, {
      pollMs: LIVE_LIMITS.pollMs,
      pageSize: LIVE_LIMITS.logPage,
      onEvents: (events) => this.dispatch(events),
      onError: (error) => this.logger.error({ err: error }, 'reading the event log failed; the next poll tries again'),
    });
  }

  /** A subscription of `output` to `tableId` from `afterVersion` on (start() it); its channel goes once it is closed. */
  subscribe(tableId: string, reader: LiveReader, afterVersion: number | undefined, output: LiveOutput): LiveSubscription {
    const streamId = streamIdOf(tableId);
    const tailStarted = this.tail.start();
    let channel = this.channels.get(streamId);
    if (!channel) {
      channel = new TableChannel(
        tableId,
        streamId,
        this.store,
        this.tables,
        this.hands,
        (error) => this.logger.error({ err: error, tableId }, 'live table update failed'),
        tailStarted,
      );
      this.channels.set(streamId, channel);
    }
    const joined = channel;
    const subscription = new LiveSubscription(tableId, reader, afterVersion, joined, this.tables, this.store, this.hands, {
      send: (text) => output.send(text),
      fail: (error) => {
        this.leave(joined);
        output.fail(error);
      },
    });
    return subscription;
  }

  /** Ends a subscription and, with its table's last subscriber, the table's channel (and with the last channel, the tail). */
  unsubscribe(subscription: LiveSubscription): void {
    subscription.close();
    const channel = this.channels.get(streamIdOf(subscription.tableId));
    if (channel) this.leave(channel);
  }

  /**
   * An append of this process has just committed: pull the table's new events at once when the table is followed
   * here (no table named: read the global log now).
   */
  wake(tableId?: string): void {
    const channel = tableId === undefined ? undefined : this.channels.get(streamIdOf(tableId));
    if (channel) void channel.pull();
    else if (tableId === undefined) this.tail.wake();
  }

  /** The table as the channel followed by `subscription` has folded it (null before it read it). */
  tableOf(subscription: LiveSubscription): FoldedTable | null {
    return this.channels.get(streamIdOf(subscription.tableId))?.table ?? null;
  }

  /** Tables followed now (for tests and metrics). */
  get followedTables(): number {
    return this.channels.size;
  }

  /** Connections dropped because they did not read what they were sent (for tests and metrics). */
  get slowConsumersDropped(): number {
    return this.droppedConsumers;
  }

  /** A connection was dropped for reading too slowly. */
  noteSlowConsumer(buffered: number): void {
    this.droppedConsumers++;
    this.logger.warn({ bufferedBytes: buffered }, 'dropped a /live connection that stopped reading (SLOW_CONSUMER)');
  }

  async onModuleDestroy(): Promise<void> {
    await this.tail.stop();
  }

  private leave(channel: TableChannel): void {
    if (channel.listeners.size > 0 || this.channels.get(channel.streamId) !== channel) return;
    this.channels.delete(channel.streamId);
    if (this.channels.size === 0) void this.tail.stop();
  }

  private async dispatch(events: readonly RecordedEvent[]): Promise<void> {
    const byStream = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      if (!this.channels.has(event.streamId)) continue;
      const list = byStream.get(event.streamId);
      if (list) list.push(event);
      else byStream.set(event.streamId, [event]);
    }
    await Promise.all([...byStream].map(([streamId, list]) => this.channels.get(streamId)?.receive(list)));
  }
}
