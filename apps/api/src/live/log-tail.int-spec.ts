import { EventStore, type Position, type RecordedEvent } from '@felt/event-store';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { freshStreamId, sampleEvents } from '../../../../libs/event-store/test-support/sample-events';
import { useTestStore } from '../../../../test/support/app-databases';
import { LogTail } from './log-tail';

/**
 * Where a tail starts. A reader (a /live table channel) folds a stream and then follows the tail for what comes
 * after; an event committed between the fold and the tail's first look at the log must still come from the tail.
 * The start position is held here until the test lets it go, as a loaded machine delays it.
 */
describe('LogTail start (PostgreSQL)', () => {
  const t = useTestStore('postgres');

  /** The store, with its tailStart held until `release` is called. */
  function heldStore(): { store: EventStore; release: () => void; asked: Promise<void> } {
    let release!: () => void;
    let asked!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const askedPromise = new Promise<void>((resolve) => (asked = resolve));
    const store = Object.create(t.store) as EventStore;
    store.tailStart = async (): Promise<Position> => {
      asked();
      await gate;
      return t.store.tailStart();
    };
    return { store, release, asked: askedPromise };
  }

  function tailOf(store: EventStore, seen: RecordedEvent[], errors: unknown[]): LogTail {
    return new LogTail(store, {
      pollMs: 10,
      pageSize: 100,
      onEvents: async (page) => void seen.push(...page),
      onError: (e) => errors.push(e),
    });
  }

  it('resolves start() only once its position is fixed, and hands on every event committed after that', async () => {
    const { store, release, asked } = heldStore();
    const seen: RecordedEvent[] = [];
    const errors: unknown[] = [];
    const tail = tailOf(store, seen, errors);
    try {
      let started = false;
      const starting = tail.start().then(() => (started = true));
      await asked;
      expect(started).toBe(false);
      release();
      await starting;
      const streamId = freshStreamId();
      expect((await t.store.append(streamId, { expectedVersion: 0, commandId: `${streamId}/1`, events: sampleEvents(2) })).ok).toBe(true);
      await eventually(
        async () => seen.filter((e) => e.streamId === streamId).length,
        (n) => n === 2,
      );
      expect(errors).toEqual([]);
    } finally {
      await tail.stop();
    }
  });

  it('hands on an event committed before its first read when a fold waited for start() (the /live channel order)', async () => {
    const { store, release, asked } = heldStore();
    const seen: RecordedEvent[] = [];
    const tail = tailOf(store, seen, []);
    const streamId = freshStreamId();
    try {
      const started = tail.start();
      await asked;
      // The fold waits for the start (TableChannel), so it reads after the event below and has it;
      const folded = started.then(() => t.store.readStream(streamId));
      // the event commits while the tail's start is held, before the fold.
      expect((await t.store.append(streamId, { expectedVersion: 0, commandId: `${streamId}/1`, events: sampleEvents(1) })).ok).toBe(true);
      release();
      expect((await folded).map((e) => e.streamVersion)).toEqual([1]);
      // Nothing is lost between the fold and the tail: the next event comes from the tail.
      expect((await t.store.append(streamId, { expectedVersion: 1, commandId: `${streamId}/2`, events: sampleEvents(1) })).ok).toBe(true);
      const versions = await eventually(
        async () => seen.filter((e) => e.streamId === streamId).map((e) => e.streamVersion),
        (v) => v.includes(2),
      );
      expect(versions.filter((v) => v > 1)).toEqual([2]);
    } finally {
      await tail.stop();
    }
  });

  it('starts again from its own position after a stop, and a late read of the earlier run hands on nothing twice', async () => {
    const seen: RecordedEvent[] = [];
    const tail = tailOf(t.store, seen, []);
    const streamId = freshStreamId();
    try {
      await tail.start();
      expect((await t.store.append(streamId, { expectedVersion: 0, commandId: `${streamId}/1`, events: sampleEvents(1) })).ok).toBe(true);
      void tail.stop();
      await tail.start();
      expect((await t.store.append(streamId, { expectedVersion: 1, commandId: `${streamId}/2`, events: sampleEvents(1) })).ok).toBe(true);
      const versions = await eventually(
        async () => seen.filter((e) => e.streamId === streamId).map((e) => e.streamVersion),
        (v) => v.includes(2),
      );
      expect(new Set(versions).size).toBe(versions.length);
    } finally {
      await tail.stop();
    }
  });
});
