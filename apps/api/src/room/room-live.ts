import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { boardGame, floorGame } from '@felt/room';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { LIVE_LIMITS } from '../live/live-limits';
import { LogTail } from '../live/log-tail';
import { RoomGames } from './room-games';
import { gameIdOf } from './room-stream';

/** The two room channels on /live: the floor's waitlist board (floor role) and the public board (no token). */
export type RoomChannel = 'room' | 'board';

export interface RoomListener {
  readonly channel: RoomChannel;
  send(text: string): void;
}

/**
 * Room updates on /live. While anyone follows a room channel, one tail of the global log (the tables' gap-safe
 * reader) watches for events of game streams; after each, every listener gets the whole picture again: the floor
 * every game's state and who is next for each open seat, the public the board (aliases and counts only,
 * libs/room board.ts). Whole pictures, not deltas: a room is small, and a console that missed a message is right
 * again with the next one.
 */
@Injectable()
export class RoomLive implements OnModuleDestroy {
  private readonly logger = new Logger('RoomLive');
  private readonly listeners = new Set<RoomListener>();
  private readonly tail: LogTail;
  private sequence = 0;

  constructor(@Inject(EventStore) store: EventStore, @Inject(RoomGames) private readonly games: RoomGames) {
    this.tail = new LogTail(store, {
      pollMs: LIVE_LIMITS.pollMs * 4,
      pageSize: LIVE_LIMITS.logPage,
      onEvents: (events) => this.dispatch(events),
      onError: (error) => this.logger.error({ err: error }, 'reading the event log for the room failed; the next poll tries again'),
    });
  }

  /** Adds a listener and sends it the room as it is now. Returns the way to stop. */
  async follow(listener: RoomListener): Promise<() => void> {
    this.listeners.add(listener);
    this.tail.start();
    listener.send(await this.message(listener.channel));
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.tail.stop();
    };
  }

  /** A room command of this process has committed: read the log now. */
  wake(): void {
    this.tail.wake();
  }

  /** Every game as the floor sees it. */
  async floorGames() {
    return (await this.games.all()).map((g) => ({ version: g.version, ...floorGame(g.state) }));
  }

  /** The public board: open games only, aliases and counts. */
  async board() {
    return (await this.games.all()).filter((g) => g.state.status === 'open').map((g) => boardGame(g.state));
  }

  async onModuleDestroy(): Promise<void> {
    await this.tail.stop();
  }

  private async dispatch(events: readonly RecordedEvent[]): Promise<void> {
    if (!events.some((e) => gameIdOf(e.streamId) !== null) || this.listeners.size === 0) return;
    const room = await this.message('room');
    const board = await this.message('board');
    for (const listener of this.listeners) listener.send(listener.channel === 'room' ? room : board);
  }

  private async message(channel: RoomChannel): Promise<string> {
    const seq = ++this.sequence;
    return channel === 'room' ? JSON.stringify({ type: 'room', seq, games: await this.floorGames() }) : JSON.stringify({ type: 'board', seq, games: await this.board() });
  }
}
