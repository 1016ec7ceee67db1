import { AUDIT_CATEGORY, readAuditLog } from '@felt/regulator';
import { apiActor, StaffAdmin, type User } from '@felt/staff';
import { addTestUser } from './test-support/auth';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * User admin through the API (docs/api.md "Users"): floor only, each change with its audit event in the same
 * transaction, one-time enrollment codes the person sets their own password with, and every refusal a 4xx with its code that writes nothing.
 */
describe.each(APP_BACKENDS)('user admin (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let boss: User;
  const asBoss = () => api.as('floor', { sub: boss.id, name: boss.name });
  const auditTypes = async () => (await readAuditLog(api.store)).map((e) => e.type);
  /** Everything a refused request could have written, the audit streams included. */
  const everything = async () => ({ ...(await writtenRows(database.db)), audit: (await readAuditLog(api.store)).length });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    boss = await addTestUser(database.db, 'boss', 'floor');
  });

  it('adds a user with a one-time enrollment code (never a password), the person sets their own, and records UserCreated with who did it', async () => {
    const created = await asBoss().post('/users').send({ name: 'nadia', role: 'dealer' }).expect(201);
    expect(created.body.user).toMatchObject({ name: 'nadia', role: 'dealer', disabled: false });
    expect(created.body.password).toBeUndefined();
    expect(created.body.enrollmentCode).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(Date.parse(created.body.expiresAt)).toBeGreaterThan(Date.now());
    // The code is not a password: it signs nobody in.
    await api.anonymous.post('/auth/login').send({ username: 'nadia', password: created.body.enrollmentCode }).expect(401);
    await api.anonymous
      .post('/auth/enroll')
      .send({ username: 'nadia', code: created.body.enrollmentCode, password: 'nadias-own-secret' })
      .expect(200);
    const login = await api.anonymous.post('/auth/login').send({ username: 'nadia', password: 'nadias-own-secret' }).expect(200);
    expect(login.body.user).toMatchObject({ name: 'nadia', role: 'dealer' });
    const { rows } = await database.db.query<{ code_hash: string }>('SELECT code_hash FROM enrollment_codes');
    expect(JSON.stringify(rows)).not.toContain(created.body.enrollmentCode);

    const log = await readAuditLog(api.store);
    const event = log.find((e) => e.type === 'UserCreated' && (e.data as { name: string }).name === 'nadia')!;
    expect(event.streamId).toMatch(new RegExp(`^${AUDIT_CATEGORY}-\\d{4}-\\d{2}-\\d{2}$`));
    expect(event.data).toEqual({ userId: created.body.user.id, name: 'nadia', role: 'dealer' });
    expect(event.metadata).toMatchObject({ actorId: boss.id, actorRole: 'floor', actorName: 'boss', via: 'api', device: null });
    expect(JSON.stringify(log)).not.toContain(created.body.enrollmentCode);
    expect(JSON.stringify(log)).not.toContain('nadias-own-secret');
    expect(log.find((e) => e.type === 'EnrollmentCompleted')).toMatchObject({
      data: { userId: created.body.user.id, name: 'nadia' },
      metadata: { actorId: created.body.user.id },
    });

    const { users } = (await asBoss().get('/users').expect(200)).body;
    expect(users.map((u: User) => u.name).filter((n: string) => !n.startsWith('test-'))).toEqual(['boss', 'nadia']); // test-<role>: the test tokens' rows
    expect(JSON.stringify(users)).not.toMatch(/scrypt|password/);
  });

  it('changes a role, disables and enables, each an audit event, and the user’s tokens follow at once', async () => {
    const { body } = await asBoss().post('/users').send({ name: 'omar', role: 'dealer' }).expect(201);
    const omar = () => api.as('dealer', { sub: body.user.id, name: 'omar' });
    await omar().get('/tables').expect(200);
    const changed = await asBoss().patch('/users/omar').send({ role: 'service' }).expect(200); // floor and regulator take two people (below)
    expect(changed.body).toMatchObject({ user: { name: 'omar', role: 'service' }, changes: ['UserRoleChanged'] });
    await omar().get('/tables').expect(401);
    expect((await asBoss().patch(`/users/${body.user.id}`).send({ disabled: true }).expect(200)).body.changes).toEqual(['UserDisabled']);
    expect((await asBoss().patch(`/users/${body.user.id}`).send({ disabled: true }).expect(200)).body.changes).toEqual([]);
    expect((await asBoss().patch('/users/omar').send({ disabled: false, role: 'dealer' }).expect(200)).body.changes).toEqual([
      'UserRoleChanged',
      'UserEnabled',
    ]);
    const types = await auditTypes();
    expect(types.filter((t) => t === 'UserRoleChanged')).toHaveLength(2);
    expect(types).toEqual(expect.arrayContaining(['UserDisabled', 'UserEnabled']));
  });

  it('resets a password: the old one stops at once, the code is single use, PasswordReset is recorded', async () => {
    const { body } = await asBoss().post('/users').send({ name: 'pia', role: 'service' }).expect(201);
    await api.anonymous.post('/auth/enroll').send({ username: 'pia', code: body.enrollmentCode, password: 'pia-first-secret' }).expect(200);
    // Used once: the same code again is refused, and writes nothing.
    const before = await everything();
    const again = await api.anonymous
      .post('/auth/enroll')
      .send({ username: 'pia', code: body.enrollmentCode, password: 'pia-other-secret' })
      .expect(401);
    expect(again.body.code).toBe('INVALID_ENROLLMENT_CODE');
    expect(await everything()).toEqual(before);
    const reset = await asBoss().post('/users/pia/password').expect(200);
    expect(reset.body.password).toBeUndefined();
    expect(reset.body.enrollmentCode).not.toBe(body.enrollmentCode);
    await api.anonymous.post('/auth/login').send({ username: 'pia', password: 'pia-first-secret' }).expect(401);
    await api.anonymous
      .post('/auth/enroll')
      .send({ username: 'pia', code: reset.body.enrollmentCode, password: 'pia-new-secret' })
      .expect(200);
    await api.anonymous.post('/auth/login').send({ username: 'pia', password: 'pia-new-secret' }).expect(200);
    expect(await auditTypes()).toContain('PasswordReset');
  });

  it('refuses an enrollment with a wrong or expired code, for a disabled user, or with a short password, writing nothing', async () => {
    const { body } = await asBoss().post('/users').send({ name: 'rosa', role: 'dealer' }).expect(201);
    const before = await everything();
    const enroll = (username: string, code: string, password = 'long-enough-secret') =>
      api.anonymous.post('/auth/enroll').send({ username, code, password });
    expect((await enroll('rosa', 'not-the-code')).body.code).toBe('INVALID_ENROLLMENT_CODE');
    expect((await enroll('nobody', body.enrollmentCode)).body.code).toBe('INVALID_ENROLLMENT_CODE');
    expect((await enroll('rosa', body.enrollmentCode, 'short')).body.code).toBe('PASSWORD_TOO_SHORT');
    expect(await everything()).toEqual(before);
    await database.db.query(`UPDATE enrollment_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [body.user.id]);
    expect((await enroll('rosa', body.enrollmentCode)).status).toBe(401);
    const fresh = await asBoss().post(`/users/${body.user.id}/password`).expect(200);
    await asBoss().patch(`/users/${body.user.id}`).send({ disabled: true }).expect(200);
    expect((await enroll('rosa', fresh.body.enrollmentCode)).body.code).toBe('INVALID_ENROLLMENT_CODE');
  });

  it('adds a floor supervisor or a regulator, or makes someone one, only with a second floor supervisor (202 APPROVAL_REQUIRED): the asker cannot approve, another does and gets the code', async () => {
    const before = await writtenRows(database.db);
    const asked = await asBoss().post('/users').send({ name: 'flora', role: 'floor' }).expect(202);
    expect(asked.body).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      approvalId: expect.any(String),
      widens: expect.stringContaining('"flora" becomes a floor supervisor'),
    });
    expect(await writtenRows(database.db)).toEqual(before);
    const waiting = (await asBoss().get('/approvals').expect(200)).body.approvals as {
      approvalId: string;
      commandType: string;
      requestedBy: { id: string };
    }[];
    expect(waiting.find((a) => a.approvalId === asked.body.approvalId)).toMatchObject({
      commandType: 'CreateUser',
      requestedBy: { id: boss.id },
    });
    const alone = await asBoss().post(`/approvals/${asked.body.approvalId}/approve`).send({});
    expect([alone.status, alone.body.code]).toEqual([403, 'APPROVER_IS_REQUESTER']);
    expect(await writtenRows(database.db)).toEqual(before);
    const approved = await api.as('floor').post(`/approvals/${asked.body.approvalId}/approve`).send({}).expect(201);
    expect(approved.body).toMatchObject({
      user: { name: 'flora', role: 'floor' },
      enrollmentCode: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
    });
    const created = (await readAuditLog(api.store)).find((e) => e.type === 'UserCreated' && (e.data as { name: string }).name === 'flora')!;
    expect(created.metadata).toMatchObject({ actorId: 'test-floor' });

    // A role change to regulator: nothing changes until approved; a refusal changes nothing.
    const rhea = (await asBoss().post('/users').send({ name: 'rhea', role: 'dealer' }).expect(201)).body.user as User;
    const promoted = await asBoss().patch(`/users/${rhea.id}`).send({ role: 'regulator' }).expect(202);
    expect(promoted.body.widens).toContain('"rhea" becomes a regulator');
    const refused = await asBoss().patch('/users/rhea').send({ role: 'floor' }).expect(202);
    await api.as('floor').post(`/approvals/${refused.body.approvalId}/refuse`).send({}).expect(200);
    expect((await asBoss().get('/users').expect(200)).body.users.find((u: User) => u.name === 'rhea')).toMatchObject({ role: 'dealer' });
    const changed = await api.as('floor').post(`/approvals/${promoted.body.approvalId}/approve`).send({}).expect(200);
    expect(changed.body).toMatchObject({ user: { name: 'rhea', role: 'regulator' }, changes: ['UserRoleChanged'] });
    expect(await auditTypes()).toEqual(expect.arrayContaining(['WideningRequested', 'WideningApproved', 'WideningRefused']));
  });

  it('lets a disabled floor supervisor or regulator sign in again only with a second floor supervisor, change and approval in one transaction; a dealer with one', async () => {
    for (const [name, role] of [
      ['fern', 'floor'],
      ['remy', 'regulator'],
    ] as const) {
      const user = await addTestUser(database.db, name, role);
      await asBoss().patch(`/users/${user.id}`).send({ disabled: true }).expect(200); // narrowing: one person
      const before = await writtenRows(database.db);
      const asked = await asBoss().patch(`/users/${name}`).send({ disabled: false }).expect(202);
      expect(asked.body).toMatchObject({ code: 'APPROVAL_REQUIRED', widens: expect.stringContaining(`"${name}" signs in again as a`) });
      const self = await asBoss().post(`/approvals/${asked.body.approvalId}/approve`).send({});
      expect([self.status, self.body.code]).toEqual([403, 'APPROVER_IS_REQUESTER']);
      const dealer = await api.as('dealer').patch(`/users/${name}`).send({ disabled: false });
      expect(dealer.status).toBe(403);
      expect(await writtenRows(database.db)).toEqual(before);
      const approved = await api.as('floor').post(`/approvals/${asked.body.approvalId}/approve`).send({}).expect(200);
      expect(approved.body).toMatchObject({ user: { name, role, disabled: false }, changes: ['UserEnabled'] });
      const { rows } = await database.db.query<{ type: string; tx: string }>(
        `SELECT type, tx_id::text AS tx FROM events WHERE (type = 'UserEnabled' AND data->>'userId' = $1) OR (type = 'WideningApproved' AND data->>'approvalId' = $2) ORDER BY type`,
        [user.id, asked.body.approvalId],
      );
      expect(rows).toEqual([
        { type: 'UserEnabled', tx: rows[0]!.tx },
        { type: 'WideningApproved', tx: rows[0]!.tx },
      ]);
      await api.anonymous
        .post('/auth/login')
        .send({ username: name, password: `${name}-password` })
        .expect(200);
    }
    const dealer = await addTestUser(database.db, 'dale', 'dealer');
    await asBoss().patch(`/users/${dealer.id}`).send({ disabled: true }).expect(200);
    expect((await asBoss().patch(`/users/${dealer.id}`).send({ disabled: false }).expect(200)).body.changes).toEqual(['UserEnabled']);
  });

  describe('refusals: a 4xx with its code, nothing written', () => {
    const cases: [string, () => Promise<{ status: number; body: { code: string } }>, number, string][] = [
      ['a duplicate name', () => asBoss().post('/users').send({ name: 'nadia', role: 'floor' }), 409, 'USER_NAME_TAKEN'],
      ['an unknown role', () => asBoss().post('/users').send({ name: 'quinn', role: 'croupier' }), 400, 'UNKNOWN_ROLE'],
      ['a bad name', () => asBoss().post('/users').send({ name: 'has space', role: 'dealer' }), 400, 'INVALID_USER_NAME'],
      ['a missing role', () => asBoss().post('/users').send({ name: 'quinn' }), 400, 'INVALID_REQUEST'],
      [
        'an extra member',
        () => asBoss().post('/users').send({ name: 'quinn', role: 'dealer', password: 'chosen-by-me' }),
        400,
        'INVALID_REQUEST',
      ],
      ['an empty change', () => asBoss().patch('/users/nadia').send({}), 400, 'INVALID_REQUEST'],
      ['an unknown role in a change', () => asBoss().patch('/users/nadia').send({ role: 'admin' }), 400, 'UNKNOWN_ROLE'],
      ['disabled as a string', () => asBoss().patch('/users/nadia').send({ disabled: 'yes' }), 400, 'INVALID_REQUEST'],
      ['no such user', () => asBoss().patch('/users/nobody').send({ disabled: true }), 404, 'USER_NOT_FOUND'],
      ['no such user to reset', () => asBoss().post('/users/nobody/password'), 404, 'USER_NOT_FOUND'],
      ['disabling yourself', () => asBoss().patch('/users/boss').send({ disabled: true }), 403, 'CANNOT_DISABLE_SELF'],
      ['demoting yourself', () => asBoss().patch('/users/boss').send({ role: 'dealer' }), 403, 'CANNOT_CHANGE_OWN_ROLE'],
      ['a dealer adding a user', () => api.as('dealer').post('/users').send({ name: 'quinn', role: 'floor' }), 403, 'FORBIDDEN_ROLE'],
      ['a regulator listing users', () => api.as('regulator').get('/users'), 403, 'FORBIDDEN_ROLE'],
    ];
    it.each(cases)('%s', async (_name, send, status, code) => {
      const before = await everything();
      const res = await send();
      expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
      const after = await everything();
      // A FORBIDDEN_ROLE is itself an audit event (AccessRefused); nothing else may change.
      expect(after).toEqual(code === 'FORBIDDEN_ROLE' ? { ...before, audit: before.audit + 1 } : before);
    });

    // Over HTTP the sender is always another active floor supervisor (a token needs its row): StaffAdmin still guards.
    it('refuses to leave no floor supervisor who can sign in (LAST_FLOOR_USER), writing nothing', async () => {
      const { rows } = await database.db.query<{ id: string }>(
        `UPDATE users SET disabled = true WHERE role = 'floor' AND NOT disabled AND id <> $1 RETURNING id`,
        [boss.id],
      );
      try {
        const before = await everything();
        for (const change of [{ role: 'dealer' }, { disabled: true }]) {
          expect(await api.app.get(StaffAdmin).update('boss', change, { userId: null, audit: apiActor(undefined) })).toMatchObject({
            code: 'LAST_FLOOR_USER',
          });
        }
        expect(await everything()).toEqual(before);
      } finally {
        await database.db.query(`UPDATE users SET disabled = false WHERE id = ANY($1)`, [rows.map((r) => r.id)]);
      }
    });
  });
});
