import { join } from 'node:path';
import { loadHouseRules, verifyEvents } from '@felt/regulator';
import { streamIdOf } from '../src/tables/table-stream';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { seedTestUsers } from './test-support/auth';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * A casino's own house rule through the HTTP routes, loaded by configuration (FELT_HOUSE_RULES, here the test
 * API's config): the seven-deuce bounty of examples/house-rules/, with no line of it in libs/engine. A training
 * table deals the cards the test chooses; the stored log verifies with the same file and not without it.
 */
const HOUSE_RULES = join(__dirname, '..', '..', '..', 'examples', 'house-rules', 'index.js');
const BOUNTY_RULES = {
  structure: { kind: 'no-limit' },
  smallBlind: 5,
  bigBlind: 10,
  maxSeats: 3,
  houseOptions: { sevenDeuce: { bigBlinds: 2 } },
  deckSource: 'training',
};

describe.each(APP_BACKENDS)('a casino’s own house rule over HTTP, by configuration (%s)', (backend) => {
  let api: TestApi;
  let plain: TestApi;
  const database = useTestStore(backend, {
    beforeDispose: async () => {
      await api?.close();
      await plain?.close();
    },
  });

  beforeAll(async () => {
    api = await startTestApi(database.db, { houseRules: HOUSE_RULES });
    plain = await startTestApi(database.db);
    await seedTestUsers(database.db, [
      { sub: 'reg-1', role: 'regulator' },
      { sub: 'dealer-7d', role: 'dealer' },
    ]);
  });

  it('an API without the file refuses the option (422 INVALID_RULES), nothing written', async () => {
    const refused = await plain.http.post('/tables').send({ tableId: 'plain7d', rules: BOUNTY_RULES });
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 422, code: 'INVALID_RULES' });
    expect(await plain.store.readStream(streamIdOf('plain7d'))).toEqual([]);
  });

  it('plays a hand where 7-2 wins at the showdown and collects the bounty; the log verifies with the same modules only', async () => {
    await openTableWithPlayers(api, 'bounty1', 3, BOUNTY_RULES);
    let table = (
      await expectStatus(
        api.http.post('/tables/bounty1/start-hand').send({ holeCards: { 1: '7c2d', 2: 'AhAd', 3: 'QhJh' }, board: '7h7s2sKd9c' }),
        201,
      )
    ).body.table;
    for (const due of table.legalActions.filter((a: { type: string }) => a.type === 'PostBlind'))
      table = (await expectStatus(api.http.post('/tables/bounty1/post-blind').send({ seat: due.seat, blind: due.blind }), 201)).body.table;
    const events: string[] = [];
    while (table.hand.phase !== 'complete') {
      const action = ['Call', 'Check', 'ShowHand']
        .map((type) => table.legalActions.find((a: { type: string }) => a.type === type))
        .find((a) => a !== undefined);
      const res = await expectStatus(api.http.post('/tables/bounty1/commands').send({ type: action.type, seat: action.seat }), 201);
      events.push(...res.body.events.map((e: { type: string }) => e.type));
      table = res.body.table;
    }
    expect(events).toContain('SevenDeuceBountyPaid');
    // The button's sevens full take the 30 pot and 20 from each of the others.
    expect(table.seats.map((s: { seat: number; stack: number }) => [s.seat, s.stack])).toEqual([
      [1, 160],
      [2, 70],
      [3, 70],
    ]);

    // The regulator's exports of the hand: what PHH and OHH cannot say of the bounty is the module's exportNotes.
    const regulator = api.as('regulator', { sub: 'reg-1' });
    for (const format of ['phh', 'ohh', 'jsonl'])
      expect((await regulator.get(`/regulator/tables/bounty1/export?format=${format}`)).status).toBe(200);
    expect((await regulator.get('/regulator/tables/bounty1/export?format=phh')).text).toMatch(
      /_felt_notes = \[.*"house-rule: seven-deuce bounty: p\d won with 7-2/,
    );
    expect((await regulator.get('/regulator/tables/bounty1/export?format=ohh')).text).toContain('"kind": "house-rule"');

    const stored = await api.store.readStream(streamIdOf('bounty1'));
    expect(verifyEvents(stored, { table: loadHouseRules(HOUSE_RULES) }).violations).toEqual([]);
    expect(verifyEvents(stored).violations.length).toBeGreaterThan(0);
  });
  it("the module's own command through the API: a dealer refused where the module says floor only, a bad body refused, both writing nothing; the floor waives the bounty and the log verifies", async () => {
    await openTableWithPlayers(api, 'waive1', 3, BOUNTY_RULES);
    await expectStatus(api.http.put('/tables/waive1/dealers/dealer-7d').send({}), 200);
    const dealer = api.as('dealer', { sub: 'dealer-7d' });
    let table = (
      await expectStatus(
        dealer.post('/tables/waive1/start-hand').send({ holeCards: { 1: '7c2d', 2: 'AhAd', 3: 'QhJh' }, board: '7h7s2sKd9c' }),
        201,
      )
    ).body.table;
    // The assigned dealer runs the game (the blinds), but the waiver is the floor's, as the module declares.
    for (const due of table.legalActions.filter((a: { type: string }) => a.type === 'PostBlind'))
      table = (await expectStatus(dealer.post('/tables/waive1/post-blind').send({ seat: due.seat, blind: due.blind }), 201)).body.table;

    const before = await writtenRows(database.db);
    const reason = 'card exposed on the flop; players agreed to play on';
    for (const refused of [
      await dealer.post('/tables/waive1/waive-seven-deuce-bounty').send({ reason }),
      await dealer.post('/tables/waive1/commands').send({ type: 'WaiveSevenDeuceBounty', reason }),
    ])
      expect({ status: refused.status, code: refused.body.code, detail: refused.body.detail }).toEqual({
        status: 403,
        code: 'FORBIDDEN_ROLE',
        detail: expect.stringContaining('only a floor supervisor may'),
      });
    for (const body of [{}, { reason: '' }, { reason: 7 }, { reason, extra: true }, { reason: 'x'.repeat(201) }]) {
      const bad = await api.http.post('/tables/waive1/waive-seven-deuce-bounty').send(body);
      expect({ body, status: bad.status, code: bad.body.code }).toEqual({ body, status: 400, code: 'INVALID_REQUEST' });
    }
    const unknown = await api.http.post('/tables/waive1/commands').send({ type: 'WaiveTheBounty', reason });
    expect({ status: unknown.status, code: unknown.body.code }).toEqual({ status: 400, code: 'UNKNOWN_COMMAND_TYPE' });
    expect(await writtenRows(database.db)).toEqual(before);

    const waived = await expectStatus(api.http.post('/tables/waive1/waive-seven-deuce-bounty').send({ reason }), 201);
    expect(waived.body.events.map((e: { type: string; data: object }) => [e.type, e.data])).toEqual([
      ['SevenDeuceBountyWaived', { handNumber: 1, reason }],
    ]);
    const again = await api.http.post('/tables/waive1/commands').send({ type: 'WaiveSevenDeuceBounty', reason });
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 422, code: 'BOUNTY_ALREADY_WAIVED' });

    table = waived.body.table;
    const events: string[] = [];
    while (table.hand.phase !== 'complete') {
      const action = ['Call', 'Check', 'ShowHand']
        .map((type) => table.legalActions.find((a: { type: string }) => a.type === type))
        .find((a) => a !== undefined);
      const res = await expectStatus(dealer.post('/tables/waive1/commands').send({ type: action.type, seat: action.seat }), 201);
      events.push(...res.body.events.map((e: { type: string }) => e.type));
      table = res.body.table;
    }
    // 7-2 wins the 30 pot, and no bounty: the floor waived it for this hand.
    expect(events).not.toContain('SevenDeuceBountyPaid');
    expect(table.seats.map((s: { seat: number; stack: number }) => [s.seat, s.stack])).toEqual([
      [1, 120],
      [2, 90],
      [3, 90],
    ]);
    const stored = await api.store.readStream(streamIdOf('waive1'));
    expect(stored.map((e) => e.type)).toContain('SevenDeuceBountyWaived');
    // The regulator rebuilds the waiver from its event (the module's commandFor) and decides it again.
    expect(verifyEvents(stored, { table: loadHouseRules(HOUSE_RULES) }).violations).toEqual([]);
  });

  it("OpenAPI lists the casino module's command with who may send it; an API without the module has no such command (nothing written)", async () => {
    const doc = (await expectStatus(api.http.get('/docs-json'), 200)).body;
    const route = doc.paths['/tables/{tableId}/waive-seven-deuce-bounty'].post;
    expect(route.description).toContain('Floor supervisors only');
    expect(route.requestBody.content['application/json'].schema).toMatchObject({
      properties: { reason: { type: 'string', maxLength: 200 } },
      required: ['reason'],
    });
    const generic = doc.paths['/tables/{tableId}/commands'].post.requestBody.content['application/json'].schema;
    expect(
      generic.oneOf.map(
        (o: { properties: { type: { const?: string; enum?: string[] } } }) => o.properties.type.const ?? o.properties.type.enum?.[0],
      ),
    ).toContain('WaiveSevenDeuceBounty');
    const plainDoc = (await expectStatus(plain.http.get('/docs-json'), 200)).body;
    expect(plainDoc.paths['/tables/{tableId}/waive-seven-deuce-bounty']).toBeUndefined();

    const before = await writtenRows(database.db);
    const byRoute = await plain.http.post('/tables/waive1/waive-seven-deuce-bounty').send({ reason: 'no such rule here' });
    expect({ status: byRoute.status, code: byRoute.body.code }).toEqual({ status: 404, code: 'ROUTE_NOT_FOUND' });
    const byType = await plain.http.post('/tables/waive1/commands').send({ type: 'WaiveSevenDeuceBounty', reason: 'no such rule here' });
    expect({ status: byType.status, code: byType.body.code }).toEqual({ status: 400, code: 'UNKNOWN_COMMAND_TYPE' });
    expect(await writtenRows(database.db)).toEqual(before);
  });
});
