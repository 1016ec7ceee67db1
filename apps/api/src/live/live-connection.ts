import { Logger } from '@nestjs/common';
import type { WebSocket } from 'ws';
import { audienceKey } from '@felt/projections';
import type { LiveAudience, LiveAdmission, LiveViewer } from './live-audience';
import type { LiveFeed } from './live-feed';
import {
  LIVE_LIMITS,
  REVOKED_CLOSE_CODE,
  SLOW_CONSUMER_CLOSE_CODE,
  TOO_MANY_CONNECTIONS_CLOSE_CODE,
  UNAUTHENTICATED_CLOSE_CODE,
} from './live-limits';
import { parseClientMessage, serverMessage, type LiveError, type SubscribeMessage } from './live-protocol';
import type { LiveSubscription } from './live-subscription';
import type { LiveReader } from './live-visibility';
import type { RoomChannel, RoomLive } from '../room/room-live';

const logger = new Logger('LiveConnection');

/** What the access watch read of a connection's user (null: no user row, e.g. a service token). */
export interface UserAccess {
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
  /** The generation the user's tokens must carry (disable, enable, a role change and a password reset move it on). */
  readonly tokenGeneration: number;
  /** The tables the user is assigned to as a dealer. */
  readonly dealerTables: ReadonlySet<string>;
}

/** Where connections register, so that at most so many are open per user (or per address without a token) and the access watch sees them. */
export interface LiveRegistry {
  join(connection: LiveConnection, viewer: LiveViewer): boolean;
  leave(connection: LiveConnection): void;
}

/**
 * One console's WebSocket: its messages are handled one after the other (a subscribe finishes its first `table`
 * message before the next message is looked at), its subscriptions by table, and every write goes through `send`,
 * which drops the connection rather than queue without bound. `recheck` (the access watch, twice a second) applies
 * a change of its user's access: closed when disabled, moved to another role or past the token's expiry; each table
 * re-followed with what the user may see now when that changed (an `access` message, then the table as now seen).
 */
export class LiveConnection {
  private readonly subscriptions = new Map<string, LiveSubscription>();
  private readonly roomChannels = new Map<RoomChannel, () => void>();
  private queue: Promise<unknown>;
  private open = true;
  private admitted: LiveViewer | null = null;
  /** The followed tables this dealer's connection knows them to deal (at subscribe, then each access reading). */
  private readonly dealing = new Set<string>();

  constructor(
    private readonly socket: WebSocket,
    admission: Promise<LiveAdmission>,
    private readonly feed: LiveFeed,
    private readonly audience: LiveAudience,
    private readonly registry: LiveRegistry,
    private readonly room?: RoomLive,
  ) {
    this.queue = admission.then((result) => {
      if (!result.ok) return this.refuse({ code: 'UNAUTHENTICATED', detail: result.detail }, UNAUTHENTICATED_CLOSE_CODE, 'UNAUTHENTICATED');
      if (!this.open) return;
      if (!this.registry.join(this, result.viewer)) {
        const who = result.viewer.principal ? `user "${result.viewer.principal.name}"` : `address ${result.viewer.address} (no token)`;
        const detail = `${who} has too many /live connections open (at most ${result.viewer.principal ? LIVE_LIMITS.connectionsPerUser : LIVE_LIMITS.anonymousConnectionsPerAddress}); close one first`;
        return this.refuse({ code: 'TOO_MANY_CONNECTIONS', detail }, TOO_MANY_CONNECTIONS_CLOSE_CODE, 'TOO_MANY_CONNECTIONS');
      }
      this.admitted = result.viewer;
    });
  }

  /** Who is connected (null until admitted, and for a refused connection). */
  get viewer(): LiveViewer | null {
    return this.admitted;
  }

  receive(data: unknown, isBinary: boolean): void {
    this.enqueue(() => this.handle(data, isBinary));
  }

  /** Applies what the access watch read of this connection's user (`user` null: no such row), in turn with the messages. */
  recheck(user: UserAccess | null, now: number): void {
    this.enqueue(() => this.applyAccess(user, now));
  }

