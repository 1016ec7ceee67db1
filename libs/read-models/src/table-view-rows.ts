import {
  evolveTableEngine,
  initialTableView,
  publicTableView,
  tableEventOf,
  tableIdOfStream,
  tableRowOf,
  withShownCards,
  TABLE_STREAM_PREFIX,
  type TableView,
  type TableViews,
} from '@felt/projections';
import { tableDecider, type TableEngine, type TableState } from '@felt/engine';
import type { Queryable } from '@felt/event-store';
import { iso, tableSliceOf, type ReadModel, type RowChanges, type RowTable, type TableNames } from './read-model';

/**
 * One table's view and the time of the last event folded into it. While a batch folds, only the engine state moves
 * (evolveTableEngine); the row is derived once per batch, when its rows are written (tableRowOf, as evolveTableView
 * would have derived it after the last event).
 */
export interface TableViewSlice {
  readonly view: TableView;
  readonly asOf: string | null;
}

export const TABLE_VIEWS: RowTable = {
  name: 'table_views',
  keyColumns: 1,
  columns: ['table_id', 'stream_version', 'status', 'view', 'engine', 'as_of'],
};

/**
 * The table view (libs/projections tableViews) as one row per table, holding only what the public may see
 * (publicTableView: no undealt deck, no face-down hole card, in `view` nor in `engine`; docs/security.md).
 */
export const tableViewRows: ReadModel<TableViewSlice> = tableViewRowsFor(tableDecider);

/** The table view folded with this engine (FELT_HOUSE_RULES: a casino's modules after the default ones). */
export function tableViewRowsFor(engine: TableEngine): ReadModel<TableViewSlice> {
  return {
    name: 'table-view',
    tables: [TABLE_VIEWS],
    empty: (tableId) => ({ view: initialTableView(`${TABLE_STREAM_PREFIX}${tableId}`), asOf: null }),
    sliceOf: tableSliceOf,
    evolve(slice, event) {
      const view = evolveTableEngine(slice.view, event, engine);
      if (view === slice.view) return slice;
      const tableEvent = tableEventOf(event, engine);
      return { view: tableEvent ? withShownCards(view, tableEvent) : view, asOf: event.recordedAt };
    },
    changes(written, current): RowChanges {
      if (current.view === written.view || current.view.version === 0) return new Map();
      const view = publicTableView(withRow(current).view);
      return new Map([
        [TABLE_VIEWS.name, [[tableIdOfStream(view.streamId), view.version, view.row.status, view.row, view.engine, current.asOf]]],
      ]);
    },
    settle: (current) => withRow(current),
    async load(db, names, tableIds) {
      const { rows } = await db.query<{
        table_id: string;
        stream_version: number;
        view: TableView['row'];
        engine: TableState;
        as_of: string;
      }>(
        `SELECT table_id, stream_version, view, engine, ${iso('as_of')} AS as_of FROM ${names(TABLE_VIEWS.name)} WHERE table_id = ANY($1::text[])`,
        [tableIds],
      );
      return new Map(
        rows.map((r) => [
          r.table_id,
          {
            view: { streamId: `${TABLE_STREAM_PREFIX}${r.table_id}`, version: r.stream_version, engine: r.engine, row: r.view },
            asOf: r.as_of,
          },
        ]),
      );
    },
  };
}

/** Every table's view as the rows hold it, in the shape of the pure projection's view. */
export async function tableViewsFromRows(db: Queryable, names: TableNames): Promise<TableViews> {
  const { rows } = await db.query<{ table_id: string }>(`SELECT table_id FROM ${names(TABLE_VIEWS.name)}`);
  const slices = await tableViewRows.load(
    db,
    names,
    rows.map((r) => r.table_id),
  );
  return { tables: Object.fromEntries([...slices].map(([id, s]) => [id, s.view])) };
}

function withRow(slice: TableViewSlice): TableViewSlice {
  const { view } = slice;
  return { view: { ...view, row: tableRowOf(view.engine, tableIdOfStream(view.streamId)) }, asOf: slice.asOf };
}
