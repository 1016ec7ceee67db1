import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Users, verifyAccessToken, resolveTokenKey, verifyPassword } from '@felt/staff';
import { API_PID_FILE } from '@felt/settings';
import { addTestUser, TEST_TOKEN_PRIVATE_KEY } from '../../api/test/test-support/auth';
import { startTestApi } from '../../api/test/test-support/test-api';
import { fillPgliteFolderFromTemplate, useTestStore } from '../../../test/support/app-databases';
import { readJsonl } from '@felt/regulator';
import { felt } from './run-felt.test-support';
import { parseDuration } from './users-command';

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** felt users and felt token against a PGlite folder and a PostgreSQL database, and the API accepting the tokens. */
describe('felt users and felt token on a PGlite folder', () => {
  let dir: string;
  // A folder for each test. Migrated already: a folder's first start (initdb and the migrations) is the API's in
  // auth-process.e2e-spec.ts, through the same openDatabase the CLI calls.
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'felt-users-'));
    await fillPgliteFolderFromTemplate(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('signs tokens with the folder key (made as the API makes it), with the lifetime asked for', async () => {
    const first = await felt('users', 'add', 'fiona', '--role', 'floor', '--data-dir', dir);
    expect([first.code, first.out]).toEqual([0, expect.stringMatching(/^added floor "fiona" \(id [0-9a-f-]{36}\)\npassword: [\w-]{24}\n/)]);
    const fiona = (await felt('token', '--user', 'fiona', '--data-dir', dir)).out.trim();
    expect((await felt('users', 'add', 'tess', '--role', 'dealer', '--token', fiona, '--data-dir', dir)).code).toBe(0);
    const user = await felt('token', '--user', 'tess', '--data-dir', dir, '--expires', '2h');
    expect(user.code).toBe(0);
    // The API reads the same file on its first start (resolveTokenKey, source 'file').
    const { publicKey, source, file } = resolveTokenKey({ tokenPrivateKey: undefined, databaseUrl: undefined, dataDir: dir });
    expect(source).toBe('file');
    expect(statSync(file!).mode & 0o777).toBe(0o600);
    const verified = verifyAccessToken({ staff: publicKey }, user.out.trim());
    expect(verified).toMatchObject({ ok: true, principal: { name: 'tess', role: 'dealer' } });
    const claims = claimsOf(user.out.trim());
    expect(Number(claims.exp) - Number(claims.iat)).toBe(7200);

    expect(await felt('token', '--data-dir', dir)).toMatchObject({ code: 2, err: expect.stringContaining('a token is for a user') });
    expect((await felt('token', '--user', 'tess', '--expires', 'soon', '--data-dir', dir)).code).toBe(2);
  });

  it('will not open the folder while the API has it open, and says why', async () => {
    writeFileSync(join(dir, API_PID_FILE), `${process.pid}\n`); // this process is alive, as a running API would be
    try {
      const busy = await felt('users', 'list', '--data-dir', dir);
      expect(busy.code).toBe(2);
      expect(busy.err).toContain(
        `the API (pid ${process.pid}) has the embedded database in ${dir} open, and PGlite allows one process at a time`,
      );
    } finally {
      rmSync(join(dir, API_PID_FILE));
    }
    writeFileSync(join(dir, API_PID_FILE), '999999999\n'); // a pid file left by a killed API: no such process
    expect((await felt('users', 'list', '--data-dir', dir)).code).toBe(0);
  });
});

