import { randomUUID } from 'node:crypto';
import type { EventStore } from '@felt/event-store';

/**
 * Appends `perTable` events to each of `tables` fresh tables, one append per event, interleaving the tables so the
 * global log mixes them. Returns the stream ids.
 */
export async function appendInterleaved(store: EventStore, tables: number, perTable: number): Promise<string[]> {
  const streams = Array.from({ length: tables }, () => `table-${randomUUID()}`);
  for (let version = 1; version <= perTable; version++) {
    await Promise.all(
      streams.map((streamId) =>
        store.append(streamId, {
          expectedVersion: version - 1,
          commandId: randomUUID(),
          events: [{ type: 'ChipsAdded', schemaVersion: 1, data: { seat: 1, amount: version } }],
        }),
      ),
    );
  }
  return streams;
}
