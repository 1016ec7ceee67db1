import { APP_BACKENDS, useTestStore } from '../../../test/support/app-databases';
import { ProjectionRunner, checkReadModels, firstDifference, READ_MODELS } from '@felt/read-models';
import { appendSession, randomSession } from '../test-support/random-session';
import { appendRoomShifts } from '../test-support/room-shift';
import { runUntilIdle } from '../test-support/run-until-idle';

describe.each(APP_BACKENDS)('checking the read models against the log (%s)', (backend) => {
  const t = useTestStore(backend);

  it('finds the rows equal to a fresh fold, each up to its own checkpoint, also when the log has moved on', async () => {
    const session = randomSession({ tables: 3, seed: 7, commands: 400 });
    await appendSession(t.store, session.slice(0, 250));
    await appendRoomShifts(t.store, ['g1']);
    for (const model of READ_MODELS) await runUntilIdle(new ProjectionRunner(t.store, model, { batchSize: 50 }));
    // Events the runners have not folded yet: the check stops each fold at that projection's checkpoint.
    await appendSession(t.store, session.slice(250));
    const checks = await checkReadModels(t.store);
    expect(checks.map((c) => [c.projection, c.difference])).toEqual(READ_MODELS.map((m) => [m.name, null]));
    for (const c of checks) expect(c.events).toBeGreaterThan(0);
  });

  it('names the first place a tampered row differs', async () => {
    await t.db.query(
      `UPDATE hand_histories SET record = jsonb_set(record, '{rake}', '999') WHERE hand_number = (SELECT min(hand_number) FROM hand_histories)`,
    );
    const checks = await checkReadModels(t.store);
    const tampered = checks.find((c) => c.projection === 'hand-history')!;
    expect(tampered.difference).toMatch(/\.rake: the rows hold 999, the events give \d+/);
    expect(checks.filter((c) => c.difference !== null).map((c) => c.projection)).toEqual(['hand-history']);
  });

  it('reports a log the views cannot fold instead of failing', async () => {
    const { rows } = await t.db.query<{ stream_id: string }>(
      `SELECT stream_id FROM streams WHERE stream_id LIKE 'table-%' ORDER BY stream_id LIMIT 1`,
    );
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query('DELETE FROM events WHERE stream_id = $1 AND stream_version = 5', [rows[0]!.stream_id]);
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
    const checks = await checkReadModels(t.store);
    expect(checks.find((c) => c.projection === 'table-view')!.difference).toMatch(
      new RegExp(`cannot be folded at ${rows[0]!.stream_id} v6`),
    );
  });
});

describe('firstDifference', () => {
  it('walks objects and arrays to the first differing member', () => {
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeNull();
    expect(firstDifference({ a: [1, { b: 2 }] }, { a: [1, { b: 3 }] })).toBe('$.a[1].b: the rows hold 2, the events give 3');
    expect(firstDifference({ a: 1 }, { a: 1, c: 'x' })).toBe('$.c: the rows hold nothing, the events give "x"');
    expect(firstDifference([1], { 0: 1 })).toMatch(/^\$: /);
  });
});
