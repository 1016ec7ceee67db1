import { seatQueue, type SeatCandidate } from './seat-queue';
import { openSeats, waitingCount, type GameState, type PendingCall } from './state';

/**
 * The public board (the room's TV, /board): games running, seats open, lists by alias. It is built only from what a
 * player may see across the room: aliases (never player ids), counts, and which table a called alias goes to.
 * docs/security.md lists it as a public read path.
 */
export interface BoardGame {
  readonly gameId: string;
  readonly name: string;
  readonly stakes: string;
  readonly structure: string;
  readonly tablesRunning: number;
  readonly mustMoveTables: number;
  readonly seatsOpen: number;
  readonly listLength: number;
  /** Aliases in list order (called players are shown in `called`, not here). */
  readonly list: readonly string[];
  readonly called: readonly { readonly alias: string; readonly tableId: string; readonly respondBy: string }[];
  /** No table yet: the list is an interest list. */
  readonly interestList: boolean;
  readonly newTableDue: boolean;
}

/**
 * The alias the board shows for a player, given the room's (as typed when listed). The API passes the registry's
 * alias where the player has one (docs/players.md "Aliases on the board"); without it the room's stands.
 */
export type BoardAliasOf = (playerId: string, roomAlias: string) => string;

/** Shown instead of an alias that is the player's id (a card number typed as an alias): the board never shows an id. */
export const WITHHELD_ALIAS = '(alias withheld)';

const roomAliasOf: BoardAliasOf = (_playerId, roomAlias) => roomAlias;

/**
 * For a board built where the registry is not (the worker's room_games rows): every alias withheld, since the only
 * alias there is the one typed on the list (a card number, a name) and only the registry's may be shown without one.
 */
export const WITHOUT_REGISTRY: BoardAliasOf = () => WITHHELD_ALIAS;

/** Never the player's id, whatever alias was given: compared without spaces (a card number typed in groups). */
function shown(playerId: string, alias: string): string {
  const plain = (s: string) => s.replace(/\s+/g, '');
  return plain(alias) === plain(playerId) ? WITHHELD_ALIAS : alias;
}

export function boardGame(state: GameState, aliasOf: BoardAliasOf = roomAliasOf): BoardGame {
  const alias = (e: { readonly playerId: string; readonly alias: string }) => shown(e.playerId, aliasOf(e.playerId, e.alias));
  const running = state.tables.filter((t) => !t.broken);
  const called = new Set(state.calls.map((c) => c.playerId));
  return {
    gameId: state.gameId,
    name: state.name,
    stakes: state.stakes,
    structure: state.structure,
    tablesRunning: running.length,
    mustMoveTables: running.filter((t) => t.mustMove).length,
    seatsOpen: running.reduce((n, t) => n + openSeats(state, t).length, 0),
    listLength: state.list.length,
    list: state.list.filter((e) => !called.has(e.playerId)).map(alias),
    called: state.calls.map((c) => ({ alias: alias(c), tableId: c.tableId, respondBy: c.respondBy })),
    interestList: running.length === 0,
    newTableDue: state.newTableDue,
  };
}

/** What the floor's board shows of a game: everything, plus who is next for each open seat. */
export interface FloorGame {
  readonly state: GameState;
  readonly board: BoardGame;
  readonly openSeats: readonly { readonly tableId: string; readonly seat: number; readonly queue: readonly SeatCandidate[] }[];
  readonly waiting: number;
  readonly calls: readonly PendingCall[];
}

/** A game as GET /room/games and the `room` channel send it (and the console reads it): the floor's board at a version of its stream. */
export interface FloorGameAt extends FloorGame {
  readonly version: number;
}

export function floorGameAt(state: GameState, version: number): FloorGameAt {
  return { version, ...floorGame(state) };
}

export function floorGame(state: GameState): FloorGame {
  const seats = state.tables
    .filter((t) => !t.broken)
    .flatMap((t) => {
      const queue = seatQueue(state, t);
      return openSeats(state, t).map((seat) => ({ tableId: t.tableId, seat, queue }));
    });
  return { state, board: boardGame(state), openSeats: seats, waiting: waitingCount(state), calls: state.calls };
}
