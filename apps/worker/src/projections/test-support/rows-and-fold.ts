import { handHistory, lobby, project, sessionLedger, tableViews } from '@felt/projections';
import type { Queryable, RecordedEvent } from '@felt/event-store';
import { LIVE_TABLES, type TableNames } from '../read-model';
import { tableViewsFromRows } from '../table-view-rows';
import { handHistoryFromRows } from '../hand-history-rows';
import { sessionLedgerFromRows } from '../session-ledger-rows';
import { lobbyFromRows } from '../lobby-rows';

/** Every read model as its rows hold it, in the shape of the pure views, by projection name. */
export async function viewsFromRows(db: Queryable, names: TableNames = LIVE_TABLES): Promise<Record<string, unknown>> {
  return {
    'table-view': await tableViewsFromRows(db, names),
    'hand-history': await handHistoryFromRows(db, names),
    'session-ledger': await sessionLedgerFromRows(db, names),
    lobby: await lobbyFromRows(db, names),
  };
}

/** The pure views folded straight from the events, through JSON as the rows keep them. */
export function viewsFromEvents(events: readonly RecordedEvent[]): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify({
      'table-view': project(tableViews, events),
      'hand-history': project(handHistory, events),
      'session-ledger': project(sessionLedger, events),
      lobby: project(lobby, events),
    }),
  ) as Record<string, unknown>;
}
