import { join } from 'node:path';
import { loadHouseRules, verifyEvents } from '@felt/regulator';
import { streamIdOf } from '../src/tables/table-stream';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { seedTestUsers } from './test-support/auth';
import { startTestApi, type TestApi } from './test-support/test-api';

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
    await seedTestUsers(database.db, [{ sub: 'reg-1', role: 'regulator' }]);
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
});
