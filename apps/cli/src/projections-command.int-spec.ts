import { useTestStore } from '../../../test/support/app-databases';
import { ProjectionRunner, READ_MODELS } from '@felt/read-models';
import { appendSession, randomSession, wholeLog } from '../../../libs/read-models/test-support/random-session';
import { viewsFromEvents, viewsFromRows } from '../../../libs/read-models/test-support/rows-and-fold';
import { runUntilIdle } from '../../../libs/read-models/test-support/run-until-idle';
import { felt } from './run-felt.test-support';

describe('felt projections on PostgreSQL', () => {
  const t = useTestStore('postgres');

  beforeAll(async () => {
    await appendSession(t.store, randomSession({ tables: 3, seed: 21, commands: 300 }));
  });

  it('status: every projection never run, the whole log behind, and what to do about it', async () => {
    const events = (await wholeLog(t.store)).length;
    const { out, code } = await felt('projections', 'status', '--database-url', t.url);
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^table-view +never run +${events} +0 table_views +-$`, 'm'));
    expect(out).toMatch(/^session-ledger +never run +\d+ +0 player_sessions, 0 session_hands, 0 table_ledgers +-$/m);
    expect(out).toContain(
      'table-view, hand-history, session-ledger, lobby, room behind the log: is a worker running (npm run start:worker)?',
    );
  });

  it('rebuild all: rows equal the live ones and the pure fold, readers never see a half-built model, status at the head', async () => {
    for (const model of READ_MODELS) await runUntilIdle(new ProjectionRunner(t.store, model, { batchSize: 77 }));
    const live = await viewsFromRows(t.db);
    const hands = Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM hand_histories')).rows[0]!.n);

    // A reader counting hands throughout the rebuild sees all of them every time, before and after the swap.
    let reading = true;
    const seen = new Set<number>();
    const reader = (async () => {
      while (reading) seen.add(Number((await t.db.query<{ n: string }>('SELECT count(*)::text AS n FROM hand_histories')).rows[0]!.n));
    })();
    const { out, code } = await felt('projections', 'rebuild', 'all', '--database-url', t.url, '--batch-size', '50');
    reading = false;
    await reader;
    expect(code).toBe(0);
    expect([...seen]).toEqual([hands]);
    const events = await wholeLog(t.store);
    for (const model of READ_MODELS)
      expect(out).toMatch(
        new RegExp(
          `^${model.name}: rebuilt from ${events.length} events into \\d+ row writes and swapped in at position ${events[events.length - 1]!.globalPosition} `,
          'm',
        ),
      );
    expect(await viewsFromRows(t.db)).toEqual(live);
    expect(live).toEqual(viewsFromEvents(events));

    const status = await felt('projections', 'status', '--database-url', t.url, '--json');
    const parsed = JSON.parse(status.out) as { projection: string; behind: number; position: { globalPosition: string } }[];
    expect(parsed.map((s) => [s.projection, s.behind, s.position.globalPosition])).toEqual(
      READ_MODELS.map((m) => [m.name, 0, events[events.length - 1]!.globalPosition]),
    );
  });

  it('rebuild refuses an unknown projection, a bad batch size and a missing database, saying what to do', async () => {
    const unknown = await felt('projections', 'rebuild', 'tables', '--database-url', t.url);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('there is no projection "tables"; choose table-view, hand-history, session-ledger, lobby, room or all.');
    const batch = await felt('projections', 'rebuild', 'lobby', '--database-url', t.url, '--batch-size', '0');
    expect(batch.code).toBe(2);
    expect(batch.err).toContain('--batch-size must be a whole number from 1 to 100000, not "0"');
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const nowhere = await felt('projections', 'status');
      expect(nowhere.code).toBe(2);
      expect(nowhere.err).toContain('say where the database is: --database-url URL (or DATABASE_URL), or --data-dir DIR (PGlite).');
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
    const closed = await felt('projections', 'status', '--database-url', 'postgres://postgres@127.0.0.1:1/none');
    expect(closed.code).toBe(2);
    expect(closed.err).toMatch(/cannot open the database at .*Check the URL and that PostgreSQL is running\./);
  });

  it('a rebuild that meets an event it cannot fold fails, says so, and leaves the live rows as they were', async () => {
    const before = await viewsFromRows(t.db);
    await t.store.append('table-unreadable', {
      expectedVersion: 'no-stream',
      commandId: 'unreadable-1',
      events: [{ type: 'TableOpened', schemaVersion: 99, data: {} }],
    });
    const { code, err } = await felt('projections', 'rebuild', 'lobby', '--database-url', t.url);
    expect(code).toBe(1);
    expect(err).toContain('felt projections rebuild lobby: table-unreadable v1 (TableOpened) has schema version 99');
    expect(err).toContain('The live rows are untouched; fix the cause (felt verify names broken events) and run the rebuild again.');
    expect(await viewsFromRows(t.db)).toEqual(before);
  });
});
