import { comparePositions } from '@felt/event-store';
import { useTestStore } from '../../../test/support/app-databases';
import { eventually, repeatUntil } from '../../event-store/test-support/eventually';
import { ProjectionRunner, type ProjectionStep, READ_MODELS, lobbyRows } from '@felt/read-models';
import { appendCommand, appendSession, headOfLog, randomSession, wholeLog } from '../test-support/random-session';
import { viewsFromEvents, viewsFromRows } from '../test-support/rows-and-fold';

/** Several processes (here: runners with their own connections from the pool) on one PostgreSQL database. */
describe('projection runners side by side (postgres)', () => {
  const t = useTestStore('postgres');

  it('while one runner holds a projection, another stands by and writes nothing', async () => {
    await appendSession(t.store, randomSession({ tables: 2, seed: 5, commands: 120, prefix: 'own' }));
    await wholeLog(t.store); // every event visible to the gap-safe reader before the locked batch reads
    const owner = new ProjectionRunner(t.store, lobbyRows);
    const other = new ProjectionRunner(t.store, lobbyRows);
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [owner.checkpointName]);
      expect(await other.step()).toEqual({ kind: 'standby' });
      // The owner's batch, in the transaction holding the lock.
      const { step } = await owner.projectBatch(tx);
      expect(step.kind).toBe('projected');
    });
    const rows = await t.db.query('SELECT count(*)::int AS n FROM lobby_tables');
    expect(rows.rows[0]!.n).toBe(2);
  });

  it('two runners per projection racing over a growing log: every event takes effect once, rows equal the pure fold', async () => {
    const session = randomSession({ tables: 4, seed: 6, commands: 700, prefix: 'race' });
    const steps: Record<string, number> = { projected: 0, standby: 0, events: 0 };
    const before = await Promise.all(READ_MODELS.map((model) => t.store.loadCheckpoint(`projection:${model.name}`)));
    let appending = true;
    const append = (async () => {
      await appendSession(t.store, session);
      appending = false;
    })();
    // Each runner steps until the appending is over and it has reached the head of the log; at once while it has
    // work, after a pause while it stands by or finds nothing new yet.
    const race = (runner: ProjectionRunner<unknown>) =>
      repeatUntil(
        async () => {
          const step: ProjectionStep = await runner.step();
          if (step.kind === 'projected') {
            steps.projected++;
            steps.events += step.events;
          } else if (step.kind === 'standby') steps.standby++;
          return { step, atHead: step.kind === 'idle' && !appending && comparePositions(step.position, await headOfLog(t.store)) >= 0 };
        },
        ({ atHead }) => atHead,
        ({ step }) => step.kind === 'projected',
        120_000,
      );
    await Promise.all(
      READ_MODELS.flatMap((model) => [
        race(new ProjectionRunner(t.store, model, { batchSize: 25 })),
        race(new ProjectionRunner(t.store, model, { batchSize: 25 })),
      ]),
    );
    await append;
    const events = await wholeLog(t.store);
    expect(await viewsFromRows(t.db)).toEqual(viewsFromEvents(events));
    // Each projection folded each event after its checkpoint once, whichever of its two runners did it.
    const expected = before.reduce((n, at) => n + events.filter((e) => comparePositions(e, at) > 0).length, 0);
    expect(steps.events).toBe(expected);
    expect(steps.projected).toBeGreaterThan(0);
  });

  it('never skips an event whose transaction commits after a later one', async () => {
    const runners = READ_MODELS.map((model) => new ProjectionRunner(t.store, model));
    const catchUp = async () => {
      const head = await headOfLog(t.store);
      for (const runner of runners)
        await eventually(
          () => runner.step(),
          (s) => s.kind === 'idle' && comparePositions(s.position, head) >= 0,
        );
    };
    await catchUp();
    const session = randomSession({ tables: 2, seed: 9, commands: 40, prefix: 'ooo' });
    const early = session.find((c) => c[0]!.streamId === 'table-ooo1')!;
    const late = session.find((c) => c[0]!.streamId === 'table-ooo2')!;

    let commitEarly!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commitEarly = resolve));
    let appended!: () => void;
    const earlyAppended = new Promise<void>((resolve) => (appended = resolve));
    const t1 = t.db.transaction(async (tx) => {
      const first = early[0]!;
      const result = await t.store.append(first.streamId, {
        expectedVersion: 'no-stream',
        commandId: first.metadata.commandId!,
        events: early.map((e) => ({ type: e.type, schemaVersion: 1, data: e.data })),
        tx,
      });
      if (!result.ok) throw new Error('early append failed');
      appended();
      await mayCommit;
    });
    await earlyAppended;
    await appendCommand(t.store, late);

    // While the early transaction is open, the later one's event is held back too: nothing of either is projected.
    for (const runner of runners) expect((await runner.step()).kind).toBe('idle');
    expect((await t.db.query(`SELECT count(*)::int AS n FROM lobby_tables WHERE table_id LIKE 'ooo%'`)).rows[0]!.n).toBe(0);

    commitEarly();
    await t1;
    await catchUp();
    const lobby = await t.db.query<{ table_id: string }>(`SELECT table_id FROM lobby_tables WHERE table_id LIKE 'ooo%' ORDER BY 1`);
    expect(lobby.rows.map((r) => r.table_id)).toEqual(['ooo1', 'ooo2']);
    expect(await viewsFromRows(t.db)).toEqual(viewsFromEvents(await wholeLog(t.store)));
  });
});
