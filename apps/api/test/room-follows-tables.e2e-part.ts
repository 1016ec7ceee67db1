import { publicBoard } from '@felt/projections';
import { WITHHELD_ALIAS, type BoardGame } from '@felt/room';
import { verifyStore } from '@felt/regulator';
import { ProjectionRunner, LIVE_TABLES, roomGamesFromRows, roomRows } from '@felt/read-models';
import { runUntilIdle } from '../../../libs/read-models/test-support/run-until-idle';
import { RoomClock } from '../src/room/room-clock';
import { expectStatus, NO_LIMIT_1_2 } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * Seats opened, changed or taken at the table itself (/tables/..., as a dealer's console sends them) reach the room
 * in the same request: a LeaveTable makes the seat callable, the must-move player the house policy names is first in
 * line for it, a seat change moves the room's seat, a must-move table emptied at the table breaks and closes, and a
 * walk-in is recorded, or refused while someone is owed the seat. docs/room.md "Seats opened at the table".
 */
describe.each(APP_BACKENDS)('the room follows the tables (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let now = Date.UTC(2026, 0, 1, 20, 0, 0);

  beforeAll(async () => {
    api = await startTestApi(database.db);
    api.app.get(RoomClock).now = () => new Date((now += 1000));
  });

  const post = (path: string, body: object, status: number) => expectStatus(api.http.post(path).send(body), status);
  const cmd = (body: object, status = 201) => post('/room/games/g/commands', body, status);
  const game = async () => (await api.http.get('/room/games/g').expect(200)).body;
  const lineFor = async (tableId: string, seat: number) =>
    (await game()).openSeats.find((s: { tableId: string; seat: number }) => s.tableId === tableId && s.seat === seat);
  const seatedAt = async (tableId: string) =>
    (await game()).state.tables
      .find((t: { tableId: string }) => t.tableId === tableId)
      .seated.map((h: { playerId: string; seat: number }) => `${h.playerId}@${h.seat}`)
      .sort();
  async function listAndSeat(playerId: string, alias: string, tableId: string, seat: number, passOver?: object[]) {
    await cmd({ type: 'CallPlayer', playerId, tableId, seat, ...(passOver ? { passOver } : {}) });
    await post('/room/games/g/seat', { playerId, buyIn: 100 }, 201);
    return alias;
  }

  it('sets up a full main game and a must-move game: C seated there first, D listed first', async () => {
    await post(
      '/room/games',
      { gameId: 'g', name: '1/2 NLHE', stakes: '1/2', structure: 'no-limit', tableRules: { ...NO_LIMIT_1_2, maxSeats: 3 } },
      201,
    );
    await post('/room/games/g/tables', { tableId: 'main' }, 201);
    for (const [p, a] of [
      ['pa', 'A'],
      ['pb', 'B'],
      ['pe', 'E'],
    ])
      await cmd({ type: 'JoinList', playerId: p, alias: a });
    await listAndSeat('pa', 'A', 'main', 1);
    await listAndSeat('pb', 'B', 'main', 2);
    await listAndSeat('pe', 'E', 'main', 3);
    await post('/room/games/g/tables', { tableId: 'mm', mustMove: true }, 201);
    await cmd({ type: 'JoinList', playerId: 'pd', alias: 'D' });
    await cmd({ type: 'JoinList', playerId: 'pc', alias: 'C' });
    await cmd({ type: 'JoinList', playerId: 'pf', alias: 'F' });
    // D asked to wait: C takes the must-move seat first, so C has sat longest in the must-move game, D is listed earliest.
    await listAndSeat('pc', 'C', 'mm', 1, [{ playerId: 'pd', reason: 'asked-to-wait' }]);
    await listAndSeat('pd', 'D', 'mm', 2);
    expect(await seatedAt('main')).toEqual(['pa@1', 'pb@2', 'pe@3']);
  });

  it('makes a seat left at the table callable in the room, the longest-seated must-move player first (⚙ seated-first)', async () => {
    const key = { 'Idempotency-Key': 'leave-a-1' };
    const left = await expectStatus(api.http.post('/tables/main/leave-table').set(key).send({ seat: 1 }), 201);
    expect(left.body.events.map((e: { type: string }) => e.type)).toEqual(['PlayerLeft']);
    const line = await lineFor('main', 1);
    expect(line.queue.map((c: { playerId: string; route: string }) => `${c.playerId}:${c.route}`)).toEqual([
      'pc:must-move',
      'pd:must-move',
      'pf:list',
    ]);
    const events = (await api.http.get('/room/games/g').expect(200)).body;
    expect(
      events.state.tables
        .find((t: { tableId: string }) => t.tableId === 'main')
        .seated.some((h: { playerId: string }) => h.playerId === 'pa'),
    ).toBe(false);
    // The same request again (a retry after a lost answer): the table replays, the room writes nothing more.
    const before = await writtenRows(database.db);
    const version = (await game()).version;
    await expectStatus(api.http.post('/tables/main/leave-table').set(key).send({ seat: 1 }), 200);
    expect(await writtenRows(database.db)).toEqual(before);
    expect((await game()).version).toBe(version);
  });

  it('moves the must-move player into the seat opened at the table, and refuses a call out of turn', async () => {
    const skip = await post('/room/games/g/commands', { type: 'CallPlayer', playerId: 'pf', tableId: 'main', seat: 1 }, 422);
    expect(skip.body.code).toBe('CALL_OUT_OF_TURN');
    await cmd({ type: 'CallPlayer', playerId: 'pc', tableId: 'main', seat: 1 });
    const moved = await post('/room/games/g/seat', { playerId: 'pc' }, 201);
    expect(moved.body.events[0]).toMatchObject({ type: 'SeatTaken', route: 'must-move', from: { tableId: 'mm', seat: 1 } });
    expect(await seatedAt('main')).toEqual(['pb@2', 'pc@1', 'pe@3']);
  });

  it('refuses a seat change at the table to a seat the floor has offered, writing nothing anywhere', async () => {
    await expectStatus(api.http.post('/tables/main/leave-table').send({ seat: 3 }), 201);
    await cmd({ type: 'CallPlayer', playerId: 'pd', tableId: 'main', seat: 3 });
    const before = await writtenRows(database.db);
    const refused = await expectStatus(api.http.post('/tables/main/change-seat').send({ from: 2, to: 3 }), 422);
    expect(refused.body.code).toBe('SEAT_ALREADY_OFFERED');
    expect(refused.body.detail).toMatch(/^seat 3 at table main is offered to D/);
    expect(await writtenRows(database.db)).toEqual(before);
  });

  it('breaks and closes a must-move table whose last player the room moved out', async () => {
    const moved = await post('/room/games/g/seat', { playerId: 'pd' }, 201);
    expect(moved.body.events.map((e: { type: string }) => e.type)).toEqual(['SeatTaken', 'TableBroken']);
    expect((await api.http.get('/tables/mm').expect(200)).body.status).toBe('closed');
  });

  it('follows a seat change at the table: the old seat opens in the room', async () => {
    await expectStatus(api.http.post('/tables/main/leave-table').send({ seat: 1 }), 201);
    expect(await seatedAt('main')).toEqual(['pb@2', 'pd@3']);
    await expectStatus(api.http.post('/tables/main/change-seat').send({ from: 2, to: 1 }), 201);
    expect(await seatedAt('main')).toEqual(['pb@1', 'pd@3']);
    expect((await lineFor('main', 2)).queue.map((c: { playerId: string }) => c.playerId)).toEqual(['pf']);
  });

  it('breaks a must-move table emptied at the table itself, and closes it there', async () => {
    await post('/room/games/g/tables', { tableId: 'mm2', mustMove: true }, 201);
    await cmd({ type: 'CallPlayer', playerId: 'pf', tableId: 'mm2', seat: 1 });
    await post('/room/games/g/seat', { playerId: 'pf', buyIn: 100 }, 201);
    await expectStatus(api.http.post('/tables/mm2/leave-table').send({ seat: 1 }), 201);
    const mm2 = (await game()).state.tables.find((t: { tableId: string }) => t.tableId === 'mm2');
    expect(mm2).toMatchObject({ broken: true, seated: [] });
    expect((await api.http.get('/tables/mm2').expect(200)).body.status).toBe('closed');
  });

  it('leaves tables of no game alone', async () => {
    const version = (await game()).version;
    await expectStatus(api.http.post('/tables').send({ tableId: 'solo', rules: NO_LIMIT_1_2 }), 201);
    await expectStatus(api.http.post('/tables/solo/seat-player').send({ seat: 1, playerId: 'w', buyIn: 100 }), 201);
    await expectStatus(api.http.post('/tables/solo/leave-table').send({ seat: 1 }), 201);
    expect((await game()).version).toBe(version);
  });

  it('records a walk-in seated at the table when nobody is owed the seat, as "Walk-in 1"; a retry writes nothing', async () => {
    const key = { 'Idempotency-Key': 'walk-in-1' };
    await expectStatus(api.http.post('/tables/main/seat-player').set(key).send({ seat: 2, playerId: 'card-555', buyIn: 100 }), 201);
    expect(await seatedAt('main')).toEqual(['card-555@2', 'pb@1', 'pd@3']);
    const holder = (await game()).state.tables
      .find((t: { tableId: string }) => t.tableId === 'main')
      .seated.find((h: { seat: number }) => h.seat === 2);
    expect(holder).toMatchObject({ playerId: 'card-555', alias: 'Walk-in 1' });
    const board = (await api.http.get('/board').expect(200)).body;
    expect(JSON.stringify(board)).not.toContain('card-555');
    const before = await writtenRows(database.db);
    const version = (await game()).version;
    await expectStatus(api.http.post('/tables/main/seat-player').set(key).send({ seat: 2, playerId: 'card-555', buyIn: 100 }), 200);
    expect(await writtenRows(database.db)).toEqual(before);
    expect((await game()).version).toBe(version);
    await expectStatus(api.http.post('/tables/main/leave-table').send({ seat: 2 }), 201);
    expect(await seatedAt('main')).toEqual(['pb@1', 'pd@3']);
  });

  it('refuses a walk-in while a listed player is owed the seat, before the table writes; the listed player sitting down leaves the list', async () => {
    await cmd({ type: 'JoinList', playerId: 'pz', alias: 'Z' });
    const before = await writtenRows(database.db);
    const refused = await expectStatus(api.http.post('/tables/main/seat-player').send({ seat: 2, playerId: 'card-556', buyIn: 100 }), 422);
    expect(refused.body.code).toBe('LIST_AHEAD');
    expect(refused.body.detail).toBe(
      "1 player is ahead for a seat at table main (first: Z, list); call them from the room's board, or put this player on the list (game 1/2 NLHE)",
    );
    expect(await writtenRows(database.db)).toEqual(before);
    expect(
      (await api.http.get('/tables/main').expect(200)).body.seats.some((s: { playerId?: string } | null) => s?.playerId === 'card-556'),
    ).toBe(false);
    // The first in line sat down at the table without being called: seated in the room too, off the list.
    await expectStatus(api.http.post('/tables/main/seat-player').send({ seat: 2, playerId: 'pz', buyIn: 100 }), 201);
    expect(await seatedAt('main')).toEqual(['pb@1', 'pd@3', 'pz@2']);
    expect((await game()).state.list).toEqual([]);
  });

  it('with FELT_REQUIRE_DEVICE=1 refuses room commands from a token without a registered device, as the tables do', async () => {
    const strict = await startTestApi(database.db, { requireDevice: true });
    try {
      const before = await writtenRows(database.db);
      const res = await strict.http.post('/room/games/g/commands').send({ type: 'JoinList', playerId: 'pz', alias: 'Z' });
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'DEVICE_REQUIRED' });
      expect(await writtenRows(database.db)).toEqual(before);
    } finally {
      await strict.close();
    }
  });

  it("gives the same board from the worker's read model as the API's GET /board, every typed alias withheld", async () => {
    await cmd({ type: 'JoinList', playerId: 'card-4242', alias: 'card-4242 Q' });
    await runUntilIdle(new ProjectionRunner(api.store, roomRows));
    const fromRows = publicBoard(await roomGamesFromRows(database.db, LIVE_TABLES));
    // The worker has no registry: where the API shows the alias typed on the list (nobody here is registered), it withholds.
    const withheld = (games: BoardGame[]) =>
      games.map((g) => ({ ...g, list: g.list.map(() => WITHHELD_ALIAS), called: g.called.map((c) => ({ ...c, alias: WITHHELD_ALIAS })) }));
    const fromApi = (await api.anonymous.get('/board').expect(200)).body.games as BoardGame[];
    expect(fromRows).toEqual(withheld(fromApi));
    expect(fromApi.find((g) => g.gameId === 'g')!.list).toContain('card-4242 Q');
    expect(JSON.stringify(fromRows)).not.toContain('card-');
    expect(fromRows[0]).toMatchObject({ gameId: 'g', tablesRunning: 1, mustMoveTables: 0 });
  });

  it('replays every room decision, the ones that followed the tables too, without a violation', async () => {
    const report = await verifyStore(api.store);
    expect(report.violations).toEqual([]);
  });
});
