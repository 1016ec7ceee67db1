import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers } from './test-support/table-setup';
import { writtenRows, type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';

/**
 * The timer service's principal (role `timer`, docs/security.md): it may send the expiries that are due — a table's
 * ClockExpired, a game's NoShow — and nothing else; it reads nothing; no user can be given its role. Every refusal
 * writes no table or game event.
 */
describe('the timer principal', () => {
  let api: TestApi;
  const database = useSharedApi('postgres');
  const CLOCKED = { ...NO_LIMIT_1_2, houseOptions: { shotClock: { seconds: 30 } } };

  beforeAll(async () => {
    api = database.api;
    await openTableWithPlayers(api, 'timed', 3, CLOCKED);
    for (const body of [{ type: 'StartHand' }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 }]) {
      await expectStatus(api.http.post('/tables/timed/commands').send(body), 201);
    }
    await expectStatus(
      api.http.post('/room/games').send({ gameId: 'g1', name: '1/2 NLHE', stakes: '1/2', structure: 'no-limit', tableRules: NO_LIMIT_1_2 }),
      201,
    );
  });

  const timer = () => api.as('timer', { sub: 'timer-service' });

  it('reaches the clock: an expiry before the deadline is refused by the rules (422 CLOCK_NOT_DUE), not by its role', async () => {
    const res = await timer().post('/tables/timed/commands').send({ type: 'ClockExpired', clock: 1 });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 422, code: 'CLOCK_NOT_DUE' });
  });

  it('reaches the room: a NoShow for nobody called is refused by the room (422 PLAYER_NOT_CALLED)', async () => {
    const res = await timer().post('/room/games/g1/commands').send({ type: 'NoShow', playerId: 'p1' });
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 422, code: 'PLAYER_NOT_CALLED' });
  });

  const refusals: [string, () => PromiseLike<{ status: number; body: { code: string } }>, number, string][] = [
    ['a betting action', () => timer().post('/tables/timed/commands').send({ type: 'Call', seat: 1 }), 403, 'FORBIDDEN_ROLE'],
    ['a floor command', () => timer().post('/tables/timed/commands').send({ type: 'PauseClock' }), 403, 'FORBIDDEN_ROLE'],
    ['opening a table', () => timer().post('/tables').send({ tableId: 'other', rules: NO_LIMIT_1_2 }), 403, 'FORBIDDEN_ROLE'],
    [
      'another room command',
      () => timer().post('/room/games/g1/commands').send({ type: 'JoinList', playerId: 'p9', alias: 'ZZ' }),
      403,
      'FORBIDDEN_ROLE',
    ],
    ['a room body without a type', () => timer().post('/room/games/g1/commands').send({}), 403, 'FORBIDDEN_ROLE'],
    ['reading a table', () => timer().get('/tables/timed'), 403, 'FORBIDDEN_ROLE'],
    ['reading the tables', () => timer().get('/tables'), 403, 'FORBIDDEN_ROLE'],
    ['reading the room', () => timer().get('/room/games'), 403, 'FORBIDDEN_ROLE'],
    ['a user with the timer role', () => api.http.post('/users').send({ name: 'clocky', role: 'timer' }), 400, 'UNKNOWN_ROLE'],
  ];

  it.each(refusals)('refuses %s, writing nothing', async (_name, send, status, code) => {
    const before = await writtenRows(database.db);
    const res = await send();
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    const after = await writtenRows(database.db);
    // Audit streams apart (a refusal is itself an audit event, docs/events.md "The audit stream").
    expect(after).toEqual(before);
  });
});
