import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { bookStreamIdOf, jackpotBoard } from '@felt/accounting';
import { boardGame, floorGameAt, gameIdOf } from '@felt/room';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { MoneyBooks, ROOM_BOOK } from '../accounting/money-books';
import { pageOf } from '../http/list-page';
import { LIVE_LIMITS } from '../live/live-limits';
import { LogTail } from '../live/log-tail';
import { PersonalStore } from '../players/personal-store';
import { RoomGames, type FoldedGame } from './room-games';

function floorView(game: FoldedGame) {
  return floorGameAt(game.state, game.version);
}

/**
 * The room channels on /live: the floor's waitlist board (floor role), the public board and the jackpots' balances
 * (both no token).
 */
export type RoomChannel = 'room' | 'board' | 'jackpots';
const BOOK_STREAM = bookStreamIdOf(ROOM_BOOK);

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
  private turn: Promise<void> = Promise.resolve();

  constructor(
    @Inject(EventStore) store: EventStore,
    @Inject(RoomGames) private readonly games: RoomGames,
    @Inject(PersonalStore) private readonly people: PersonalStore,
    @Inject(MoneyBooks) private readonly books: MoneyBooks,
  ) {
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
    try {
      // The picture is read once the tail's start is fixed: a room event committed in between is the tail's to bring.
      await this.tail.start();
      await this.inTurn(async () => listener.send(await this.message(listener.channel)));
    } catch (error) {
      this.listeners.delete(listener);
      throw error;
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.tail.stop();
    };
  }

  /**
   * A room command of this process has committed: send the room now (the tail may have started reading after
   * the append, and would not see it) and read the log too. A picture sent twice is harmless: each is whole.
   */
  wake(channels?: readonly RoomChannel[]): void {
    if (this.listeners.size === 0) return;
    // A failure is logged in inTurn; the tail's next read sends the room again.
    this.inTurn(() => this.broadcast(channels)).catch(() => undefined);
    this.tail.wake();
  }

  /** Every game as the floor sees it (the room channel on /live). */
  async floorGames() {
    return (await this.games.all()).map(floorView);
  }

  /** One page of the games as the floor sees them (GET /room/games). */
  async floorGamesPage(limit: number, after?: string) {
    const { items, nextAfter } = pageOf(await this.games.page(limit + 1, after), limit, (g) => g.gameId);
    return { games: items.map(floorView), nextAfter };
  }

  /** The public board: open games only, aliases (the registry's where the player has one) and counts. */
  async board() {
    const open = (await this.games.all()).filter((g) => g.state.status === 'open');
    const ids = new Set(open.flatMap((g) => [...g.state.list, ...g.state.calls].map((e) => e.playerId)));
    const registered = await this.people.aliases([...ids]);
    return open.map((g) => boardGame(g.state, (playerId, roomAlias) => registered.get(playerId) ?? roomAlias));
  }

  /** The jackpot and promotion funds as a casino posts them: name, kind and balance (libs/accounting jackpotBoard). */
  async jackpots() {
    return jackpotBoard((await this.books.caughtUp(ROOM_BOOK)).state);
  }

  async onModuleDestroy(): Promise<void> {
    await this.tail.stop();
  }

  private async dispatch(events: readonly RecordedEvent[]): Promise<void> {
    if (this.listeners.size === 0) return;
    const games = events.some((e) => gameIdOf(e.streamId) !== null);
    const money = events.some((e) => e.streamId === BOOK_STREAM);
    if (games || money) await this.inTurn(() => this.broadcast(games ? ['room', 'board'] : ['jackpots']));
  }

  /** Each channel that changed and has a listener gets its whole picture again (a game's event moves no fund). */
  private async broadcast(channels: readonly RoomChannel[] = ['room', 'board', 'jackpots']): Promise<void> {
    const pictures = new Map<RoomChannel, string>();
    for (const listener of this.listeners) {
      if (!channels.includes(listener.channel)) continue;
      const text = pictures.get(listener.channel) ?? (await this.message(listener.channel));
      pictures.set(listener.channel, text);
      listener.send(text);
    }
  }

  /** One picture at a time, in order: a slow read must not send an older room after a newer one. */
  private inTurn(work: () => Promise<void>): Promise<void> {
    const next = this.turn.then(work);
    this.turn = next.catch((error: unknown) =>
      this.logger.error({ err: error }, 'sending the room failed; the next change sends it again'),
    );
    return next;
  }

  private async message(channel: RoomChannel): Promise<string> {
    const seq = ++this.sequence;
    if (channel === 'jackpots') return JSON.stringify({ type: 'jackpots', seq, jackpots: await this.jackpots() });
    return channel === 'room'
      ? JSON.stringify({ type: 'room', seq, games: await this.floorGames() })
      : JSON.stringify({ type: 'board', seq, games: await this.board() });
  }
}
