import { randomUUID } from 'node:crypto';
import { EventStore } from './event-store';
import { useTestStore } from '../test-support/test-store';
import { eventually } from '../test-support/eventually';
import type { Transaction } from './database';

/**
 * The gap-safe reader waits for transactions that could still append to this database, and only for them: a
 * transaction left open in another database of the same server (transaction ids are cluster-wide) does not hold
 * this log back, while one open here does, until it ends.
 */
describe('the gap-safe bound of readAll', () => {
  const here = useTestStore('postgres');
  const elsewhere = useTestStore('postgres');

  /** Runs `fn` inside a transaction that has taken a transaction id, and keeps it open until `release` is called. */
  function holdTransaction(store: EventStore): { ready: Promise<void>; release: () => void; done: Promise<unknown> } {
    let release!: () => void;
    let ready!: () => void;
    const readyPromise = new Promise<void>((resolve) => (ready = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    const done = store.transaction(async (tx: Transaction) => {
      await tx.query('SELECT pg_current_xact_id()');
      ready();
      await released;
    });
    return { ready: readyPromise, release, done };
  }

  const append = (store: EventStore, streamId: string, expectedVersion: number) =>
    store.append(streamId, {
      expectedVersion,
      commandId: randomUUID(),
      events: [{ type: 'ChipsAdded', schemaVersion: 1, data: { seat: 1, amount: 1 } }],
    });

  it('does not wait for a transaction open in another database, and waits for one open in its own', async () => {
    const streamId = `table-${randomUUID()}`;
    const other = holdTransaction(elsewhere.store);
    await other.ready;
    try {
      await append(here.store, streamId, 0);
      // Appended after the other database's transaction took its id: returned all the same.
      const seen = await eventually(
        () => here.store.readAll({ limit: 100 }),
        (events) => events.some((e) => e.streamId === streamId),
        30_000,
      );
      expect(seen.filter((e) => e.streamId === streamId).map((e) => e.streamVersion)).toEqual([1]);

      const own = holdTransaction(here.store);
      await own.ready;
      let ownReleased = false;
      try {
        await append(here.store, streamId, 1);
        // Committed, but behind a transaction of this database still open: not returned while it is.
        const waiting = await here.store.readAll({ limit: 100 });
        expect(waiting.filter((e) => e.streamId === streamId).map((e) => e.streamVersion)).toEqual([1]);
        own.release();
        ownReleased = true;
        await own.done;
        const after = await eventually(
          () => here.store.readAll({ limit: 100 }),
          (events) => events.filter((e) => e.streamId === streamId).length === 2,
          30_000,
        );
        expect(after.filter((e) => e.streamId === streamId).map((e) => e.streamVersion)).toEqual([1, 2]);
      } finally {
        if (!ownReleased) own.release();
        await own.done;
      }
    } finally {
      other.release();
      await other.done;
    }
  });
});