// The staff rules as the CLI applies them, on PostgreSQL: the same on a PGlite folder (one Database, one openDatabase),
// where each run of felt would start the embedded database afresh (about 0.75 CPU-s); the folder's own behaviour (its
// key file, its first user, the API's pid file) is the suite above's.
describe('felt users and felt token: the first user, then changes as a signed-in floor supervisor (PostgreSQL)', () => {
  const t = useTestStore('postgres');
  const at = () => ['--database-url', t.url];
  beforeAll(() => (process.env.FELT_TOKEN_PRIVATE_KEY = TEST_TOKEN_PRIVATE_KEY));
  afterAll(() => delete process.env.FELT_TOKEN_PRIVATE_KEY);

  it('adds the first user with a password, then users as a signed-in floor supervisor with an enrollment code, lists them, refuses duplicates and bad options', async () => {
    const first = await felt('users', 'add', 'fiona', '--role', 'floor', ...at());
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^added floor "fiona" \(id [0-9a-f-]{36}\)\npassword: [\w-]{24}\n/);
    // Every change after the first user is made as a signed-in floor supervisor, never as $USER.
    const unsigned = await felt('users', 'add', 'dana', '--role', 'dealer', ...at());
    expect([unsigned.code, unsigned.err]).toEqual([
      2,
      expect.stringContaining('a staff change is made as a signed-in floor supervisor: give --token'),
    ]);
    const token = (await felt('token', '--user', 'fiona', ...at())).out.trim();
    const added = await felt('users', 'add', 'dana', '--role', 'dealer', '--token', token, ...at());
    expect(added.code).toBe(0);
    expect(added.out).toMatch(/^added dealer "dana" \(id [0-9a-f-]{36}\)\nenrollment code: [\w-]{20}\n/);
    const choosing = await felt('users', 'add', 'gus', '--role', 'dealer', '--password', 'chosen-for-gus', '--token', token, ...at());
    expect([choosing.code, choosing.err]).toEqual([2, expect.stringContaining('--password is for the first user only')]);
    const dealerToken = (await felt('token', '--user', 'dana', ...at())).out.trim();
    const notFloor = await felt('users', 'disable', 'fiona', '--token', dealerToken, ...at());
    expect([notFloor.code, notFloor.err]).toEqual([2, expect.stringContaining("the token is not a floor supervisor's")]);

    const listed = await felt('users', 'list', '--json', ...at());
    const users = JSON.parse(listed.out) as { name: string; role: string; disabled: boolean }[];
    expect(users.map((u) => [u.name, u.role, u.disabled])).toEqual([
      ['dana', 'dealer', false],
      ['fiona', 'floor', false],
    ]);
    expect((await felt('users', 'list', ...at())).out).toMatch(/^dana\s+dealer\s+active/);

    const again = await felt('users', 'add', 'dana', '--role', 'floor', '--token', token, ...at());
    expect(again).toMatchObject({ code: 2 });
    expect(again.err).toContain('there is already a user "dana"');
    expect((await felt('users', 'add', 'eve', '--role', 'admin', ...at())).err).toContain(
      '--role must be one of dealer, floor, regulator, service, count',
    );
    expect((await felt('users', 'add', 'no spaces', '--role', 'floor', ...at())).code).toBe(2);
    expect((await felt('users', 'add', 'shorty', '--role', 'floor', '--password', 'short', ...at())).code).toBe(2);
  });

  it("signs a display's token as a user's (a display or a service is one): none for a name with no row", async () => {
    // No token for a name with no row (the API refuses those, UNKNOWN_USER).
    const rowless = await felt('token', '--role', 'service', '--sub', 'lobby-display', ...at());
    expect([rowless.code, rowless.err]).toEqual([1, expect.stringContaining("unknown option '--role'")]);
    await addTestUser(t.db, 'display-floor', 'floor');
    const floor = (await felt('token', '--user', 'display-floor', ...at())).out.trim();
    expect((await felt('users', 'add', 'lobby-display', '--role', 'service', '--token', floor, ...at())).code).toBe(0);
    const service = await felt('token', '--user', 'lobby-display', '--expires', '30m', ...at());
    expect(claimsOf(service.out.trim())).toMatchObject({ name: 'lobby-display', role: 'service', gen: 0 });
    const { publicKey } = resolveTokenKey({ tokenPrivateKey: TEST_TOKEN_PRIVATE_KEY, databaseUrl: t.url, dataDir: '' });
    expect(verifyAccessToken({ staff: publicKey }, service.out.trim()).ok).toBe(true);
    expect((await felt('token', '--user', 'nobody', ...at())).err).toContain('there is no user "nobody"');
  });
});

