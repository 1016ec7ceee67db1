import { handHistory, lobby, project, publicHandHistory, publicTableViews, roomGames, sessionLedger, tableViews } from '@felt/projections';
import type { RecordedEvent } from '@felt/event-store';

export { viewsFromRows } from '@felt/read-models';

/** The pure views folded straight from the events, as the rows keep them (through JSON, only what the public may see). */
export function viewsFromEvents(events: readonly RecordedEvent[]): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify({
      'table-view': publicTableViews(project(tableViews, events)),
      'hand-history': publicHandHistory(project(handHistory, events)),
      'session-ledger': project(sessionLedger, events),
      lobby: project(lobby, events),
      room: project(roomGames, events),
    }),
  ) as Record<string, unknown>;
}
