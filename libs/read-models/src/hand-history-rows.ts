import { tableDecider, type TableEngine } from '@felt/engine';
import { handHistoryOf, handRecordFor, type HandHistory, type HandRecord } from '@felt/projections';
import type { Queryable } from '@felt/event-store';
import { tableSliceOf, type ReadModel, type RowTable, type TableNames } from './read-model';

/** One table's part of the hand history: its hand in progress and the hands completed since the last write. */
export interface HandHistorySlice {
  readonly tableId: string;
  readonly inProgress: HandRecord | null;
  readonly completed: readonly HandRecord[];
}

export const HAND_HISTORIES: RowTable = {
  name: 'hand_histories',
  keyColumns: 2,
  columns: ['table_id', 'hand_number', 'status', 'started_at', 'ended_at', 'from_version', 'to_version', 'record'],
};

/** A hand's row: the record as the public may see it (no face-down hole card, no seed; docs/security.md). */
const rowOf = (h: HandRecord): unknown[] => [
  h.tableId,
  h.handNumber,
  h.status,
  h.startedAt,
  h.endedAt,
  h.fromVersion,
  h.toVersion,
  handRecordFor(h, 'public'),
];

/**
 * The hand history (libs/projections handHistoryOf) as one row per hand, the one in progress included, as the public
 * may see it, of tables folded with this engine (its modules' events change the records as they say).
 */
export function handHistoryRowsFor(engine: TableEngine): ReadModel<HandHistorySlice> {
  const handHistory = handHistoryOf(engine);
  return {
    name: 'hand-history',
    tables: [HAND_HISTORIES],
    empty: (tableId) => ({ tableId, inProgress: null, completed: [] }),
    sliceOf: tableSliceOf,
    evolve(slice, event) {
      const t = slice.tableId;
      const before: HandHistory = { hands: {}, inProgress: slice.inProgress ? { [t]: slice.inProgress } : {} };
      const after = handHistory.evolve(before, event);
      if (after === before) return slice;
      const done = after.hands[t] ?? [];
      return {
        tableId: t,
        inProgress: after.inProgress[t] ?? null,
        completed: done.length === 0 ? slice.completed : [...slice.completed, ...done],
      };
    },
    changes(written, current) {
      const rows = current.completed.slice(written.completed.length).map(rowOf);
      // A hand that ended in this batch is among the completed ones; its in-progress row is updated by that.
      if (current.inProgress !== null && current.inProgress !== written.inProgress) rows.push(rowOf(current.inProgress));
      return rows.length === 0 ? new Map() : new Map([[HAND_HISTORIES.name, rows]]);
    },
    settle: (current) => (current.completed.length === 0 ? current : { ...current, completed: [] }),
    async load(db, names, tableIds) {
      const { rows } = await db.query<{ table_id: string; record: HandRecord }>(
        `SELECT table_id, record FROM ${names(HAND_HISTORIES.name)} WHERE table_id = ANY($1::text[]) AND status = 'in-progress'`,
        [tableIds],
      );
      return new Map(rows.map((r) => [r.table_id, { tableId: r.table_id, inProgress: r.record, completed: [] }]));
    },
  };
}

/** The hand history rows of tables that play the default house options only. */
export const handHistoryRows: ReadModel<HandHistorySlice> = handHistoryRowsFor(tableDecider);

/** The whole hand history as the rows hold it, in the shape of the pure projection's view. */
export async function handHistoryFromRows(db: Queryable, names: TableNames): Promise<HandHistory> {
  const { rows } = await db.query<{ table_id: string; status: string; record: HandRecord }>(
    `SELECT table_id, status, record FROM ${names(HAND_HISTORIES.name)} ORDER BY table_id, hand_number`,
  );
  const hands: Record<string, HandRecord[]> = {};
  const inProgress: Record<string, HandRecord> = {};
  for (const r of rows) {
    if (r.status === 'in-progress') inProgress[r.table_id] = r.record;
    else (hands[r.table_id] ??= []).push(r.record);
  }
  return { hands, inProgress };
}