describe('felt token --expires', () => {
  it('reads durations', () => {
    expect([parseDuration('8h'), parseDuration('30m'), parseDuration('45s'), parseDuration('7d'), parseDuration('90')]).toEqual([
      28800, 1800, 45, 604800, 90,
    ]);
    expect([parseDuration('0'), parseDuration('1w'), parseDuration('-5m'), parseDuration('')]).toEqual([null, null, null, null]);
  });
});

// On PostgreSQL: a dozen runs of felt, each of which would open a PGlite folder afresh (the folder's own behaviour is
// the suite above's).
describe('felt users writes the audit stream, felt export --audit exports it, felt verify checks the users against it (PostgreSQL)', () => {
  const t = useTestStore('postgres');
  const at = () => ['--database-url', t.url];

  it('records every change with the signed-in floor supervisor as the actor, refuses disabling yourself, and verify catches a row changed in SQL', async () => {
    expect((await felt('users', 'add', 'boss', '--role', 'floor', ...at())).code).toBe(0);
    // On PostgreSQL every process signs with FELT_TOKEN_PRIVATE_KEY (a PGlite folder keeps its own).
    process.env.FELT_TOKEN_PRIVATE_KEY = TEST_TOKEN_PRIVATE_KEY;
    process.env.FELT_TOKEN = (await felt('token', '--user', 'boss', ...at())).out.trim();
    try {
      expect((await felt('users', 'add', 'dana', '--role', 'dealer', ...at())).code).toBe(0);
      // A regulator takes a second floor supervisor: the request waits, with how to approve it; a service account does not.
      expect((await felt('users', 'role', 'dana', 'regulator', ...at())).out).toMatch(
        /^not done yet: .*"dana" becomes a regulator.*\napproval [0-9a-f-]{36}: another floor supervisor approves it on the console's Staff screen, with POST \/approvals\/[0-9a-f-]{36}\/approve or felt users approve [0-9a-f-]{36}/,
      );
      expect((await felt('users', 'role', 'dana', 'service', ...at())).out).toBe('"dana" is now service\n');
      expect((await felt('users', 'reset-password', 'dana', ...at())).out).toMatch(
        /^enrollment code for "dana": [\w-]{20}\n\(shown once, until .+: dana sets their own password with it\)\n$/,
      );
      expect((await felt('users', 'disable', 'dana', ...at())).code).toBe(0);
      const self = await felt('users', 'disable', 'boss', ...at());
      expect([self.code, self.err]).toEqual([2, expect.stringContaining('you cannot disable yourself')]);
      const unknown = await felt('users', 'role', 'dana', 'croupier', ...at());
      expect([unknown.code, unknown.err]).toEqual([2, expect.stringContaining('role must be one of')]);
    } finally {
      delete process.env.FELT_TOKEN_PRIVATE_KEY;
      delete process.env.FELT_TOKEN;
    }

    const exported = await felt('export', '--audit', '--format', 'jsonl', ...at());
    expect(exported.code).toBe(0);
    const read = readJsonl(exported.out);
    expect(read.problems).toEqual([]);
    expect(read.events.map((e) => e.type)).toEqual([
      'UserCreated',
      'TokenIssued',
      'UserCreated',
      'WideningRequested',
      'UserRoleChanged',
      'PasswordReset',
      'UserDisabled',
      'ExportPerformed',
    ]);
    expect(read.events.every((e) => e.streamId.startsWith('audit-') && e.metadata.via === 'cli')).toBe(true);
    // The first user (an empty database) is the operator's; every change after it is boss's, whatever $USER says.
    expect(read.events.slice(2, 7).map((e) => [e.metadata.actorName, e.metadata.actorRole])).toEqual(Array(5).fill(['boss', 'floor']));
    expect(read.roster!.staff.find((m) => m.name === 'dana')!.history.map((h) => [h.event, h.role, h.disabled])).toEqual([
      ['UserCreated', 'dealer', false],
      ['UserRoleChanged', 'service', false],
      ['UserDisabled', 'service', true],
    ]);

    expect((await felt('verify', ...at())).code).toBe(0);
    await t.db.query(`UPDATE users SET disabled = false WHERE name = 'dana'`);
    const tampered = await felt('verify', ...at());
    expect(tampered.code).toBe(1);
    expect(tampered.out).toMatch(/\[staff\] user "dana" .*disabled false.*true/);
  });
});

