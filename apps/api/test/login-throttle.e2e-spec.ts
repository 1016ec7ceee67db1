import { useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';
import { addTestUser, signTestClaims } from './test-support/auth';
import type { ApiConfig } from '../src/config/api-config';

/** Sign-in brakes (auth/login-throttle.ts) and token bounds (auth/access-token.ts). */
describe('sign-in throttling and token bounds (postgres)', () => {
  const database = useTestStore('postgres');
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  const start = async (config: Partial<ApiConfig>) => {
    api = await startTestApi(database.db, config);
    return api;
  };
  const login = (username: string, password: string) => api!.anonymous.post('/auth/login').send({ username, password });

  it('locks a user name after N attempts: then even the right password gets 429 with Retry-After, and nothing is written', async () => {
    await start({ loginFailuresBeforeLockout: 3, loginLockoutSeconds: 600 });
    await addTestUser(database.db, 'vera', 'floor');
    await addTestUser(database.db, 'olga', 'floor');
    for (let i = 0; i < 3; i++) expect((await login('vera', `guess-${i}`)).status).toBe(401);
    const before = await writtenRows(database.db);
    const locked = await login('VERA', 'vera-password');
    expect({ status: locked.status, code: locked.body.code }).toEqual({ status: 429, code: 'LOGIN_THROTTLED' });
    expect(locked.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(locked.body.accessToken).toBeUndefined();
    expect(await writtenRows(database.db)).toEqual(before);
    // Another user is not locked out with her.
    expect((await login('olga', 'olga-password')).status).toBe(200);
  });

  it('throttles one address trying many user names', async () => {
    await start({ loginAttemptsPerAddressPerMinute: 4 });
    for (let i = 0; i < 4; i++) expect((await login(`name-${i}`, 'x')).status).toBe(401);
    const res = await login('name-5', 'x');
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 429, code: 'LOGIN_THROTTLED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  describe('tokens', () => {
    const now = Math.floor(Date.now() / 1000);
    const sign = (claims: Record<string, unknown>) => signTestClaims({ sub: 'fake-floor', name: 'fake', role: 'floor', ...claims });

    it.each([
      ['issued a year in the future', { iat: now + 365 * 86400, exp: now + 366 * 86400 }],
      ['valid for 100 years', { iat: now, exp: now + 100 * 365 * 86400 }],
      ['without iat', { exp: now + 3600, iat: undefined }],
    ])('refuses a token %s with 401', async (_name, claims) => {
      await start({});
      const token = sign(claims);
      const res = await api!.anonymous.get('/tables').set('Authorization', `Bearer ${token}`);
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    });

    it('takes a token of a day, issued a few seconds ahead of this clock', async () => {
      await start({});
      await api!.anonymous.get('/tables').set('Authorization', `Bearer ${sign({ iat: now + 5, exp: now + 86400 })}`).expect(200);
    });
  });
});
