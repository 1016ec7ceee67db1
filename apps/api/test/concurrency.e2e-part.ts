import { openDatabase } from '@felt/event-store';
import { streamIdOf } from '../src/tables/table-stream';
import { APP_BACKENDS } from './test-support/test-databases';
import { startTestApi, totalEvents, type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';
import { openTableWithPlayers, startHandWithBlinds } from './test-support/table-setup';

type Answer = { status: number; body: Record<string, any> };

/** Versions 1..n of the table, each once: no gap, no duplicate. */
async function expectContiguousLog(api: TestApi, tableId: string): Promise<number> {
  const events = await api.store.readStream(streamIdOf(tableId));
  expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => i + 1));
  expect(new Set(events.map((e) => e.eventId)).size).toBe(events.length);
  expect((await api.store.verifyChain(streamIdOf(tableId))).ok).toBe(true);
  return events.length;
}

describe.each(APP_BACKENDS)('concurrent and repeated commands (%s)', (backend) => {
  let api: TestApi;
  const database = useSharedApi(backend);

  beforeAll(async () => {
    api = database.api;
  });

  it('20 concurrent commands at the same expectedVersion: one is applied, 19 get 409 with the current version', async () => {
    await openTableWithPlayers(api, 'race-1', 4);
    const version = (await api.http.get('/tables/race-1').expect(200)).body.version as number;
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.http.post('/tables/race-1/add-chips').send({ seat: (i % 4) + 1, amount: 1, expectedVersion: version }),
      ),
    );
    const applied = answers.filter((a) => a.status === 201);
    expect(applied).toHaveLength(1);
    expect(applied[0]!.body.version).toBe(version + 1);
    const conflicts = answers.filter((a) => a.status === 409);
    expect(conflicts).toHaveLength(19);
    for (const c of conflicts)
      expect(c.body).toMatchObject({ code: 'VERSION_CONFLICT', currentVersion: version + 1, expectedVersion: version });
    expect(await expectContiguousLog(api, 'race-1')).toBe(version + 1);
  });

  it('20 concurrent conflicting moves: each is decided on the state the previous one left, one accepted per version', async () => {
    await openTableWithPlayers(api, 'race-2', 3);
    const { toAct, version } = await startHandWithBlinds(api, 'race-2');
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 20 }, () => api.http.post('/tables/race-2/call').send({ seat: toAct })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 422);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.body.code).toBe('NOT_YOUR_TURN');
    expect(await expectContiguousLog(api, 'race-2')).toBe(version + 1);
  });

  it('20 concurrent compatible commands without expectedVersion are all applied, at versions n+1..n+20', async () => {
    await openTableWithPlayers(api, 'race-3', 4);
    const version = (await api.http.get('/tables/race-3').expect(200)).body.version as number;
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.http.post('/tables/race-3/add-chips').send({ seat: (i % 4) + 1, amount: i + 1 })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers.map((a) => a.body.version).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => version + 1 + i));
    expect(await expectContiguousLog(api, 'race-3')).toBe(version + 20);
    const table = (await api.http.get('/tables/race-3').expect(200)).body;
    expect(table.chipsOnTable).toBe(400 + (20 * 21) / 2);
  });

  it('a retried command id returns its first result and writes nothing, even once the table has moved on', async () => {
    await openTableWithPlayers(api, 'retry-1', 3);
    const { toAct } = await startHandWithBlinds(api, 'retry-1');
    const first = await api.http.post('/tables/retry-1/call').set('Idempotency-Key', 'retry-1-call-1').send({ seat: toAct }).expect(201);
    expect(first.body).toMatchObject({ commandId: 'retry-1-call-1', replayed: false });
    expect(first.body).not.toHaveProperty('commandIdGenerated');
    const events = await totalEvents(database.db);

    const again = await api.http.post('/tables/retry-1/call').set('Idempotency-Key', 'retry-1-call-1').send({ seat: toAct }).expect(200);
    expect(again.body).toMatchObject({ commandId: 'retry-1-call-1', replayed: true, version: first.body.version });
    expect(again.body.events).toEqual(first.body.events);

    // The table moves on; the same retry (now out of turn, and with a stale expectedVersion) still gets its first result.
    const next = first.body.table.toAct as number;
    await api.http.post('/tables/retry-1/fold').send({ seat: next }).expect(201);
    const late = await api.http
      .post('/tables/retry-1/commands')
      .send({ type: 'Call', seat: toAct, commandId: 'retry-1-call-1', expectedVersion: first.body.version - 1 })
      .expect(200);
    expect(late.body.events.map((e: { eventId: string }) => e.eventId)).toEqual(
      first.body.events.map((e: { eventId: string }) => e.eventId),
    );
    expect(await totalEvents(database.db)).toBe(events + 1);
    await expectContiguousLog(api, 'retry-1');
  });

  it('a retry whose first attempt committed unseen (another process, a lost answer) gets the table as it is now', async () => {
    await openTableWithPlayers(api, 'retry-3', 3);
    const before = (await api.http.get('/tables/retry-3').expect(200)).body.version as number;
    // The first attempt lands through another API instance: this one's cached table does not know of it.
    const other = await startTestApi(database.db);
    try {
      await other.http.post('/tables/retry-3/add-chips').set('Idempotency-Key', 'retry-3-add').send({ seat: 1, amount: 25 }).expect(201);
    } finally {
      await other.close();
    }
    for (const body of [
      { seat: 1, amount: 25 },
      { seat: 1, amount: 25, expectedVersion: before },
    ]) {
      const retry = await api.http.post('/tables/retry-3/add-chips').set('Idempotency-Key', 'retry-3-add').send(body).expect(200);
      expect(retry.body).toMatchObject({ replayed: true, version: before + 1, table: { version: before + 1 } });
    }
    // The next command, built from that answer, is not a conflict.
    await api.http
      .post('/tables/retry-3/add-chips')
      .send({ seat: 2, amount: 5, expectedVersion: before + 1 })
      .expect(201);
  });

  it('10 concurrent copies of one command id: one write; the others are told it is in flight, or get the same result', async () => {
    await openTableWithPlayers(api, 'retry-2', 3);
    const before = await totalEvents(database.db);
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.http.post('/tables/retry-2/add-chips').set('Idempotency-Key', 'retry-2-add').send({ seat: 2, amount: 50 }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 201).map((a) => (a.status === 409 ? a.body.code : a.status))).toEqual(
      answers.filter((a) => a.status !== 201).map((a) => (a.status === 409 ? 'IDEMPOTENCY_KEY_IN_FLIGHT' : 200)),
    );
    expect(new Set(answers.filter((a) => a.status < 300).map((a) => a.body.events[0].eventId)).size).toBe(1);
    expect(await totalEvents(database.db)).toBe(before + 1);
  });

  it('refuses a command id already used on another table, and says when it made one up', async () => {
    const before = await totalEvents(database.db);
    const reused = await api.http.post('/tables/retry-1/add-chips').set('Idempotency-Key', 'retry-2-add').send({ seat: 2, amount: 50 });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'COMMAND_ID_REUSED' });
    expect(await totalEvents(database.db)).toBe(before);

    const generated = await api.http.post('/tables/retry-2/add-chips').send({ seat: 2, amount: 5 }).expect(201);
    expect(generated.body).toMatchObject({ commandIdGenerated: true, commandId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const stored = await api.store.readStream(streamIdOf('retry-2'), { fromVersion: generated.body.version });
    expect(stored[0]!.metadata.commandId).toBe(generated.body.commandId);
  });

  if (backend === 'postgres') {
    it('two API processes on one database: the append serialises them (no duplicate, no gap; the loser of a race retries or gets 409)', async () => {
      const otherDb = await openDatabase({ databaseUrl: database.url, postgres: { maxConnections: 10 } });
      const other = await startTestApi(otherDb);
      try {
        await openTableWithPlayers(api, 'two-processes', 4);
        const version = (await other.http.get('/tables/two-processes').expect(200)).body.version as number;
        const instances = [api, other];

        const free: Answer[] = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            instances[i % 2]!.http.post('/tables/two-processes/add-chips').send({ seat: (i % 4) + 1, amount: 1 }),
          ),
        );
        expect(free.every((a) => a.status === 201 || (a.status === 409 && a.body.code === 'VERSION_CONFLICT'))).toBe(true);
        const applied = free
          .filter((a) => a.status === 201)
          .map((a) => a.body.version as number)
          .sort((a, b) => a - b);
        expect(applied.length).toBeGreaterThanOrEqual(10);
        expect(applied).toEqual(applied.map((_, i) => version + 1 + i));
        expect(await expectContiguousLog(api, 'two-processes')).toBe(version + applied.length);

        const now = version + applied.length;
        const raced: Answer[] = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            instances[i % 2]!.http.post('/tables/two-processes/add-chips').send({ seat: 1, amount: 1, expectedVersion: now }),
          ),
        );
        expect(raced.filter((a) => a.status === 201)).toHaveLength(1);
        expect(raced.filter((a) => a.status === 409)).toHaveLength(19);
        expect(await expectContiguousLog(api, 'two-processes')).toBe(now + 1);
        // Both processes see the same table afterwards.
        const [a, b] = await Promise.all(instances.map((i) => i.http.get('/tables/two-processes').expect(200)));
        expect(a!.body).toEqual(b!.body);
      } finally {
        await other.close();
        await otherDb.close();
      }
    });
  }
});
