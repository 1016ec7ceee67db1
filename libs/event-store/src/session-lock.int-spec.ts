import { randomUUID } from 'node:crypto';
import { START, type Position } from './position';
import { SessionLock } from './session-lock';
import { useTestStore } from '../test-support/test-store';
import { eventually } from '../test-support/eventually';

/** The outbox relay's leadership (one publisher among several workers) and its forward-only checkpoint. */
describe('SessionLock on PostgreSQL', () => {
  const database = useTestStore('postgres');
  const opened: SessionLock[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((lock) => lock.close()));
  });
  const lockOn = (name: string) => {
    const lock = SessionLock.on(database.db, name);
    opened.push(lock);
    return lock;
  };

  it('is held by one session at a time, and passes to another when its holder closes', async () => {
    const name = `lock-${randomUUID()}`;
    const first = lockOn(name);
    const second = lockOn(name);
    expect(await first.tryAcquire()).toBe(true);
    expect(await first.tryAcquire()).toBe(true);
    expect(await second.tryAcquire()).toBe(false);
    expect([first.held, second.held, first.acquisitions, second.acquisitions]).toEqual([true, false, 1, 0]);
    await first.close();
    expect(
      await eventually(
        () => second.tryAcquire(),
        (held) => held,
        30_000,
      ),
    ).toBe(true);
    expect(second.acquisitions).toBe(1);
    await expect(first.tryAcquire()).rejects.toThrow('closed');
  });

  it('excludes a transaction-scoped lock of the same name both ways (what older workers take)', async () => {
    const name = `lock-${randomUUID()}`;
    await database.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [name]);
      expect(await lockOn(name).tryAcquire()).toBe(false);
    });
    const lock = lockOn(name);
    expect(await lock.tryAcquire()).toBe(true);
    const { rows } = await database.db.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked', [name]);
    expect(rows).toEqual([{ locked: false }]);
  });

  it('is no longer held once its connection is killed, and is taken again on a new one', async () => {
    const name = `lock-${randomUUID()}`;
    const lock = lockOn(name);
    expect(await lock.tryAcquire()).toBe(true);
    const { rows } = await database.db.query<{ killed: boolean }>(
      `SELECT pg_terminate_backend(l.pid) AS killed FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.objid = hashtext($1)::oid AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [name],
    );
    expect(rows).toEqual([{ killed: true }]);
    await eventually(
      async () => lock.held,
      (held) => !held,
      30_000,
    );
    expect(
      await eventually(
        () => lock.tryAcquire().catch(() => false),
        (held) => held,
        30_000,
      ),
    ).toBe(true);
    expect(lock.acquisitions).toBe(2);
  });
});

describe('advanceCheckpoint', () => {
  const database = useTestStore('postgres');
  const at = (txId: number, globalPosition: number): Position => ({ txId: String(txId), globalPosition: String(globalPosition) });

  it('moves a checkpoint forward and never back', async () => {
    const name = `relay-${randomUUID()}`;
    const { store } = database;
    expect(await store.loadCheckpoint(name)).toEqual(START);
    await store.advanceCheckpoint(name, at(10, 5));
    expect(await store.loadCheckpoint(name)).toEqual(at(10, 5));
    await store.advanceCheckpoint(name, at(10, 4));
    await store.advanceCheckpoint(name, at(9, 50));
    expect(await store.loadCheckpoint(name)).toEqual(at(10, 5));
    await store.advanceCheckpoint(name, at(10, 6));
    await store.advanceCheckpoint(name, at(11, 1));
    expect(await store.loadCheckpoint(name)).toEqual(at(11, 1));
    await expect(store.advanceCheckpoint(name, { txId: '1; DROP', globalPosition: '1' })).rejects.toThrow(TypeError);
  });
});

describe('SessionLock on PGlite', () => {
  const database = useTestStore('pglite');

  it('is always held: one process, one session', async () => {
    const lock = SessionLock.on(database.db, 'outbox-relay');
    expect(await lock.tryAcquire()).toBe(true);
    expect(lock.acquisitions).toBe(1);
    await lock.close();
  });
});
