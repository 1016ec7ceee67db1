import { handHistory, lobby, project, sessionLedger, tableViews } from '@felt/projections';
import type { RecordedEvent } from '@felt/event-store';

export { viewsFromRows } from '../read-model-check';

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
