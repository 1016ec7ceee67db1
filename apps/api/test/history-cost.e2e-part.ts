import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { CountingDatabase } from './test-support/counting-database';
import { appendRandomHistory } from './test-support/long-history';
import { startTestApi, type TestApi } from './test-support/test-api';
import { openTableWithPlayers } from './test-support/table-setup';
import { streamIdOf } from '../src/tables/table-stream';
import { PlayerRegistry } from '../src/players/player-registry';

const SNAPSHOT_EVERY = 100;
const LONG_HISTORY = 6000;

/**
 * A command's cost must not grow with the table's history. Measured in rows the database returns (a proxy for
 * work; timings are the benchmark's business): a warm command reads the same on a table of 6,000 events as on
 * one of 6, and a cold one (after a restart) reads a snapshot and at most SNAPSHOT_EVERY events.
 */
describe.each(APP_BACKENDS)('cost of a command against the length of the history (%s)', (backend) => {
  let db: CountingDatabase;
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let longVersion: number;

  beforeAll(async () => {
    db = new CountingDatabase(database.db);
    api = await startTestApi(db, { snapshotEvery: SNAPSHOT_EVERY });
    // The player registry's poll of the log (every REGISTRY_POLL_MS) reads the same database in the background: a
    // reader of its own, not a command's cost, and it would land in a measure at random. Stopped for these counts.
    api.app.get(PlayerRegistry).onApplicationShutdown();
    await openTableWithPlayers(api, 'short', 4);
    longVersion = await appendRandomHistory(api.store, 'long', LONG_HISTORY);
  });

  const addChips = (tableId: string, seat: number) => () =>
    api.http.post(`/tables/${tableId}/add-chips`).send({ seat, amount: 1 }).expect(201);

  it('folds an unsnapshotted history once, then keeps a snapshot of it', async () => {
    expect(longVersion).toBeGreaterThanOrEqual(LONG_HISTORY);
    const first = await db.measure(addChips('long', 1));
    expect(first.rowsRead).toBeGreaterThanOrEqual(LONG_HISTORY);
    await api.snapshots.flush();
    const snapshot = await api.store.loadSnapshot(streamIdOf('long'));
    expect(snapshot?.version).toBeGreaterThanOrEqual(longVersion);
  });

  it('reads the same rows per command on a long table as on a short one (warm cache)', async () => {
    await db.measure(addChips('short', 1)); // warm the short table too
    const short: number[] = [];
    const long: number[] = [];
    for (let i = 0; i < 5; i++) {
      short.push((await db.measure(addChips('short', (i % 4) + 1))).rowsRead);
      long.push((await db.measure(addChips('long', (i % 6) + 1))).rowsRead);
    }
    expect(long).toEqual(short);
    expect(Math.max(...long)).toBeLessThanOrEqual(5);
  });

  it('after a restart, reads a snapshot and at most SNAPSHOT_EVERY newer events, whatever the history', async () => {
    // Move the long table well past its snapshot, then start over with an empty cache (as after a restart).
    for (let i = 0; i < SNAPSHOT_EVERY - 10; i++) await addChips('long', (i % 6) + 1)();
    await api.snapshots.flush();
    api.tables.cache.clear();

    const shortCold = await db.measure(addChips('short', 2));
    const longCold = await db.measure(addChips('long', 2));
    expect(longCold.rowsRead).toBeLessThanOrEqual(SNAPSHOT_EVERY + 10);
    expect(shortCold.rowsRead).toBeLessThanOrEqual(SNAPSHOT_EVERY + 10);
    // And the state it rebuilt is right: the API's view matches a fold of the whole log.
    const view = (await api.http.get('/tables/long').expect(200)).body;
    expect(view.version).toBe(await api.store.streamVersion(streamIdOf('long')));
  });

  it('reads only newer events to answer GET /tables/:id', async () => {
    const read = await db.measure(() => api.http.get('/tables/long').expect(200));
    expect(read.rowsRead).toBe(1); // the sender's users row, read for every request; no event
  });
});
