import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { CommandIdReusedError, GENESIS_HASH, NotJsonError, eventIdFor } from './index';

describe.each(BACKENDS)('append and read (%s)', (backend) => {
  const t = useTestStore(backend);

  const countEvents = async () => Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM events')).rows[0]!.n);

  it('appends to a new stream and reads the same events back', async () => {
    const streamId = freshStreamId();
    const result = await t.store.append(streamId, {
      expectedVersion: 'no-stream',
      commandId: 'cmd-1-' + streamId,
      metadata: { actorId: 'dealer-7', actorRole: 'dealer', correlationId: 'corr-1', device: 'table-pad', unset: undefined },
      events: sampleEvents(3),
    });
    if (!result.ok) throw new Error('expected success');
    expect(result.duplicate).toBe(false);
    expect(result.streamVersion).toBe(3);
    expect(result.events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    expect(result.events.map((e) => e.eventId)).toEqual([0, 1, 2].map((i) => eventIdFor('cmd-1-' + streamId, i)));
    expect(result.events[0]!.metadata).toEqual({
      actorId: 'dealer-7',
      actorRole: 'dealer',
      correlationId: 'corr-1',
      device: 'table-pad',
      commandId: 'cmd-1-' + streamId,
    });
    expect(result.events[0]!.prevHash).toBe(GENESIS_HASH);
    expect(result.events[0]!.recordedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(new Set(result.events.map((e) => e.txId)).size).toBe(1);

    const read = await t.store.readStream(streamId);
    expect(read).toEqual(result.events);
    expect(read[2]!.data).toEqual({ label: 'e2', amount: 20, nested: { z: 1, a: [true, null, 'x'] } });
    expect(await t.store.streamVersion(streamId)).toBe(3);
  });

  it('continues a stream at the expected version and with "any"', async () => {
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `a-${streamId}`, events: sampleEvents(2) });
    const second = await t.store.append(streamId, { expectedVersion: 2, commandId: `b-${streamId}`, events: sampleEvents(1, 'b') });
    const third = await t.store.append(streamId, { expectedVersion: 'any', commandId: `c-${streamId}`, events: sampleEvents(2, 'c') });
    expect(second).toMatchObject({ ok: true, streamVersion: 3 });
    expect(third).toMatchObject({ ok: true, streamVersion: 5 });
    const all = await t.store.readStream(streamId);
    expect(all.map((e) => e.streamVersion)).toEqual([1, 2, 3, 4, 5]);
    expect(all.map((e) => (e.data as { label: string }).label)).toEqual(['e0', 'e1', 'b0', 'c0', 'c1']);
    for (let i = 1; i < all.length; i++) expect(all[i]!.prevHash).toBe(all[i - 1]!.hash);
  });

  it('reads a version range with a limit, of some types only, and nothing for an unknown stream', async () => {
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `r-${streamId}`, events: sampleEvents(6) });
    expect((await t.store.readStream(streamId, { fromVersion: 3 })).map((e) => e.streamVersion)).toEqual([3, 4, 5, 6]);
    expect((await t.store.readStream(streamId, { fromVersion: 2, toVersion: 4 })).map((e) => e.streamVersion)).toEqual([2, 3, 4]);
    expect((await t.store.readStream(streamId, { fromVersion: 2, limit: 2 })).map((e) => e.streamVersion)).toEqual([2, 3]);
    // Only some types (odd versions are ChipsMoved), with the range and the limit still applied.
    expect((await t.store.readStream(streamId, { types: ['ChipsMoved'] })).map((e) => e.streamVersion)).toEqual([1, 3, 5]);
    expect((await t.store.readStream(streamId, { types: ['ChipsMoved'], fromVersion: 2, limit: 1 })).map((e) => e.streamVersion)).toEqual([
      3,
    ]);
    expect(await t.store.readStream(streamId, { types: [] })).toEqual([]);
    expect(await t.store.readStream(freshStreamId())).toEqual([]);
    expect(await t.store.streamVersion(freshStreamId())).toBe(0);
  });

  it('lists streams with a category derived from the id', async () => {
    const tableStream = freshStreamId('table');
    const cashierStream = freshStreamId('cashier');
    await t.store.append(tableStream, { expectedVersion: 'no-stream', commandId: `l1-${tableStream}`, events: sampleEvents(2) });
    await t.store.append(cashierStream, { expectedVersion: 'no-stream', commandId: `l2-${cashierStream}`, events: sampleEvents(1) });
    const all = await t.store.listStreams();
    expect(all.find((s) => s.streamId === tableStream)).toMatchObject({ category: 'table', version: 2 });
    const cashiers = await t.store.listStreams({ category: 'cashier' });
    expect(cashiers.map((s) => s.streamId)).toEqual([cashierStream]);
    expect(cashiers[0]!.lastHash).toBe((await t.store.readStream(cashierStream))[0]!.hash);
  });

  it('returns a conflict value for a wrong expected version and writes nothing', async () => {
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `x-${streamId}`, events: sampleEvents(2) });
    const before = await countEvents();

    expect(await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `y-${streamId}`, events: sampleEvents(1) })).toEqual({
      ok: false,
      conflict: { streamId, expected: 'no-stream', actual: 2 },
    });
    expect(await t.store.append(streamId, { expectedVersion: 1, commandId: `z-${streamId}`, events: sampleEvents(1) })).toEqual({
      ok: false,
      conflict: { streamId, expected: 1, actual: 2 },
    });
    const missing = freshStreamId();
    expect(await t.store.append(missing, { expectedVersion: 4, commandId: `w-${missing}`, events: sampleEvents(1) })).toEqual({
      ok: false,
      conflict: { streamId: missing, expected: 4, actual: 0 },
    });

    expect(await countEvents()).toBe(before);
    expect(await t.store.streamVersion(streamId)).toBe(2);
    const rows = await t.db.query('SELECT 1 FROM streams WHERE stream_id = $1', [missing]);
    expect(rows.rows).toHaveLength(0);
    // The conflicting commands were not recorded: they can be retried once the caller has caught up.
    const retried = await t.store.append(streamId, { expectedVersion: 2, commandId: `z-${streamId}`, events: sampleEvents(1) });
    expect(retried).toMatchObject({ ok: true, duplicate: false, streamVersion: 3 });
  });

  it('applies a retried command once and returns its first result', async () => {
    const streamId = freshStreamId();
    const commandId = `retry-${streamId}`;
    const first = await t.store.append(streamId, { expectedVersion: 'no-stream', commandId, events: sampleEvents(2) });
    await t.store.append(streamId, { expectedVersion: 2, commandId: `other-${streamId}`, events: sampleEvents(1) });
    const before = await countEvents();

    // Same command again, with its now stale expected version and even a different payload: the first result wins.
    const retry = await t.store.append(streamId, { expectedVersion: 'no-stream', commandId, events: sampleEvents(5, 'changed') });
    if (!first.ok || !retry.ok) throw new Error('expected success');
    expect(retry.duplicate).toBe(true);
    expect(retry.streamVersion).toBe(first.streamVersion);
    expect(retry.events).toEqual(first.events);
    expect(await countEvents()).toBe(before);
    expect(await t.store.streamVersion(streamId)).toBe(3);
  });

  it('refuses a command id already used on another stream', async () => {
    const a = freshStreamId();
    const b = freshStreamId();
    const commandId = `shared-${a}`;
    await t.store.append(a, { expectedVersion: 'no-stream', commandId, events: sampleEvents(1) });
    await expect(t.store.append(b, { expectedVersion: 'any', commandId, events: sampleEvents(1) })).rejects.toThrow(CommandIdReusedError);
    expect(await t.store.streamVersion(b)).toBe(0);
  });

  it('rejects what it cannot store exactly, before writing', async () => {
    const streamId = freshStreamId();
    const before = await countEvents();
    const append = (data: unknown) =>
      t.store.append(streamId, {
        expectedVersion: 'any',
        commandId: `bad-${Math.random()}`,
        events: [{ type: 'T', schemaVersion: 1, data }],
      });
    await expect(append({ at: new Date() })).rejects.toThrow(NotJsonError);
    await expect(append({ n: Number.NaN })).rejects.toThrow(NotJsonError);
    await expect(append({ big: 10n })).rejects.toThrow(NotJsonError);
    await expect(append(['a', undefined])).rejects.toThrow(NotJsonError);
    await expect(append({ s: 'nul\u0000' })).rejects.toThrow(NotJsonError);
    await expect(t.store.append(streamId, { expectedVersion: 'any', commandId: 'empty', events: [] })).rejects.toThrow(TypeError);
    await expect(
      t.store.append(streamId, { expectedVersion: 'any', commandId: 'v0', events: [{ type: 'T', schemaVersion: 0, data: 1 }] }),
    ).rejects.toThrow(TypeError);
    expect(await countEvents()).toBe(before);
  });

  it('appends inside a caller transaction, which can roll it back', async () => {
    const streamId = freshStreamId();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let appended!: () => void;
    const appendedInTx = new Promise<void>((resolve) => (appended = resolve));

    const tx = t.db.transaction(async (tx) => {
      const result = await t.store.append(streamId, {
        expectedVersion: 'no-stream',
        commandId: `tx-${streamId}`,
        events: sampleEvents(2),
        tx,
      });
      expect(result).toMatchObject({ ok: true, streamVersion: 2 });
      expect(await t.store.streamVersion(streamId, tx)).toBe(2);
      appended();
      await gate;
      throw new Error('caller gives up');
    });
    await appendedInTx;
    // Issued while the transaction is open: on PostgreSQL it does not see the uncommitted write; on PGlite (one
    // session) it waits for the transaction to end and then sees the rollback. It must never see the events.
    const outside = t.db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [streamId]);
    release();
    await expect(tx).rejects.toThrow('caller gives up');
    expect((await outside).rows[0]).toEqual({ n: 0 });
    expect(await t.store.streamVersion(streamId)).toBe(0);
    expect(await t.store.readStream(streamId)).toEqual([]);
    // Nothing of the command was kept either: it can run again.
    expect(
      await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `tx-${streamId}`, events: sampleEvents(1) }),
    ).toMatchObject({
      ok: true,
      duplicate: false,
    });
  });

  // PGlite has one session: db.query inside a transaction would queue behind that very transaction forever.
  (backend === 'pglite' ? it : it.skip)('refuses db.query inside a transaction on PGlite instead of hanging', async () => {
    await expect(t.db.transaction(() => t.db.query('SELECT 1'))).rejects.toThrow(/use the tx handle/);
    expect((await t.db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('keeps snapshots so a caller can catch up from one', async () => {
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `s1-${streamId}`, events: sampleEvents(4) });
    expect(await t.store.loadSnapshot(streamId)).toBeNull();
    expect(await t.store.saveSnapshot(streamId, 3, { folded: 3, seats: ['a', 'b'] })).toBe(true);
    expect(await t.store.loadSnapshot(streamId)).toEqual({ streamId, version: 3, state: { folded: 3, seats: ['a', 'b'] } });
    // An older snapshot never replaces a newer one.
    expect(await t.store.saveSnapshot(streamId, 2, { folded: 2 })).toBe(false);
    expect((await t.store.loadSnapshot(streamId))!.version).toBe(3);
    await expect(t.store.saveSnapshot(streamId, 5, {})).rejects.toThrow(RangeError);
    const rest = await t.store.readStream(streamId, { fromVersion: 3 + 1 });
    expect(rest.map((e) => e.streamVersion)).toEqual([4]);
    // Saved in a transaction that rolls back: gone with it.
    await expect(
      t.db.transaction(async (tx) => {
        await t.store.saveSnapshot(streamId, 4, { folded: 4 }, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect((await t.store.loadSnapshot(streamId))!.version).toBe(3);
  });
});