  /** The socket closed: stop every subscription. */
  dispose(): void {
    if (this.open) this.registry.leave(this);
    this.open = false;
    for (const subscription of this.subscriptions.values()) this.feed.unsubscribe(subscription);
    this.subscriptions.clear();
    for (const stop of this.roomChannels.values()) stop();
    this.roomChannels.clear();
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => {
      logger.error({ err: error }, 'a /live message failed; closing the connection');
      this.drop(1011, 'internal error');
    });
  }

  private async handle(data: unknown, isBinary: boolean): Promise<void> {
    if (!this.open || this.admitted === null) return;
    const parsed = parseClientMessage(data, isBinary);
    if (!parsed.ok) return void this.write(serverMessage.error(parsed.error));
    const message = parsed.message;
    if ('channel' in message) return this.followRoom(message.channel, message.type === 'subscribe');
    this.stop(message.tableId);
    if (message.type === 'subscribe') await this.subscribe(message);
  }

  private async subscribe({ tableId, afterVersion }: SubscribeMessage): Promise<void> {
    if (this.subscriptions.size >= LIVE_LIMITS.tablesPerConnection) {
      const detail = `a connection follows at most ${LIVE_LIMITS.tablesPerConnection} tables; unsubscribe from one first`;
      return void this.write(serverMessage.error({ code: 'TOO_MANY_TABLES', detail, tableId }));
    }
    const reader = await this.audience.readerFor(this.admitted!, tableId);
    if (await this.audience.deals(this.admitted!, tableId)) this.dealing.add(tableId);
    else this.dealing.delete(tableId);
    await this.follow(tableId, reader, afterVersion);
  }

  private async follow(tableId: string, reader: LiveReader, afterVersion: number | undefined): Promise<void> {
    if (!this.open) return;
    const subscription = this.feed.subscribe(tableId, reader, afterVersion, {
      send: (text) => this.write(text),
      fail: (error: LiveError) => {
        if (this.subscriptions.get(tableId) === subscription) this.subscriptions.delete(tableId);
        this.write(serverMessage.error(error));
      },
    });
    this.subscriptions.set(tableId, subscription);
    await subscription.start();
  }

  /** The room's channels: `board` and `jackpots` for anyone, `room` (names, calls, player ids) for the floor only. */
  private async followRoom(channel: RoomChannel, subscribe: boolean): Promise<void> {
    this.roomChannels.get(channel)?.();
    this.roomChannels.delete(channel);
    if (!subscribe || !this.room) return;
    if (channel === 'room' && this.admitted?.principal?.role !== 'floor') {
      return void this.write(
        serverMessage.error({
          code: 'FORBIDDEN_CHANNEL',
          detail: 'the room channel is for floor supervisors; the public board is channel "board"',
        }),
      );
    }
    this.roomChannels.set(channel, await this.room.follow({ channel, send: (text) => this.write(text) }));
  }

  private stop(tableId: string): void {
    const previous = this.subscriptions.get(tableId);
    if (!previous) return;
    this.subscriptions.delete(tableId);
    this.feed.unsubscribe(previous);
  }

  private async applyAccess(user: UserAccess | null, now: number): Promise<void> {
    const viewer = this.admitted;
    if (!this.open || viewer?.principal == null) return;
    const principal = viewer.principal;
    if (now >= viewer.expiresAt) return this.revoke('the access token expired; sign in again');
    if (user?.disabled) return this.revoke(`user "${user.name}" is disabled`);
    if (user && user.role !== principal.role)
      return this.revoke(`user "${user.name}" is now ${user.role}, not ${principal.role}; sign in again`);
    if (user && user.tokenGeneration !== (principal.generation ?? 0))
      return this.revoke(
        `the token of user "${user.name}" was revoked (disabled, enabled, another role or a new password since it was signed); sign in again`,
      );
    if (principal.role === 'dealer' && user) this.tellReleased(user.dealerTables);
    for (const [tableId, subscription] of [...this.subscriptions]) {
      const table = this.feed.tableOf(subscription);
      if (table === null) continue;
      const audience = this.audience.audienceGiven(principal, table.state.rules, user?.dealerTables.has(tableId) ?? false);
      if (audienceKey(audience) === audienceKey(subscription.reader.audience)) continue;
      // Re-follow from what the console has: the first `table` message shows the table as it may be seen now.
      const after = subscription.sentVersion ?? undefined;
      this.stop(tableId);
      this.write(
        serverMessage.access(
          tableId,
          `what you may see of table ${tableId} changed (you now see it as ${audienceKey(audience)}); the table follows as you may see it now`,
        ),
      );
      await this.follow(tableId, { audience, anonymous: false }, after);
    }
  }

  /** A dealer released from a table this connection follows (a dealer push) hears it at once: their tablet stops offering its controls. */
  private tellReleased(dealerTables: ReadonlySet<string>): void {
    for (const tableId of this.subscriptions.keys()) {
      if (dealerTables.has(tableId)) this.dealing.add(tableId);
      else if (this.dealing.delete(tableId)) this.write(serverMessage.released(tableId, `you no longer deal table ${tableId}`));
    }
  }

  private revoke(detail: string): void {
    this.write(serverMessage.error({ code: 'REVOKED', detail }));
    this.drop(REVOKED_CLOSE_CODE, `REVOKED: ${detail}`.slice(0, 120));
  }

  private refuse(error: LiveError, code: number, reason: string): void {
    this.write(serverMessage.error(error));
    this.drop(code, reason);
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
