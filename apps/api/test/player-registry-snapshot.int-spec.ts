import { toNewPlayerEvent, type ExclusionEvent, type PlayerEvent } from '@felt/players';
import { BACKENDS, useTestStore } from '../../../test/support/app-databases';
import { waitUntil } from '../../../libs/event-store/test-support/eventually';
import { PlayerRegistry } from '../src/players/player-registry';

const AT = '2026-12-06T20:00:00.000Z';
const NOW = Date.parse('2026-12-07T02:00:00.000Z');

/**
 * The registry's snapshot (docs/players.md "The seat check"): a process starting from it reads only the registry
 * events appended after it, and answers the seat check exactly as a process folding every stream from the start.
 */
describe.each(BACKENDS)('the player registry starts from its snapshot (%s)', (backend) => {
  const started: PlayerRegistry[] = [];
  const database = useTestStore(backend, {
    perTest: true,
    beforeDispose: () => Promise.all(started.splice(0).map((registry) => registry.onApplicationShutdown())),
  });

  /**
   * Waits until the gap-safe reader lets every committed registry event through. Its bound can lag for a moment (a
   * transaction of another test's database that ends as the bound is read holds it back: gap-safe-read.ts), and a
   * process starting then reads the rest in its tail, not at start: what the counts below assert.
   */
  async function settled(): Promise<void> {
    const { rows } = await database.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM events WHERE stream_id LIKE 'player-%' OR stream_id LIKE 'exclusions-%'`,
    );
    const committed = Number(rows[0]!.n);
    const readable = async () => (await database.store.readAllOfStreams(['player-', 'exclusions-'], { limit: 10_000 })).events.length;
    await waitUntil('the gap-safe reader to let every registry event through', readable, (n) => n === committed);
  }

  async function start(snapshotEvery?: number): Promise<PlayerRegistry> {
    await settled();
    const registry = new PlayerRegistry(database.store, database.db);
    if (snapshotEvery !== undefined) registry.snapshotEvery = snapshotEvery;
    started.push(registry);
    await registry.onModuleInit();
    return registry;
  }

  let commands = 0;
  async function append(streamId: string, events: readonly (PlayerEvent | ExclusionEvent)[]): Promise<void> {
    await database.store.append(streamId, { expectedVersion: 'any', events: events.map(toNewPlayerEvent), commandId: `c-${++commands}` });
  }

  async function register(playerId: string, matchKey: string | null = null): Promise<void> {
    await append(`player-${playerId}`, [{ type: 'PlayerRegistered', at: AT, playerId, personalDigest: 'd', matchKey }]);
  }

  const seatable = (registry: PlayerRegistry, ids: readonly string[]) => ids.map((id) => registry.index.seatCheck(id, NOW) === null);

  it('reads only what came after the snapshot, and answers as a full fold does', async () => {
    for (const id of ['C1', 'C2', 'C3']) await register(id, id === 'C3' ? 'key-3' : null);
    await append('player-C1', [{ type: 'PlayerBanned', at: AT, banId: 'b1', reason: 'conduct', start: AT, end: null }]);
    await append('exclusions-state', [
      { type: 'ExclusionEntriesAdded', at: AT, source: 'file', entries: [{ entryId: 'E1', playerId: null, matchKey: 'key-3' }] },
    ]);
    const first = await start();
    expect(first.readAtStart).toBe(5);
    await expect(first.saveSnapshot()).resolves.toBe(true);

    // After the snapshot: C1's ban lifted, C2 banned, C4 registered and named by a list entry, E1 lifted.
    await append('player-C1', [{ type: 'PlayerBanLifted', at: AT, banId: 'b1' }]);
    await append('player-C2', [{ type: 'PlayerBanned', at: AT, banId: 'b2', reason: 'cheating', start: AT, end: null }]);
    await register('C4');
    await append('exclusions-state', [
      { type: 'ExclusionEntriesAdded', at: AT, source: 'file', entries: [{ entryId: 'E2', playerId: 'C4', matchKey: null }] },
      { type: 'ExclusionLiftRequested', at: AT, entryId: 'E1', requestedBy: 'floor-a' },
      { type: 'ExclusionEntryLifted', at: AT, entryId: 'E1', requestedBy: 'floor-a', approvedBy: 'floor-b' },
    ]);

    const restarted = await start();
    expect(restarted.readAtStart).toBe(6);
    const ids = ['C1', 'C2', 'C3', 'C4', 'C5'];
    expect(seatable(restarted, ids)).toEqual([true, false, true, false, true]);
    expect(restarted.index.size).toEqual({ players: 4, entries: 1 });
    expect(restarted.versionOf('player-C2')).toBe(2);
    expect(restarted.versionOf('exclusions-state')).toBe(4);

    // The same answers as a fold of every stream from the start (no snapshot kept).
    await database.db.query('DELETE FROM player_registry_snapshot');
    const fromScratch = await start();
    expect(fromScratch.readAtStart).toBe(11);
    expect(seatable(fromScratch, ids)).toEqual(seatable(restarted, ids));
    expect(fromScratch.index.toJson()).toEqual(restarted.index.toJson());
  });

  it('is kept by a process that read enough events since the last one', async () => {
    for (const id of ['C1', 'C2', 'C3']) await register(id);
    expect((await start(3)).readAtStart).toBe(3);
    await register('C4');
    const next = await start(3);
    expect(next.readAtStart).toBe(1);
    expect(next.index.size.players).toBe(4);
  });

  it('never moves the snapshot back', async () => {
    await register('C1');
    const early = await start();
    await register('C2');
    const late = await start();
    await expect(late.saveSnapshot()).resolves.toBe(true);
    // The earlier process's snapshot (read up to C1 only) does not replace the later one.
    await expect(early.saveSnapshot()).resolves.toBe(false);
    expect((await start()).readAtStart).toBe(0);
  });
});
