import { RoomClock } from '../src/room/room-clock';
import { expectStatus } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * A tournament through the API: created with its structure, tables added, players registered, the server's seat
 * draw, the clock run by the floor and the timer, hands reported, a balancing move, the public clock board and a
 * table's needs. Every refusal is checked to write nothing. The clock is moved by the test, never waited on.
 */
const STRUCTURE = {
  name: 'Daily $100',
  // Hands typed in by the floor or dealer (the engine's tables: tournament-tables.e2e-part.ts).
  tables: 'reported',
  startingStack: 10000,
  seatsPerTable: 3,
  levels: [
    { kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 },
    { kind: 'level', smallBlind: 50, bigBlind: 100, minutes: 20 },
    { kind: 'break', minutes: 10, colourUp: { chip: 25, nextChip: 100 } },
    { kind: 'level', smallBlind: 100, bigBlind: 200, ante: 200, bigBlindAnte: true, minutes: 20 },
  ],
  lateRegistrationLevel: 1,
  entry: { prizePool: 80, houseFee: 15, staffFee: 5 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 4, places: [6500, 3500] },
  ],
  roundTo: 5,
  guarantee: 1000,
};

describe.each(APP_BACKENDS)('tournaments (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let now = Date.UTC(2026, 0, 1, 19, 0, 0);
  const minutes = (n: number) => (now += n * 60_000);

  beforeAll(async () => {
    api = await startTestApi(database.db);
    api.app.get(RoomClock).now = () => new Date(now);
  });

  const post = (path: string, body: object, status: number) => expectStatus(api.http.post(path).send(body), status);
  const cmd = (body: object, status = 201) => post('/tournaments/daily/commands', body, status);
  /** A refused request: the status, code and that nothing was written. */
  async function refused(send: () => PromiseLike<{ status: number; body: { code: string } }>, status: number, code: string) {
    const before = await writtenRows(database.db);
    const res = await send();
    expect([res.status, res.body.code]).toEqual([status, code]);
    expect(await writtenRows(database.db)).toEqual(before);
    return res.body;
  }

  it('creates a tournament, registers seven players, draws their seats and shows the clock board without a token', async () => {
    const created = await post('/tournaments', { tournamentId: 'daily', structure: STRUCTURE }, 201);
    expect(created.body.events[0]).toMatchObject({ type: 'TournamentCreated', structure: { maxEntriesPerPlayer: 1 } });
    for (const t of ['t1', 't2', 't3', 't4']) await cmd({ type: 'AddTable', tableId: t });
    for (let i = 1; i <= 7; i++) await cmd({ type: 'Register', playerId: `card-${i}`, alias: `P${i}` });
    const drawn = await cmd({ type: 'DrawSeats' });
    const seats = drawn.body.events[0].seats as { entryId: string; tableId: string; seat: number }[];
    expect([...drawn.body.events[0].permutation].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(seats.filter((s) => s.tableId === 't3')).toHaveLength(2);
    const board = (await api.anonymous.get('/tournaments/daily/clock').expect(200)).body;
    expect(board).toMatchObject({
      name: 'Daily $100',
      entries: 7,
      playersLeft: 7,
      averageStack: 10000,
      prizePool: 1000,
      payouts: [
        { place: 1, amount: 650 },
        { place: 2, amount: 350 },
      ],
      level: { number: 1, smallBlind: 25, bigBlind: 50 },
      clock: { status: 'not-started', timeLeftMs: 20 * 60_000 },
    });
    expect(JSON.stringify(board)).not.toMatch(/card-|P1/);
  });

  it('refuses malformed bodies (400), rule refusals (422), other roles (403) and unknown tournaments (404), writing nothing', async () => {
    await refused(() => api.http.post('/tournaments/daily/commands').send({ type: 'Register', playerId: 'x' }), 400, 'INVALID_REQUEST');
    await refused(() => api.http.post('/tournaments/daily/commands').send({ type: 'DrawSeats', permutation: [0] }), 400, 'INVALID_REQUEST');
    await refused(
      () => api.http.post('/tournaments/daily/commands').send({ type: 'Register', playerId: 'card-1', alias: 'X' }),
      422,
      'PLAYER_ALREADY_REGISTERED',
    );
    await refused(() => api.http.post('/tournaments/daily/commands').send({ type: 'DrawSeats' }), 422, 'SEATS_ALREADY_DRAWN');
    await refused(() => api.http.post('/tournaments/daily/commands').send({ type: 'ColourUp', odd: [] }), 422, 'NO_COLOUR_UP');
    await refused(
      () => api.http.post('/tournaments/daily/commands').send({ type: 'ColourUp', odd: [], keys: [1] }),
      400,
      'INVALID_REQUEST',
    );
    await refused(
      () => api.http.post('/tournaments').send({ tournamentId: 'bad', structure: { ...STRUCTURE, seatsPerTable: 11 } }),
      422,
      'INVALID_STRUCTURE',
    );
    await refused(() => api.http.post('/tournaments/nope/commands').send({ type: 'StartClock' }), 404, 'TOURNAMENT_NOT_FOUND');
    await refused(() => api.anonymous.post('/tournaments/daily/commands').send({ type: 'StartClock' }), 401, 'UNAUTHENTICATED');
    await refused(() => api.as('dealer').post('/tournaments/daily/commands').send({ type: 'StartClock' }), 403, 'FORBIDDEN_ROLE');
    await refused(
      () => api.as('dealer').post('/tournaments/daily/commands').send({ type: 'RecordHand', tableId: 't1', button: 1, stacks: [] }),
      403,
      'NOT_ASSIGNED',
    );
    await refused(
      () => api.as('timer', { sub: 'timer-service' }).post('/tournaments/daily/commands').send({ type: 'PauseClock' }),
      403,
      'FORBIDDEN_ROLE',
    );
    await api.anonymous.get('/tournaments/daily').expect(401);
    await api.anonymous.get('/tournaments/nope/clock').expect(404);
  });

  it('runs the clock: the timer advances a level once, on time; the floor pauses and adds time', async () => {
    await cmd({ type: 'StartClock' });
    const timer = () => api.as('timer', { sub: 'timer-service' }).post('/tournaments/daily/commands');
    await refused(() => timer().send({ type: 'AdvanceLevel', fromStep: 0 }), 422, 'CLOCK_NOT_DUE');
    minutes(20);
    const advanced = await expectStatus(timer().send({ type: 'AdvanceLevel', fromStep: 0 }), 201);
    expect(advanced.body.events[0]).toMatchObject({
      type: 'LevelStarted',
      step: 1,
      endsAt: new Date(Date.UTC(2026, 0, 1, 19, 40)).toISOString(),
    });
    await refused(() => timer().send({ type: 'AdvanceLevel', fromStep: 0 }), 422, 'LEVEL_ALREADY_ADVANCED');
    minutes(5);
    await cmd({ type: 'PauseClock' });
    await cmd({ type: 'AddTime', seconds: 60 });
    const board = (await api.anonymous.get('/tournaments/daily/clock').expect(200)).body;
    expect(board).toMatchObject({
      clock: { status: 'paused', timeLeftMs: 16 * 60_000 },
      level: { number: 1 + 1 },
      registrationOpen: false,
    });
    await cmd({ type: 'ResumeClock' });
  });

  it("records a hand, busts a player, proposes a balancing move and shows it in the tables' needs", async () => {
    const floor = (await api.http.get('/tournaments/daily').expect(200)).body;
    const atTable = (tableId: string) =>
      (floor.entryList as { entryId: string; seat: { tableId: string; seat: number } | null }[]).filter((e) => e.seat?.tableId === tableId);
    const t1 = atTable('t1');
    expect(t1).toHaveLength(3);
    await refused(
      () =>
        api.http.post('/tournaments/daily/commands').send({
          type: 'RecordHand',
          tableId: 't1',
          button: 1,
          stacks: t1.map((e, i) => ({ entryId: e.entryId, chips: i === 0 ? 30001 : i === 1 ? 0 : 0 })),
        }),
      422,
      'CHIPS_NOT_CONSERVED',
    );
    // Two bust at t1 (3 → 1): the 5 left fit on two tables of 3, so t3 (the last added in play) breaks, its two
    // players drawn (by the server's keys) to the worst open seats of the shortest table, t1.
    const hand = await cmd({
      type: 'RecordHand',
      tableId: 't1',
      button: 1,
      stacks: t1.map((e, i) => ({ entryId: e.entryId, chips: i === 0 ? 30000 : 0 })),
    });
    const types = hand.body.events.map((e: { type: string }) => e.type);
    expect(types.filter((t: string) => t === 'PlayerBusted')).toHaveLength(2);
    const moves = hand.body.events.filter((e: { type: string }) => e.type === 'MoveProposed');
    expect(moves.map((m: { to: { tableId: string }; reason: string; key: number }) => [m.to.tableId, m.reason, typeof m.key])).toEqual([
      ['t1', 'break', 'number'],
      ['t1', 'break', 'number'],
    ]);
    const needs = (await api.http.get('/tournaments/daily/tables/t1').expect(200)).body;
    expect(needs.arriving.map((a: { entryId: string }) => a.entryId)).toEqual(moves.map((m: { entryId: string }) => m.entryId));
    expect((await api.http.get('/tournaments/daily/tables/t3').expect(200)).body.leaving).toHaveLength(2);
    expect(needs.level).toMatchObject({ number: 2, bigBlind: 100 });
    const board = (await api.anonymous.get('/tournaments/daily/clock').expect(200)).body;
    expect(board).toMatchObject({ playersLeft: 5, averageStack: 14000 });
  });

  it("answers each of the decider's refusals a route can reach with its code, writing nothing (a fresh tournament, then the one in play)", async () => {
    const spare = (body: object) => () => api.http.post('/tournaments/spare/commands').send(body);
    const daily = (body: object) => () => api.http.post('/tournaments/daily/commands').send(body);
    await refused(
      () => api.http.post('/tournaments').send({ tournamentId: 'daily', structure: STRUCTURE }),
      422,
      'TOURNAMENT_ALREADY_CREATED',
    );
    await post('/tournaments', { tournamentId: 'spare', structure: STRUCTURE }, 201);
    await refused(spare({ type: 'PauseClock' }), 422, 'CLOCK_NOT_STARTED');
    await refused(spare({ type: 'DrawSeats' }), 422, 'TOO_FEW_ENTRIES');
    await post('/tournaments/spare/commands', { type: 'AddTable', tableId: 's1' }, 201);
    await refused(spare({ type: 'AddTable', tableId: 's1' }), 422, 'TABLE_ALREADY_ADDED');
    for (let i = 1; i <= 4; i++)
      await post('/tournaments/spare/commands', { type: 'Register', playerId: `card-${i}`, alias: `S${i}` }, 201);
    await refused(spare({ type: 'Register', playerId: 'card-5', alias: 'S1' }), 422, 'ALIAS_TAKEN');
    await refused(spare({ type: 'DrawSeats' }), 422, 'TOO_FEW_TABLES');
    await refused(spare({ type: 'Unregister', entryId: 'nobody#1' }), 422, 'ENTRY_NOT_FOUND');
    await refused(spare({ type: 'ReEnter', playerId: 'card-1' }), 422, 'ENTRY_STILL_ALIVE');
    await post('/tournaments/spare/commands', { type: 'StartClock' }, 201);
    await refused(spare({ type: 'StartClock' }), 422, 'CLOCK_ALREADY_STARTED');
    await refused(spare({ type: 'AddTime', seconds: 0 }), 422, 'INVALID_COMMAND');
    await refused(spare({ type: 'ResumeClock' }), 422, 'CLOCK_NOT_PAUSED');
    await post('/tournaments/spare/commands', { type: 'PauseClock' }, 201);
    await refused(spare({ type: 'PauseClock' }), 422, 'CLOCK_NOT_RUNNING');
    // Drawn on two tables of three, then full: a late entry finds no seat; a busted player may not enter again (one
    // entry each); in hand-for-hand a table that has played the hand waits for the others.
    const ok = (body: object) => post('/tournaments/spare/commands', body, 201);
    await ok({ type: 'AddTable', tableId: 's2' });
    await ok({ type: 'DrawSeats' });
    for (const i of [5, 6]) await ok({ type: 'Register', playerId: `card-${i}`, alias: `S${i}` });
    await refused(spare({ type: 'Register', playerId: 'card-7', alias: 'S7' }), 422, 'NO_SEAT_FREE');
    const seatedAt = async (tableId: string) =>
      (
        (await api.http.get('/tournaments/spare').expect(200)).body.entryList as {
          entryId: string;
          playerId: string;
          chips: number;
          seat: { tableId: string } | null;
        }[]
      ).filter((e) => e.seat?.tableId === tableId);
    const s1 = await seatedAt('s1');
    const total = s1.reduce((n, e) => n + e.chips, 0);
    await ok({
      type: 'RecordHand',
      tableId: 's1',
      button: 1,
      stacks: s1.map((e, i) => ({ entryId: e.entryId, chips: i === 0 ? total - s1[2]!.chips : i === 1 ? 0 : s1[2]!.chips })),
    });
    await refused(spare({ type: 'ReEnter', playerId: s1[1]!.playerId }), 422, 'ENTRY_LIMIT_REACHED');
    await ok({ type: 'HandForHand', on: true });
    // s1 (two players left) plays the round's hand; s2 has not: s1 waits.
    const survivors = await seatedAt('s1');
    const hand = { type: 'RecordHand', tableId: 's1', button: 1, stacks: survivors.map((e) => ({ entryId: e.entryId, chips: e.chips })) };
    await ok(hand);
    await refused(spare(hand), 422, 'WAITING_FOR_HAND_FOR_HAND');

    // The tournament in play: seats drawn, registration closed with level 1, two busted, two moves pending.
    const floor = (await api.http.get('/tournaments/daily').expect(200)).body;
    const entries = floor.entryList as {
      entryId: string;
      playerId: string;
      status: string;
      seat: { tableId: string; seat: number } | null;
    }[];
    const [alive, other] = entries.filter((e) => e.status !== 'busted') as [(typeof entries)[number], (typeof entries)[number]];
    // t1's survivor: moves go to t1, none from it.
    const holder = entries.find((e) => e.status !== 'busted' && e.seat?.tableId === 't1')!;
    await refused(daily({ type: 'Register', playerId: 'card-99', alias: 'Late' }), 422, 'REGISTRATION_CLOSED');
    await refused(daily({ type: 'Unregister', entryId: alive.entryId }), 422, 'UNREGISTER_CLOSED');
    await refused(daily({ type: 'Rebuy', entryId: alive.entryId }), 422, 'REBUY_NOT_ALLOWED');
    await refused(daily({ type: 'AddOn', entryId: alive.entryId }), 422, 'ADD_ON_NOT_ALLOWED');
    await refused(daily({ type: 'Deal', method: 'icm', consents: [alive.entryId, other.entryId] }), 422, 'DEAL_NOT_ALLOWED');
    // An amount left to play for is part of the command (the decider refuses the deal); a bad amount is a bad body.
    const consents = [alive.entryId, other.entryId];
    await refused(daily({ type: 'Deal', method: 'icm', consents, leaveToPlayFor: 50 }), 422, 'DEAL_NOT_ALLOWED');
    await refused(daily({ type: 'Deal', method: 'icm', consents, leaveToPlayFor: 0 }), 400, 'INVALID_REQUEST');
    await refused(
      daily({ type: 'OverrideMove', entryId: holder.entryId, to: { tableId: 't2', seat: 1 }, reason: 'the floor says so' }),
      422,
      'MOVE_NOT_PENDING',
    );
    await refused(daily({ type: 'RecordHand', tableId: 't9', button: 1, stacks: [] }), 422, 'TABLE_NOT_IN_PLAY');
    await refused(
      daily({ type: 'RecordHand', tableId: 't2', button: 1, stacks: [{ entryId: alive.entryId, chips: 1 }] }),
      422,
      'STACKS_DO_NOT_MATCH_TABLE',
    );
    // A move pending to t1 cannot be sent to a seat someone holds there.
    const [arriving] = (await api.http.get('/tournaments/daily/tables/t1').expect(200)).body.arriving as { entryId: string }[];
    await refused(
      daily({
        type: 'OverrideMove',
        entryId: arriving!.entryId,
        to: { tableId: 't1', seat: holder.seat!.seat },
        reason: 'the floor says so',
      }),
      422,
      'SEAT_TAKEN',
    );
    await refused(() => api.http.get('/tournaments/daily/tables/t9'), 404, 'TABLE_NOT_IN_TOURNAMENT');
  });
});
