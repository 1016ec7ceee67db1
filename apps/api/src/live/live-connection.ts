import { Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import type { LiveAudience, LiveAdmission } from './live-audience';
import type { LiveFeed } from './live-feed';
import { LIVE_LIMITS, SLOW_CONSUMER_CLOSE_CODE, UNAUTHENTICATED_CLOSE_CODE } from './live-limits';
import { parseClientMessage, serverMessage, type LiveError, type SubscribeMessage } from './live-protocol';
import type { LiveSubscription } from './live-subscription';

const logger = new Logger('LiveConnection');

/**
 * One console's WebSocket: its messages are handled one after the other (a subscribe finishes its first `table`
 * message before the next message is looked at), its subscriptions by table, and every write goes through `send`,
 * which drops the connection rather than queue without bound.
 */
export class LiveConnection {
  private readonly subscriptions = new Map<string, LiveSubscription>();
  private queue: Promise<unknown>;
  private open = true;

  constructor(
    private readonly socket: WebSocket,
    private readonly admission: Promise<LiveAdmission>,
    private readonly feed: LiveFeed,
    private readonly audience: LiveAudience,
  ) {
    this.queue = admission.then((admitted) => {
      if (admitted.ok) return;
      this.write(serverMessage.error({ code: 'UNAUTHENTICATED', detail: admitted.detail }));
      this.socket.close(UNAUTHENTICATED_CLOSE_CODE, 'UNAUTHENTICATED');
      this.dispose();
    });
  }

  receive(data: unknown, isBinary: boolean): void {
    this.queue = this.queue
      .then(() => this.handle(data, isBinary))
      .catch((error: unknown) => {
        logger.error({ err: error }, 'a /live message failed; closing the connection');
        this.drop(1011, 'internal error');
      });
  }

  /** The socket closed: stop every subscription. */
  dispose(): void {
    this.open = false;
    for (const subscription of this.subscriptions.values()) this.feed.unsubscribe(subscription);
    this.subscriptions.clear();
  }

  private async handle(data: unknown, isBinary: boolean): Promise<void> {
    if (!this.open) return;
    const parsed = parseClientMessage(data, isBinary);
    if (!parsed.ok) return void this.write(serverMessage.error(parsed.error));
    const message = parsed.message;
    const previous = this.subscriptions.get(message.tableId);
    if (previous) {
      this.subscriptions.delete(message.tableId);
      this.feed.unsubscribe(previous);
    }
    if (message.type === 'subscribe') await this.subscribe(message);
  }

  private async subscribe({ tableId, afterVersion }: SubscribeMessage): Promise<void> {
    if (this.subscriptions.size >= LIVE_LIMITS.tablesPerConnection) {
      const detail = `a connection follows at most ${LIVE_LIMITS.tablesPerConnection} tables; unsubscribe from one first`;
      return void this.write(serverMessage.error({ code: 'TOO_MANY_TABLES', detail, tableId }));
    }
    const admitted = await this.admission;
    if (!admitted.ok) return;
    const audience = await this.audience.audienceFor(admitted.viewer, tableId);
    if (!this.open) return;
    const subscription = this.feed.subscribe(tableId, audience, afterVersion, {
      send: (text) => this.write(text),
      fail: (error: LiveError) => {
        if (this.subscriptions.get(tableId) === subscription) this.subscriptions.delete(tableId);
        this.write(serverMessage.error(error));
      },
    });
    this.subscriptions.set(tableId, subscription);
    await subscription.start();
  }

  /** Sends unless the console has stopped reading: then the connection is dropped and false returned. */
  private write(text: string): boolean {
    if (!this.open || this.socket.readyState !== this.socket.OPEN) return false;
    if (this.socket.bufferedAmount > LIVE_LIMITS.maxBufferedBytes) {
      this.feed.noteSlowConsumer(this.socket.bufferedAmount);
      this.drop(SLOW_CONSUMER_CLOSE_CODE, 'SLOW_CONSUMER: reconnect and subscribe with afterVersion');
      return false;
    }
    this.socket.send(text);
    return true;
  }

  private drop(code: number, reason: string): void {
    this.dispose();
    this.socket.close(code, reason);
  }
}
