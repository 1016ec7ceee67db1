import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';
import { injectBytes, itRefusesEach, type GateCase } from './test-support/input-gate';
import { addTestUser } from './test-support/auth';
import { NO_LIMIT_1_2, openTableWithPlayers, startHandWithBlinds } from './test-support/table-setup';

const nested = (depth: number, inner = '{}') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);

/**
 * The hostile inputs of the hardening issue (NUL, lone surrogates, bytes that are not UTF-8, deep nesting, unknown
 * keys, traversal) on the routes added after it: users, devices, the audit stream, the room and the board, and the
 * table commands CorrectAction, ChangeSeat, CallBombPot and RunItTwice. Each is refused with its 4xx as
 * problem+json with a code, and writes nothing: no event in a table's or a game's stream, no user, assignment or
 * device changed (input-gate.e2e-part.ts has the same for the routes the issue tried).
 */
describe.each(APP_BACKENDS)('the input gate on the newer routes (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let dealerId: string;
  let deviceId: string;

  beforeAll(async () => {
    // Bodies up to 512 KiB, so that a body 30,000 levels deep reaches the depth bound (at 64 KiB it is 413 first).
    api = await startTestApi(database.db, { bodyLimitBytes: 512 * 1024 });
    await openTableWithPlayers(api, 'felt-1');
    await startHandWithBlinds(api, 'felt-1');
    dealerId = (await addTestUser(database.db, 'gate-dealer', 'dealer')).id;
    deviceId = (await api.http.post('/devices').send({ name: 'gate console' }).expect(201)).body.device.id;
    await api.http
      .post('/room/games')
      .send({ gameId: 'g1', name: '1/2 NLHE', stakes: '1/2', structure: 'no-limit', tableRules: NO_LIMIT_1_2 })
      .expect(201);
    await api.http.post('/room/games/g1/tables').send({ tableId: 'room-1' }).expect(201);
    await api.http.post('/room/games/g1/commands').send({ type: 'JoinList', playerId: 'card-1', alias: 'JD' }).expect(201);
  });

  const inject = (method: 'POST' | 'PATCH', url: string, payload: Buffer | string) => injectBytes(api, method, url, payload);
  const notUtf8 = (before: string, after: string) => Buffer.concat([Buffer.from(before), Buffer.from([0xc3, 0x28]), Buffer.from(after)]);

  const cases: GateCase[] = [
    // users
    {
      name: 'POST /users: NUL in a name',
      send: () => api.http.post('/users').send({ name: 'a\u0000b', role: 'dealer' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /users: a lone surrogate in a name',
      send: () => inject('POST', '/users', '{"name":"a\\ud800","role":"dealer"}'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /users: a name that is not UTF-8',
      send: () => inject('POST', '/users', notUtf8('{"name":"a', '","role":"dealer"}')),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /users: a body 30,000 levels deep',
      send: () => inject('POST', '/users', nested(30_000)),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'POST /users: an unknown key',
      send: () => api.http.post('/users').send({ name: 'x', role: 'dealer', admin: true }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'POST /users: a traversal as a name',
      send: () => api.http.post('/users').send({ name: '../../etc/passwd', role: 'dealer' }),
      status: 400,
      code: 'INVALID_USER_NAME',
    },
    {
      name: 'PATCH /users/:userId: NUL in the path',
      send: () => api.http.patch('/users/a%00b').send({ disabled: true }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'PATCH /users/:userId: a traversal in the path',
      send: () => api.http.patch('/users/..%2F..%2Fetc%2Fpasswd').send({ disabled: true }),
      status: 404,
      code: 'USER_NOT_FOUND',
    },
    {
      name: 'PATCH /users/:userId: a role nested 100 levels deep',
      send: () => inject('PATCH', `/users/${dealerId}`, `{"role":${nested(100, '"floor"')}}`),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'PATCH /users/:userId: an escape character in a role',
      send: () => api.http.patch(`/users/${dealerId}`).send({ role: 'floor\u001b[2J' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /users/:userId/password: a lone surrogate in the path',
      send: () => inject('POST', '/users/%ED%A0%80/password', '{}'),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'POST /users/:userId/password: an unknown key',
      send: () => api.http.post(`/users/${dealerId}/password`).send({ password: 'mine' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    { name: 'GET /users: NUL in after', send: () => api.http.get('/users?after=%00'), status: 400, code: 'INVALID_TEXT' },
    { name: 'GET /users: a limit over 1,000', send: () => api.http.get('/users?limit=1001'), status: 400, code: 'INVALID_REQUEST' },
    // devices
    {
      name: 'POST /devices: NUL in a name',
      send: () => api.http.post('/devices').send({ name: 'console\u0000' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /devices: a name that is not UTF-8',
      send: () => inject('POST', '/devices', notUtf8('{"name":"c', '"}')),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /devices: a name nested 30,000 levels deep',
      send: () => inject('POST', '/devices', `{"name":${nested(30_000)}}`),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'POST /devices: a traversal as a name',
      send: () => api.http.post('/devices').send({ name: '..\\..\\package.json' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'DELETE /devices/:deviceId: NUL in the path',
      send: () => api.http.delete('/devices/a%00b'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'DELETE /devices/:deviceId: a traversal in the path',
      send: () => api.http.delete('/devices/..%2F..%2Fpackage.json'),
      status: 404,
      code: 'DEVICE_NOT_FOUND',
    },
    { name: 'GET /devices: after that is not UTF-8', send: () => api.http.get('/devices?after=%FF'), status: 400, code: 'INVALID_TEXT' },
    // the audit stream
    {
      name: 'GET /regulator/audit: NUL in after',
      send: () => api.http.get('/regulator/audit?after=%00'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'GET /regulator/audit: an unknown query member',
      send: () => api.http.get('/regulator/audit?page=2'),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'GET /regulator/audit/export: a traversal as a day',
      send: () => api.http.get('/regulator/audit/export?from=..%2F..%2Fetc%2Fpasswd'),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    // the room
    {
      name: 'POST /room/games: NUL in a gameId',
      send: () => api.http.post('/room/games').send({ gameId: 'a\u0000b', name: 'n', stakes: '1/2', structure: 'no-limit' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /room/games: a lone surrogate in a name',
      send: () => inject('POST', '/room/games', '{"gameId":"g2","name":"x\\udfff","stakes":"1/2","structure":"no-limit"}'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /room/games: house options 4,000 levels deep in the table rules',
      send: () =>
        inject(
          'POST',
          '/room/games',
          `{"gameId":"g3","name":"n","stakes":"1/2","structure":"no-limit","tableRules":{"structure":{"kind":"no-limit"},"smallBlind":1,"bigBlind":2,"houseOptions":{"straddle":${nested(4000)}}}}`,
        ),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'POST /room/games: an unknown key nested in a house option of the table rules',
      send: () =>
        api.http.post('/room/games').send({
          gameId: 'g4',
          name: 'n',
          stakes: '1/2',
          structure: 'no-limit',
          tableRules: { ...NO_LIMIT_1_2, houseOptions: { straddle: { a: { b: 1 } } } },
        }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'POST /room/games: an unknown key in the policies',
      send: () =>
        api.http.post('/room/games').send({ gameId: 'g5', name: 'n', stakes: '1/2', structure: 'no-limit', policies: { vip: true } }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'POST /room/games: a traversal as a gameId',
      send: () => api.http.post('/room/games').send({ gameId: '../../etc/passwd', name: 'n', stakes: '1/2', structure: 'no-limit' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'GET /room/games/:gameId: a traversal in the path',
      send: () => api.http.get('/room/games/..%2F..%2Fetc%2Fpasswd'),
      status: 404,
      code: 'GAME_NOT_FOUND',
    },
    { name: 'GET /room/games: NUL in after', send: () => api.http.get('/room/games?after=%00'), status: 400, code: 'INVALID_TEXT' },
    { name: 'GET /room/games: a limit of 0', send: () => api.http.get('/room/games?limit=0'), status: 400, code: 'INVALID_REQUEST' },
    {
      name: 'POST /room/games/:gameId/commands: NUL in the path',
      send: () => api.http.post('/room/games/g%001/commands').send({ type: 'JoinList', playerId: 'card-2', alias: 'AB' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /room/games/:gameId/commands: a lone surrogate in an alias',
      send: () => inject('POST', '/room/games/g1/commands', '{"type":"JoinList","playerId":"card-2","alias":"A\\ud800"}'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /room/games/:gameId/commands: an alias that is not UTF-8',
      send: () => inject('POST', '/room/games/g1/commands', notUtf8('{"type":"JoinList","playerId":"card-2","alias":"A', '"}')),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /room/games/:gameId/commands: a body 30,000 levels deep',
      send: () => inject('POST', '/room/games/g1/commands', nested(30_000)),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'POST /room/games/:gameId/commands: pass-overs 100 levels deep',
      send: () =>
        inject(
          'POST',
          '/room/games/g1/commands',
          `{"type":"CallPlayer","playerId":"card-1","tableId":"room-1","seat":5,"passOver":${'['.repeat(100)}${']'.repeat(100)}}`,
        ),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'POST /room/games/:gameId/commands: an unknown key in a pass-over',
      send: () =>
        api.http.post('/room/games/g1/commands').send({
          type: 'CallPlayer',
          playerId: 'card-1',
          tableId: 'room-1',
          seat: 5,
          passOver: [{ playerId: 'card-9', reason: 'declined-seat', x: 1 }],
        }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'POST /room/games/:gameId/tables: NUL in an alias of the aliases map',
      send: () => api.http.post('/room/games/g1/tables').send({ tableId: 'room-2', aliases: { 'card-3': 'J\u0000D' } }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /room/games/:gameId/tables: a traversal as a table id',
      send: () => api.http.post('/room/games/g1/tables').send({ tableId: '..\\..\\package.json' }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'POST /room/games/:gameId/seat: NUL in a player id',
      send: () => api.http.post('/room/games/g1/seat').send({ playerId: 'card\u00001' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'POST /room/games/:gameId/vacate: an escape character in a table id',
      send: () => api.http.post('/room/games/g1/vacate').send({ tableId: 'room-1\u001b', seat: 1 }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    { name: 'GET /board: NUL in a query', send: () => api.anonymous.get('/board?x=%00'), status: 400, code: 'INVALID_TEXT' },
    {
      name: 'GET /board: a traversal under it',
      send: () => api.anonymous.get('/board/..%2F..%2Fpackage.json'),
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    },
    // the table commands added since
    {
      name: 'CorrectAction: NUL in a reason',
      send: () => api.http.post('/tables/felt-1/correct-action').send({ action: 1, reason: 'double\u0000tap' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'CorrectAction: a reason of 100,000 characters',
      send: () => api.http.post('/tables/felt-1/correct-action').send({ action: 1, reason: 'r'.repeat(100_000) }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'ChangeSeat: a lone surrogate in a key',
      send: () => inject('POST', '/tables/felt-1/change-seat', '{"fromSeat":1,"toSeat":6,"\\udc00":1}'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'ChangeSeat: a body 30,000 levels deep',
      send: () => inject('POST', '/tables/felt-1/change-seat', nested(30_000)),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'CallBombPot: an unknown key',
      send: () => api.http.post('/tables/felt-1/call-bomb-pot').send({ ante: 5, extra: { a: 1 } }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'RunItTwice: bytes that are not UTF-8',
      send: () => inject('POST', '/tables/felt-1/run-it-twice', notUtf8('{"commandId":"', '"}')),
      status: 400,
      code: 'INVALID_TEXT',
    },
  ];

  itRefusesEach(cases, database);

  it('the setup wrote what the cases are aimed at (so that a refusal is the gate, not a missing target)', async () => {
    expect((await api.http.get('/room/games/g1').expect(200)).body.state.tables.map((t: { tableId: string }) => t.tableId)).toEqual([
      'room-1',
    ]);
    expect((await api.http.get('/devices').expect(200)).body.devices.map((d: { id: string }) => d.id)).toEqual([deviceId]);
    expect((await api.http.get('/users').expect(200)).body.users.map((u: { id: string }) => u.id)).toContain(dealerId);
  });
});