describe('felt users and felt token on PostgreSQL, and the API accepting the token', () => {
  const t = useTestStore('postgres');
  const secret = TEST_TOKEN_PRIVATE_KEY;

  it('disables and enables a user; a disabled user gets no token', async () => {
    const at = ['--database-url', t.url];
    await addTestUser(t.db, 'chief', 'floor');
    process.env.FELT_TOKEN_PRIVATE_KEY = secret;
    process.env.FELT_TOKEN = (await felt('token', '--user', 'chief', ...at)).out.trim();
    try {
      expect((await felt('users', 'add', 'dora', '--role', 'dealer', ...at)).code).toBe(0);
      expect((await felt('users', 'disable', 'dora', ...at)).out).toBe('disabled "dora"\n');
      expect((await felt('token', '--user', 'dora', ...at)).err).toContain('user "dora" is disabled');
      expect((await felt('users', 'enable', 'dora', ...at)).code).toBe(0);
      expect((await felt('token', '--user', 'dora', ...at)).code).toBe(0);
      // A regulator signs in again only with a second floor supervisor: the request is printed, nothing changed.
      await addTestUser(t.db, 'rita', 'regulator');
      expect((await felt('users', 'disable', 'rita', ...at)).code).toBe(0);
      const asked = await felt('users', 'enable', 'rita', ...at);
      expect([asked.code, asked.out]).toEqual([0, expect.stringContaining('"rita" signs in again as a regulator')]);
      expect(asked.out).toMatch(/approval [0-9a-f-]{36}: /);
      expect((await new Users(t.db).byName('rita'))!.disabled).toBe(true);
      expect((await felt('users', 'disable', 'nobody', ...at)).code).toBe(2);
    } finally {
      delete process.env.FELT_TOKEN_PRIVATE_KEY;
      delete process.env.FELT_TOKEN;
    }
  });

  it('signs a token for a floor user that the API accepts, beside the password', async () => {
    // Added as `felt users add` adds a user (Users.add), at the product's scrypt cost (addTestUser's is a test's).
    expect(await new Users(t.db).add('flo', 'floor', 'floor-password-1')).toMatchObject({ name: 'flo' });
    const { rows } = await t.db.query<{ password_hash: string }>(`SELECT password_hash FROM users WHERE name = 'flo'`);
    expect(rows[0]!.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('floor-password-1', rows[0]!.password_hash)).toBe(true);

    const withoutSecret = await felt('token', '--user', 'flo', '--database-url', t.url);
    expect(withoutSecret.err).toContain('FELT_TOKEN_PRIVATE_KEY is not set');
    process.env.FELT_TOKEN_PRIVATE_KEY = secret;
    let token: string;
    try {
      token = (await felt('token', '--user', 'flo', '--database-url', t.url)).out.trim();
    } finally {
      delete process.env.FELT_TOKEN_PRIVATE_KEY;
    }

    const api = await startTestApi(t.db);
    try {
      await api.anonymous.get('/tables').set('Authorization', `Bearer ${token}`).expect(200);
      const login = await api.anonymous.post('/auth/login').send({ username: 'flo', password: 'floor-password-1' }).expect(200);
      expect(login.body.user).toMatchObject({ name: 'flo', role: 'floor' });
      expect(claimsOf(token).sub).toBe(login.body.user.id);
    } finally {
      await api.close();
    }
  });
});
