import { boardGame, gameIdOf, roomDecider, toRoomEvent, WITHOUT_REGISTRY, type BoardGame, type GameState } from '@felt/room';
import type { Projection } from './projection';

/**
 * The room's read model (docs/room.md): each game folded from its stream "game-<gameId>" with the room's own
 * evolve, and its public board (libs/room board.ts: counts, never a player id) beside it, so the board can be served
 * from rows. No registry here: the board's aliases are all withheld (the API's GET /board shows the registry's). The
 * state is the floor's (player ids, the list): the rows are a staff read path.
 */
export interface RoomGameRow {
  readonly gameId: string;
  /** The game stream's version the row reflects. */
  readonly version: number;
  readonly state: GameState;
  readonly board: BoardGame;
}

export interface RoomGames {
  readonly games: Readonly<Record<string, RoomGameRow>>;
}

/** One game's row after `event` (a recorded event of that game's stream). */
export function evolveRoomGame(row: RoomGameRow | null, gameId: string, event: Parameters<typeof toRoomEvent>[0]): RoomGameRow {
  const state = roomDecider.evolve(row?.state ?? roomDecider.initialState, toRoomEvent(event));
  return { gameId, version: event.streamVersion, state, board: boardGame(state, WITHOUT_REGISTRY) };
}

export const roomGames: Projection<RoomGames> = {
  name: 'room',
  initial: { games: {} },
  evolve(view, event) {
    const gameId = gameIdOf(event.streamId);
    if (gameId === null) return view;
    return { games: { ...view.games, [gameId]: evolveRoomGame(view.games[gameId] ?? null, gameId, event) } };
  },
};

/** The public board as the rows give it: open games only, in game id order (what GET /board answers). */
export function publicBoard(view: RoomGames): BoardGame[] {
  return Object.values(view.games)
    .filter((g) => g.state.status === 'open')
    .sort((a, b) => (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0))
    .map((g) => g.board);
}
