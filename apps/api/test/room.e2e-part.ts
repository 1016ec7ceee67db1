import type { AddressInfo } from 'node:net';
import { verifyStore } from '@felt/regulator';
import { RoomClock } from '../src/room/room-clock';
import { signTestToken } from './test-support/auth';
import { LiveClient, type LiveMessage } from './test-support/live-client';
import { expectStatus, NO_LIMIT_1_2, startHandWithBlinds } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * The room through the API: a game with its list, a call with its response time, a seat taken at the table, a
 * must-move game feeding the main game and breaking when it empties, the public board and both /live channels.
 * Every refusal is checked to write nothing. The room's clock is moved forward by the test, never waited on.
 */
describe.each(APP_BACKENDS)('the room (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let baseUrl: string;
  let now = Date.UTC(2026, 0, 1, 20, 0, 0);
  const minutes = (n: number) => (now += n * 60_000);

  beforeAll(async () => {
    api = await startTestApi(database.db);
    api.app.get(RoomClock).now = () => new Date(now);
    await api.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
  });

  const post = (path: string, body: object, status: number) => expectStatus(api.http.post(path).send(body), status);
  const cmd = (body: object, status = 201) => post('/room/games/nl12/commands', body, status);
  /** A refused request: the status, code and that nothing was written. */
  async function refused(path: string, body: object, status: number, code: string) {
    const before = await writtenRows(database.db);
    const res = await post(path, body, status);
    expect(res.body.code).toBe(code);
    expect(await writtenRows(database.db)).toEqual(before);
    return res.body;
  }

  it("opens a game, adds a table opened with the game's rules, lists players and shows the board without a token", async () => {
    const opened = await post(
      '/room/games',
      {
        gameId: 'nl12',
        name: '1/2 NLHE',
        stakes: '1/2',
        structure: 'no-limit',
        tableRules: { ...NO_LIMIT_1_2, maxSeats: 3 },
        policies: { newTableAt: 3 },
      },
      201,
    );
    expect(opened.body.events).toEqual([
      expect.objectContaining({
        type: 'GameOpened',
        policies: {
          callResponseSeconds: 180,
          noShow: 'end-of-list',
          mustMoveOrder: 'seated-first',
          newTableAt: 3,
          tableChange: 'before-list',
        },
      }),
    ]);
    await post('/room/games/nl12/tables', { tableId: 'main' }, 201);
    expect((await api.http.get('/tables/main').expect(200)).body.status).toBe('open');
    await cmd({ type: 'JoinList', playerId: 'card-1001', alias: 'JD' });
    await cmd({ type: 'JoinList', playerId: 'card-1002', alias: 'AB' });
    const board = (await api.anonymous.get('/board').expect(200)).body;
    expect(board.games).toEqual([
      expect.objectContaining({
        gameId: 'nl12',
        name: '1/2 NLHE',
        tablesRunning: 1,
        seatsOpen: 3,
        listLength: 2,
        list: ['JD', 'AB'],
        interestList: false,
      }),
    ]);
    expect(JSON.stringify(board)).not.toContain('card-');
  });

  it('refuses the floor-only routes to other roles and to requests without a token', async () => {
    await api.anonymous.get('/room/games').expect(401);
    const dealer = await api.as('dealer').post('/room/games/nl12/commands').send({ type: 'JoinList', playerId: 'x', alias: 'X' });
    expect([dealer.status, dealer.body.code]).toEqual([403, 'FORBIDDEN_ROLE']);
  });

  it('refuses malformed bodies with 400 and the field, and unknown games with 404', async () => {
    const bad = await refused('/room/games/nl12/commands', { type: 'JoinList', playerId: 'p', alias: '<script>' }, 400, 'INVALID_REQUEST');
    expect(bad.errors[0].path).toBe('alias');
    await refused('/room/games/nl12/commands', { type: 'Shuffle' }, 400, 'INVALID_REQUEST');
    await refused('/room/games/nope/commands', { type: 'JoinList', playerId: 'p', alias: 'P' }, 404, 'GAME_NOT_FOUND');
  });

  it('calls the first player, refuses a skip without a reason, a seat offered twice and a player not listed', async () => {
    const skip = await refused(
      '/room/games/nl12/commands',
      { type: 'CallPlayer', playerId: 'card-1002', tableId: 'main', seat: 1 },
      422,
      'CALL_OUT_OF_TURN',
    );
    expect(skip.detail).toBe('JD (list) is ahead of AB for this seat; call them, or pass them over with a reason');
    const called = await cmd({ type: 'CallPlayer', playerId: 'card-1001', tableId: 'main', seat: 1 });
    expect(called.body.events[0]).toMatchObject({
      type: 'PlayerCalledToSeat',
      respondBy: new Date(now + 180_000).toISOString(),
      passedOver: [],
    });
    await refused(
      '/room/games/nl12/commands',
      { type: 'CallPlayer', playerId: 'card-1002', tableId: 'main', seat: 1 },
      422,
      'SEAT_ALREADY_OFFERED',
    );
    await refused(
      '/room/games/nl12/commands',
      { type: 'CallPlayer', playerId: 'card-9999', tableId: 'main', seat: 2 },
      422,
      'PLAYER_NOT_LISTED',
    );
    await refused('/room/games/nl12/commands', { type: 'NoShow', playerId: 'card-1001' }, 422, 'CALL_STILL_RUNNING');
  });

  it('seats the called player at the table and in the room; a retry with the same key writes nothing more', async () => {
    await refused('/room/games/nl12/seat', { playerId: 'card-1001', buyIn: 0 }, 400, 'INVALID_REQUEST');
    await refused('/room/games/nl12/seat', { playerId: 'card-1002', buyIn: 100 }, 422, 'PLAYER_NOT_CALLED');
    const seated = await post('/room/games/nl12/seat', { playerId: 'card-1001', buyIn: 100 }, 201);
    expect(seated.body.events[0]).toMatchObject({ type: 'SeatTaken', tableId: 'main', seat: 1, route: 'list' });
    const table = (await api.http.get('/tables/main').expect(200)).body;
    expect(table.seats.find((s: { seat: number }) => s.seat === 1)).toMatchObject({ playerId: 'card-1001', stack: 100 });
    // The same request again (same key) changes nothing and answers with the first result.
    const key = { 'Idempotency-Key': 'seat-ab-1' };
    await cmd({ type: 'CallPlayer', playerId: 'card-1002', tableId: 'main', seat: 2 });
    const first = await expectStatus(api.http.post('/room/games/nl12/seat').set(key).send({ playerId: 'card-1002', buyIn: 100 }), 201);
    const again = await expectStatus(api.http.post('/room/games/nl12/seat').set(key).send({ playerId: 'card-1002', buyIn: 100 }), 200);
    expect(again.body.version).toBe(first.body.version);
  });

  it('records a no-show only after the response time, and sends the player to the end of the list', async () => {
    await cmd({ type: 'JoinList', playerId: 'card-1003', alias: 'CD' });
    await cmd({ type: 'JoinList', playerId: 'card-1004', alias: 'EF' });
    await cmd({ type: 'CallPlayer', playerId: 'card-1003', tableId: 'main', seat: 3 });
    minutes(3);
    const noShow = await cmd({ type: 'NoShow', playerId: 'card-1003' });
    expect(noShow.body.events[0]).toMatchObject({ type: 'PlayerNoShow', outcome: 'end-of-list' });
    expect(noShow.body.game.state.list.map((e: { alias: string }) => e.alias)).toEqual(['EF', 'CD']);
  });

  it('moves the must-move player into the main game first and breaks the must-move table when it empties', async () => {
    await post('/room/games/nl12/tables', { tableId: 'mm', mustMove: true }, 201);
    await cmd({ type: 'CallPlayer', playerId: 'card-1004', tableId: 'mm', seat: 1 });
    await post('/room/games/nl12/seat', { playerId: 'card-1004', buyIn: 80 }, 201);
    // Seat 2 of the main game opens: the must-move player is owed it before CD on the list.
    await post('/room/games/nl12/vacate', { tableId: 'main', seat: 2 }, 201);
    expect((await api.http.get('/tables/main').expect(200)).body.seats.some((s: { seat: number } | null) => s?.seat === 2)).toBe(false);
    await refused(
      '/room/games/nl12/commands',
      { type: 'CallPlayer', playerId: 'card-1003', tableId: 'main', seat: 2 },
      422,
      'CALL_OUT_OF_TURN',
    );
    await cmd({ type: 'CallPlayer', playerId: 'card-1004', tableId: 'main', seat: 2 });
    const moved = await post('/room/games/nl12/seat', { playerId: 'card-1004' }, 201);
    expect(moved.body.events.map((e: { type: string }) => e.type)).toEqual(['SeatTaken', 'TableBroken']);
    expect(moved.body.events[0]).toMatchObject({ route: 'must-move', from: { tableId: 'mm', seat: 1 } });
    const main = (await api.http.get('/tables/main').expect(200)).body;
    expect(main.seats.find((s: { seat: number } | null) => s?.seat === 2)).toMatchObject({ playerId: 'card-1004', stack: 80 });
    expect((await api.http.get('/tables/mm').expect(200)).body.status).toBe('closed');
  });

  it('answers a stale If-Match on a new table with 409 before opening the table (found by the fuzzer)', async () => {
    await refused('/room/games/nl12/tables', { tableId: 'stale', expectedVersion: 999 }, 409, 'VERSION_CONFLICT');
    await api.http.get('/tables/stale').expect(404);
  });

  it('refuses a player seated at two tables of the same game', async () => {
    await post('/room/games/nl12/tables', { tableId: 'side' }, 201);
    await refused(
      '/room/games/nl12/commands',
      { type: 'CallPlayer', playerId: 'card-1001', tableId: 'side', seat: 1 },
      422,
      'PLAYER_ALREADY_SEATED',
    );
    await refused('/room/games/nl12/commands', { type: 'JoinList', playerId: 'card-1001', alias: 'JD' }, 422, 'PLAYER_ALREADY_SEATED');
  });

  it('refuses a walk-in at the table to a seat the floor has offered, before the table writes (docs/room.md "Walk-ins")', async () => {
    await cmd({ type: 'CallPlayer', playerId: 'card-1003', tableId: 'side', seat: 1 });
    const before = await writtenRows(database.db);
    const refusedAtTable = await expectStatus(
      api.http.post('/tables/side/seat-player').send({ seat: 1, playerId: 'walk-in', buyIn: 100 }),
      422,
    );
    expect(refusedAtTable.body.code).toBe('SEAT_ALREADY_OFFERED');
    expect(await writtenRows(database.db)).toEqual(before);
    // The called player takes the seat the walk-in was refused.
    await post('/room/games/nl12/seat', { playerId: 'card-1003', buyIn: 100 }, 201);
  });

  it('moves a player who asked for a table change, stack and all, before anyone on the list', async () => {
    await cmd({ type: 'RequestTableChange', playerId: 'card-1001', toTableId: 'side' });
    const line = (await api.http.get('/room/games/nl12').expect(200)).body.openSeats.find(
      (s: { tableId: string; seat: number }) => s.tableId === 'side' && s.seat === 2,
    );
    expect(line.queue[0]).toEqual({ playerId: 'card-1001', alias: 'JD', route: 'table-change' });
    await cmd({ type: 'CallPlayer', playerId: 'card-1001', tableId: 'side', seat: 2 });
    const moved = await post('/room/games/nl12/seat', { playerId: 'card-1001' }, 201);
    expect(moved.body.events[0]).toMatchObject({ type: 'SeatTaken', route: 'table-change', from: { tableId: 'main', seat: 1 } });
    const [main, side] = [(await api.http.get('/tables/main').expect(200)).body, (await api.http.get('/tables/side').expect(200)).body];
    expect(main.seats.some((s: { playerId: string }) => s.playerId === 'card-1001')).toBe(false);
    expect(side.seats.find((s: { seat: number }) => s.seat === 2)).toMatchObject({ playerId: 'card-1001', stack: 100 });
  });

  it('refuses to move a player who is in a hand at the old table, before writing anything anywhere', async () => {
    await post(
      '/room/games',
      { gameId: 'hu', name: 'heads-up', stakes: '1/2', structure: 'no-limit', tableRules: { ...NO_LIMIT_1_2, maxSeats: 2 } },
      201,
    );
    await post('/room/games/hu/tables', { tableId: 'hu1' }, 201);
    await post('/room/games/hu/tables', { tableId: 'hu2' }, 201);
    for (const [playerId, alias, seat] of [
      ['card-3001', 'QR', 1],
      ['card-3002', 'ST', 2],
    ] as const) {
      await post('/room/games/hu/commands', { type: 'JoinList', playerId, alias }, 201);
      await post('/room/games/hu/commands', { type: 'CallPlayer', playerId, tableId: 'hu1', seat }, 201);
      await post('/room/games/hu/seat', { playerId, buyIn: 100 }, 201);
    }
    await expectStatus(api.http.post('/tables/hu1/place-button').send({ seat: 1 }), 201);
    await startHandWithBlinds(api, 'hu1');
    await post('/room/games/hu/commands', { type: 'RequestTableChange', playerId: 'card-3001' }, 201);
    await post('/room/games/hu/commands', { type: 'CallPlayer', playerId: 'card-3001', tableId: 'hu2', seat: 1 }, 201);
    const problem = await refused('/room/games/hu/seat', { playerId: 'card-3001' }, 422, 'PLAYER_IN_HAND');
    expect(problem.detail).toMatch(/^table hu1: Seat 1 is still in the hand/);
  });

  it('follows the room on /live: the floor channel for the floor only, the board for anyone, both updated on a change', async () => {
    const floor = await LiveClient.connect(baseUrl, signTestToken('floor'));
    const dealer = await LiveClient.connect(baseUrl, signTestToken('dealer'));
    const pub = await LiveClient.connect(baseUrl);
    try {
      dealer.send({ type: 'subscribe', channel: 'room' });
      expect(await dealer.waitFor((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN_CHANNEL' });
      floor.send({ type: 'subscribe', channel: 'room' });
      pub.send({ type: 'subscribe', channel: 'board' });
      await floor.waitFor((m) => m.type === 'room');
      const nl12 = (m: LiveMessage) =>
        m.games.find((g: { gameId?: string; state?: { gameId: string } }) => (g.gameId ?? g.state?.gameId) === 'nl12');
      const firstBoard = await pub.waitFor((m) => m.type === 'board');
      expect(nl12(firstBoard).list).not.toContain('GH');
      await cmd({ type: 'JoinList', playerId: 'card-1005', alias: 'GH' });
      const board = await pub.waitFor((m) => m.type === 'board' && nl12(m).list.includes('GH'));
      expect(JSON.stringify(board)).not.toContain('card-');
      await floor.waitFor((m) => m.type === 'room' && nl12(m).state.list.some((e: { playerId: string }) => e.playerId === 'card-1005'));
    } finally {
      for (const c of [floor, dealer, pub]) c.socket.close();
    }
  });

  it('keeps an interest list for a game with no table and records NewTableDue at the house count', async () => {
    await post(
      '/room/games',
      { gameId: 'plo', name: '2/5 PLO', stakes: '2/5', structure: 'pot-limit omaha', policies: { newTableAt: 2 } },
      201,
    );
    await post('/room/games/plo/commands', { type: 'JoinList', playerId: 'card-2001', alias: 'KL' }, 201);
    const second = await post('/room/games/plo/commands', { type: 'JoinList', playerId: 'card-2002', alias: 'MN' }, 201);
    expect(second.body.events.map((e: { type: string }) => e.type)).toEqual(['PlayerListed', 'NewTableDue']);
    const board = (await api.anonymous.get('/board').expect(200)).body;
    expect(board.games.find((g: { gameId: string }) => g.gameId === 'plo')).toMatchObject({
      interestList: true,
      listLength: 2,
      newTableDue: true,
      tablesRunning: 0,
    });
  });

  it("keeps the room's streams in the store's hash chain: verify checks the chain and replays every room decision, and finds no violation", async () => {
    const report = await verifyStore(api.store);
    expect(report.violations).toEqual([]);
    expect(report.heads.map((h) => h.streamId)).toEqual(expect.arrayContaining(['game-nl12', 'table-main', 'table-mm']));
  });
});
