import type { RecordedEvent } from '@felt/event-store';
import { tableStateView, type TableStateView } from '@felt/projections';

/** The table as the API shows it: one home in libs/projections (table-state-view.ts), read by the console too. */
export { tableStateView as tableView, type TableStateView as TableView };

/** A stored event as the API returns it. */
export function eventView(event: RecordedEvent) {
  return {
    eventId: event.eventId,
    version: event.streamVersion,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
    globalPosition: event.globalPosition,
    hash: event.hash,
  };
}
