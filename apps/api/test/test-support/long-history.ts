import type { EventStore } from '@felt/event-store';
import { randomTableLog } from '@felt/regulator';
import { streamIdOf } from '../../src/tables/table-stream';

/**
 * Writes a table of random legal hands with at least `events` events straight into the store (the engine plays,
 * the store appends in large batches), without going through the API: so no snapshot exists, as for a table
 * written before snapshots or by another tool. Ends between hands. Returns the table's version.
 */
export async function appendRandomHistory(store: EventStore, tableId: string, events: number, seed = 1): Promise<number> {
  const log = randomTableLog({ tableId, seed, events, players: 6 });
  const streamId = streamIdOf(tableId);
  const batch = 1000;
  for (let start = 0; start < log.length; start += batch) {
    const slice = log.slice(start, start + batch);
    const appended = await store.append(streamId, {
      expectedVersion: start,
      commandId: `${streamId}/history/${start}`,
      events: slice.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
      metadata: { actorId: 'history-loader', actorRole: 'test' },
    });
    if (!appended.ok) throw new Error(`history append conflicted at ${start}`);
  }
  return log.length;
}
