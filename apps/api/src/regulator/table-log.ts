import type { Database, EventStore, RecordedEvent } from '@felt/event-store';
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

export interface TimeRangePage {
  readonly events: RecordedEvent[];
  /** The fromVersion of the next page, or null when no later event of the range is left. */
  readonly nextFromVersion: number | null;
}

/**
 * Up to `limit` events of a table recorded within [from, to] (either end open), from `fromVersion` on, in version
 * order. The versions are picked by recorded time first, then read through the event store as every read is.
 */
export async function eventsRecordedBetween(
  db: Database,
  store: EventStore,
  tableId: string,
  range: { from: string | null; to: string | null; fromVersion: number; limit: number },
): Promise<TimeRangePage> {
  const streamId = streamIdOf(tableId);
  const { rows } = await db.query<{ stream_version: number }>(
    `SELECT stream_version FROM events
     WHERE stream_id = $1 AND stream_version >= $2
       AND ($3::timestamptz IS NULL OR recorded_at >= $3::timestamptz) AND ($4::timestamptz IS NULL OR recorded_at <= $4::timestamptz)
     ORDER BY stream_version LIMIT $5`,
    [streamId, range.fromVersion, range.from, range.to, range.limit + 1],
  );
  const versions = rows.map((r) => Number(r.stream_version));
  const page = versions.slice(0, range.limit);
  if (page.length === 0) return { events: [], nextFromVersion: null };
  const wanted = new Set(page);
  const events = (await store.readStream(streamId, { fromVersion: page[0]!, toVersion: page[page.length - 1]! })).filter((e) => wanted.has(e.streamVersion));
  return { events, nextFromVersion: versions.length > range.limit ? versions[range.limit]! : null };
}
