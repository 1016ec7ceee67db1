import { APP_BACKENDS } from './test-support/test-databases';
import { seedTestUsers } from './test-support/auth';
import { writtenRows, type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';
import { NO_LIMIT_1_2, openTableWithPlayers, startHandWithBlinds } from './test-support/table-setup';
import { streamIdOf } from '../src/tables/table-stream';
import { ApplyTableCommandHandler } from '../src/tables/apply-table-command.handler';
import { ApplyTableCommand } from '../src/tables/apply-table-command';
import { parseTableCommandRequest } from '../src/tables/command-request';
import { problemForOutcome } from '../src/http/status-mapping';

type Answer = { status: number; body: any; headers: Record<string, string> };

/**
 * An Idempotency-Key names one request by one user (IETF httpapi Idempotency-Key draft): the same request again is
 * replayed (200, the first events, nothing written); a different request with the key gets 422, another user's reuse
 * 422, a request while the first is still being handled 409. Refusals write nothing.
 */
describe.each(APP_BACKENDS)('Idempotency-Key bound to its user and its request (%s)', (backend) => {
  let api: TestApi;
  const database = useSharedApi(backend);

  beforeAll(async () => {
    api = database.api;
    await seedTestUsers(database.db, [
      { sub: 'floor-alice', role: 'floor' },
      { sub: 'floor-bob', role: 'floor' },
    ]);
  });

  const expectRefused = async (send: () => PromiseLike<Answer>, status: number, code: string) => {
    const before = await writtenRows(database.db);
    const res = await send();
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(await writtenRows(database.db)).toEqual(before);
    return res;
  };

  it('replays the same request, on either route, and refuses a different one with the key', async () => {
    await openTableWithPlayers(api, 'idem-1');
    const { toAct } = await startHandWithBlinds(api, 'idem-1');
    const first = await api.http.post('/tables/idem-1/raise').set('Idempotency-Key', 'idem-1-a').send({ seat: toAct, to: 6 });
    expect(first.status).toBe(201);
    const again = await api.http
      .post('/tables/idem-1/commands')
      .set('Idempotency-Key', 'idem-1-a')
      .send({ type: 'Raise', seat: toAct, to: 6 });
    expect(again.status).toBe(200);
    expect(again.body.events.map((e: { eventId: string }) => e.eventId)).toEqual(
      first.body.events.map((e: { eventId: string }) => e.eventId),
    );

    // The Raise's key with a Call (refused by the rules now, or not): never the Raise's result.
    await expectRefused(
      () => api.http.post('/tables/idem-1/commands').set('Idempotency-Key', 'idem-1-a').send({ type: 'Call', seat: toAct }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    // A legal command under the used key is refused too, and not applied.
    const next = (await api.http.get('/tables/idem-1').expect(200)).body.toAct as number;
    await expectRefused(
      () => api.http.post('/tables/idem-1/call').set('Idempotency-Key', 'idem-1-a').send({ seat: next }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    await expectRefused(
      () => api.http.post('/tables/idem-1/raise').set('Idempotency-Key', 'idem-1-a').send({ seat: toAct, to: 8 }),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
  });

  it("refuses another user's key, even with the same request", async () => {
    await openTableWithPlayers(api, 'idem-2');
    const body = { seat: 1, amount: 10 };
    await api
      .as('floor', { sub: 'floor-alice' })
      .post('/tables/idem-2/add-chips')
      .set('Idempotency-Key', 'idem-2-add')
      .send(body)
      .expect(201);
    const res = await expectRefused(
      () => api.as('floor', { sub: 'floor-bob' }).post('/tables/idem-2/add-chips').set('Idempotency-Key', 'idem-2-add').send(body),
      422,
      'IDEMPOTENCY_KEY_REUSED',
    );
    expect(res.body.events).toBeUndefined();
    await api
      .as('floor', { sub: 'floor-alice' })
      .post('/tables/idem-2/add-chips')
      .set('Idempotency-Key', 'idem-2-add')
      .send(body)
      .expect(200);
  });

  it('40 concurrent requests with one key and different bodies: one applied, the others refused or given that one result', async () => {
    await openTableWithPlayers(api, 'idem-3');
    const { toAct, version } = await startHandWithBlinds(api, 'idem-3');
    const bodies = [
      { type: 'Raise', seat: toAct, to: 6 },
      { type: 'Call', seat: toAct },
      { type: 'Fold', seat: toAct },
    ];
    const before = await writtenRows(database.db);
    const answers: Answer[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        api.http
          .post('/tables/idem-3/commands')
          .set('Idempotency-Key', 'idem-3-key')
          .send(bodies[i % 3]!),
      ),
    );
    const applied = answers.filter((a) => a.status === 201);
    expect(applied).toHaveLength(1);
    const appliedType = applied[0]!.body.events[0] && bodies[answers.indexOf(applied[0]!) % 3]!.type;
    answers.forEach((answer, i) => {
      if (answer === applied[0]) return;
      if (answer.status === 200) expect(bodies[i % 3]!.type).toBe(appliedType);
      else
        expect([`${answer.status} ${answer.body.code}`]).toEqual([
          expect.stringMatching(/^409 IDEMPOTENCY_KEY_IN_FLIGHT$|^422 IDEMPOTENCY_KEY_REUSED$/),
        ]);
    });
    const after = await writtenRows(database.db);
    expect(after.events - before.events).toBe(applied[0]!.body.events.length);
    expect(after.commands - before.commands).toBe(1);
    expect((await api.store.readStream(streamIdOf('idem-3'))).length).toBe(version + applied[0]!.body.events.length);
  });

  it('a key still in flight: the second request is told so (409 with Retry-After), and nothing is done for it', async () => {
    await openTableWithPlayers(api, 'idem-4');
    const handler = api.app.get(ApplyTableCommandHandler);
    const request = parseTableCommandRequest(
      'idem-4',
      { body: { seat: 1, amount: 5 }, headers: { 'idempotency-key': 'idem-4-add' }, actor: { id: 'test-floor', role: 'floor' } },
      'AddChips',
    );
    // Both in the same tick: the second arrives while the first waits for the database.
    const [first, second] = await Promise.all([
      handler.execute(new ApplyTableCommand(request)),
      handler.execute(new ApplyTableCommand(request)),
    ]);
    expect([first.kind, second.kind]).toEqual(['applied', 'key-in-flight']);
    // Over HTTP the same answer is a 409 problem with Retry-After; once the first is done, the retry is a replay.
    const problem = problemForOutcome('idem-4', 'idem-4-add', { kind: 'key-in-flight' });
    expect({ status: problem.status, code: problem.code, retry: problem.extensions.retryAfterSeconds }).toEqual({
      status: 409,
      code: 'IDEMPOTENCY_KEY_IN_FLIGHT',
      retry: 1,
    });
    const retry = await api.http.post('/tables/idem-4/add-chips').set('Idempotency-Key', 'idem-4-add').send({ seat: 1, amount: 5 });
    expect(retry.status).toBe(200);
  });

  it('keeps the fingerprint and the user in the first events, keyed so that a seed cannot be searched for', async () => {
    await openTableWithPlayers(api, 'idem-5');
    const res = await api.http.post('/tables/idem-5/start-hand').set('Idempotency-Key', 'idem-5-start').send({}).expect(201);
    const stored = await api.store.readStream(streamIdOf('idem-5'), { fromVersion: res.body.version });
    expect(stored[0]!.metadata).toMatchObject({ actorId: 'test-floor', requestFingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
  });

  describe("the room's routes", () => {
    const game = { name: '1/2 NLHE', stakes: '1/2', structure: 'no-limit', tableRules: NO_LIMIT_1_2 };
    beforeAll(async () => {
      await api.http
        .post('/room/games')
        .send({ gameId: 'idem-g', ...game })
        .expect(201);
    });

    it('replay the same request, and refuse the key with a different body or from another user', async () => {
      const join = { type: 'JoinList', playerId: 'card-1', alias: 'AB' };
      const first = await api.http.post('/room/games/idem-g/commands').set('Idempotency-Key', 'idem-g-join').send(join).expect(201);
      const again = await api.http.post('/room/games/idem-g/commands').set('Idempotency-Key', 'idem-g-join').send(join).expect(200);
      expect(again.body.events.map((e: { type: string }) => e.type)).toEqual(first.body.events.map((e: { type: string }) => e.type));
      // A command the room would take (closing the game) under the used key: refused, not given the join's result, not applied.
      await expectRefused(
        () => api.http.post('/room/games/idem-g/commands').set('Idempotency-Key', 'idem-g-join').send({ type: 'CloseGame' }),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      await expectRefused(
        () =>
          api.http
            .post('/room/games/idem-g/commands')
            .set('Idempotency-Key', 'idem-g-join')
            .send({ ...join, alias: 'CD' }),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      await expectRefused(
        () => api.as('floor', { sub: 'floor-bob' }).post('/room/games/idem-g/commands').set('Idempotency-Key', 'idem-g-join').send(join),
        422,
        'IDEMPOTENCY_KEY_REUSED',
      );
      expect((await api.http.get('/room/games/idem-g').expect(200)).body.state.status).toBe('open');
    });

    it('20 concurrent requests with one key and different bodies: one applied, the others refused or given that one result', async () => {
      const bodies = [
        { type: 'JoinList', playerId: 'card-2', alias: 'EF' },
        { type: 'JoinList', playerId: 'card-3', alias: 'GH' },
        { type: 'CloseGame' },
      ];
      await api.http
        .post('/room/games')
        .send({ gameId: 'idem-g2', ...game })
        .expect(201);
      const before = await writtenRows(database.db);
      const answers: Answer[] = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api.http
            .post('/room/games/idem-g2/commands')
            .set('Idempotency-Key', 'idem-g2-key')
            .send(bodies[i % 3]!),
        ),
      );
      const applied = answers.filter((a) => a.status === 201);
      expect(applied).toHaveLength(1);
      const appliedIndex = answers.indexOf(applied[0]!) % 3;
      answers.forEach((answer, i) => {
        if (answer === applied[0]) return;
        if (answer.status === 200) expect(i % 3).toBe(appliedIndex);
        else
          expect([`${answer.status} ${answer.body.code}`]).toEqual([
            expect.stringMatching(/^409 IDEMPOTENCY_KEY_IN_FLIGHT$|^422 IDEMPOTENCY_KEY_REUSED$/),
          ]);
      });
      const after = await writtenRows(database.db);
      expect(after.events - before.events).toBe(applied[0]!.body.events.length);
      expect(after.commands - before.commands).toBe(1);
    });

    it('a new game or a new table opened with a key used elsewhere: 422 COMMAND_ID_REUSED, and not even an empty stream row is written', async () => {
      await api.http
        .post('/room/games/idem-g/commands')
        .set('Idempotency-Key', 'idem-g-used')
        .send({ type: 'JoinList', playerId: 'card-4', alias: 'IJ' })
        .expect(201);
      await expectRefused(
        () =>
          api.http
            .post('/room/games')
            .set('Idempotency-Key', 'idem-g-used')
            .send({ gameId: 'idem-g-new', ...game }),
        422,
        'COMMAND_ID_REUSED',
      );
      await expectRefused(
        () => api.http.post('/tables').set('Idempotency-Key', 'idem-g-used').send({ tableId: 'idem-t-new', rules: NO_LIMIT_1_2 }),
        422,
        'COMMAND_ID_REUSED',
      );
      expect(await api.store.streamVersion('game-idem-g-new')).toBe(0);
    });

    it("keeps the fingerprint and the user in the game's events", async () => {
      const res = await api.http
        .post('/room/games/idem-g/commands')
        .set('Idempotency-Key', 'idem-g-fp')
        .send({ type: 'JoinList', playerId: 'card-5', alias: 'KL' })
        .expect(201);
      const stored = await api.store.readStream('game-idem-g', { fromVersion: res.body.version });
      expect(stored[0]!.metadata).toMatchObject({
        actorId: 'test-floor',
        requestFingerprint: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      });
    });
  });
});
