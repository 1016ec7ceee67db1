import { eventually } from '../test-support/eventually';
import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { START, comparePositions, positionOf, type Position, type RecordedEvent } from './index';

describe.each(BACKENDS)('global reader and checkpoints (%s)', (backend) => {
  const t = useTestStore(backend);

  beforeAll(async () => {
    await t.db.query('CREATE TABLE read_model_rows (event_id uuid PRIMARY KEY, type text NOT NULL)');
  });

  /** Everything readAll returns after `after`, page by page. */
  async function readThrough(after: Position = START, pageSize = 1000): Promise<RecordedEvent[]> {
    const all: RecordedEvent[] = [];
    for (let position = after; ;) {
      const page = await t.store.readAll({ after: position, limit: pageSize });
      if (page.length === 0) return all;
      all.push(...page);
      position = positionOf(page[page.length - 1]!);
    }
  }

  /** One projection step: read after the checkpoint, write rows and the checkpoint in one transaction. */
  async function project(name: string): Promise<RecordedEvent[]> {
    return t.db.transaction(async (tx) => {
      const after = await t.store.loadCheckpoint(name, tx);
      const events = await t.store.readAll({ after, limit: 1000, tx });
      for (const event of events) {
        await tx.query('INSERT INTO read_model_rows (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING', [event.eventId, event.type]);
      }
      if (events.length > 0) await t.store.saveCheckpoint(name, positionOf(events[events.length - 1]!), tx);
      return events;
    });
  }

  it('returns every committed event once, in (txId, globalPosition) order, page by page', async () => {
    const streams = [freshStreamId(), freshStreamId(), freshStreamId()];
    const written: string[] = [];
    for (let round = 0; round < 3; round++) {
      for (const streamId of streams) {
        const result = await t.store.append(streamId, {
          expectedVersion: 'any',
          commandId: `${streamId}/${round}`,
          events: sampleEvents(2),
        });
        if (result.ok) written.push(...result.events.map((e) => e.eventId));
      }
    }
    const ours = (events: RecordedEvent[]) => events.filter((e) => streams.includes(e.streamId));
    const all = ours(
      await eventually(
        () => readThrough(),
        (events) => ours(events).length === written.length,
      ),
    );
    expect(all.map((e) => e.eventId)).toEqual(written);
    for (let i = 1; i < all.length; i++) expect(comparePositions(positionOf(all[i - 1]!), positionOf(all[i]!))).toBeLessThan(0);
    expect(ours(await readThrough(START, 4)).map((e) => e.eventId)).toEqual(written);
  });

  it('orders by transaction id as a number, not as its text', async () => {
    // Forge two old transaction ids (as a superuser, with the stamping trigger off): as text '10' sorts before '5'.
    const streamId = freshStreamId('forged');
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_stamp_tx_id');
      await tx.query(`INSERT INTO streams (stream_id, category, version, last_hash) VALUES ($1, 'forged', 2, $2)`, [
        streamId,
        '0'.repeat(64),
      ]);
      for (const [version, txId] of [
        [1, '5'],
        [2, '10'],
      ] as const) {
        await tx.query(
          `INSERT INTO events (event_id, stream_id, stream_version, tx_id, type, schema_version, data, recorded_at, prev_hash, hash)
           VALUES (gen_random_uuid(), $1, $2, $3::xid8, 'Forged', 1, '{}', now(), $4, $4)`,
          [streamId, version, txId, '0'.repeat(64)],
        );
      }
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_stamp_tx_id');
    });
    const forged = (await readThrough(START, 1)).filter((e) => e.streamId === streamId);
    expect(forged.map((e) => e.txId)).toEqual(['5', '10']);
  });

  it('starts consumers at START and keeps their position', async () => {
    expect(await t.store.loadCheckpoint('never-saved')).toEqual(START);
    await t.store.saveCheckpoint('kept', { txId: '123', globalPosition: '45' });
    expect(await t.store.loadCheckpoint('kept')).toEqual({ txId: '123', globalPosition: '45' });
    await expect(t.store.saveCheckpoint('kept', { txId: 'x', globalPosition: '1' })).rejects.toThrow(TypeError);
  });

  it('rolls a checkpoint back with the read model transaction that saved it', async () => {
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `cp-${streamId}`, events: sampleEvents(2) });
    const before = await t.store.loadCheckpoint('rollback-projection');
    await expect(
      t.db.transaction(async (tx) => {
        const events = await t.store.readAll({ after: before, tx });
        for (const event of events)
          await tx.query('INSERT INTO read_model_rows (event_id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
            event.eventId,
            event.type,
          ]);
        await t.store.saveCheckpoint('rollback-projection', positionOf(events[events.length - 1]!), tx);
        throw new Error('projection failed');
      }),
    ).rejects.toThrow('projection failed');
    expect(await t.store.loadCheckpoint('rollback-projection')).toEqual(before);
    const rows = await t.db.query('SELECT 1 FROM read_model_rows r JOIN events e USING (event_id) WHERE e.stream_id = $1', [streamId]);
    expect(rows.rows).toHaveLength(0);

    // Committed: rows and checkpoint land together.
    await eventually(
      () => project('rollback-projection'),
      () => true,
    );
    const kept = await t.db.query('SELECT 1 FROM read_model_rows r JOIN events e USING (event_id) WHERE e.stream_id = $1', [streamId]);
    expect(kept.rows).toHaveLength(2);
    expect(comparePositions(await t.store.loadCheckpoint('rollback-projection'), before)).toBeGreaterThan(0);
  });

  // PGlite has a single session, so a second transaction cannot commit while the first is open: the out-of-order
  // commit this test needs cannot happen there.
  (backend === 'postgres' ? it : it.skip)('never skips an event committed out of order, and never checkpoints past it', async () => {
    const early = freshStreamId();
    const late = freshStreamId();
    // Bring the projection up to date first.
    await eventually(
      () => project('ooo-projection'),
      (events) => events.length === 0,
    );

    let commitT1!: () => void;
    const t1MayCommit = new Promise<void>((resolve) => (commitT1 = resolve));
    let t1Appended!: (txId: string) => void;
    const t1TxId = new Promise<string>((resolve) => (t1Appended = resolve));
    const t1 = t.db.transaction(async (tx) => {
      const result = await t.store.append(early, {
        expectedVersion: 'no-stream',
        commandId: `t1-${early}`,
        events: sampleEvents(1, 'early'),
        tx,
      });
      if (!result.ok) throw new Error('T1 append failed');
      t1Appended(result.events[0]!.txId);
      await t1MayCommit;
    });
    const earlyTx = await t1TxId;

    // T2 starts after T1, gets a later transaction id, and commits first.
    const t2 = await t.store.append(late, { expectedVersion: 'no-stream', commandId: `t2-${late}`, events: sampleEvents(1, 'late') });
    if (!t2.ok) throw new Error('T2 append failed');
    const lateTx = t2.events[0]!.txId;
    expect(BigInt(lateTx)).toBeGreaterThan(BigInt(earlyTx));

    const whileOpen = await readThrough();
    expect(whileOpen.map((e) => e.streamId)).not.toContain(late);
    expect(whileOpen.map((e) => e.streamId)).not.toContain(early);
    const projectedWhileOpen = await project('ooo-projection');
    expect(projectedWhileOpen.map((e) => e.streamId)).not.toContain(late);
    const checkpoint = await t.store.loadCheckpoint('ooo-projection');
    expect(BigInt(checkpoint.txId)).toBeLessThan(BigInt(earlyTx));

    commitT1();
    await t1;

    const caughtUp = await eventually(
      async () => [...(await project('ooo-projection'))],
      (events) => events.some((e) => e.streamId === late),
    );
    const ours = caughtUp.filter((e) => e.streamId === early || e.streamId === late);
    expect(ours.map((e) => e.streamId)).toEqual([early, late]);
    expect(ours.map((e) => e.txId)).toEqual([earlyTx, lateTx]);
    const projected = await t.db.query<{ stream_id: string }>(
      'SELECT e.stream_id FROM read_model_rows r JOIN events e USING (event_id) WHERE e.stream_id IN ($1, $2)',
      [early, late],
    );
    expect(projected.rows.map((r) => r.stream_id).sort()).toEqual([early, late].sort());
  });
});
