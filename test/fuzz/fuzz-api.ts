import fc from 'fast-check';
import type { Database } from '@felt/event-store';
import { startTestApi, type TestApi } from '../../apps/api/test/test-support/test-api';
import { addTestUser, authHeaders, signTestToken } from '../../apps/api/test/test-support/auth';
import { NO_LIMIT_1_2, openTableWithPlayers, startHandWithBlinds } from '../../apps/api/test/test-support/table-setup';
import { requestArbitrary, type FuzzRequest, type FuzzTargets } from './openapi-arbitraries';

/**
 * The OpenAPI fuzzer: requests generated from the API's own document (openapi-arbitraries.ts), sent to the real API
 * (in process, through Fastify's inject) over a real database. Every answer must be below 500; every refusal must be
 * application/problem+json with a code; and a refused request must write nothing: the rows of the event store and
 * the user tables and every stream's version are compared before and after it.
 */

export interface FuzzFigures {
  requests: number;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
  /** Per operation of the document ("POST /room/games/{gameId}/seat"): requests sent, and how many were answered 2xx. */
  byOperation: Record<string, { requests: number; accepted: number }>;
  serverErrors: number;
  failures: { request: string; why: string }[];
  elapsedMs: number;
}

/**
 * Everything a request could have written, as one comparable text: every stream's version summed (the tables'
 * `table-<id>` streams and the room's `game-<id>` streams alike: one changes, it changes), and a digest of each staff
 * table (users, dealer assignments, devices: a changed role, a disabled user or a retired device shows). The audit
 * streams apart: a refused command is recorded there (CommandRefused), by design.
 */
