import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { START, positionOf } from './index';

const REFUSALS = [
  ['UPDATE', `UPDATE events SET type = 'Forged'`],
  ['UPDATE matching no row', `UPDATE events SET type = 'Forged' WHERE false`],
  ['DELETE', 'DELETE FROM events'],
  ['TRUNCATE', 'TRUNCATE events'],
  ['TRUNCATE CASCADE through streams', 'TRUNCATE streams CASCADE'],
] as const;

describe.each(BACKENDS)('immutable events (%s)', (backend) => {
  const t = useTestStore(backend);
  let streamId: string;

  beforeAll(async () => {
    streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `imm-${streamId}`, events: sampleEvents(3) });
  });

  const countEvents = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;

  it.each(REFUSALS)('refuses %s even to the table owner', async (_name, sql) => {
    await expect(t.db.query(sql)).rejects.toThrow(/events are append-only/);
    expect(await countEvents()).toBe(3);
    expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: true });
  });

  it('stamps the writing transaction id whatever an INSERT says', async () => {
    const other = freshStreamId();
    await t.store.append(other, { expectedVersion: 'no-stream', commandId: `stamp-${other}`, events: sampleEvents(1) });
    const [event] = await t.store.readStream(other);
    const outcome = await t.db
      .transaction(async (tx) => {
        await tx.query(
          `INSERT INTO events (event_id, stream_id, stream_version, tx_id, type, schema_version, data, recorded_at, prev_hash, hash)
         VALUES (gen_random_uuid(), $1, 2, '1'::xid8, 'Sneaky', 1, '{}', now(), $2, $2)`,
          [other, event!.hash],
        );
        const inserted = await tx.query<{ tx_id: string; mine: string }>(
          `SELECT tx_id::text AS tx_id, pg_current_xact_id()::text AS mine FROM events WHERE stream_id = $1 AND stream_version = 2`,
          [other],
        );
        expect(inserted.rows[0]!.tx_id).toBe(inserted.rows[0]!.mine);
        throw new Error('roll the sneaky row back');
      })
      .catch((error: Error) => error.message);
    expect(outcome).toBe('roll the sneaky row back');
  });

  describe('as the application role felt_app', () => {
    beforeAll(async () => {
      const role = await t.db.query(`SELECT 1 FROM pg_roles WHERE rolname = 'felt_app'`);
      expect(role.rows).toHaveLength(1);
    });

    /** Runs fn inside a transaction that has switched to felt_app (SET LOCAL ROLE ends with the transaction). */
    const asApp = <T>(fn: (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0]) => Promise<T>) =>
      t.db.transaction(async (tx) => {
        await tx.query('SET LOCAL ROLE felt_app');
        return fn(tx);
      });

    it.each(REFUSALS)('is refused %s by its grants', async (_name, sql) => {
      await expect(asApp((tx) => tx.query(sql))).rejects.toThrow(/permission denied|must be owner/);
      expect(await countEvents()).toBeGreaterThanOrEqual(3);
    });

    it('cannot switch the trigger off', async () => {
      await expect(asApp((tx) => tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only'))).rejects.toThrow(/must be owner/);
    });

    it('can do everything the application needs', async () => {
      const appStream = freshStreamId();
      await asApp(async (tx) => {
        const result = await t.store.append(appStream, {
          expectedVersion: 'no-stream',
          commandId: `app-${appStream}`,
          events: sampleEvents(2),
          tx,
        });
        expect(result).toMatchObject({ ok: true, streamVersion: 2 });
        const retry = await t.store.append(appStream, {
          expectedVersion: 'no-stream',
          commandId: `app-${appStream}`,
          events: sampleEvents(2),
          tx,
        });
        expect(retry).toMatchObject({ ok: true, duplicate: true });
        expect(await t.store.readStream(appStream, { tx })).toHaveLength(2);
        expect(await t.store.saveSnapshot(appStream, 2, { seen: 2 }, tx)).toBe(true);
        expect(await t.store.loadSnapshot(appStream, tx)).toMatchObject({ version: 2 });
        const read = await t.store.readAll({ after: START, tx });
        await t.store.saveCheckpoint('app-reader', read.length > 0 ? positionOf(read[read.length - 1]!) : START, tx);
        await t.store.saveCheckpoint('app-reader', START, tx);
        expect(await t.store.loadCheckpoint('app-reader', tx)).toEqual(START);
      });
      expect(await t.store.verifyChain(appStream)).toMatchObject({ ok: true, head: { version: 2 } });
    });
  });
});
