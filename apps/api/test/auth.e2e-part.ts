import { generateKeyPairSync } from 'node:crypto';
import { Users, type User, type Role } from '@felt/staff';
import { streamIdOf } from '../src/tables/table-stream';
import { addTestUser, seedTestUsers, signTestToken } from './test-support/auth';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, totalEvents, type TestApi } from './test-support/test-api';
import { NO_LIMIT_1_2, openTableWithPlayers, TRAINING_1_2 } from './test-support/table-setup';

type Answer = { status: number; body: Record<string, any>; headers: Record<string, string> };

/**
 * Who may do what: every role against every route family (200/201, or 403 with its code and nothing written),
 * every kind of bad token (401), sign-in, dealer assignments, the actor recorded in the events, and who sees hole
 * cards. Real users in the database, real tokens, the whole API.
 */
describe.each(APP_BACKENDS)('authentication and roles (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let dealer: User;
  let otherDealer: User;
  const ROLES_UNDER_TEST: readonly Role[] = ['floor', 'dealer', 'regulator', 'service'];

  /** Requests as `role`; the dealer is a real user assigned to table m1 only. */
  const as = (role: Role) => (role === 'dealer' ? api.as('dealer', { sub: dealer.id, name: dealer.name }) : api.as(role));

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await seedTestUsers(database.db, [{ sub: 'floor-42', role: 'floor' }]);
    dealer = await addTestUser(database.db, 'dana', 'dealer');
    otherDealer = await addTestUser(database.db, 'dmitri', 'dealer');
    await addTestUser(database.db, 'fiona', 'floor');
    await addTestUser(database.db, 'ray', 'regulator');
    await openTableWithPlayers(api, 'm1');
    await openTableWithPlayers(api, 'm2');
    await api.http.put(`/tables/m1/dealers/${dealer.id}`).expect(200);
  });

  describe('the role matrix', () => {
    type Method = 'get' | 'post' | 'put' | 'delete';
    type Family = { method: Method; path: string; body?: object; note?: string; allowed: Partial<Record<Role, number>> };
    const READERS = { floor: 200, dealer: 200, regulator: 200, service: 200 };
    const families: Family[] = [
      { method: 'get', path: '/tables', allowed: READERS },
      { method: 'get', path: '/tables/m1', allowed: READERS },
      { method: 'get', path: '/tables/m1/events', allowed: READERS },
      {
        method: 'post',
        path: '/tables',
        note: 'OpenTable',
        body: { tableId: 'opened-by-matrix', rules: NO_LIMIT_1_2 },
        allowed: { floor: 201 },
      },
      { method: 'post', path: '/tables/m1/add-chips', body: { seat: 1, amount: 1 }, allowed: { floor: 201, dealer: 201 } },
      { method: 'post', path: '/tables/m1/commands', body: { type: 'AddChips', seat: 2, amount: 1 }, allowed: { floor: 201, dealer: 201 } },
      { method: 'post', path: '/tables/m1/change-rules', note: 'floor only', body: { rules: NO_LIMIT_1_2 }, allowed: { floor: 201 } },
      { method: 'get', path: '/tables/m1/dealers', allowed: { floor: 200 } },
      { method: 'put', path: '/tables/m2/dealers/dmitri', allowed: { floor: 200 } },
      { method: 'delete', path: '/tables/m2/dealers/dmitri', allowed: { floor: 200 } },
      { method: 'get', path: '/regulator/tables', allowed: { floor: 200, regulator: 200 } },
      { method: 'get', path: '/regulator/tables/m1/events', allowed: { floor: 200, regulator: 200 } },
      { method: 'get', path: '/regulator/tables/m1/hands', allowed: { floor: 200, regulator: 200 } },
      { method: 'get', path: '/regulator/tables/m1/export?format=jsonl', allowed: { floor: 200, regulator: 200 } },
      { method: 'get', path: '/regulator/audit', allowed: { floor: 200, regulator: 200 } },
      { method: 'get', path: '/users', allowed: { floor: 200 } },
      { method: 'get', path: '/devices', allowed: { floor: 200 } },
    ];
    const nameOf = (f: Family) => `${f.method.toUpperCase()} ${f.path}${f.note ? ` (${f.note})` : ''}`;
    // OpenTable succeeds once: each role tries its own table id.
    const bodyFor = (f: Family, role: Role) => (f.note === 'OpenTable' ? { ...f.body, tableId: `opened-by-${role}` } : f.body);
    const send = (agent: { [m in Method]: (path: string) => { send(body?: object): PromiseLike<Answer> } }, f: Family, role: Role) =>
      f.method === 'get' ? (agent.get(f.path) as unknown as PromiseLike<Answer>) : agent[f.method](f.path).send(bodyFor(f, role));
    const cases = families.flatMap((f) => ROLES_UNDER_TEST.map((role) => [nameOf(f), role, f] as const));

    it.each(cases)('%s as %s', async (_name, role, family) => {
      const before = await totalEvents(database.db);
      const res = await send(as(role) as never, family, role);
      const expected = family.allowed[role];
      if (expected !== undefined) {
        expect({ status: res.status, body: res.status === expected ? 'ok' : res.body }).toEqual({ status: expected, body: 'ok' });
        return;
      }
      expect(res.status).toBe(403);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 403, code: 'FORBIDDEN_ROLE' });
      expect(res.body.detail).toContain(role);
      expect(await totalEvents(database.db)).toBe(before);
    });

    it.each(families.map((f) => [nameOf(f), f] as const))('%s without a token: 401 UNAUTHENTICATED', async (_name, family) => {
      const before = await totalEvents(database.db);
      const res = await send(api.anonymous as never, family, 'floor');
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="felt"');
      expect(res.body).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(await totalEvents(database.db)).toBe(before);
    });
  });

  describe('tokens', () => {
    const refused = async (authorization: string | undefined) => {
      const req = api.anonymous.post('/tables/m1/add-chips');
      const res = await (authorization === undefined ? req : req.set('Authorization', authorization)).send({ seat: 1, amount: 1 });
      return { status: res.status, code: res.body.code, detail: String(res.body.detail) };
    };

    it('refuses a missing, malformed, forged, expired or mis-claimed token with 401 and writes nothing', async () => {
      const before = await totalEvents(database.db);
      expect(await refused(undefined)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(await refused('Basic Zmxvb3I6Zmxvb3I=')).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(await refused('Bearer not.a.jwt')).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      const forged = await refused(`Bearer ${signTestToken('floor', { secret: 'someone-elses-secret-of-sufficient-length' })}`);
      expect(forged).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(forged.detail).toContain('not EdDSA');
      const otherKey = await refused(`Bearer ${signTestToken('floor', { privateKey: generateKeyPairSync('ed25519').privateKey })}`);
      expect(otherKey).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(otherKey.detail).toContain('invalid signature');
      const expired = await refused(`Bearer ${signTestToken('floor', { expiresIn: -60 })}`);
      expect(expired).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(expired.detail).toContain('expired');
      // A token whose role is not one of ours, signed with the right secret.
      const admin = signTestToken('floor').split('.');
      const payload = JSON.parse(Buffer.from(admin[1]!, 'base64url').toString());
      const tampered = [admin[0], Buffer.from(JSON.stringify({ ...payload, role: 'admin' })).toString('base64url'), admin[2]].join('.');
      expect(await refused(`Bearer ${tampered}`)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      expect(await totalEvents(database.db)).toBe(before);
    });

    it("stops a disabled user's token at once, and a token whose role no longer matches the user's", async () => {
      const user = await addTestUser(database.db, 'temp-floor', 'floor');
      const token = signTestToken('floor', { sub: user.id, name: user.name });
      await api.anonymous.get('/tables').set('Authorization', `Bearer ${token}`).expect(200);
      await new Users(database.db).setDisabled('temp-floor', true);
      const res = await api.anonymous.get('/tables').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'UNAUTHENTICATED', detail: 'user "temp-floor" is disabled' });
      const stale = await api.anonymous.get('/tables').set('Authorization', `Bearer ${signTestToken('regulator', { sub: dealer.id })}`);
      expect(stale.status).toBe(401);
      expect(stale.body.detail).toContain('is now dealer');
    });

    it('checks each of many requests arriving at once against its own user row (the lookups are batched)', async () => {
      const gone = await addTestUser(database.db, 'gone-floor', 'floor');
      await new Users(database.db).setDisabled('gone-floor', true);
      const senders = [
        { token: signTestToken('dealer', { sub: dealer.id, name: dealer.name }), status: 200 },
        { token: signTestToken('dealer', { sub: otherDealer.id, name: otherDealer.name }), status: 200 },
        { token: signTestToken('floor', { sub: gone.id, name: gone.name }), status: 401 },
        { token: signTestToken('floor', { sub: otherDealer.id }), status: 401 },
        { token: signTestToken('service', { sub: 'relay-without-row' }), status: 401 }, // UNKNOWN_USER
      ];
      const requests = Array.from({ length: 40 }, (_, i) => senders[i % senders.length]!);
      const answers = await Promise.all(requests.map((r) => api.anonymous.get('/tables').set('Authorization', `Bearer ${r.token}`)));
      expect(answers.map((a) => a.status)).toEqual(requests.map((r) => r.status));
    });

    it('leaves /health, /docs and POST /auth/login open', async () => {
      await api.anonymous.get('/health').expect(200);
      const doc = (await api.anonymous.get('/docs-json').expect(200)).body;
      expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
      expect(doc.paths['/tables'].get.security).toEqual([{ bearer: [] }]);
      expect(doc.paths['/auth/login'].post).toBeDefined();
      expect((await api.anonymous.post('/auth/login').send({ username: 'nobody', password: 'x' })).status).toBe(401);
    });
  });

  describe('POST /auth/login', () => {
    it('gives a Bearer token for the right password, which then works', async () => {
      const res = await api.anonymous.post('/auth/login').send({ username: 'fiona', password: 'fiona-password' }).expect(200);
      expect(res.body).toMatchObject({ tokenType: 'Bearer', expiresIn: 8 * 3600, user: { name: 'fiona', role: 'floor' } });
      const claims = JSON.parse(Buffer.from(res.body.accessToken.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: res.body.user.id, name: 'fiona', role: 'floor' });
      expect(claims.exp - claims.iat).toBe(8 * 3600);
      await api.anonymous.get('/tables/m1/dealers').set('Authorization', `Bearer ${res.body.accessToken}`).expect(200);
    });

    it.each([
      ['a wrong password', { username: 'fiona', password: 'guess' }],
      ['an unknown user', { username: 'mallory', password: 'fiona-password' }],
      ['a disabled user', { username: 'temp-floor', password: 'temp-floor-password' }],
    ])('refuses %s with 401 INVALID_CREDENTIALS', async (_name, body) => {
      const res = await api.anonymous.post('/auth/login').send(body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        detail: 'the user name or password is wrong, or the user is disabled',
      });
      expect(res.body).not.toHaveProperty('accessToken');
    });

    it('refuses a malformed body with 400', async () => {
      expect((await api.anonymous.post('/auth/login').send({ username: 'fiona' })).body.code).toBe('INVALID_REQUEST');
      expect((await api.anonymous.post('/auth/login').send({ username: 'fiona', password: 'fiona-password', role: 'floor' })).status).toBe(
        400,
      );
    });
  });

  describe('dealer assignments', () => {
    it('lets a dealer act only on the tables assigned to them, and never send floor-only commands', async () => {
      await openTableWithPlayers(api, 'd1');
      await openTableWithPlayers(api, 'd2');
      const asDealer = () => api.as('dealer', { sub: otherDealer.id, name: otherDealer.name });
      const before = await totalEvents(database.db);
      const refused = await asDealer().post('/tables/d1/add-chips').send({ seat: 1, amount: 5 });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'NOT_ASSIGNED_TO_TABLE', tableId: 'd1' });
      expect(refused.body.detail).toBe('dealer "dmitri" is not assigned to table "d1"; a floor supervisor assigns dealers');
      expect(await totalEvents(database.db)).toBe(before);

      const assigned = await api.http.put('/tables/d1/dealers/dmitri').expect(200); // by name works too
      expect(assigned.body.assignment).toMatchObject({ tableId: 'd1', userId: otherDealer.id, name: 'dmitri', assignedBy: 'test-floor' });
      await asDealer().post('/tables/d1/add-chips').send({ seat: 1, amount: 5 }).expect(201);
      expect(await totalEvents(database.db)).toBe(before + 1);
      const elsewhere = await asDealer().post('/tables/d2/add-chips').send({ seat: 1, amount: 5 });
      expect(elsewhere.body.code).toBe('NOT_ASSIGNED_TO_TABLE');
      for (const [route, body] of [
        ['close-table', {}],
        ['void-hand', { reason: 'misdeal' }],
        [
          'chop-blinds',
          {
            consents: [
              { seat: 2, by: 'player-2' },
              { seat: 3, by: 'player-3' },
            ],
          },
        ],
      ] as const) {
        const floorOnly = await asDealer().post(`/tables/d1/${route}`).send(body);
        expect({ route, status: floorOnly.status, code: floorOnly.body.code }).toEqual({ route, status: 403, code: 'FORBIDDEN_ROLE' });
      }
      expect(await totalEvents(database.db)).toBe(before + 1);

      const listed = await api.http.get('/tables/d1/dealers').expect(200);
      expect(listed.body.dealers.map((d: { name: string }) => d.name)).toEqual(['dmitri']);
      expect((await api.http.delete(`/tables/d1/dealers/${otherDealer.id}`).expect(200)).body).toMatchObject({
        removed: true,
        dealers: [],
      });
      expect((await api.http.delete(`/tables/d1/dealers/${otherDealer.id}`).expect(200)).body.removed).toBe(false);
      expect((await asDealer().post('/tables/d1/add-chips').send({ seat: 1, amount: 5 })).body.code).toBe('NOT_ASSIGNED_TO_TABLE');
    });

    it('assigns only existing dealers to existing tables', async () => {
      expect((await api.http.put('/tables/m1/dealers/nobody')).body).toMatchObject({ status: 404, code: 'USER_NOT_FOUND' });
      expect((await api.http.put(`/tables/no-such-table/dealers/${dealer.id}`)).body).toMatchObject({
        status: 404,
        code: 'TABLE_NOT_FOUND',
      });
      expect((await api.http.put('/tables/m1/dealers/ray')).body).toMatchObject({
        status: 422,
        code: 'NOT_A_DEALER',
        detail: 'user "ray" is a regulator, not a dealer',
      });
      expect((await api.http.get('/tables/no-such-table/dealers')).status).toBe(404);
    });
  });

  it("records the token's user id, role and device in every event's metadata, whatever X-Actor and X-Device-Id headers say", async () => {
    const res = await api
      .as('dealer', { sub: dealer.id, name: dealer.name })
      .post('/tables/m1/add-chips')
      .set({ 'X-Actor-Id': 'somebody-else', 'X-Actor-Role': 'floor', 'X-Device-Id': 'tablet-9' })
      .send({ seat: 3, amount: 2 })
      .expect(201);
    const [event] = await api.store.readStream(streamIdOf('m1'), { fromVersion: res.body.version, limit: 1 });
    // A token signed in on no registered device: device null ("no registered device"), never the header's.
    expect(event!.metadata).toMatchObject({ actorId: dealer.id, actorRole: 'dealer', device: null });
    await api.as('floor', { sub: 'floor-42' }).post('/tables/m2/add-chips').send({ seat: 1, amount: 2 }).expect(201);
    const [last] = (await api.store.readStream(streamIdOf('m2'))).slice(-1);
    expect(last!.metadata).toMatchObject({ actorId: 'floor-42', actorRole: 'floor' });
  });

  describe('hole cards', () => {
    const holeCards = { 1: 'AsAh', 2: 'KsKh', 3: 'QsQh' };
    let floorAnswer: Answer;
    beforeAll(async () => {
      await openTableWithPlayers(api, 'cards', 3, TRAINING_1_2);
      await api.http.put(`/tables/cards/dealers/${dealer.id}`).expect(200);
      await api.http.post('/tables/cards/start-hand').send({ holeCards, board: '2c7d9hJs3c' }).expect(201);
      await api.http.post('/tables/cards/post-blind').send({ seat: 2, blind: 'small-blind' }).expect(201);
      floorAnswer = await api.http.post('/tables/cards/post-blind').send({ seat: 3, blind: 'big-blind' }).expect(201);
    });

    const seen = async (role: Role | 'other dealer') => {
      const agent = role === 'other dealer' ? api.as('dealer', { sub: otherDealer.id }) : as(role);
      const view = (await agent.get('/tables/cards').expect(200)).body;
      const events = (await agent.get('/tables/cards/events').expect(200)).body.events as { type: string; data: any }[];
      const dealt = events.find((e) => e.type === 'HoleCardsDealt')!;
      const started = events.find((e) => e.type === 'HandStarted')!;
      // The undealt deck: HandStarted carried it in old logs; now only DeckRevealed does, after the hand (CONTRACT-15).
      const revealed = events.find((e) => e.type === 'DeckRevealed');
      return {
        view: view.hand.players.map((p: { holeCards: string | null }) => p.holeCards),
        dealt: dealt.data.hands.map((h: { cards: unknown }) => h.cards),
        deck: 'deck' in started.data || (Array.isArray(revealed?.data.deck) && revealed.data.deck.length === 52),
      };
    };

    it('shows them during the hand to nobody by default: not the regulator, the floor, services or dealers (docs/security.md)', async () => {
      for (const role of ['regulator', 'dealer', 'floor', 'service', 'other dealer'] as const) {
        expect({ role, ...(await seen(role)) }).toEqual({ role, view: [null, null, null], dealt: [null, null, null], deck: false });
      }
      // Also in a command's answer to the floor: the big blind's post deals the cards.
      expect(floorAnswer.body.table.hand.players.map((p: { holeCards: unknown }) => p.holeCards)).toEqual([null, null, null]);
      const dealt = floorAnswer.body.events.find((e: { type: string }) => e.type === 'HoleCardsDealt');
      expect(dealt.data.hands.map((h: { cards: unknown }) => h.cards)).toEqual([null, null, null]);
    });

    it('shows them once the hand is over to the floor and the regulator only', async () => {
      await api.http.post('/tables/cards/commands').send({ type: 'VoidHand', reason: 'test: the hand is over' }).expect(201);
      for (const role of ['regulator', 'floor'] as const) {
        const { view, dealt, deck } = await seen(role);
        expect(view.sort()).toEqual(['AsAh', 'KsKh', 'QsQh']);
        expect(dealt.every((cards: unknown) => Array.isArray(cards) && cards.length === 2)).toBe(true);
        expect(deck).toBe(true);
      }
      for (const role of ['dealer', 'service', 'other dealer'] as const) {
        expect({ role, ...(await seen(role)) }).toEqual({ role, view: [null, null, null], dealt: [null, null, null], deck: false });
      }
    });
  });
});
