import { Inject, Injectable } from '@nestjs/common';
import {
  GAME_STREAM_CATEGORY,
  gameIdOf,
  gameStreamIdOf,
  roomDecider,
  toRoomEvent,
  type GameState,
  type RoomCommand,
  type RoomEvent,
} from '@felt/room';
import { EventStore } from '@felt/event-store';

export interface FoldedGame {
  readonly gameId: string;
  readonly state: GameState;
  readonly version: number;
}

/**
 * The games folded from their streams, kept in memory (a room has tens of games, each a few thousand events a
 * night at most): `caughtUp` reads only the events after the cached version, so another API process's appends
 * are seen before a decision.
 */
@Injectable()
export class RoomGames {
  private readonly games = new Map<string, FoldedGame>();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async caughtUp(gameId: string): Promise<FoldedGame> {
    const cached = this.games.get(gameId) ?? { gameId, state: roomDecider.initialState, version: 0 };
    const newer = await this.store.readStream(gameStreamIdOf(gameId), { fromVersion: cached.version + 1 });
    if (newer.length === 0) return cached;
    const next = this.advance(cached, newer.map(toRoomEvent), newer[newer.length - 1]!.streamVersion);
    return next;
  }

  /** The room's decision alone, against the game now (nothing written): the seat route checks the room before the table. */
  async preview(gameId: string, command: RoomCommand): Promise<{ game: FoldedGame; decision: ReturnType<typeof roomDecider.decide> }> {
    const game = await this.caughtUp(gameId);
    return { game, decision: roomDecider.decide(command, game.state) };
  }

  /** The fold after `events` were appended as versions game.version+1 .. version. */
  advance(game: FoldedGame, events: readonly RoomEvent[], version: number): FoldedGame {
    let state = game.state;
    for (const e of events) state = roomDecider.evolve(state, e);
    const next = { gameId: game.gameId, state, version };
    const cached = this.games.get(game.gameId);
    if (!cached || cached.version < version) this.games.set(game.gameId, next);
    return next;
  }

  /** Every game ever opened, caught up, in id order. */
  async all(): Promise<FoldedGame[]> {
    return this.foldedAt(await this.store.listStreams({ category: GAME_STREAM_CATEGORY }));
  }

  /** At most `limit` games in id order, those after `after`: one page of GET /room/games (the streams' index, not every game). */
  async page(limit: number, after?: string): Promise<FoldedGame[]> {
    return this.foldedAt(
      await this.store.listStreams({
        category: GAME_STREAM_CATEGORY,
        limit,
        ...(after === undefined ? {} : { after: gameStreamIdOf(after) }),
      }),
    );
  }

  /** The games of these stream rows, each at least at the row's version: a game the cache has there costs no read. */
  private foldedAt(streams: readonly { streamId: string; version: number }[]): Promise<FoldedGame[]> {
    const ids = streams
      .map((s) => [gameIdOf(s.streamId), s.version] as const)
      .filter((row): row is readonly [string, number] => row[0] !== null);
    return Promise.all(
      ids
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([id, version]) => {
          const cached = this.games.get(id);
          return cached && cached.version >= version ? cached : this.caughtUp(id);
        }),
    );
  }

  /** The game that lists `tableId` among its tables (not broken), if any, other than `exceptGameId`. */
  async gameOfTable(tableId: string, exceptGameId?: string): Promise<FoldedGame | undefined> {
    return (await this.all()).find((g) => g.gameId !== exceptGameId && g.state.tables.some((t) => t.tableId === tableId && !t.broken));
  }
}
