import { createPrivateKey } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventually } from '../../../libs/event-store/test-support/eventually';
import { signAccessToken } from '@felt/staff';
import { API_PID_FILE } from '@felt/settings';
import { ApiProcess, ensureBuilt } from './test-support/api-process';
import { createPostgresDatabase } from './test-support/test-databases';

/** The JSON log lines the process printed. */
function logLines(log: string): Record<string, unknown>[] {
  return log
    .split('\n')
    .filter((line) => line.startsWith('{') && line.endsWith('}'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** pino writes asynchronously: wait for `count` lines that match (bounded by a deadline, not timed). */
function waitForLines(api: ApiProcess, match: (line: Record<string, unknown>) => boolean, count = 1): Promise<Record<string, unknown>[]> {
  return eventually(
    async () => logLines(api.log).filter(match),
    (lines) => lines.length >= count,
    60_000,
  );
}

/**
 * The built API as `npm start` runs it (run `npm run build` first when the sources changed): the embedded default's
 * first start (a floor user, the signing key's file, the pid file), refusals logged as security events, and the
 * start refused with PostgreSQL and no signing key.
 */
describe('authentication in the API process', () => {
  let dir: string;
  let api: ApiProcess | undefined;
  beforeAll(() => {
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'felt-auth-'));
  });
  afterAll(async () => {
    await api?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  // One test: a second start is the subject's second half (it needs the first's folder).
  it('first start on PGlite: creates the floor user and the secret file, logs every refusal as a security event; a second start keeps both, and a stop releases the folder', async () => {
    api = await ApiProcess.start({ DATA_DIR: dir, FELT_TOKEN_PRIVATE_KEY: '', LOG_LEVEL: 'info' });
    const [first] = await waitForLines(api, (l) => String(l.msg).startsWith('first start'));
    const created = /created floor supervisor "floor" with password (\S+) \(shown once\)/.exec(String(first!.msg));
    expect(created).not.toBeNull();
    expect(statSync(join(dir, 'token.key')).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dir, API_PID_FILE), 'utf8').trim()).toBe(String(api.child.pid));

    const login = await fetch(`${api.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'floor', password: created![1] }),
    });
    expect(login.status).toBe(200);
    const { accessToken } = (await login.json()) as { accessToken: string };
    const headers = { Authorization: `Bearer ${accessToken}`, 'X-Request-Id': 'probe-0', 'X-Actor-Id': 'someone-else' };
    expect((await fetch(`${api.baseUrl}/tables`, { headers })).status).toBe(200);
    // The request line names the token's user, never what a header claims.
    const [requestLine] = await waitForLines(api, (l) => (l.req as { id?: string } | undefined)?.id === 'probe-0');
    expect(requestLine).toMatchObject({ req: { url: '/tables' }, actorRole: 'floor', actorId: expect.any(String) });
    expect(requestLine!.actorId).not.toBe('someone-else');

    const anonymous = await fetch(`${api.baseUrl}/tables?x=1`, { headers: { 'X-Request-Id': 'probe-1' } });
    expect(anonymous.status).toBe(401);
    const secret = readFileSync(join(dir, 'token.key'), 'utf8');
    // A display is a user row too (a staff token for no row is refused, UNKNOWN_USER): the floor adds it.
    const display = (await (
      await fetch(`${api.baseUrl}/users`, {
        method: 'POST',
        headers: { Authorization: headers.Authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'lobby-display', role: 'service' }),
      })
    ).json()) as { user: { id: string } };
    const service = signAccessToken(
      createPrivateKey(secret),
      { sub: display.user.id, name: 'lobby-display', role: 'service', generation: 0 },
      60,
    );
    const forbidden = await fetch(`${api.baseUrl}/tables`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${service}`, 'Content-Type': 'application/json', 'X-Request-Id': 'probe-2' },
      body: '{}',
    });
    expect(forbidden.status).toBe(403);
    const wrongPassword = await fetch(`${api.baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': 'probe-3' },
      body: JSON.stringify({ username: 'floor', password: 'guess' }),
    });
    expect(wrongPassword.status).toBe(401);

    const lines = await waitForLines(api, (l) => l.security === true, 3);
    expect(lines.find((l) => l.requestId === 'probe-1')).toMatchObject({
      level: 40,
      security: true,
      code: 'UNAUTHENTICATED',
      reason: 'no bearer token',
      route: 'GET /tables',
    });
    expect(lines.find((l) => l.requestId === 'probe-2')).toMatchObject({
      security: true,
      code: 'FORBIDDEN_ROLE',
      reason: 'role not allowed',
      route: 'POST /tables',
      userId: display.user.id,
      role: 'service',
    });
    expect(lines.find((l) => l.requestId === 'probe-3')).toMatchObject({
      security: true,
      code: 'INVALID_CREDENTIALS',
      reason: 'login: wrong password',
      userName: 'floor',
      role: 'floor',
    });
    expect(api.log).not.toContain(accessToken);

    // A second start.
    await api.stop();
    expect(existsSync(join(dir, API_PID_FILE))).toBe(false);
    api = await ApiProcess.start({ DATA_DIR: dir, FELT_TOKEN_PRIVATE_KEY: '' });
    // Lines come out in order: once a refusal made after the start is logged, a first-start line would be there.
    expect((await fetch(`${api.baseUrl}/tables`, { headers: { 'X-Request-Id': 'after-restart' } })).status).toBe(401);
    await waitForLines(api, (l) => l.requestId === 'after-restart');
    expect(api.log).not.toContain('created floor supervisor');
    expect(readFileSync(join(dir, 'token.key'), 'utf8')).toBe(secret);
  }, 300_000);

  it('refuses to start on PostgreSQL without FELT_TOKEN_PRIVATE_KEY, and says so', async () => {
    const { url, drop } = await createPostgresDatabase();
    const emptyDir = mkdtempSync(join(tmpdir(), 'felt-auth-pg-'));
    try {
      const started = ApiProcess.start({ DATABASE_URL: url, DATA_DIR: emptyDir, FELT_TOKEN_PRIVATE_KEY: '' });
      await expect(started).rejects.toThrow(
        /felt-api: cannot start: FELT_TOKEN_PRIVATE_KEY is not set: with DATABASE_URL every API process must sign tokens with the same Ed25519 key/,
      );
      expect(existsSync(join(emptyDir, 'token.key'))).toBe(false);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
      await drop();
    }
  }, 300_000);
});
