import { lobby, type Lobby, type LobbyTable } from '@felt/projections';
import type { Queryable } from '@felt/event-store';
import { tableSliceOf, type ReadModel, type RowTable, type TableNames } from './read-model';

/** One table's lobby entry (null until it opens). */
export interface LobbySlice {
  readonly tableId: string;
  readonly table: LobbyTable | null;
}

export const LOBBY_TABLES: RowTable = {
  name: 'lobby_tables',
  keyColumns: 1,
  columns: ['table_id', 'status', 'seats_free', 'lobby'],
};

/** The lobby (libs/projections lobby) as one row per table. */
export const lobbyRows: ReadModel<LobbySlice> = {
  name: 'lobby',
  tables: [LOBBY_TABLES],
  empty: (tableId) => ({ tableId, table: null }),
  sliceOf: tableSliceOf,
  evolve(slice, event) {
    const before: Lobby = { tables: slice.table ? { [slice.tableId]: slice.table } : {} };
    const after = lobby.evolve(before, event);
    return after === before ? slice : { tableId: slice.tableId, table: after.tables[slice.tableId] ?? null };
  },
  changes(written, current) {
    const t = current.table;
    if (t === null || t === written.table) return new Map();
    return new Map([[LOBBY_TABLES.name, [[t.tableId, t.status, t.seatsFree, t]]]]);
  },
  settle: (current) => current,
  async load(db, names, tableIds) {
    const { rows } = await db.query<{ table_id: string; lobby: LobbyTable }>(
      `SELECT table_id, lobby FROM ${names(LOBBY_TABLES.name)} WHERE table_id = ANY($1::text[])`,
      [tableIds],
    );
    return new Map(rows.map((r) => [r.table_id, { tableId: r.table_id, table: r.lobby }]));
  },
};

/** The whole lobby as the rows hold it, in the shape of the pure projection's view. */
export async function lobbyFromRows(db: Queryable, names: TableNames): Promise<Lobby> {
  const { rows } = await db.query<{ table_id: string; lobby: LobbyTable }>(`SELECT table_id, lobby FROM ${names(LOBBY_TABLES.name)}`);
  return { tables: Object.fromEntries(rows.map((r) => [r.table_id, r.lobby])) };
}
