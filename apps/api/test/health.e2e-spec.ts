import { useTestStore } from './test-support/test-databases';
import { startTestApi } from './test-support/test-api';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('GET /health', () => {
  const database = useTestStore('postgres');

  it.each([
    ['the database only, without REDIS_URL', undefined, 200, { database: 'up' }],
    ['the database and Redis', REDIS_URL, 200, { database: 'up', redis: 'up' }],
    ['Redis down: 503', 'redis://127.0.0.1:1', 503, { database: 'up', redis: 'down' }],
  ] as const)('checks %s', async (_what, redisUrl, status, expected) => {
    const api = await startTestApi(database.db, { redisUrl });
    try {
      const res = await api.http.get('/health').expect(status);
      const states = Object.fromEntries(Object.entries(res.body.details as Record<string, { status: string }>).map(([k, v]) => [k, v.status]));
      expect(states).toEqual(expected);
      expect(res.headers['x-request-id']).toBeDefined();
    } finally {
      await api.close();
    }
  });
});
