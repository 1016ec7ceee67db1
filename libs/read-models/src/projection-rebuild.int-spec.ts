import { positionOf } from '@felt/event-store';
import { BACKENDS, useTestStore } from '../../../test/support/app-databases';
import { ProjectionRunner, rebuildProjection, RebuildError, projectionStatus, READ_MODELS } from '@felt/read-models';
import { appendSession, randomSession, wholeLog } from '../test-support/random-session';
import { viewsFromEvents, viewsFromRows } from '../test-support/rows-and-fold';
import { runUntilIdle } from '../test-support/run-until-idle';

describe.each(BACKENDS)('projection rebuild and status (%s)', (backend) => {
  const t = useTestStore(backend);

  const tablesNamed = async (pattern: string) =>
    (
      await t.db.query<{ name: string }>(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE $1 ORDER BY 1`,
        [pattern],
      )
    ).rows.map((r) => r.name);

  it('reports every projection as never run and the whole log behind, before the first batch', async () => {
    await appendSession(t.store, randomSession({ tables: 3, seed: 7, commands: 300 }));
    const events = (await wholeLog(t.store)).length;
    const status = await projectionStatus(t.store, t.db);
    expect(status.map((s) => s.projection)).toEqual(['table-view', 'hand-history', 'session-ledger', 'lobby', 'room']);
    for (const s of status) expect(s).toMatchObject({ position: null, behind: events, updatedAt: null });
    expect(status[0]!.rows).toEqual({ table_views: 0 });
  });

  it('rebuilds rows equal to the live ones and to the pure fold, swaps them in and leaves no fresh table behind', async () => {
    for (const model of READ_MODELS) await runUntilIdle(new ProjectionRunner(t.store, model, { batchSize: 64 }));
    const live = await viewsFromRows(t.db);
    const events = await wholeLog(t.store);
    const head = positionOf(events[events.length - 1]!);

    for (const model of READ_MODELS) {
      const result = await rebuildProjection(t.store, model, { batchSize: 100 });
      expect(result).toMatchObject({ projection: model.name, events: events.length, position: head });
    }
    expect(await viewsFromRows(t.db)).toEqual(live);
    expect(live).toEqual(viewsFromEvents(events));
    expect(await tablesNamed('%rebuild%')).toEqual([]);
    const indexes = await t.db.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'table_views'`);
    expect(indexes.rows.map((r) => r.name)).toEqual(['table_views_pkey']);

    const status = await projectionStatus(t.store, t.db);
    for (const s of status) expect(s).toMatchObject({ position: head, behind: 0 });
    expect(status[0]!.rows).toEqual({ table_views: 3 });
    expect(status[1]!.rows.hand_histories).toBeGreaterThan(3);
    expect(typeof status[0]!.updatedAt).toBe('string');
  });

  it('folds what arrived during the rebuild before the swap, and the live runner carries on from the swapped rows', async () => {
    const model = READ_MODELS[1]!; // hand history: the most rows
    const runner = new ProjectionRunner(t.store, model);
    await runUntilIdle(runner);
    // More of the log arrives while the rebuild runs (on PGlite the two take turns).
    const more = randomSession({ tables: 2, seed: 8, commands: 200, prefix: 'late' });
    const appending = appendSession(t.store, more);
    const result = await rebuildProjection(t.store, model, { batchSize: 50 });
    await appending;
    expect(result.events).toBeGreaterThan(0);
    await runUntilIdle(runner);
    expect((await viewsFromRows(t.db))['hand-history']).toEqual(viewsFromEvents(await wholeLog(t.store))['hand-history']);
  });

  (backend === 'postgres' ? it : it.skip)('refuses a second rebuild of the same projection at the same time', async () => {
    const model = READ_MODELS[3]!;
    const holding = t.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection:${model.name}:rebuild`]);
      await expect(rebuildProjection(t.store, model)).rejects.toThrow(RebuildError);
      await expect(rebuildProjection(t.store, model)).rejects.toThrow(/another rebuild of lobby is running/);
    });
    await holding;
  });
});
