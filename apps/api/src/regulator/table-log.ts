import type { EventStore, RecordedEvent, TimeRangePage } from '@felt/event-store';
import { streamIdOf } from '../tables/table-stream';

const PAGE = 10_000;

/** A table's whole stream in version order (recall and export fold or write all of it). */
export async function wholeTableLog(store: EventStore, tableId: string): Promise<RecordedEvent[]> {
  const streamId = streamIdOf(tableId);
  const out: RecordedEvent[] = [];
  for (;;) {
    const page = await store.readStream(streamId, { fromVersion: out.length + 1, limit: PAGE });
    out.push(...page);
    if (page.length < PAGE) return out;
  }
}

/** Up to `limit` events of a table recorded within [from, to] (either end open), from `fromVersion` on, in version order. */
export function eventsRecordedBetween(
  store: EventStore,
  tableId: string,
  range: { from: string | null; to: string | null; fromVersion: number; limit: number },
): Promise<TimeRangePage> {
  return store.readStreamRecordedBetween(streamIdOf(tableId), range);
}
