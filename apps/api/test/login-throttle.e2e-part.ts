import { useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';
import { addTestUser, seedTestUsers, signTestClaims } from './test-support/auth';
import type { ApiConfig } from '../src/config/api-config';

/**
 * Sign-in brakes (auth/login-throttle.ts; docs/security.md "Insiders", row 7): only failures count, per (user name,
 * address) and per address, shared through the database; and token bounds (auth/access-token.ts).
 */
describe('sign-in throttling and token bounds (postgres)', () => {
  const database = useTestStore('postgres');
  let api: TestApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });
  const start = async (config: Partial<ApiConfig>) => {
    api = await startTestApi(database.db, config);
    await seedTestUsers(database.db, [{ sub: 'fake-floor', role: 'floor' }]);
    return api;
  };
  /** A sign-in from `address` (the test APIs trust X-Forwarded-For, as behind a load balancer). */
  const login = (username: string, password: string, address = '10.0.0.1') =>
    api!.anonymous.post('/auth/login').set('X-Forwarded-For', address).send({ username, password });
  const throttledConfig = (config: Partial<ApiConfig>): Partial<ApiConfig> => ({ trustProxy: true, ...config });

  it('slows a guesser at their address: the right password from there waits too (429, Retry-After, nothing written), and the owner at another console still signs in', async () => {
    await start(throttledConfig({ loginFailuresBeforeLockout: 3, loginLockoutSeconds: 600 }));
    await addTestUser(database.db, 'vera', 'floor');
    for (let i = 0; i < 3; i++) expect((await login('vera', `guess-${i}`, '10.6.6.6')).status).toBe(401);
    const before = await writtenRows(database.db);
    const waiting = await login('VERA', 'vera-password', '10.6.6.6');
    expect({ status: waiting.status, code: waiting.body.code }).toEqual({ status: 429, code: 'LOGIN_THROTTLED' });
    expect(waiting.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(500);
    expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect(waiting.body.accessToken).toBeUndefined();
    expect(await writtenRows(database.db)).toEqual(before);
    // The floor is not locked out: vera at her own console, which has not been failing.
    expect((await login('vera', 'vera-password', '10.0.0.7')).status).toBe(200);
  });

  it('never throttles good sign-ins: ten in a row from one console with a limit of three failures', async () => {
    await start(throttledConfig({ loginFailuresBeforeLockout: 3, loginAttemptsPerAddressPerMinute: 3 }));
    await addTestUser(database.db, 'gail', 'floor');
    for (let i = 0; i < 10; i++) expect((await login('gail', 'gail-password')).status).toBe(200);
  });

  it('counts failures in a row: a good sign-in clears its own (user, address) failures', async () => {
    await start(throttledConfig({ loginFailuresBeforeLockout: 3, loginAttemptsPerAddressPerMinute: 100 }));
    await addTestUser(database.db, 'hana', 'dealer');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await login('hana', 'typo')).status).toBe(401);
      expect((await login('hana', 'hana-password')).status).toBe(200);
    }
  });

  it('caps failures per address, whatever the names: the address waits, other addresses do not', async () => {
    await start(throttledConfig({ loginAttemptsPerAddressPerMinute: 4 }));
    await addTestUser(database.db, 'ines', 'floor');
    for (let i = 0; i < 4; i++) expect((await login(`name-${i}`, 'x', '10.9.9.9')).status).toBe(401);
    const res = await login('ines', 'ines-password', '10.9.9.9');
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 429, code: 'LOGIN_THROTTLED' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await login('ines', 'ines-password', '10.0.0.8')).status).toBe(200);
  });

  it('is shared by every API process on the database: failures at one are counted at the other', async () => {
    const config = throttledConfig({ loginFailuresBeforeLockout: 2, loginLockoutSeconds: 600 });
    await start(config);
    const other = await startTestApi(database.db, config);
    try {
      await addTestUser(database.db, 'jade', 'floor');
      expect((await login('jade', 'guess-1', '10.5.5.5')).status).toBe(401);
      expect(
        (await other.anonymous.post('/auth/login').set('X-Forwarded-For', '10.5.5.5').send({ username: 'jade', password: 'guess-2' }))
          .status,
      ).toBe(401);
      expect((await login('jade', 'jade-password', '10.5.5.5')).status).toBe(429);
      // The store keeps a hash of the name typed, never the name.
      const { rows } = await database.db.query<{ key: string }>('SELECT key FROM sign_in_throttle');
      expect(rows.length).toBeGreaterThan(0);
      expect(JSON.stringify(rows)).not.toMatch(/jade|guess/);
    } finally {
      await other.close();
    }
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
      await api!.anonymous
        .get('/tables')
        .set('Authorization', `Bearer ${sign({ iat: now + 5, exp: now + 86400 })}`)
        .expect(200);
    });
  });
});
