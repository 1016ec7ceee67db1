import { useTestStore } from './test-support/test-databases';
import { startTestApi } from './test-support/test-api';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('health: liveness and readiness apart', () => {
  const database = useTestStore('postgres');

  it.each([
    ['the database only, without REDIS_URL', undefined, 'ok', { database: 'up' }],
    ['the database and Redis', REDIS_URL, 'ok', { database: 'up', redis: 'up' }],
    ['Redis down: still ready, reported as degraded', 'redis://127.0.0.1:1', 'degraded', { database: 'up', redis: 'down' }],
  ] as const)('readiness with %s', async (_what, redisUrl, overall, expected) => {
    const api = await startTestApi(database.db, { redisUrl });
    try {
      for (const path of ['/health/ready', '/health']) {
        const res = await api.anonymous.get(path).expect(200);
        const states = Object.fromEntries(
          Object.entries(res.body.details as Record<string, { status: string }>).map(([k, v]) => [k, v.status]),
        );
        expect({ status: res.body.status, states }).toEqual({ status: overall, states: expected });
        expect(res.headers['x-request-id']).toBeDefined();
      }
      await api.anonymous.get('/health/live').expect(200, /"status":"ok"/);
      // The same states in the metrics, for a scraper with a service token.
      await api.anonymous.get('/metrics').expect(401);
      const metrics = await api.as('service').get('/metrics').expect(200);
      for (const [dependency, state] of Object.entries(expected)) {
        expect(metrics.text).toContain(`felt_api_dependency_up{dependency="${dependency}"} ${state === 'up' ? 1 : 0}`);
      }
      // Commands are taken while Redis is down.
      await api.http
        .post('/tables')
        .send({
          tableId: `h-${overall}-${Object.keys(expected).length}`,
          rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 },
        })
        .expect(201);
    } finally {
      await api.close();
    }
  });

  it('not ready when the database does not answer, while still alive', async () => {
    const api = await startTestApi(database.db);
    try {
      const dbQuery = database.db.query.bind(database.db);
      (database.db as { query: unknown }).query = () =>
        Promise.reject(Object.assign(new Error('connection refused'), { code: 'ECONNREFUSED' }));
      try {
        const res = await api.anonymous.get('/health/ready').expect(503);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
        expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { database: { status: 'down' } } });
        await api.anonymous.get('/health/live').expect(200);
      } finally {
        (database.db as { query: unknown }).query = dbQuery;
      }
      await api.anonymous.get('/health/ready').expect(200);
    } finally {
      await api.close();
    }
  });
});
