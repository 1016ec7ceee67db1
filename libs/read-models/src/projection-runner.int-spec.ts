import { positionOf, START } from '@felt/event-store';
import { APP_BACKENDS, useTestStore } from '../../../test/support/app-databases';
import { eventually } from '../../event-store/test-support/eventually';
import { ProjectionRunner, READ_MODELS } from '@felt/read-models';
import { appendSession, randomSession, wholeLog } from '../test-support/random-session';
import { viewsFromEvents, viewsFromRows } from '../test-support/rows-and-fold';
import { runUntilIdle } from '../test-support/run-until-idle';

describe.each(APP_BACKENDS)('projection runner (%s)', (backend) => {
  const t = useTestStore(backend);

  const runners = (batchSize: number) => READ_MODELS.map((model) => new ProjectionRunner(t.store, model, { batchSize }));

  it('keeps rows equal to the pure fold of a random multi-table session, batch after batch and across a restart', async () => {
    const session = randomSession({ tables: 4, seed: 42, commands: 900 });
    await appendSession(t.store, session.slice(0, 500));
    for (const runner of runners(37)) await runUntilIdle(runner);
    expect(await viewsFromRows(t.db)).toEqual(viewsFromEvents(await wholeLog(t.store)));

    // New runners know nothing in memory: they read the slices back from the rows and continue the fold.
    await appendSession(t.store, session.slice(500));
    const restarted = runners(53);
    for (const runner of restarted) await runUntilIdle(runner);
    const events = await wholeLog(t.store);
    const expected = viewsFromEvents(events);
    expect(await viewsFromRows(t.db)).toEqual(expected);

    // The session really exercised every view: hands ended and voided, players left, tables closed.
    const hands = Object.values((expected['hand-history'] as { hands: Record<string, { status: string }[]> }).hands).flat();
    expect(hands.some((h) => h.status === 'complete')).toBe(true);
    const sessions = Object.values(
      (expected['session-ledger'] as { tables: Record<string, { sessions: { leftAt: string | null }[] }> }).tables,
    ).flatMap((l) => l.sessions);
    expect(sessions.some((s) => s.leftAt !== null)).toBe(true);
    for (const runner of restarted)
      expect(await t.store.loadCheckpoint(runner.checkpointName)).toEqual(positionOf(events[events.length - 1]!));
  });

  it('stops at an event of an unknown schema version, leaving the rows and the checkpoint as they were', async () => {
    const runner = new ProjectionRunner(t.store, READ_MODELS[0]!);
    await runUntilIdle(runner);
    const before = await t.store.loadCheckpoint(runner.checkpointName);
    const rowsBefore = await t.db.query('SELECT table_id, stream_version FROM table_views ORDER BY table_id');
    const appended = await t.store.append('table-from-the-future', {
      expectedVersion: 'no-stream',
      commandId: 'future-1',
      events: [{ type: 'TableOpened', schemaVersion: 99, data: { tableId: 'from-the-future' } }],
    });
    expect(appended.ok).toBe(true);
    // Idle until the gap-safe reader lets the event through, then it stops there.
    const failure = await eventually(
      () =>
        runner.step().then(
          () => null,
          (error: Error) => error,
        ),
      (error) => error !== null,
    );
    expect(failure!.message).toMatch(/table-from-the-future v1 \(TableOpened\) has schema version 99/);
    expect(await t.store.loadCheckpoint(runner.checkpointName)).toEqual(before);
    expect((await t.db.query('SELECT table_id, stream_version FROM table_views ORDER BY table_id')).rows).toEqual(rowsBefore.rows);
    expect(before).not.toEqual(START);
  });
});
