import {
  auditStreamIdFor,
  checkStaff,
  readAuditLog,
  readJsonl,
  staffAt,
  verifyEvents,
  verifyStore,
  type AuditEvent,
} from '@felt/regulator';
import type { RecordedEvent } from '@felt/event-store';
import { streamIdOf } from '../src/tables/table-stream';
import { openTableWithPlayers, NO_LIMIT_1_2 } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { seedTestUsers } from './test-support/auth';
import { approvedBySecond } from './test-support/approvals';
import { startTestApi, type TestApi } from './test-support/test-api';

type Agent = ReturnType<TestApi['as']>;

/**
 * The audit stream end to end (docs/events.md "The audit stream"): every staff and security event the API writes,
 * device identity established by the API, the regulator's paged view and export (with the roster as of each
 * event's time), and felt verify's checks (the chain, and the users and assignment rows against the events).
 */
describe.each(APP_BACKENDS)('audit stream (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let floor: Agent;
  let floorId: string;
  const passwords: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const log = () => readAuditLog(api.store);
  const ofType = async <T extends AuditEvent['type']>(type: T) =>
    (await log()).filter((e) => e.type === type) as (RecordedEvent & { data: Omit<Extract<AuditEvent, { type: T }>, 'type'> })[];
  const signIn = async (name: string, device?: string) =>
    api.anonymous.post('/auth/login').send({ username: name, password: passwords[name], ...(device === undefined ? {} : { device }) });
  const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** The person sets their own password with the code the floor was given (POST /auth/enroll). */
  const enrolled = async (answer: { user: { name: string }; enrollmentCode: string }) => {
    const password = `${answer.user.name}-own-secret`;
    await api.anonymous.post('/auth/enroll').send({ username: answer.user.name, code: answer.enrollmentCode, password }).expect(200);
    return password;
  };

  beforeAll(async () => {
    // The tokens' rows before the start, which puts them on record (verify's staff check finds each created).
    await seedTestUsers(database.db, [
      { sub: 'bootstrap', role: 'floor' },
      { sub: 'stranger', role: 'dealer' },
      { sub: 'reg-9', role: 'regulator' },
    ]);
    api = await startTestApi(database.db);
    // A floor supervisor through the API's own admin: asked by one, approved by another.
    const boss = await approvedBySecond(
      api,
      await api.as('floor', { sub: 'bootstrap' }).post('/users').send({ name: 'boss', role: 'floor' }),
    );
    expect(boss.status).toBe(201);
    passwords.boss = await enrolled(boss.body);
    floorId = boss.body.user.id;
    floor = api.as('floor', { sub: floorId, name: 'boss' });
    // devi signs in on consoles (a user of her own: every sign-in counts against a name's throttle).
    for (const [name, role] of [
      ['dana', 'dealer'],
      ['ray', 'regulator'],
      ['devi', 'floor'],
    ] as const) {
      const { body } = await approvedBySecond(api, await floor.post('/users').send({ name, role }));
      passwords[name] = await enrolled(body);
      ids[name] = body.user.id;
    }
    await openTableWithPlayers(api, 'a1');
  });

  it('records sign-ins, failed sign-ins with their reason and address, never a password', async () => {
    await signIn('dana').then((r) => expect(r.status).toBe(200));
    await api.anonymous.post('/auth/login').send({ username: 'dana', password: 'not-her-password' }).expect(401);
    await api.anonymous.post('/auth/login').send({ username: 'nobody', password: 'whatever-1' }).expect(401);
    const signedIn = await ofType('SignedIn');
    expect(signedIn.at(-1)!.data).toMatchObject({ userId: ids.dana, name: 'dana', role: 'dealer', deviceId: null });
    expect(signedIn.at(-1)!.metadata).toMatchObject({ actorId: ids.dana, via: 'api', device: null });
    const failed = await ofType('SignInFailed');
    expect(failed.map((e) => [e.data.name, e.data.reason])).toEqual([
      ['dana', 'wrong-password'],
      ['nobody', 'no-such-user'],
    ]);
    expect(typeof failed[0]!.data.address).toBe('string');
    const text = JSON.stringify(await log());
    expect(text).not.toContain('not-her-password');
    expect(text).not.toContain(passwords.dana);
  });

  it('records a lockout once, when the user name is locked, not once per refused attempt', async () => {
    const locking = await startTestApi(database.db, { loginFailuresBeforeLockout: 2, loginLockoutSeconds: 600 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await locking.anonymous.post('/auth/login').send({ username: 'ray', password: `guess-${i}-guess` })).status);
      expect(statuses).toEqual([401, 401, 429, 429, 429]);
    } finally {
      await locking.close();
    }
    const locks = await ofType('SignInLocked');
    expect(locks.map((e) => e.data)).toEqual([expect.objectContaining({ scope: 'user', name: 'ray', seconds: expect.any(Number) })]);
  });

  it('records dealer assignments and releases, committed with the rows', async () => {
    await floor.put('/tables/a1/dealers/dana').expect(200);
    await floor.delete('/tables/a1/dealers/dana').expect(200);
    await floor.delete('/tables/a1/dealers/dana').expect(200); // not assigned: nothing to record
    await floor.put('/tables/a1/dealers/dana').expect(200);
    expect((await ofType('DealerAssigned')).map((e) => e.data)).toEqual([
      { tableId: 'a1', userId: ids.dana, name: 'dana' },
      { tableId: 'a1', userId: ids.dana, name: 'dana' },
    ]);
    expect(await ofType('DealerReleased')).toHaveLength(1);
  });

  it('records refused commands (403 and 422) with type, table and code only, and rules changes', async () => {
    const dana = api.as('dealer', { sub: ids.dana, name: 'dana' });
    await dana.post('/tables/a1/change-rules').send({ rules: NO_LIMIT_1_2 }).expect(403); // floor only
    await api.as('dealer', { sub: 'stranger' }).post('/tables/a1/add-chips').send({ seat: 1, amount: 5 }).expect(403); // not assigned
    await dana.post('/tables/a1/add-chips').send({ seat: 9, amount: 5 }).expect(422); // no one in seat 9
    await api.as('regulator').post('/tables/a1/fold').send({ seat: 1 }).expect(403); // a role that sends no command
    const refused = await ofType('CommandRefused');
    expect(refused.map((e) => e.data)).toEqual([
      { tableId: 'a1', commandType: 'ChangeRules', status: 403, code: 'FORBIDDEN_ROLE' },
      { tableId: 'a1', commandType: 'AddChips', status: 403, code: 'NOT_ASSIGNED_TO_TABLE' },
      { tableId: 'a1', commandType: 'AddChips', status: 422, code: expect.any(String) },
    ]);
    expect(refused.map((e) => e.metadata.actorId)).toEqual([ids.dana, 'stranger', ids.dana]);
    expect((await ofType('AccessRefused')).at(-1)!.data).toEqual({
      method: 'POST',
      route: '/tables/a1/fold',
      status: 403,
      code: 'FORBIDDEN_ROLE',
    });

    await floor.post('/tables/a1/change-rules').send({ rules: NO_LIMIT_1_2 }).expect(201);
    const rules = await ofType('TableRulesChanged');
    expect(rules.map((e) => [e.data.tableId, e.data.commandType])).toEqual([
      ['a1', 'OpenTable'],
      ['a1', 'ChangeRules'],
    ]);
  });

  describe('devices', () => {
    let credential: string;
    let deviceId: string;

    it('registers a console: its credential is shown once, its sign-ins and commands carry its id', async () => {
      const registered = await floor.post('/devices').send({ name: 'Table 1 console' }).expect(201);
      ({ credential } = registered.body);
      deviceId = registered.body.device.id;
      expect(credential).toMatch(/^felt-device\.[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
      const listed = (await floor.get('/devices').expect(200)).body.devices;
      expect(listed).toEqual([expect.objectContaining({ id: deviceId, name: 'Table 1 console', registeredBy: floorId, retiredAt: null })]);
      expect(JSON.stringify(listed)).not.toContain(credential.split('.')[2]);

      const login = await signIn('devi', credential);
      expect(login.status).toBe(200);
      expect(login.body.device).toBe(deviceId);
      const res = await api.anonymous
        .post('/tables/a1/add-chips')
        .set({ ...bearer(login.body.accessToken), 'X-Device-Id': 'spoofed' })
        .send({ seat: 1, amount: 3 })
        .expect(201);
      const [event] = await api.store.readStream(streamIdOf('a1'), { fromVersion: res.body.version, limit: 1 });
      expect(event!.metadata).toMatchObject({ actorId: ids.devi, device: deviceId });
      expect((await ofType('SignedIn')).at(-1)!.data.deviceId).toBe(deviceId);
      expect((await ofType('DeviceRegistered')).map((e) => e.data)).toEqual([
        { deviceId, name: 'Table 1 console', kind: 'console', tableId: null },
      ]);
    });

    it('refuses a wrong credential at sign-in (401 INVALID_DEVICE, recorded), and retiring stops its tokens at once', async () => {
      const wrong = await signIn('devi', `felt-device.${deviceId}.${'A'.repeat(43)}`);
      expect({ status: wrong.status, code: wrong.body.code }).toEqual({ status: 401, code: 'INVALID_DEVICE' });
      const token = (await signIn('devi', credential)).body.accessToken;
      await api.anonymous.get('/tables/a1').set(bearer(token)).expect(200);
      expect((await floor.delete(`/devices/${deviceId}`).expect(200)).body.device.retiredAt).not.toBeNull();
      await api.anonymous.get('/tables/a1').set(bearer(token)).expect(401);
      const retired = await signIn('devi', credential);
      expect({ status: retired.status, code: retired.body.code }).toEqual({ status: 401, code: 'INVALID_DEVICE' });
      expect((await ofType('SignInFailed')).slice(-2).map((e) => e.data.reason)).toEqual(['unknown-device', 'device-retired']);
      expect(await ofType('DeviceRetired')).toHaveLength(1);
      await floor.delete(`/devices/${deviceId}`).expect(200); // again: nothing new
      expect(await ofType('DeviceRetired')).toHaveLength(1);
    });

    it('refuses bad device requests with a code, and non-floor roles', async () => {
      const cases = [
        [await floor.post('/devices').send({ name: 'Table 1 console' }), 409, 'DEVICE_NAME_TAKEN'],
        [await floor.post('/devices').send({ name: '' }), 400, 'INVALID_REQUEST'],
        [await floor.post('/devices').send({ name: 'x', extra: 1 }), 400, 'INVALID_REQUEST'],
        [await floor.delete('/devices/no-such-device'), 404, 'DEVICE_NOT_FOUND'],
        [await api.as('dealer').post('/devices').send({ name: 'mine' }), 403, 'FORBIDDEN_ROLE'],
        [await api.as('regulator').get('/devices'), 403, 'FORBIDDEN_ROLE'],
      ] as const;
      for (const [res, status, code] of cases) expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    });

    it('with FELT_REQUIRE_DEVICE=1 refuses commands from a token without a device (403 DEVICE_REQUIRED, recorded)', async () => {
      const strict = await startTestApi(database.db, { requireDevice: true });
      try {
        const res = await strict.as('floor', { sub: floorId, name: 'boss' }).post('/tables/a1/add-chips').send({ seat: 1, amount: 1 });
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'DEVICE_REQUIRED' });
        const { credential: second } = (await floor.post('/devices').send({ name: 'Table 2 console' }).expect(201)).body;
        const token = (
          await strict.anonymous.post('/auth/login').send({ username: 'boss', password: passwords.boss, device: second }).expect(200)
        ).body.accessToken;
        await strict.anonymous.post('/tables/a1/add-chips').set(bearer(token)).send({ seat: 1, amount: 1 }).expect(201);
        // The absence route alike (this house times nobody: a request past the gate is ABSENCE_NOT_TIMED); the timer's
        // principal is no console and passes without a device.
        const absence = { seat: 1, since: 'x' };
        const gated = [
          [
            await strict.as('floor', { sub: floorId, name: 'boss' }).post('/tables/a1/absence-expired').send(absence),
            403,
            'DEVICE_REQUIRED',
          ],
          [await strict.anonymous.post('/tables/a1/absence-expired').set(bearer(token)).send(absence), 422, 'ABSENCE_NOT_TIMED'],
          [await strict.as('timer', { sub: 'timer-service' }).post('/tables/a1/absence-expired').send(absence), 422, 'ABSENCE_NOT_TIMED'],
        ] as const;
        for (const [r, status, code] of gated) expect({ status: r.status, code: r.body.code }).toEqual({ status, code });
      } finally {
        await strict.close();
      }
      expect((await ofType('CommandRefused')).at(-1)!.data).toEqual({
        tableId: 'a1',
        commandType: 'AddChips',
        status: 403,
        code: 'DEVICE_REQUIRED',
      });
    });
  });

  it('pages through the audit events for regulators and the floor, each once, in order; others get 403', async () => {
    const all = await log();
    const got: RecordedEvent[] = [];
    let after: string | null = null;
    do {
      const query: string = after === null ? '?limit=7' : `?limit=7&after=${encodeURIComponent(after)}`;
      const page: { body: { events: RecordedEvent[]; nextAfter: string | null } } = await api
        .as('regulator')
        .get(`/regulator/audit${query}`)
        .expect(200);
      expect(page.body.events.length).toBeLessThanOrEqual(7);
      got.push(...page.body.events);
      after = page.body.nextAfter;
    } while (after !== null);
    expect(got.map((e) => e.eventId)).toEqual(all.map((e) => e.eventId));
    expect(got[0]!.streamId).toBe(auditStreamIdFor(new Date(got[0]!.recordedAt)));
    await floor.get('/regulator/audit?limit=1').expect(200);
    for (const role of ['dealer', 'service'] as const) expect((await api.as(role).get('/regulator/audit')).status).toBe(403);
    for (const bad of ['?limit=0', '?limit=1001', '?after=table-a1:3', '?after=audit-2026-12-04', '?what=1']) {
      const res = await api.as('regulator').get(`/regulator/audit${bad}`);
      expect({ bad, status: res.status, code: res.body.code }).toEqual({ bad, status: 400, code: 'INVALID_REQUEST' });
    }
  });

  it('exports the audit streams with the roster as of each event’s time; the file verifies offline, its export on record', async () => {
    // Dana becomes a floor supervisor: events before carry her as a dealer, after as floor.
    const before = (await ofType('SignedIn')).filter((e) => e.data.userId === ids.dana).at(-1)!;
    expect((await approvedBySecond(api, await floor.patch('/users/dana').send({ role: 'floor' }))).status).toBe(200);
    const res = await api.as('regulator', { sub: 'reg-9' }).get('/regulator/audit/export').expect(200);
    const read = readJsonl(res.text);
    expect(read.problems).toEqual([]);
    expect(read.events.map((e) => e.eventId)).toEqual((await log()).map((e) => e.eventId));
    expect(verifyEvents(read.events).violations).toEqual([]);
    expect(read.events.at(-1)).toMatchObject({
      type: 'ExportPerformed',
      data: { scope: 'audit', format: 'jsonl' },
      metadata: { actorId: 'reg-9' },
    });

    const roster = read.roster!;
    expect(roster.asOf).toBe('event-time');
    expect(staffAt(roster, ids.dana!, before.recordedAt)).toMatchObject({ name: 'dana', role: 'dealer' });
    expect(staffAt(roster, ids.dana!, new Date(Date.now() + 60_000).toISOString())).toMatchObject({ name: 'dana', role: 'floor' });
    expect(roster.staff.find((m) => m.id === ids.dana)!.history.map((h) => h.event)).toEqual(['UserCreated', 'UserRoleChanged']);

    // A table export has the same roster, and is on record too.
    const table = await floor.get('/regulator/tables/a1/export?format=jsonl').expect(200);
    expect(readJsonl(table.text).roster).toMatchObject({ asOf: 'event-time' });
    expect((await ofType('ExportPerformed')).at(-1)!.data).toEqual({ scope: 'table:a1', format: 'jsonl', from: null, to: null });
  });

  it('verify finds nothing wrong, then catches a user changed behind the API, a deleted assignment row and an audit event rewritten', async () => {
    expect((await verifyStore(api.store)).violations).toEqual([]);
    expect(await checkStaff(api.store, database.db)).toEqual([]);

    await database.db.query(`UPDATE users SET role = 'floor' WHERE name = 'ray'`);
    await database.db.query(`DELETE FROM dealer_assignments WHERE table_id = 'a1'`);
    await database.db.query(`INSERT INTO users (id, name, role, password_hash) VALUES ('sneaky', 'sneaky', 'floor', 'x')`);
    const staff = (await checkStaff(api.store, database.db)).map((v) => v.message);
    expect(staff).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/user "ray" .*role "floor".*"regulator"/),
        expect.stringMatching(/dealer assignment a1 \/ .* not in dealer_assignments/),
        expect.stringMatching(/user "sneaky" .* no audit event created it/),
      ]),
    );
    expect(staff).toHaveLength(3);

    // The record itself: rewrite a failed sign-in's name (the events table is append-only for the app; an owner can).
    const target = (await ofType('SignInFailed'))[0]!;
    await database.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query(`UPDATE events SET data = jsonb_set(data, '{name}', '"somebody"') WHERE event_id = $1`, [target.eventId]);
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
    const chain = (await verifyStore(api.store)).violations;
    expect(chain).toEqual([expect.objectContaining({ streamId: target.streamId, version: target.streamVersion, kind: 'chain' })]);
  });
});
