import type { Queryable, RecordedEvent } from '@felt/event-store';
import { tableIdOfStream, TABLE_STREAM_PREFIX } from '@felt/projections';

/** A read-model table: its columns (the order of each row's values), of which the first `keyColumns` are the primary key. */
export interface RowTable {
  readonly name: string;
  readonly columns: readonly string[];
  readonly keyColumns: number;
  /**
   * Rows written once and never updated (a session's hand results): plain INSERT, about half the cost of an
   * upsert, and a key written twice fails the batch instead of passing silently.
   */
  readonly insertOnly?: boolean;
}

/** Rows to upsert, by table name: each row is its column values in the table's column order. */
export type RowChanges = ReadonlyMap<string, readonly (readonly unknown[])[]>;

/** Resolves a read model's table name to the table actually written (the live one, or a rebuild's fresh copy). */
export type TableNames = (table: string) => string;

export const LIVE_TABLES: TableNames = (table) => table;

/**
 * How one pure view (libs/projections) is kept as rows. The view is cut into slices, one per poker table, so one
 * event touches one slice and the few rows it maps to:
 * - `evolve` folds an event onto a slice with the pure projection (never anything else);
 * - `changes` is the row mapping: the rows that differ between the slice the rows hold and the current one;
 * - `settle` drops from memory what is written for good (completed hands, closed sessions);
 * - `load` reads the slices of some tables back from their rows, to continue a fold in another process.
 */
export interface ReadModel<S> {
  /** The pure projection's name: the checkpoint is "projection:<name>". */
  readonly name: string;
  readonly tables: readonly RowTable[];
  /** The slice before the table's first event. */
  empty(tableId: string): S;
  /** The poker table an event belongs to, or null when this view ignores it (other streams). */
  sliceOf(event: RecordedEvent): string | null;
  evolve(slice: S, event: RecordedEvent): S;
  changes(written: S, current: S): RowChanges;
  settle(current: S): S;
  load(db: Queryable, names: TableNames, tableIds: readonly string[]): Promise<Map<string, S>>;
}

export type AnyReadModel = ReadModel<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Writes rows in one statement per table: the rows travel as ONE json array of objects (a single JSON.stringify,
 * parsed once by the server: far cheaper than an array parameter per column, which escapes every jsonb value)
 * and jsonb_populate_recordset turns it into rows of the table's own type. Each key must appear once per call
 * (Postgres refuses to update a row twice in one statement).
 */
export async function upsertRows(db: Queryable, table: RowTable, name: string, rows: readonly (readonly unknown[])[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = table.columns;
  const keys = columns.slice(0, table.keyColumns);
  const updates = columns
    .slice(table.keyColumns)
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  const objects = rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])));
  await db.query(
    `INSERT INTO ${name} (${columns.join(', ')}) SELECT ${columns.join(', ')} FROM jsonb_populate_recordset(NULL::${name}, $1::jsonb)` +
      (table.insertOnly ? '' : ` ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${updates}`),
    [JSON.stringify(objects)],
  );
}

/** ISO 8601 UTC text of a timestamp column, the same on pg and PGlite. */
export function iso(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * The poker table of an event of a table stream, else null: every view here is cut by table. Cheap on purpose
 * (called once per event before the fold, which itself reads the event and ignores what is not a table event).
 */
export function tableSliceOf(event: RecordedEvent): string | null {
  return event.streamId.startsWith(TABLE_STREAM_PREFIX) ? tableIdOfStream(event.streamId) : null;
}
