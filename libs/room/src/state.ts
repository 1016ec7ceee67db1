import type { RoomPolicies } from './house-policies/room-policies';
import type { CallRoute } from './events';

/** A game as its events leave it: the tables, who sits where, the list, pending calls and table-change requests. */
export interface GameState {
  readonly status: 'none' | 'open' | 'closed';
  readonly gameId: string;
  readonly name: string;
  readonly stakes: string;
  readonly structure: string;
  readonly seatsPerTable: number;
  readonly tableRules: Readonly<Record<string, unknown>> | null;
  readonly policies: RoomPolicies | null;
  /** Tables in the order they were added (broken ones stay, marked, so their ids are not reused). */
  readonly tables: readonly GameTable[];
  /** The game's list (a waitlist, or an interest list while the game has no table), first in line first. */
  readonly list: readonly ListEntry[];
  readonly calls: readonly PendingCall[];
  readonly changes: readonly ChangeRequest[];
  /** NewTableDue was recorded and no table has been added since. */
  readonly newTableDue: boolean;
  /** The time of the last event (commands may not go back before it). */
  readonly lastAt: string | null;
}

export interface GameTable {
  readonly tableId: string;
  readonly seats: number;
  readonly mustMove: boolean;
  readonly broken: boolean;
  /** Seat number → who sits there (only seats the room knows as taken). */
  readonly seated: readonly SeatHolder[];
}

export interface SeatHolder {
  readonly seat: number;
  readonly playerId: string;
  readonly alias: string;
  readonly seatedAt: string;
  /** When the player joined the game's list (their seating's origin), else seatedAt. */
  readonly listedAt: string;
  /** A must-move player who passed on a main-game seat goes behind the others from this time. */
  readonly passedAt?: string;
}

export interface ListEntry {
  readonly playerId: string;
  readonly alias: string;
  readonly listedAt: string;
  /** Calls missed so far (the no-show policy looks at it). */
  readonly noShows: number;
}

export interface PendingCall {
  readonly playerId: string;
  readonly alias: string;
  readonly tableId: string;
  readonly seat: number;
  readonly route: CallRoute;
  readonly calledAt: string;
  readonly respondBy: string;
}

export interface ChangeRequest {
  readonly playerId: string;
  readonly fromTableId: string;
  readonly toTableId: string | null;
  readonly requestedAt: string;
}

export const INITIAL_GAME_STATE: GameState = {
  status: 'none',
  gameId: '',
  name: '',
  stakes: '',
  structure: '',
  seatsPerTable: 0,
  tableRules: null,
  policies: null,
  tables: [],
  list: [],
  calls: [],
  changes: [],
  newTableDue: false,
  lastAt: null,
};

export function tableOf(state: GameState, tableId: string): GameTable | undefined {
  return state.tables.find((t) => t.tableId === tableId);
}

/** Where a player sits in this game, if anywhere. */
export function seatOf(state: GameState, playerId: string): { table: GameTable; holder: SeatHolder } | undefined {
  for (const table of state.tables) {
    const holder = table.seated.find((s) => s.playerId === playerId);
    if (holder) return { table, holder };
  }
  return undefined;
}

export function callOf(state: GameState, playerId: string): PendingCall | undefined {
  return state.calls.find((c) => c.playerId === playerId);
}

/** Listed players not called yet: the ones the list counts as waiting. */
export function waitingCount(state: GameState): number {
  return state.list.filter((e) => !state.calls.some((c) => c.playerId === e.playerId)).length;
}

/** Seats neither taken nor held by a call. */
export function openSeats(state: GameState, table: GameTable): number[] {
  const open: number[] = [];
  for (let seat = 1; seat <= table.seats; seat++) {
    if (table.seated.some((s) => s.seat === seat)) continue;
    if (state.calls.some((c) => c.tableId === table.tableId && c.seat === seat)) continue;
    open.push(seat);
  }
  return open;
}
