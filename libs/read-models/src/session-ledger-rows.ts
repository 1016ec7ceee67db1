import { tableDecider, type TableEngine } from '@felt/engine';
import { sessionLedgerOf, type HandResult, type PlayerSession, type SessionLedger, type TableLedger } from '@felt/projections';
import type { Queryable } from '@felt/event-store';
import { tableSliceOf, type ReadModel, type RowTable, type TableNames } from './read-model';

/**
 * One table's part of the session ledger: its rake, how many sessions it has had, and the sessions still open
 * with their numbers. Closed sessions never change again (the pure fold only updates open ones), so they stay in
 * their rows and out of memory. Likewise a session's per-hand results: each is a row of its own once written, and
 * in memory a session holds only the results not yet written (the fold only ever appends to them).
 */
export interface SessionLedgerSlice {
  readonly tableId: string;
  readonly rake: number;
  /** The house funds' drops taken at the table (TableLedger.drops; 0 while none). */
  readonly drops: number;
  readonly count: number;
  readonly sessions: readonly { readonly number: number; readonly session: PlayerSession }[];
}

export const PLAYER_SESSIONS: RowTable = {
  name: 'player_sessions',
  keyColumns: 2,
  columns: ['table_id', 'session_number', 'player_id', 'seat', 'buy_in', 'cash_out', 'seated_at', 'left_at', 'session'],
};

export const SESSION_HANDS: RowTable = {
  name: 'session_hands',
  keyColumns: 3,
  columns: ['table_id', 'session_number', 'hand_number', 'net', 'voided'],
  insertOnly: true,
};

export const TABLE_LEDGERS: RowTable = {
  name: 'table_ledgers',
  keyColumns: 1,
  columns: ['table_id', 'rake', 'sessions', 'drops'],
};

/**
 * The pure view's TableLedger of a slice, made once per slice rather than once per event (most events leave the
 * ledger as it is, and the fold must be handed the same object to say so).
 */
const ledgers = new WeakMap<SessionLedgerSlice, TableLedger>();
function ledgerOf(slice: SessionLedgerSlice): TableLedger {
  let ledger = ledgers.get(slice);
  if (ledger === undefined) {
    ledger = { tableId: slice.tableId, sessions: slice.sessions.map((s) => s.session), ...money(slice.rake, slice.drops) };
    ledgers.set(slice, ledger);
  }
  return ledger;
}

/** The ledger's rake and drops as the pure view keeps them: `drops` only once a drop was taken. */
function money(rake: number, drops: number): Pick<TableLedger, 'rake' | 'drops'> {
  return drops > 0 ? { rake, drops } : { rake };
}

/** The session as its row keeps it: everything but the per-hand results (rows of session_hands). */
function withoutHands(s: PlayerSession): Omit<PlayerSession, 'hands'> {
  const { hands: _inTheirOwnRows, ...session } = s;
  return session;
}

/**
 * The session ledger (libs/projections sessionLedgerOf) as a row per session, per session and hand, and per table, of
 * tables folded with this engine (its modules say which events are the house's take).
 */