async function writtenState(db: Database): Promise<string> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT (SELECT coalesce(max(global_position), 0) FROM events WHERE stream_id NOT LIKE 'audit-%')::text AS events,
            (SELECT count(*) FROM commands WHERE stream_id NOT LIKE 'audit-%')::text AS commands,
            (SELECT coalesce(sum(version), 0) || '/' || count(*) FROM streams WHERE stream_id NOT LIKE 'audit-%') AS streams,
            (SELECT count(*) || '/' || md5(coalesce(string_agg(id || role || disabled::text || password_hash, ',' ORDER BY id), '')) FROM users) AS users,
            (SELECT count(*) || '/' || md5(coalesce(string_agg(table_id || user_id, ',' ORDER BY table_id, user_id), '')) FROM dealer_assignments) AS assignments,
            (SELECT count(*) || '/' || md5(coalesce(string_agg(id || coalesce(retired_at::text, '-'), ',' ORDER BY id), '')) FROM devices) AS devices`,
  );
  return JSON.stringify(rows[0]);
}

/** A few tables in different states, a dealer, a game of the room with a table and a registered device, so that generated requests reach the handlers. */
export async function prepareFuzzTargets(api: TestApi, db: Database): Promise<Omit<FuzzTargets, 'authorizations'>> {
  await openTableWithPlayers(api, 'fz-open', 0);
  await openTableWithPlayers(api, 'fz-seated', 4);
  await openTableWithPlayers(api, 'fz-hand', 3);
  await startHandWithBlinds(api, 'fz-hand');
  await openTableWithPlayers(api, 'fz-closed', 0);
  await api.http.post('/tables/fz-closed/close-table').send({}).expect(201);
  const dealer = await addTestUser(db, `fz-dealer-${Date.now().toString(36)}`, 'dealer');
  await api.http.put(`/tables/fz-hand/dealers/${dealer.id}`).expect(200);
  await api.http.post('/room/games').send({ gameId: 'fz-game', name: 'fuzz game', stakes: '1/2', structure: 'no-limit', tableRules: NO_LIMIT_1_2 }).expect(201);
  await api.http.post('/room/games/fz-game/tables').send({ tableId: 'fz-room-table' }).expect(201);
  await api.http.post('/room/games/fz-game/commands').send({ type: 'JoinList', playerId: 'player-1', alias: 'P1' }).expect(201);
  const device = await api.http.post('/devices').send({ name: 'fuzz console' }).expect(201);
  return {
    tableIds: ['fz-open', 'fz-seated', 'fz-hand', 'fz-closed', 'fz-room-table'],
    userIds: [dealer.id],
    gameIds: ['fz-game'],
    deviceIds: [device.body.device.id as string],
  };
}

export async function fuzzApi(
  api: TestApi,
  db: Database,
  options: { runs: number; seed?: number; onProgress?: (figures: FuzzFigures) => void; onFailure?: (failure: FuzzFigures['failures'][number]) => void },
): Promise<FuzzFigures> {
  const targets = await prepareFuzzTargets(api, db);
  const fastify = api.app.getHttpAdapter().getInstance();
  const doc = (await fastify.inject({ method: 'GET', url: '/docs-json' })).json();
  const authorizations = [
    authHeaders('floor').Authorization,
    authHeaders('dealer', { sub: targets.userIds[0] }).Authorization,
    authHeaders('regulator').Authorization,
    authHeaders('service').Authorization,
    undefined,
    `Bearer ${signTestToken('floor', { secret: 'not-the-secret-0123456789abcdef0123' })}`,
    'Bearer not.a.token',
    'Basic Zmxvb3I6cGFzcw==',
  ];
  const arbitrary = requestArbitrary(doc, { ...targets, authorizations });
  const figures: FuzzFigures = { requests: 0, byStatus: {}, byCode: {}, byOperation: {}, serverErrors: 0, failures: [], elapsedMs: 0 };
  const began = performance.now();

  // The state after the last request: a refusal must leave it as it is; an accepted request moves it on.
  let known = await writtenState(db);
  const check = async (request: FuzzRequest): Promise<void> => {
    const before = known;
    const res = await fastify.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload ? { payload: request.payload } : {}) });
    figures.requests++;
    if (figures.requests % 1000 === 0) options.onProgress?.(figures);
    const status = res.statusCode;
    const operation = (figures.byOperation[request.operation] ??= { requests: 0, accepted: 0 });
    operation.requests++;
    if (status < 300) operation.accepted++;
    figures.byStatus[`${Math.floor(status / 100)}xx`] = (figures.byStatus[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
    const fail = (why: string) => {
      const failure = { request: `${request.method} ${request.url.slice(0, 300)} ${request.payload?.subarray(0, 300).toString('latin1') ?? ''}`, why };
      figures.failures.push(failure);
      options.onFailure?.(failure);
    };
    if (status >= 500) {
      figures.serverErrors++;
      fail(`${status}: ${res.body.slice(0, 500)}`);
      return;
    }
    if (status < 400) {
      known = await writtenState(db);
      return;
    }
    let code: unknown;
    try {
      code = res.json().code;
    } catch {
      code = undefined;
    }
    figures.byCode[String(code)] = (figures.byCode[String(code)] ?? 0) + 1;
    if (!String(res.headers['content-type']).startsWith('application/problem+json')) fail(`${status} is not problem+json: ${res.headers['content-type']}`);
    if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) fail(`${status} has no code: ${res.body.slice(0, 300)}`);
    const after = await writtenState(db);
    if (after !== before) fail(`${status} ${String(code)} wrote something: ${before} → ${after}`);
    known = after;
  };

  await fc.assert(
    fc.asyncProperty(arbitrary, async (request) => {
      await check(request);
      return true; // failures are collected, not thrown: a run reports every one of them
    }),
    { numRuns: options.runs, seed: options.seed, endOnFailure: true },
  );
  figures.elapsedMs = performance.now() - began;
  return figures;
}

/** The API as the fuzzer wants it: sign-in limits high enough that generated logins reach the password check. */
export function startFuzzApi(db: Database): Promise<TestApi> {
  return startTestApi(db, { loginAttemptsPerAddressPerMinute: 1_000_000, loginFailuresBeforeLockout: 1_000_000 });
}
