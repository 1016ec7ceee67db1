import fc from 'fast-check';
import { Client } from 'pg';
import { COMMAND_TYPES } from '@felt/engine';
import { ApiProcess, ensureBuilt } from '../../apps/api/test/test-support/api-process';
import { authHeaders, signTestToken } from '../../apps/api/test/test-support/auth';
import { createPostgresDatabase } from '../../apps/api/test/test-support/test-databases';

const FLOOR = authHeaders('floor');
const RULES = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
/** The API's default BODY_LIMIT_BYTES. */
const BODY_LIMIT = 64 * 1024;
const RUNS = 100;

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: any;
}

/**
 * Fuzzing the HTTP API of the built process (`node dist/apps/api/src/main.js` on a throwaway PostgreSQL database):
 * malformed JSON, wrong types, huge, negative and fractional numbers, unknown commands, out-of-turn actions, a
 * closed table, oversized bodies, missing and forged tokens. Every request must get a 4xx answer that is
 * application/problem+json with a code, the process must stay up, and no event may be written.
 */
describe('HTTP fuzz (built API, PostgreSQL)', () => {
  let api: ApiProcess;
  let pg: Client;
  let drop: () => Promise<void>;
  let eventsBefore: number;
  let toAct: number;

  const send = async (path: string, body: string | undefined, headers: Record<string, string> = {}, method = 'POST'): Promise<Answer> => {
    const res = await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...FLOOR, ...headers },
      body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // left as text: the assertion below reports it
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: parsed };
  };
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) => send(path, JSON.stringify(body), headers);
  // Table events only: a refused command is itself recorded in the audit stream (CommandRefused), by design.
  const countEvents = async () =>
    Number((await pg.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE stream_id NOT LIKE 'audit-%'`)).rows[0]!.n);

  /** A refusal as the API promises it: 4xx, problem+json, a stable code (and never a 5xx). */
  const expectRefused = (answer: Answer, status?: number | readonly number[], code?: string | RegExp) => {
    if (answer.status < 400 || answer.status >= 500)
      throw new Error(`expected a 4xx, got ${answer.status}: ${JSON.stringify(answer.body)}`);
    if (status !== undefined) expect([status].flat()).toContain(answer.status);
    expect(answer.contentType).toMatch(/^application\/problem\+json/);
    expect(answer.body?.code).toMatch(/^[A-Z][A-Z_]+$/);
    if (code !== undefined) expect(answer.body.code).toMatch(code);
  };

  beforeAll(async () => {
    ensureBuilt();
    const database = await createPostgresDatabase({ migrated: true });
    drop = database.drop;
    api = await ApiProcess.start({ DATABASE_URL: database.url });
    pg = new Client({ connectionString: database.url });
    await pg.connect();
    const created = async (path: string, body: unknown) => {
      const answer = await post(path, body);
      if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body;
    };
    await created('/tables', { tableId: 'fuzz-1', rules: RULES });
    for (let seat = 1; seat <= 3; seat++) await created('/tables/fuzz-1/seat-player', { seat, playerId: `p${seat}`, buyIn: 100 });
    await created('/tables/fuzz-1/place-button', { seat: 1 });
    let table = (await created('/tables/fuzz-1/start-hand', {})).table;
    for (const due of table.legalActions.filter((a: { type: string }) => a.type === 'PostBlind')) {
      table = (await created('/tables/fuzz-1/post-blind', { seat: due.seat, blind: due.blind })).table;
    }
    toAct = table.toAct;
    await created('/tables', { tableId: 'closed-1', rules: RULES });
    await created('/tables/closed-1/close-table', {});
    eventsBefore = await countEvents();
  }, 300_000);

  afterEach(async () => {
    // Nothing written, and the process answers as before.
    expect(await countEvents()).toBe(eventsBefore);
    expect(api.child.exitCode).toBeNull();
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  });

  afterAll(async () => {
    await pg?.end();
    await api?.stop();
    await drop?.();
  });

  it('malformed JSON: 400 MALFORMED_JSON', async () => {
    const notJson = fc.string({ minLength: 1, maxLength: 200 }).filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return text.trim().length > 0;
      }
    });
    await fc.assert(
      fc.asyncProperty(notJson, fc.constantFrom('/tables/fuzz-1/commands', '/tables/fuzz-1/raise', '/tables'), async (text, path) => {
        expectRefused(await send(path, text), 400, 'MALFORMED_JSON');
      }),
      { numRuns: RUNS },
    );
  });

  it('wrong types and huge, negative, fractional numbers in every numeric field: 400 INVALID_REQUEST', async () => {
    const badNumber = fc.oneof(
      fc.integer({ max: -1 }),
      fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
      fc.double({ min: 1e12 + 1, max: 1e300, noNaN: true }),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string(), fc.integer(), { maxKeys: 2 }),
    );
    const command = fc.constantFrom(
      { type: 'Raise', seat: 1, to: 6 },
      { type: 'Bet', seat: 1, amount: 4 },
      { type: 'AddChips', seat: 1, amount: 50 },
      { type: 'SeatPlayer', seat: 4, playerId: 'p4', buyIn: 100 },
      { type: 'Fold', seat: 1 },
      { type: 'KillPot', seat: 1, amount: 4 },
    );
    await fc.assert(
      fc.asyncProperty(command, badNumber, fc.nat(), async (base, value, pick) => {
        const fields = Object.keys(base).filter((k) => typeof (base as Record<string, unknown>)[k] === 'number');
        const field = fields[pick % fields.length]!;
        expectRefused(await post('/tables/fuzz-1/commands', { ...base, [field]: value }), 400, 'INVALID_REQUEST');
      }),
      { numRuns: RUNS },
    );
  });

  it('arbitrary JSON values as a command, on any command route: a 4xx problem', async () => {
    const route = fc.constantFrom('commands', 'raise', 'fold', 'seat-player', 'start-hand', 'chop-blinds', 'change-rules', 'void-hand');
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), route, async (value, r) => {
        expectRefused(await post(`/tables/fuzz-1/${r}`, value));
      }),
      { numRuns: RUNS },
    );
  });

  it('arbitrary table ids and routes: a 4xx problem (404 for a table never opened)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ maxLength: 20 }), async (tableId, route) => {
        const path = `/tables/${encodeURIComponent(tableId)}/${encodeURIComponent(route)}`;
        expectRefused(await post(path, { type: 'Fold', seat: 1 }));
      }),
      { numRuns: RUNS },
    );
  });

  it('unknown command types: 400 UNKNOWN_COMMAND_TYPE (or INVALID_REQUEST for a type that is not even a name)', async () => {
    // Every type the engine knows, its modules' included: a string outside them must be refused as unknown.
    const known = new Set<string>(COMMAND_TYPES);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null)).filter((t) => !known.has(t as string)),
        fc.nat(9),
        async (type, seat) => {
          expectRefused(await post('/tables/fuzz-1/commands', { type, seat }), 400, /^(UNKNOWN_COMMAND_TYPE|INVALID_REQUEST)$/);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("actions out of turn (any seat but the one to act, seated or not): 422 with the engine's code", async () => {
    const action = fc.constantFrom(
      { type: 'Fold' },
      { type: 'Check' },
      { type: 'Call' },
      { type: 'Bet', amount: 4 },
      { type: 'Raise', to: 8 },
      { type: 'Raise', to: 100 },
    );
    const seat = fc.integer({ min: 1, max: 6 }).filter((s) => s !== toAct);
    await fc.assert(
      fc.asyncProperty(action, seat, async (a, s) => {
        expectRefused(await post('/tables/fuzz-1/commands', { ...a, seat: s }), 422);
      }),
      { numRuns: RUNS },
    );
  });

  it("any command on a closed table: 422 (TABLE_CLOSED or the engine's code), never written", async () => {
    const command = fc.constantFrom(
      { type: 'SeatPlayer', seat: 1, playerId: 'late', buyIn: 100 },
      { type: 'StartHand', seed: 1 },
      { type: 'AddChips', seat: 1, amount: 10 },
      { type: 'PlaceButton', seat: 1 },
      { type: 'CloseTable' },
      { type: 'Fold', seat: 1 },
    );
    await fc.assert(
      fc.asyncProperty(command, async (c) => {
        expectRefused(await post('/tables/closed-1/commands', c), 422);
      }),
      { numRuns: 12 },
    );
  });

  it('bodies over the limit: 413 BODY_TOO_LARGE', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: BODY_LIMIT + 1, max: 4 * BODY_LIMIT }),
        fc.constantFrom('/tables/fuzz-1/commands', '/tables/fuzz-1/void-hand', '/tables'),
        async (size, path) => {
          const reason = 'x'.repeat(size);
          expectRefused(await post(path, { type: 'VoidHand', reason }), 413, 'BODY_TOO_LARGE');
        },
      ),
      { numRuns: 10 },
    );
  });

  it('missing, malformed, forged and expired tokens: 401 UNAUTHENTICATED', async () => {
    const authorization = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 60 }).map((s) => `Bearer ${s}`),
      fc.string({ maxLength: 60 }),
      fc
        .constantFrom('floor', 'dealer', 'regulator', 'service')
        .map((role) => `Bearer ${signTestToken(role as 'floor', { secret: 'a-forged-secret-0123456789-0123456789' })}`),
      fc.constantFrom('floor', 'regulator').map((role) => `Bearer ${signTestToken(role as 'floor', { expiresIn: -60 })}`),
      fc.constant(`Basic ${Buffer.from('floor:floor').toString('base64')}`),
      // A real token with its payload edited (say, the role raised): the signature no longer matches.
      fc.constant(signTestToken('dealer')).map((token) => {
        const [header, , signature] = token.split('.');
        const payload = Buffer.from(JSON.stringify({ sub: 'x', name: 'x', role: 'floor', exp: 4102444800 })).toString('base64url');
        return `Bearer ${header}.${payload}.${signature}`;
      }),
    );
    const request = fc.constantFrom(
      { method: 'POST', path: '/tables/fuzz-1/commands', body: JSON.stringify({ type: 'Fold', seat: toAct }) },
      { method: 'POST', path: '/tables', body: JSON.stringify({ tableId: 'fuzz-new', rules: RULES }) },
      { method: 'GET', path: '/tables/fuzz-1', body: undefined },
      { method: 'GET', path: '/tables', body: undefined },
    );
    await fc.assert(
      fc.asyncProperty(authorization, request, async (auth, r) => {
        const headers: Record<string, string> = { Authorization: auth ?? '' };
        const answer = await fetch(`${api.baseUrl}${r.path}`, {
          method: r.method,
          headers: auth === undefined ? { 'Content-Type': 'application/json' } : { 'Content-Type': 'application/json', ...headers },
          body: r.body,
        });
        expectRefused(
          { status: answer.status, contentType: answer.headers.get('content-type') ?? '', body: await answer.json() },
          401,
          'UNAUTHENTICATED',
        );
      }),
      { numRuns: RUNS },
    );
  });
});