export function sessionLedgerRowsFor(engine: TableEngine): ReadModel<SessionLedgerSlice> {
  const sessionLedger = sessionLedgerOf(engine);
  return {
    name: 'session-ledger',
    tables: [PLAYER_SESSIONS, SESSION_HANDS, TABLE_LEDGERS],
    empty: (tableId) => ({ tableId, rake: 0, drops: 0, count: 0, sessions: [] }),
    sliceOf: tableSliceOf,
    evolve(slice, event) {
      const t = slice.tableId;
      const ledger = ledgerOf(slice);
      const after = sessionLedger.evolve({ tables: { [t]: ledger } }, event).tables[t]!;
      if (after === ledger) return slice;
      // The fold keeps the order of the sessions and appends new ones: the first ones are the slice's, in order.
      const sessions = after.sessions.map((session, i) => {
        const known = slice.sessions[i];
        if (known === undefined) return { number: slice.count + i - slice.sessions.length, session };
        return known.session === session ? known : { number: known.number, session };
      });
      const count = slice.count + after.sessions.length - slice.sessions.length;
      const next = { tableId: t, rake: after.rake, drops: after.drops ?? 0, count, sessions };
      ledgers.set(next, after);
      return next;
    },
    changes(written, current) {
      const changes = new Map<string, unknown[][]>();
      const before = new Map(written.sessions.map((s) => [s.number, s.session]));
      const changed = current.sessions.filter((s) => before.get(s.number) !== s.session);
      const sessionRows = changed.map(({ number, session: s }) => [
        current.tableId,
        number,
        s.playerId,
        s.seat,
        s.buyIn,
        s.cashOut,
        s.seatedAt,
        s.leftAt,
        withoutHands(s),
      ]);
      const handRows = changed.flatMap(({ number, session: s }) => {
        const writtenHands = before.get(number)?.hands.length ?? 0;
        return s.hands.slice(writtenHands).map((h) => [current.tableId, number, h.handNumber, h.net, h.voided]);
      });
      if (sessionRows.length > 0) changes.set(PLAYER_SESSIONS.name, sessionRows);
      if (handRows.length > 0) changes.set(SESSION_HANDS.name, handRows);
      if (current.rake !== written.rake || current.count !== written.count || current.drops !== written.drops)
        changes.set(TABLE_LEDGERS.name, [[current.tableId, current.rake, current.count, current.drops]]);
      return changes;
    },
    settle(current) {
      const open = current.sessions.filter((s) => s.session.leftAt === null);
      return {
        ...current,
        sessions: open.map((s) => (s.session.hands.length === 0 ? s : { number: s.number, session: { ...s.session, hands: [] } })),
      };
    },
    async load(db, names, tableIds) {
      const ledgers = await db.query<{ table_id: string; rake: string; drops: string; sessions: number }>(
        `SELECT table_id, rake::text AS rake, drops::text AS drops, sessions FROM ${names(TABLE_LEDGERS.name)} WHERE table_id = ANY($1::text[])`,
        [tableIds],
      );
      const open = await db.query<{ table_id: string; session_number: number; session: Omit<PlayerSession, 'hands'> }>(
        `SELECT table_id, session_number, session FROM ${names(PLAYER_SESSIONS.name)}
         WHERE table_id = ANY($1::text[]) AND left_at IS NULL ORDER BY table_id, session_number`,
        [tableIds],
      );
      const slices = new Map<string, SessionLedgerSlice>(
        ledgers.rows.map((r) => [
          r.table_id,
          { tableId: r.table_id, rake: Number(r.rake), drops: Number(r.drops), count: r.sessions, sessions: [] },
        ]),
      );
      for (const r of open.rows)
        (slices.get(r.table_id)!.sessions as { number: number; session: PlayerSession }[]).push({
          number: r.session_number,
          session: { ...r.session, hands: [] },
        });
      return slices;
    },
  };
}

/** The session ledger rows of tables that play the default house options only. */
export const sessionLedgerRows: ReadModel<SessionLedgerSlice> = sessionLedgerRowsFor(tableDecider);

/** The whole ledger as the rows hold it, in the shape of the pure projection's view. */
export async function sessionLedgerFromRows(db: Queryable, names: TableNames): Promise<SessionLedger> {
  const ledgers = await db.query<{ table_id: string; rake: string; drops: string }>(
    `SELECT table_id, rake::text AS rake, drops::text AS drops FROM ${names(TABLE_LEDGERS.name)}`,
  );
  const sessions = await db.query<{ table_id: string; session_number: number; session: Omit<PlayerSession, 'hands'> }>(
    `SELECT table_id, session_number, session FROM ${names(PLAYER_SESSIONS.name)} ORDER BY table_id, session_number`,
  );
  const hands = await db.query<{ table_id: string; session_number: number; hand_number: number; net: string; voided: boolean }>(
    `SELECT table_id, session_number, hand_number, net::text AS net, voided FROM ${names(SESSION_HANDS.name)} ORDER BY table_id, session_number, hand_number`,
  );
  const results = new Map<string, HandResult[]>();
  for (const h of hands.rows) {
    const key = `${h.table_id}/${h.session_number}`;
    if (!results.has(key)) results.set(key, []);
    results.get(key)!.push({ handNumber: h.hand_number, net: Number(h.net), voided: h.voided });
  }
  const tables: Record<string, TableLedger> = {};
  for (const r of ledgers.rows) tables[r.table_id] = { tableId: r.table_id, ...money(Number(r.rake), Number(r.drops)), sessions: [] };
  for (const r of sessions.rows)
    (tables[r.table_id]!.sessions as PlayerSession[]).push({ ...r.session, hands: results.get(`${r.table_id}/${r.session_number}`) ?? [] });
  return { tables };
}
