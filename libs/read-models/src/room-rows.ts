import { evolveRoomGame, type RoomGameRow, type RoomGames } from '@felt/projections';
import { gameIdOf } from '@felt/room';
import type { Queryable } from '@felt/event-store';
import type { ReadModel, RowTable, TableNames } from './read-model';

/** One game of the room (null until its stream's first event). */
export interface RoomSlice {
  readonly gameId: string;
  readonly game: RoomGameRow | null;
}

export const ROOM_GAMES: RowTable = {
  name: 'room_games',
  keyColumns: 1,
  columns: ['game_id', 'version', 'status', 'state', 'board'],
};

/**
 * The room (libs/projections room-games.ts) as one row per game: the floor's state, and the public board beside it
 * (aliases and counts only), so GET /board can be answered from a row per game. Sliced by game, not by table.
 */
export const roomRows: ReadModel<RoomSlice> = {
  name: 'room',
  tables: [ROOM_GAMES],
  empty: (gameId) => ({ gameId, game: null }),
  sliceOf: (event) => gameIdOf(event.streamId),
  evolve: (slice, event) => ({ gameId: slice.gameId, game: evolveRoomGame(slice.game, slice.gameId, event) }),
  changes(written, current) {
    const g = current.game;
    if (g === null || g === written.game) return new Map();
    return new Map([[ROOM_GAMES.name, [[g.gameId, g.version, g.state.status, g.state, g.board]]]]);
  },
  settle: (current) => current,
  async load(db, names, gameIds) {
    const { rows } = await db.query<{ game_id: string; version: number; state: RoomGameRow['state']; board: RoomGameRow['board'] }>(
      `SELECT game_id, version, state, board FROM ${names(ROOM_GAMES.name)} WHERE game_id = ANY($1::text[])`,
      [gameIds],
    );
    return new Map(
      rows.map((r) => [r.game_id, { gameId: r.game_id, game: { gameId: r.game_id, version: r.version, state: r.state, board: r.board } }]),
    );
  },
};

/** The whole room as the rows hold it, in the shape of the pure projection's view. */
export async function roomGamesFromRows(db: Queryable, names: TableNames): Promise<RoomGames> {
  const { rows } = await db.query<{ game_id: string; version: number; state: RoomGameRow['state']; board: RoomGameRow['board'] }>(
    `SELECT game_id, version, state, board FROM ${names(ROOM_GAMES.name)}`,
  );
  return {
    games: Object.fromEntries(rows.map((r) => [r.game_id, { gameId: r.game_id, version: r.version, state: r.state, board: r.board }])),
  };
}
