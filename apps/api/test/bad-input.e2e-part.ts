import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, totalEvents, type TestApi } from './test-support/test-api';
import { openTableWithPlayers, startHandWithBlinds } from './test-support/table-setup';

/**
 * Every class of bad input gets its 4xx, as application/problem+json with a code, and writes nothing: the number
 * of events in the whole database is the same before and after each request.
 */
describe.each(APP_BACKENDS)('bad input (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let toAct: number;

  beforeAll(async () => {
    api = await startTestApi(database.db, { bodyLimitBytes: 16 * 1024 });
    await openTableWithPlayers(api, 'felt-1');
    ({ toAct } = await startHandWithBlinds(api, 'felt-1'));
    await openTableWithPlayers(api, 'closed-1', 0);
    await api.http.post('/tables/closed-1/close-table').send({}).expect(201);
  });

  type Case = {
    name: string;
    send: () => Promise<{ status: number; body: Record<string, unknown>; headers: Record<string, string> }>;
    status: number;
    code: string | RegExp;
  };
  const raw = (path: string, text: string, type = 'application/json') => api.http.post(path).set('Content-Type', type).send(text);
  const cases: Case[] = [
    {
      name: 'malformed JSON',
      send: () => raw('/tables/felt-1/commands', '{"type": "Raise", "seat": 3,'),
      status: 400,
      code: 'MALFORMED_JSON',
    },
    {
      name: 'malformed JSON under a +json media type',
      send: () => raw('/tables/felt-1/commands', '{"type": "Raise", "seat": 3,', 'application/vnd.felt+json'),
      status: 400,
      code: 'MALFORMED_JSON',
    },
    {
      name: 'a field given twice (JSON.parse would keep the last)',
      send: () => raw(`/tables/felt-1/fold`, `{"seat":${toAct},"seat":${toAct}}`),
      status: 400,
      code: 'DUPLICATE_KEY',
    },
    {
      name: 'a nested field given twice, spelled two ways',
      send: () =>
        raw('/tables', '{"tableId":"dup-1","rules":{"structure":{"kind":"no-limit"},"smallBlind":1,"bigBlind":2,"\\u0062igBlind":4}}'),
      status: 400,
      code: 'DUPLICATE_KEY',
    },
    {
      name: 'a body in a charset other than UTF-8',
      send: () => raw('/tables/felt-1/commands', '{"type":"Fold","seat":1}', 'application/json; charset=latin1'),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a URL with a broken percent-encoding',
      send: () => api.http.post('/tables/felt-%E0%A4%A/fold').send({ seat: 1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a JSON array instead of an object',
      send: () => raw('/tables/felt-1/commands', '[{"type":"Fold","seat":1}]'),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a JSON string instead of an object',
      send: () => raw('/tables/felt-1/commands', '"Fold"'),
      status: 400,
      code: /MALFORMED_JSON|INVALID_REQUEST/,
    },
    {
      name: 'a seat as a string',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'Fold', seat: '1' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'an amount as a string',
      send: () => api.http.post('/tables/felt-1/raise').send({ seat: 1, to: '10' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a negative amount',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'Raise', seat: 1, to: -6 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a huge amount',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'Bet', seat: 1, amount: 5_000_000_000_000 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'an amount beyond the safe integers',
      send: () => raw('/tables/felt-1/commands', '{"type":"Raise","seat":1,"to":1e300}'),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a fractional amount',
      send: () => api.http.post('/tables/felt-1/raise').send({ seat: 1, to: 6.5 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    { name: 'seat 0', send: () => api.http.post('/tables/felt-1/fold').send({ seat: 0 }), status: 400, code: 'INVALID_REQUEST' },
    {
      name: 'a missing field',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'Raise', seat: 1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'an extra field',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'Fold', seat: 1, amout: 3 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'an extra field on a house-option command',
      send: () => api.http.post('/tables/felt-1/straddle').send({ seat: 4, size: 8 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a script-only key',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'Fold', seat: 1, note: 'hi' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'an unknown command type',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'Resign', seat: 1 }),
      status: 400,
      code: 'UNKNOWN_COMMAND_TYPE',
    },
    {
      name: 'no command type',
      send: () => api.http.post('/tables/felt-1/commands').send({ seat: 1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a type that contradicts the route',
      send: () => api.http.post('/tables/felt-1/fold').send({ type: 'Call', seat: 1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'OpenTable on the commands route',
      send: () => api.http.post('/tables/felt-1/commands').send({ type: 'OpenTable', tableId: 'x', rules: {} }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a deck and a seed together',
      send: () => api.http.post('/tables/closed-1/start-hand').send({ seed: 1, deck: [] }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'an invalid table id on open',
      send: () =>
        api.http
          .post('/tables')
          .send({ tableId: 'no spaces/here', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'rules of the wrong shape',
      send: () => api.http.post('/tables').send({ tableId: 'bad-rules', rules: { smallBlind: 'one' } }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a bad Idempotency-Key',
      send: () => api.http.post('/tables/felt-1/fold').set('Idempotency-Key', 'has spaces in it').send({ seat: 1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'an Idempotency-Key that contradicts the body',
      send: () => api.http.post('/tables/felt-1/fold').set('Idempotency-Key', 'a').send({ seat: 1, commandId: 'b' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a malformed If-Match',
      send: () => api.http.post('/tables/felt-1/fold').set('If-Match', 'yesterday').send({ seat: 1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a negative expectedVersion',
      send: () => api.http.post('/tables/felt-1/fold').send({ seat: 1, expectedVersion: -1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a body that is not JSON',
      send: () => raw('/tables/felt-1/commands', 'type=Fold&seat=1', 'application/x-www-form-urlencoded'),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'an oversized body',
      send: () => api.http.post('/tables/felt-1/void-hand').send({ reason: 'x'.repeat(20 * 1024) }),
      status: 413,
      code: 'BODY_TOO_LARGE',
    },
    {
      name: 'an unknown table',
      send: () => api.http.post('/tables/no-such-table/fold').send({ seat: 1 }),
      status: 404,
      code: 'TABLE_NOT_FOUND',
    },
    {
      name: 'an unknown table (generic route)',
      send: () => api.http.post('/tables/no-such-table/commands').send({ type: 'Deal' }),
      status: 404,
      code: 'TABLE_NOT_FOUND',
    },
    {
      name: 'an unknown command route',
      send: () => api.http.post('/tables/felt-1/resign').send({ seat: 1 }),
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    },
    {
      name: 'a stale expectedVersion',
      send: () => api.http.post('/tables/felt-1/fold').send({ seat: toAct, expectedVersion: 3 }),
      status: 409,
      code: 'VERSION_CONFLICT',
    },
    {
      name: 'a stale If-Match',
      send: () => api.http.post('/tables/felt-1/fold').set('If-Match', '"3"').send({ seat: toAct }),
      status: 409,
      code: 'VERSION_CONFLICT',
    },
    {
      name: 'out of turn',
      send: () => api.http.post('/tables/felt-1/fold').send({ seat: toAct === 1 ? 2 : 1 }),
      status: 422,
      code: 'NOT_YOUR_TURN',
    },
    {
      name: 'a raise below the minimum',
      send: () => api.http.post('/tables/felt-1/raise').send({ seat: toAct, to: 3 }),
      status: 422,
      code: 'RAISE_BELOW_MINIMUM',
    },
    {
      name: 'more chips than the stack',
      send: () => api.http.post('/tables/felt-1/raise').send({ seat: toAct, to: 1000 }),
      status: 422,
      code: /RAISE_ABOVE_MAXIMUM|INSUFFICIENT_CHIPS/,
    },
    {
      name: 'a command on a closed table',
      send: () => api.http.post('/tables/closed-1/seat-player').send({ seat: 1, playerId: 'late', buyIn: 100 }),
      status: 422,
      code: 'TABLE_CLOSED',
    },
    {
      name: 'opening a table twice',
      send: () =>
        api.http.post('/tables').send({ tableId: 'felt-1', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } }),
      status: 422,
      code: 'TABLE_ALREADY_OPEN',
    },
    {
      name: 'rules the engine refuses',
      send: () =>
        api.http.post('/tables').send({ tableId: 'silly', rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 2 } }),
      status: 422,
      code: 'INVALID_RULES',
    },
    {
      name: 'an unknown house option',
      send: () =>
        api.http.post('/tables').send({
          tableId: 'silly2',
          rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, houseOptions: { bonus: true } },
        }),
      status: 422,
      code: 'INVALID_RULES',
    },
    {
      name: 'a house option the table does not have',
      send: () => api.http.post('/tables/felt-1/straddle').send({ seat: 1 }),
      status: 422,
      code: /OPTION_NOT_ENABLED|OPTION_NOT_ALLOWED_NOW/,
    },
    {
      name: 'hole cards on a house-shuffled table',
      send: () => api.http.post('/tables/closed-1/start-hand').send({ holeCards: { 9: 'AsAd' } }),
      status: 422,
      code: 'DECK_SOURCE_HOUSE',
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await totalEvents(database.db);
    const res = await c.send();
    expect({ status: res.status, code: res.body.code }).toEqual({
      status: c.status,
      code: typeof c.code === 'string' ? c.code : expect.stringMatching(c.code),
    });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      status: c.status,
      type: expect.stringMatching(/^urn:felt:problem:/),
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(typeof res.body.requestId).toBe('string');
    if (res.body.code === 'INVALID_REQUEST') expect(Array.isArray(res.body.errors)).toBe(true);
    if (c.status === 409) expect(res.body.currentVersion).toBeGreaterThan(3);
    expect(await totalEvents(database.db)).toBe(before);
  });

  it('names the field given twice and where it is', async () => {
    const res = await raw('/tables/felt-1/commands', '{"type":"ChopBlinds","consents":[{"seat":1,"by":"p1","by":"p2"}]}');
    expect({ status: res.status, code: res.body.code, errors: res.body.errors }).toEqual({
      status: 400,
      code: 'DUPLICATE_KEY',
      errors: [{ path: 'consents[0].by', message: 'the field "by" is given twice in one object; send each field once' }],
    });
  });

  it('names every invalid field', async () => {
    const res = await api.http.post('/tables/felt-1/commands').send({ type: 'Raise', seat: -2, to: 1.5, colour: 'red' }).expect(400);
    expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['colour', 'seat', 'to']);
  });

  it('still accepts the right command afterwards', async () => {
    const before = await totalEvents(database.db);
    const res = await api.http.post('/tables/felt-1/fold').send({ seat: toAct }).expect(201);
    expect(await totalEvents(database.db)).toBe(before + res.body.events.length);
  });
});
