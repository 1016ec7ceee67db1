import { BACKENDS } from '../test-support/test-databases';
import { eventually } from '../test-support/eventually';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { START, comparePositions, positionOf, type RecordedEvent } from './index';

/**
 * The named queries the apps use instead of SQL of their own on the store's tables (docs/architecture.md,
 * "Boundaries"): command lookups, reads by time and type, positions and lag, checkpoint records, transactions.
 */
describe.each(BACKENDS)('the store’s named queries (%s)', (backend) => {
  const t = useTestStore(backend);

  async function appendOk(
    streamId: string,
    commandId: string,
    count: number,
    expectedVersion: number | 'no-stream',
  ): Promise<RecordedEvent[]> {
    const result = await t.store.append(streamId, { expectedVersion, commandId, events: sampleEvents(count, commandId) });
    if (!result.ok) throw new Error(`append of ${commandId} conflicted`);
    return result.events;
  }

  const until = <T>(read: () => Promise<T>, done: (value: T) => boolean) => eventually(read, done, 60_000);

  it('says which backend holds the log', () => {
    expect(t.store.backend).toBe(backend);
  });

  it('finds a command by id: its stream and the versions it wrote; null for one never applied', async () => {
    const streamId = freshStreamId();
    await appendOk(streamId, `first-${streamId}`, 2, 'no-stream');
    await appendOk(streamId, `second-${streamId}`, 3, 2);
    expect(await t.store.findCommand(`second-${streamId}`)).toEqual({
      commandId: `second-${streamId}`,
      streamId,
      firstVersion: 3,
      lastVersion: 5,
    });
    expect(await t.store.findCommand(`never-${streamId}`)).toBeNull();
  });

  it('finds the last event of a type at or before a version', async () => {
    const streamId = freshStreamId();
    await appendOk(streamId, `types-${streamId}`, 5, 'no-stream'); // ChipsMoved at 1, 3, 5; CardDealt at 2, 4
    expect(await t.store.lastVersionOfType(streamId, 'CardDealt', 5)).toBe(4);
    expect(await t.store.lastVersionOfType(streamId, 'ChipsMoved', 4)).toBe(3);
    expect(await t.store.lastVersionOfType(streamId, 'CardDealt', 1)).toBeNull();
    expect(await t.store.lastVersionOfType(streamId, 'HandStarted', 5)).toBeNull();
    await expect(t.store.lastVersionOfType(streamId, 'CardDealt', -1)).rejects.toThrow(RangeError);
  });

  it('reads a stream from one of its events on, found by id, optionally of some types only', async () => {
    const streamId = freshStreamId();
    const events = await appendOk(streamId, `from-${streamId}`, 5, 'no-stream'); // ChipsMoved at 1, 3, 5; CardDealt at 2, 4
    const other = await appendOk(freshStreamId(), `from-other-${streamId}`, 1, 'no-stream');
    const versions = (read: RecordedEvent[]) => read.map((e) => e.streamVersion);
    expect(versions(await t.store.readStream(streamId, { fromEventId: events[2]!.eventId }))).toEqual([3, 4, 5]);
    expect(versions(await t.store.readStream(streamId, { fromEventId: events[1]!.eventId, types: ['ChipsMoved'] }))).toEqual([3, 5]);
    // Another stream's event, or an id no event has: nothing.
    expect(await t.store.readStream(streamId, { fromEventId: other[0]!.eventId })).toEqual([]);
    expect(await t.store.readStream(streamId, { fromEventId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('reads a stream by recorded time, a page at a time', async () => {
    const streamId = freshStreamId();
    const first = await appendOk(streamId, `t1-${streamId}`, 2, 'no-stream');
    // Each append's events share its transaction's time; wait for the clock to move so the ranges can tell them apart.
    await until(
      async () => Date.now(),
      (now) => now > Date.parse(first[0]!.recordedAt) + 5,
    );
    const second = await appendOk(streamId, `t2-${streamId}`, 3, 2);
    const all = [...first, ...second];
    const range = { from: null, to: null, fromVersion: 1, limit: 100 };
    expect(await t.store.readStreamRecordedBetween(streamId, range)).toEqual({ events: all, nextFromVersion: null });

    const later = await t.store.readStreamRecordedBetween(streamId, { ...range, from: second[0]!.recordedAt });
    expect(later).toEqual({ events: second, nextFromVersion: null });
    const earlier = await t.store.readStreamRecordedBetween(streamId, { ...range, to: first[0]!.recordedAt });
    expect(earlier).toEqual({ events: first, nextFromVersion: null });

    const page1 = await t.store.readStreamRecordedBetween(streamId, { ...range, limit: 2 });
    expect(page1).toEqual({ events: all.slice(0, 2), nextFromVersion: 3 });
    const page2 = await t.store.readStreamRecordedBetween(streamId, { ...range, fromVersion: 3, limit: 2 });
    expect(page2).toEqual({ events: all.slice(2, 4), nextFromVersion: 5 });
    expect(await t.store.readStreamRecordedBetween(freshStreamId(), range)).toEqual({ events: [], nextFromVersion: null });
    await expect(t.store.readStreamRecordedBetween(streamId, { ...range, limit: 0 })).rejects.toThrow(RangeError);
  });

  it('counts the events after a position, up to a cap, and knows the newest position', async () => {
    const streamId = freshStreamId();
    const events = await appendOk(streamId, `count-${streamId}`, 4, 'no-stream');
    // The tests of a block run one after another: nothing else appends meanwhile.
    const newest = await t.store.newestPosition();
    expect(newest).toEqual(positionOf(events[3]!));
    expect(await t.store.countEventsAfter(START)).toBeGreaterThanOrEqual(4);
    expect(await t.store.countEventsAfter(positionOf(events[1]!))).toBe(2);
    expect(await t.store.countEventsAfter(positionOf(events[0]!), 2)).toBe(2);
    expect(await t.store.countEventsAfter(newest)).toBe(0);
    await expect(t.store.countEventsAfter(START, -1)).rejects.toThrow(RangeError);
  });

  it('starts a tail where every event appended afterwards is read', async () => {
    const tail = await t.store.tailStart();
    expect(comparePositions(tail, await t.store.newestPosition())).toBeLessThanOrEqual(0);
    const streamId = freshStreamId();
    const appended = await appendOk(streamId, `tail-${streamId}`, 3, 'no-stream');
    const read = await until(
      () => t.store.readAll({ after: tail, limit: 10_000 }),
      (events) => appended.every((a) => events.some((e) => e.eventId === a.eventId)),
    );
    expect(read.filter((e) => e.streamId === streamId)).toEqual(appended);
  });

  it('keeps a checkpoint record with its time, forgets it, and commits it only with its transaction', async () => {
    const name = `consumer-${freshStreamId()}`;
    expect(await t.store.checkpointRecord(name)).toBeNull();
    const position = { txId: '12', globalPosition: '34' };
    await t.store.saveCheckpoint(name, position);
    const record = await t.store.checkpointRecord(name);
    expect(record).toEqual({ position, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });

    await expect(
      t.store.transaction(async (tx) => {
        await t.store.deleteCheckpoint(name, tx);
        expect(await t.store.checkpointRecord(name, tx)).toBeNull();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await t.store.checkpointRecord(name))?.position).toEqual(position);

    await t.store.deleteCheckpoint(name);
    expect(await t.store.loadCheckpoint(name)).toEqual(START);
  });

  it('lists commands whose events were removed behind the chain’s back', async () => {
    const kept = freshStreamId();
    const cut = freshStreamId();
    await appendOk(kept, `kept-${kept}`, 2, 'no-stream');
    await appendOk(cut, `cut-a-${cut}`, 2, 'no-stream');
    await appendOk(cut, `cut-b-${cut}`, 2, 2);
    expect(await t.store.danglingCommands([kept, cut])).toEqual([]);
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query('DELETE FROM events WHERE stream_id = $1 AND stream_version = 4', [cut]);
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
    expect(await t.store.danglingCommands([kept, cut])).toEqual([
      { commandId: `cut-b-${cut}`, streamId: cut, firstVersion: 3, lastVersion: 4, firstOk: true, lastOk: false },
    ]);
    expect(await t.store.danglingCommands([kept])).toEqual([]);
    expect(await t.store.danglingCommands([])).toEqual([]);
    expect((await t.store.danglingCommands()).map((c) => c.commandId)).toContain(`cut-b-${cut}`);
  });

  it('finds events no commands row accounts for: a forged event, and one relabelled to another command', async () => {
    const clean = freshStreamId();
    const forged = freshStreamId();
    await appendOk(clean, `clean-${clean}`, 2, 'no-stream');
    await appendOk(forged, `forged-a-${forged}`, 2, 'no-stream');
    await appendOk(forged, `forged-b-${forged}`, 1, 2);
    expect(await t.store.eventsWithoutCommand([clean, forged])).toEqual([]);
    // A superuser adds an event with a good hash and no commands row (here: the row of its append taken away), and
    // relabels another one's command id.
    await t.db.transaction(async (tx) => {
      await tx.query('DELETE FROM commands WHERE command_id = $1', [`forged-b-${forged}`]);
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query(
        `UPDATE events SET metadata = jsonb_set(metadata, '{commandId}', to_jsonb($2::text)) WHERE stream_id = $1 AND stream_version = 1`,
        [forged, `clean-${clean}`],
      );
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
    const orphans = await t.store.eventsWithoutCommand([clean, forged]);
    expect(orphans.map((o) => [o.streamVersion, o.commandId])).toEqual([
      [1, `clean-${clean}`],
      [3, `forged-b-${forged}`],
    ]);
    expect(await t.store.eventsWithoutCommand([clean])).toEqual([]);
    expect(await t.store.eventsWithoutCommand([])).toEqual([]);
  });

  it('calls back after appends on PostgreSQL, and never listens on PGlite', async () => {
    let calls = 0;
    const listener = await t.store.listenForAppends(() => calls++);
    try {
      expect(listener.listening).toBe(backend === 'postgres');
      const streamId = freshStreamId();
      await appendOk(streamId, `notify-${streamId}`, 1, 'no-stream');
      if (backend === 'postgres')
        expect(
          await until(
            async () => calls,
            (n) => n > 0,
          ),
        ).toBeGreaterThan(0);
      else expect(calls).toBe(0);
    } finally {
      await listener.close();
    }
  });
});
