import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { signAccessToken } from '@felt/staff';
import { signTestToken, TEST_TIMER_PRIVATE_KEY, TEST_TOKEN_PRIVATE_KEY } from './test-support/auth';
import { useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * Least privilege for token keys (docs/security.md "Insiders", row 6): staff tokens are Ed25519 (EdDSA) only, signed
 * with a key only the API holds. A token signed HS256 with the shared secret every process used to hold, an
 * unsigned one, or one signed with another key is refused (401); so is a staff-key token whose sub has no user row,
 * whatever its role (UNKNOWN_USER). The timer service's own key vouches for the timer role and nothing else. Nothing
 * is written by a refused token.
 */
describe('token keys (postgres)', () => {
  let api: TestApi;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });
  const OLD_SHARED_SECRET = 'felt-test-secret-not-for-production-0123456789';
  const timerKey = createPrivateKey(TEST_TIMER_PRIVATE_KEY);

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  const attempt = async (token: string) => {
    const res = await api.anonymous
      .post('/tables')
      .set('Authorization', `Bearer ${token}`)
      .send({ tableId: 'minted', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } });
    return { status: res.status, code: res.body.code as string, detail: String(res.body.detail) };
  };

  it.each(['floor', 'dealer', 'regulator', 'service', 'timer'] as const)(
    'refuses an HS256 %s token signed with the old shared secret',
    async (role) => {
      const before = await writtenRows(database.db);
      const refused = await attempt(signTestToken(role, { secret: OLD_SHARED_SECRET }));
      expect(refused).toMatchObject({ status: 401, code: 'UNAUTHENTICATED', detail: expect.stringContaining('signed "HS256", not EdDSA') });
      expect(await writtenRows(database.db)).toEqual(before);
    },
  );

  it('refuses an unsigned token (alg none) and one signed with another Ed25519 key', async () => {
    const unsigned = new JwtService().sign({ name: 'x', role: 'floor' }, { algorithm: 'none', subject: 'x', expiresIn: 60 });
    expect(await attempt(unsigned)).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      detail: expect.stringContaining('not a signed JWT'),
    });
    expect(await attempt(`${unsigned}AAAA`)).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      detail: expect.stringContaining('signed "none", not EdDSA'),
    });
    const another = signTestToken('floor', { privateKey: generateKeyPairSync('ed25519').privateKey });
    expect(await attempt(another)).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      detail: expect.stringContaining('invalid signature'),
    });
  });

  it('takes the timer key for the timer role only: a timer token is known (403 on a route it may not use), a floor token signed with it is 401', async () => {
    const timer = signAccessToken(timerKey, { sub: 'timer-service', name: 'timer service', role: 'timer' }, 60, 'timer');
    expect(await attempt(timer)).toMatchObject({ status: 403, code: 'FORBIDDEN_ROLE' });
    for (const role of ['floor', 'dealer', 'regulator', 'service'] as const) {
      const minted = signAccessToken(timerKey, { sub: 'timer-service', name: 'timer service', role }, 60, 'timer');
      expect(await attempt(minted)).toMatchObject({
        status: 401,
        code: 'UNAUTHENTICATED',
        detail: expect.stringContaining('timer tokens only'),
      });
    }
    // The timer's key is not the staff key: marked as staff, its signature does not verify.
    const disguised = signAccessToken(timerKey, { sub: 'x', name: 'x', role: 'floor' }, 60, 'staff');
    expect(await attempt(disguised)).toMatchObject({
      status: 401,
      code: 'UNAUTHENTICATED',
      detail: expect.stringContaining('invalid signature'),
    });
  });

  it.each(['floor', 'dealer', 'regulator', 'service', 'timer'] as const)(
    'refuses a %s token signed with the staff key for a sub with no user row (UNKNOWN_USER), writing nothing',
    async (role) => {
      const before = await writtenRows(database.db);
      const rowless = signTestToken(role, { sub: 'minted-by-a-key-holder', privateKey: createPrivateKey(TEST_TOKEN_PRIVATE_KEY) });
      expect(await attempt(rowless)).toMatchObject({
        status: 401,
        code: 'UNKNOWN_USER',
        detail: expect.stringContaining('not a user here'),
      });
      expect(await writtenRows(database.db)).toEqual(before);
    },
  );
});
