import { sessionLedger, tableEventOf, tableIdOfStream, type PlayerSession, type SessionLedger, type TableLedger } from '@felt/projections';
import type { Queryable } from '@felt/event-store';
import type { ReadModel, RowTable, TableNames } from './read-model';

/**
 * One table's part of the session ledger: its rake, how many sessions it has had, and the sessions still open
 * with their numbers. Closed sessions never change again (the pure fold only updates open ones), so they stay in
 * their rows and out of memory.
 */
export interface SessionLedgerSlice {
  readonly tableId: string;
  readonly rake: number;
  readonly count: number;
  readonly sessions: readonly { readonly number: number; readonly session: PlayerSession }[];
}

export const PLAYER_SESSIONS: RowTable = {
  name: 'player_sessions',
  keyColumns: 2,
  columns: [
    { name: 'table_id', type: 'text' },
    { name: 'session_number', type: 'integer' },
    { name: 'player_id', type: 'text' },
    { name: 'seat', type: 'integer' },
    { name: 'buy_in', type: 'bigint' },
    { name: 'cash_out', type: 'bigint' },
    { name: 'seated_at', type: 'timestamptz' },
    { name: 'left_at', type: 'timestamptz' },
    { name: 'session', type: 'jsonb' },
  ],
};

export const TABLE_LEDGERS: RowTable = {
  name: 'table_ledgers',
  keyColumns: 1,
  columns: [
    { name: 'table_id', type: 'text' },
    { name: 'rake', type: 'bigint' },
    { name: 'sessions', type: 'integer' },
  ],
};

/** The session ledger (libs/projections sessionLedger) as one row per session and one per table. */
export const sessionLedgerRows: ReadModel<SessionLedgerSlice> = {
  name: 'session-ledger',
  tables: [PLAYER_SESSIONS, TABLE_LEDGERS],
  empty: (tableId) => ({ tableId, rake: 0, count: 0, sessions: [] }),
  sliceOf: (event) => (tableEventOf(event) === null ? null : tableIdOfStream(event.streamId)),
  evolve(slice, event) {
    const t = slice.tableId;
    const ledger: TableLedger = { tableId: t, sessions: slice.sessions.map((s) => s.session), rake: slice.rake };
    const after = sessionLedger.evolve({ tables: { [t]: ledger } }, event).tables[t]!;
    if (after === ledger) return slice;
    // The fold keeps the order of the sessions and appends new ones: the first ones are the slice's, in order.
    const sessions = after.sessions.map((session, i) => {
      const known = slice.sessions[i];
      if (known === undefined) return { number: slice.count + i - slice.sessions.length, session };
      return known.session === session ? known : { number: known.number, session };
    });
    return { tableId: t, rake: after.rake, count: slice.count + after.sessions.length - slice.sessions.length, sessions };
  },
  changes(written, current) {
    const changes = new Map<string, unknown[][]>();
    const before = new Map(written.sessions.map((s) => [s.number, s.session]));
    const rows = current.sessions
      .filter((s) => before.get(s.number) !== s.session)
      .map(({ number, session: s }) => [current.tableId, number, s.playerId, s.seat, s.buyIn, s.cashOut, s.seatedAt, s.leftAt, s]);
    if (rows.length > 0) changes.set(PLAYER_SESSIONS.name, rows);
    if (current.rake !== written.rake || current.count !== written.count) changes.set(TABLE_LEDGERS.name, [[current.tableId, current.rake, current.count]]);
    return changes;
  },
  settle: (current) => (current.sessions.every((s) => s.session.leftAt === null) ? current : { ...current, sessions: current.sessions.filter((s) => s.session.leftAt === null) }),
  async load(db, names, tableIds) {
    const ledgers = await db.query<{ table_id: string; rake: string; sessions: number }>(
      `SELECT table_id, rake::text AS rake, sessions FROM ${names(TABLE_LEDGERS.name)} WHERE table_id = ANY($1::text[])`,
      [tableIds],
    );
    const open = await db.query<{ table_id: string; session_number: number; session: PlayerSession }>(
      `SELECT table_id, session_number, session FROM ${names(PLAYER_SESSIONS.name)}
       WHERE table_id = ANY($1::text[]) AND left_at IS NULL ORDER BY table_id, session_number`,
      [tableIds],
    );
    const slices = new Map<string, SessionLedgerSlice>(
      ledgers.rows.map((r) => [r.table_id, { tableId: r.table_id, rake: Number(r.rake), count: r.sessions, sessions: [] }]),
    );
    for (const r of open.rows) (slices.get(r.table_id)!.sessions as { number: number; session: PlayerSession }[]).push({ number: r.session_number, session: r.session });
    return slices;
  },
};

/** The whole ledger as the rows hold it, in the shape of the pure projection's view. */
export async function sessionLedgerFromRows(db: Queryable, names: TableNames): Promise<SessionLedger> {
  const ledgers = await db.query<{ table_id: string; rake: string }>(`SELECT table_id, rake::text AS rake FROM ${names(TABLE_LEDGERS.name)}`);
  const sessions = await db.query<{ table_id: string; session: PlayerSession }>(
    `SELECT table_id, session FROM ${names(PLAYER_SESSIONS.name)} ORDER BY table_id, session_number`,
  );
  const tables: Record<string, TableLedger> = {};
  for (const r of ledgers.rows) tables[r.table_id] = { tableId: r.table_id, rake: Number(r.rake), sessions: [] };
  for (const r of sessions.rows) (tables[r.table_id]!.sessions as PlayerSession[]).push(r.session);
  return { tables };
}
