import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';
import { injectBytes, itRefusesEach, type GateCase } from './test-support/input-gate';
import { openTableWithPlayers, startHandWithBlinds } from './test-support/table-setup';

const RULES = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 };
const nested = (depth: number, inner = '{}') => '{"a":'.repeat(depth) + inner + '}'.repeat(depth);

/**
 * The input gate (http/input-gate.ts, http/json-body.ts) and the strict schemas: text with control characters, lone
 * surrogates or bytes that are not UTF-8, anywhere in the request; bodies nested too deep; unknown keys at any depth;
 * unbounded strings and arrays; other charsets; console paths that climb out of their folder. Each gets its 4xx as
 * problem+json with a code, and writes nothing (events, commands, users and dealer assignments all unchanged).
 */
describe.each(APP_BACKENDS)('the input gate (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let toAct: number;

  beforeAll(async () => {
    api = await startTestApi(database.db, { bodyLimitBytes: 512 * 1024 });
    await openTableWithPlayers(api, 'felt-1');
    ({ toAct } = await startHandWithBlinds(api, 'felt-1'));
  });

  const raw = (path: string, text: string, type = 'application/json') => api.http.post(path).set('Content-Type', type).send(text);
  const inject = (url: string, headers: Record<string, string>, payload: Buffer) => injectBytes(api, 'POST', url, payload, headers);
  const cases: GateCase[] = [
    {
      name: 'NUL in a login user name',
      send: () => api.anonymous.post('/auth/login').send({ username: 'fl\u0000oor', password: 'x' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'NUL in a player id',
      send: () => api.http.post('/tables/felt-1/seat-player').send({ seat: 5, playerId: 'a\u0000b', buyIn: 100 }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'a lone surrogate in a player id',
      send: () => raw('/tables/felt-1/seat-player', '{"seat":5,"playerId":"a\\ud800","buyIn":100}'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'a lone low surrogate in a key',
      send: () => raw('/tables/felt-1/fold', '{"seat":1,"\\udc00":1}'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'NUL in a VoidHand reason',
      send: () => api.http.post('/tables/felt-1/void-hand').send({ reason: 'spill\u0000ed' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'an escape character in a reason',
      send: () => api.http.post('/tables/felt-1/void-hand').send({ reason: 'x\u001b[2J' }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'NUL in a dealer-assignment path',
      send: () => api.http.put('/tables/felt-1/dealers/a%00b'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'NUL in a table path',
      send: () => api.http.post('/tables/felt%00-1/fold').send({ seat: 1 }),
      status: 400,
      code: 'INVALID_TEXT',
    },
    { name: 'NUL in a query', send: () => api.http.get('/tables/felt-1/events?after=%00'), status: 400, code: 'INVALID_TEXT' },
    {
      name: 'a query escape that is not UTF-8',
      send: () => api.http.get('/tables/felt-1/events?after=%FF'),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'an encoded surrogate in a path',
      send: () => api.http.post('/tables/felt-1%ED%A0%80/fold').send({ seat: 1 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a header that is not UTF-8',
      send: () => inject('/tables/felt-1/fold', { 'x-device-id': 'a\xff' }, Buffer.from('{"seat":1}')),
      status: 400,
      code: 'INVALID_TEXT',
    },
    {
      name: 'a body that is not UTF-8',
      send: () =>
        inject('/tables/felt-1/void-hand', {}, Buffer.concat([Buffer.from('{"reason":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')])),
      status: 400,
      code: 'INVALID_TEXT',
    },
    { name: 'a body 30,000 levels deep', send: () => raw('/tables/felt-1/commands', nested(30_000)), status: 400, code: 'JSON_TOO_DEEP' },
    {
      name: 'arrays 100 levels deep',
      send: () => raw('/tables/felt-1/commands', '{"a":' + '['.repeat(100) + ']'.repeat(100) + '}'),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'house options 4,000 levels deep',
      send: () =>
        raw(
          '/tables',
          `{"tableId":"deep","rules":{"structure":{"kind":"no-limit"},"smallBlind":1,"bigBlind":2,"houseOptions":{"straddle":${nested(4000)}}}}`,
        ),
      status: 400,
      code: 'JSON_TOO_DEEP',
    },
    {
      name: 'an unknown key nested in a house option',
      send: () => api.http.post('/tables').send({ tableId: 'nested', rules: { ...RULES, houseOptions: { straddle: { a: { b: 1 } } } } }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a house option parameter of the wrong kind',
      send: () =>
        api.http
          .post('/tables')
          .send({ tableId: 'wrongkind', rules: { ...RULES, houseOptions: { straddle: { allowInLimit: { yes: true } } } } }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      // House options are open to a casino's own modules: one that no module of the table knows is refused by the rules check.
      name: 'an unknown house option',
      send: () => api.http.post('/tables').send({ tableId: 'bonus', rules: { ...RULES, houseOptions: { bonus: true } } }),
      status: 422,
      code: 'INVALID_RULES',
    },
    {
      name: 'an extra key in a rake row',
      send: () =>
        api.http
          .post('/tables')
          .send({ tableId: 'rake', rules: { ...RULES, houseOptions: { rake: { capByPlayers: [{ minPlayers: 2, cap: 1, x: 1 }] } } } }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a player id of 1,000 characters',
      send: () => api.http.post('/tables/felt-1/seat-player').send({ seat: 5, playerId: 'p'.repeat(1000), buyIn: 100 }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a reason of 100,000 characters',
      send: () => api.http.post('/tables/felt-1/void-hand').send({ reason: 'r'.repeat(100_000) }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a deck of 10,000 cards',
      send: () => api.http.post('/tables/felt-1/start-hand').send({ deck: Array(10_000).fill('As') }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'hole cards for 50 players',
      send: () =>
        api.http
          .post('/tables/felt-1/start-hand')
          .send({ holeCards: Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`p${i}`, 'AsKd'])) }),
      status: 400,
      code: 'INVALID_REQUEST',
    },
    {
      name: 'a UTF-16 charset',
      send: () => raw('/tables/felt-1/fold', '{"seat":1}', 'application/json; charset=utf-16'),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a Latin-1 charset',
      send: () => raw('/tables/felt-1/fold', '{"seat":1}', 'application/json; charset=iso-8859-1'),
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
    {
      name: 'a console path climbing with ....//',
      send: () => api.anonymous.get('/console/....//....//etc/passwd'),
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    },
    {
      name: 'a console path climbing with encoded backslashes',
      send: () => api.anonymous.get('/console/..%5c..%5cpackage.json'),
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    },
    {
      name: 'a console path climbing with encoded dots',
      send: () => api.anonymous.get('/console/%2e%2e/%2e%2e/package.json'),
      status: 404,
      code: 'ROUTE_NOT_FOUND',
    },
  ];

  itRefusesEach(cases, database);

  it('still takes text with accents, emoji and line breaks, and UTF-8 declared as such', async () => {
    const seated = await api.http
      .post('/tables/felt-1/seat-player')
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send(JSON.stringify({ seat: 5, playerId: 'zoë-🂡', buyIn: 100, postToEnter: false }));
    expect(seated.status).toBe(201);
    const voided = await api.http.post('/tables/felt-1/void-hand').send({ reason: 'misdeal:\nboxed card\tseat 2' });
    expect(voided.status).toBe(201);
    expect(toAct).toBeGreaterThan(0);
  });

  it('takes house options written with known parameters only', async () => {
    const res = await api.http.post('/tables').send({
      tableId: 'straddled',
      rules: { ...RULES, houseOptions: { straddle: { maxStraddles: 2 }, rake: { capByPlayers: [{ minPlayers: 2, cap: 1 }] } } },
    });
    expect(res.status).toBe(201);
  });
});

/** What Node's HTTP parser refuses before there is a request is a problem too (http/problem.filter.ts answerClientError). */
describe('refused framing (postgres)', () => {
  let api: TestApi;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });
  let port: number;

  beforeAll(async () => {
    api = await startTestApi(database.db);
    const server = api.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  /** Sends `bytes` on a fresh connection and reads until the server closes it. */
  const exchange = (bytes: string) =>
    new Promise<{ status: number; contentType: string; body: Record<string, unknown> }>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let text = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
      socket.on('error', () => undefined); // the server resets after answering; the answer is what counts
      socket.on('close', () => {
        const [head = '', body = ''] = text.split('\r\n\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
        if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
        resolve({ status, contentType: /content-type: ([^\r]+)/i.exec(head)?.[1] ?? '', body: JSON.parse(body) });
      });
    });

  it.each([
    ['a 100 KB URL', `GET /tables/${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 431, 'HEADERS_TOO_LARGE'],
    ['a header line without a colon', 'GET /health HTTP/1.1\r\nHost: x\r\nbroken header\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['a NUL in a header value', 'GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['a body length that is not a number', 'POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n', 400, 'MALFORMED_REQUEST'],
    ['not HTTP at all', '\u0016\u0003\u0001 hello\r\n\r\n', 400, 'MALFORMED_REQUEST'],
  ] as const)('%s', async (_name, bytes, status, code) => {
    const before = await writtenRows(database.db);
    const answer = await exchange(bytes);
    expect({ status: answer.status, code: answer.body.code }).toEqual({ status, code });
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(await writtenRows(database.db)).toEqual(before);
  });
});
