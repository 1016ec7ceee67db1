import { checkStaff, readAuditLog, verifyStore } from '@felt/regulator';
import { WITHHELD_ALIAS } from '@felt/room';
import { waitUntil } from '../../../libs/event-store/test-support/eventually';
import { PlayerRegistry } from '../src/players/player-registry';
import { SECOND_FLOOR } from './test-support/approvals';
import { expectStatus, NO_LIMIT_1_2 } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * The player registry through the API, tried as a floor would (issue 37): register and look up, ban and lift,
 * import a state list (JSON and CSV), and an excluded player refused at every seat: a table's SeatPlayer and
 * ChangeSeat, the room's list, call, table change and seat, with nothing written, the dealer told nothing of the
 * list, and each refusal in the audit stream. A second API process sees a list update within a second.
 */
describe.each(APP_BACKENDS)('players and exclusions (%s)', (backend) => {
  let api: TestApi;
  let other: TestApi | undefined;
  const database = useTestStore(backend, { beforeDispose: async () => (await other?.close(), await api?.close()) });

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  const post = (path: string, body: object, status: number) => expectStatus(api.http.post(path).send(body), status);
  const personalRows = async () =>
    Number((await database.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM player_personal`)).rows[0]!.n);
  const seatRefusals = async () => (await readAuditLog(api.store)).filter((e) => e.type === 'PlayerSeatRefused').map((e) => e.data);
  /** A refusal: its status and code, nothing written (events, commands, streams, personal rows). */
  async function refused(send: () => PromiseLike<{ status: number; body: Record<string, unknown> }>, status: number, code: string) {
    const before = { ...(await writtenRows(database.db)), personal: await personalRows() };
    const res = await send();
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect({ ...(await writtenRows(database.db)), personal: await personalRows() }).toEqual(before);
    return res.body;
  }

  it('registers players and finds them by name, alias and card; the log holds no name', async () => {
    const jane = await post(
      '/players',
      { playerId: 'C1001', name: 'Jane Doe', alias: 'JD', birthDate: '1980-02-03', contact: { phone: '555-0100' } },
      201,
    );
    expect(jane.body.events).toEqual([
      expect.objectContaining({ type: 'PlayerRegistered', playerId: 'C1001', matchKey: expect.any(String) }),
    ]);
    const made = await expectStatus(
      api.http.post('/players').set('Idempotency-Key', 'reg-bob').send({ name: 'Bob Roe', alias: 'Bobby' }),
      201,
    );
    expect(made.body.playerId).toMatch(/^P-/);
    // A retry of a registration with a made-up id: the same player, nothing written again.
    const again = await expectStatus(
      api.http.post('/players').set('Idempotency-Key', 'reg-bob').send({ name: 'Bob Roe', alias: 'Bobby' }),
      200,
    );
    expect(again.body.playerId).toBe(made.body.playerId);
    for (const q of ['jane', 'JD', 'C1001'])
      expect((await api.http.get('/players').query({ q }).expect(200)).body.players).toEqual([
        expect.objectContaining({ playerId: 'C1001', name: 'Jane Doe', alias: 'JD', mayBeSeated: true }),
      ]);
    const { rows } = await database.db.query<{ data: string }>(`SELECT data::text FROM events WHERE stream_id LIKE 'player-%'`);
    expect(rows.map((r) => r.data).join()).not.toMatch(/Jane|Doe|555|1980/);
    await refused(
      () => api.http.post('/players').send({ playerId: 'C1001', name: 'Again', alias: 'AG' }),
      422,
      'PLAYER_ALREADY_REGISTERED',
    );
    await refused(() => api.http.post('/players').send({ name: '', alias: 'x' }), 400, 'INVALID_REQUEST');
    await refused(() => api.as('dealer').post('/players').send({ name: 'D', alias: 'D' }), 403, 'FORBIDDEN_ROLE');
    // A dealer reads the alias only; the floor the page.
    expect((await api.as('dealer').get('/players/C1001').expect(200)).body).toEqual({ playerId: 'C1001', alias: 'JD' });
    await api.as('dealer').get('/players').query({ q: 'jane' }).expect(403);
    expect((await api.http.get('/players/C1001').expect(200)).body).toMatchObject({ name: 'Jane Doe', recordIntact: true, bans: [] });
  });

  it('refuses a banned player at a table seat and a seat change, names nothing to the dealer, and lets them play when the ban ends', async () => {
    await post('/tables', { tableId: 'p1', rules: NO_LIMIT_1_2 }, 201);
    await post('/tables/p1/seat-player', { seat: 1, playerId: 'C1001', buyIn: 100 }, 201);
    const start = new Date(Date.now() - 60_000).toISOString();
    // An hour's ban: the refusals below fall inside it however slow the machine; its end is reached by moving the
    // registry's clock, not by waiting.
    const end = new Date(Date.now() + 3_600_000).toISOString();
    await post('/players/C1001/bans', { banId: 'B1', reason: 'conduct', start, end }, 201);
    // Already seated and now barred: moving them is refused too.
    const moved = await refused(() => api.http.post('/tables/p1/change-seat').send({ from: 1, to: 2 }), 403, 'PLAYER_EXCLUDED');
    expect(moved.causes).toEqual([{ kind: 'house-ban', banId: 'B1', reason: 'conduct', until: end }]);
    await post('/tables/p1/leave-table', { seat: 1 }, 201);
    await post('/tables/p1/seat-player', { seat: 3, playerId: 'C2002', buyIn: 100 }, 201);
    await api.http.put(`/tables/p1/dealers/test-dealer`).send({}).expect(200);
    const toDealer = await refused(
      () => api.as('dealer').post('/tables/p1/seat-player').send({ seat: 2, playerId: 'C1001', buyIn: 100 }),
      403,
      'PLAYER_EXCLUDED',
    );
    expect(toDealer).not.toHaveProperty('causes');
    expect(JSON.stringify(toDealer)).not.toMatch(/B1|conduct/);
    expect(await seatRefusals()).toEqual(
      expect.arrayContaining([
        { playerId: 'C1001', where: 'table:p1', commandType: 'ChangeSeat', code: 'PLAYER_EXCLUDED' },
        { playerId: 'C1001', where: 'table:p1', commandType: 'SeatPlayer', code: 'PLAYER_EXCLUDED' },
      ]),
    );
    // One refusal, one audit event: no CommandRefused beside each PlayerSeatRefused.
    const audited = await readAuditLog(api.store);
    expect(audited.filter((e) => e.type === 'PlayerSeatRefused' && (e.data as { where: string }).where === 'table:p1')).toHaveLength(2);
    expect(audited.filter((e) => e.type === 'CommandRefused' && (e.data as { code: string }).code === 'PLAYER_EXCLUDED')).toEqual([]);
    // The ban's end passes: seated again.
    const registry = api.app.get(PlayerRegistry);
    registry.now = () => Date.parse(end);
    try {
      await post('/tables/p1/seat-player', { seat: 2, playerId: 'C1001', buyIn: 100 }, 201);
    } finally {
      registry.now = () => Date.now();
    }
  });

  it('imports a state list by card number and by name and birth date, refuses at the room, and lifts only with two people', async () => {
    const csv = 'entryId,cardNumber,name,birthDate\nS-1,C3003,,\nS-2,,"Doe, Jane",1980-02-03\n';
    await refused(() => api.http.post('/exclusion-lists/state/import').send({ source: 'x', csv: 'id,name\n1,2' }), 400, 'INVALID_REQUEST');
    const imported = await post('/exclusion-lists/state/import', { source: 'state board 2026-12', csv }, 201);
    expect(imported.body.events).toEqual([expect.objectContaining({ type: 'ExclusionEntriesAdded', added: 2 })]);
    await post('/players', { playerId: 'C3004', name: 'JANE  DOE', alias: 'J2', birthDate: '1980-02-03' }, 201);
    expect((await api.http.get('/players/C3004').expect(200)).body.exclusions).toEqual([
      { kind: 'exclusion-list', listId: 'state', entryId: 'S-2' },
    ]);

    await post('/room/games', { gameId: 'g1', name: '1/2', stakes: '1/2', structure: 'no-limit', tableRules: NO_LIMIT_1_2 }, 201);
    await post('/room/games/g1/tables', { tableId: 'r1' }, 201);
    await refused(
      () => api.http.post('/room/games/g1/commands').send({ type: 'JoinList', playerId: 'C3003', alias: 'XX' }),
      403,
      'PLAYER_EXCLUDED',
    );
    await refused(
      () => api.http.post('/room/games/g1/commands').send({ type: 'JoinList', playerId: 'C3004', alias: 'J2' }),
      403,
      'PLAYER_EXCLUDED',
    );
    await refused(() => api.http.post('/room/games/g1/seat').send({ playerId: 'C3003', buyIn: 100 }), 403, 'PLAYER_EXCLUDED');
    await refused(() => api.http.post('/tables/r1/seat-player').send({ seat: 1, playerId: 'C3003', buyIn: 100 }), 403, 'PLAYER_EXCLUDED');
    // Listed before the list arrived, then excluded: the call is refused.
    await post('/room/games/g1/commands', { type: 'JoinList', playerId: 'C4005', alias: 'LL' }, 201);
    await post('/exclusion-lists/state/import', { source: 'addendum', entries: [{ entryId: 'S-3', cardNumber: 'C4005' }] }, 201);
    await refused(
      () => api.http.post('/room/games/g1/commands').send({ type: 'CallPlayer', playerId: 'C4005', tableId: 'r1', seat: 1 }),
      403,
      'PLAYER_EXCLUDED',
    );

    // Lifting S-1: asked by one (202), refused to the same person, approved by another.
    await expectStatus(api.http.post('/exclusion-lists/state/entries/S-1/lift').send({}), 202);
    await refused(() => api.http.post('/exclusion-lists/state/entries/S-1/approve-lift').send({}), 422, 'APPROVER_IS_REQUESTER');
    await expectStatus(api.as('floor', SECOND_FLOOR).post('/exclusion-lists/state/entries/S-1/approve-lift').send({}), 201);
    await post('/room/games/g1/commands', { type: 'JoinList', playerId: 'C3003', alias: 'XX' }, 201);
    expect((await seatRefusals()).filter((e) => (e as { where: string }).where === 'game:g1')).toHaveLength(4);
  });

  it('erases the personal record and keeps the ban, the chain and the exclusion', async () => {
    await post('/players/C1001/bans', { banId: 'B2', reason: 'cheating' }, 201);
    await post('/players/C1001/erase', {}, 201);
    expect(await personalRows()).toBe(2);
    expect((await api.http.get('/players/C1001').expect(200)).body).toMatchObject({ erased: true, recordIntact: null, mayBeSeated: false });
    expect(
      (await api.http.get('/players').query({ q: 'jane' }).expect(200)).body.players.map((p: { playerId: string }) => p.playerId),
    ).toEqual(['C3004']);
    expect(await api.store.verifyChain('player-C1001')).toMatchObject({ ok: true });
    // felt verify's checks: every chain (players', lists', tables', games'), and the audit stream's shapes.
    expect((await verifyStore(api.store)).violations).toEqual([]);
    expect(await checkStaff(api.store, database.db)).toEqual([]);
    await refused(() => api.http.post('/tables/p1/seat-player').send({ seat: 4, playerId: 'C1001', buyIn: 100 }), 403, 'PLAYER_EXCLUDED');
  });

  it('takes a list imported through another API process within a second', async () => {
    other = await startTestApi(database.db);
    await post('/players', { playerId: 'C5006', name: 'Pat Poe', alias: 'PP' }, 201);
    await post('/tables', { tableId: 'p2', rules: NO_LIMIT_1_2 }, 201);
    await expectStatus(
      other.http.post('/exclusion-lists/partner/import').send({ source: 'partner', entries: [{ entryId: 'P-1', cardNumber: 'C5006' }] }),
      201,
    );
    const sent = Date.now();
    // The first API learns of it from the log only (its own tail); timed at its seat check, then tried over HTTP.
    const registry = api.app.get(PlayerRegistry);
    await waitUntil('the first API to see the entry', () => registry.index.seatCheck('C5006', Date.now()) !== null, Boolean, 5000);
    expect(Date.now() - sent).toBeLessThan(1000);
    expect((await api.http.get('/players/C5006').expect(200)).body.mayBeSeated).toBe(false);
    await refused(() => api.http.post('/tables/p2/seat-player').send({ seat: 1, playerId: 'C5006', buyIn: 100 }), 403, 'PLAYER_EXCLUDED');
  });

  it("reports a day's sessions as the table events recorded them, to the minute, as JSON and CSV", async () => {
    // The oracle: the tables' own PlayerSeated and PlayerLeft events, read from the store.
    const { rows } = await database.db.query<{ stream_id: string; type: string; data: { playerId: string }; recorded_at: Date }>(
      `SELECT stream_id, type, data, recorded_at FROM events WHERE type IN ('PlayerSeated', 'PlayerLeft') AND stream_id LIKE 'table-%' ORDER BY global_position`,
    );
    const seatedAt = rows.filter((r) => r.type === 'PlayerSeated' && r.data.playerId === 'C1001' && r.stream_id === 'table-p1');
    const leftAt = rows.filter((r) => r.type === 'PlayerLeft' && r.data.playerId === 'C1001' && r.stream_id === 'table-p1');
    // The day the session was recorded on (not today's date: a run across midnight UTC would ask the wrong day).
    const day = seatedAt[0]!.recorded_at.toISOString().slice(0, 10);
    const report = (await api.http.get('/player-sessions').query({ day }).expect(200)).body;
    const first = report.sessions.find((s: { playerId: string; tableId: string }) => s.playerId === 'C1001' && s.tableId === 'p1');
    expect(Date.parse(first.seatedAt)).toBe(seatedAt[0]!.recorded_at.getTime());
    expect(Date.parse(first.leftAt)).toBe(leftAt[0]!.recorded_at.getTime());
    expect(report.lines).toEqual(expect.arrayContaining([expect.objectContaining({ playerId: 'C1001', tableId: 'p1', stake: '1/2' })]));
    const csv = await api.http.get('/player-sessions').query({ day, format: 'csv' }).expect(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.text.split('\n')[0]).toBe('day,playerId,tableId,stake,seatedMinutes,playedMinutes');
    await api.as('dealer').get('/player-sessions').query({ day }).expect(403);
    await refused(() => api.http.get('/player-sessions').query({ day: 'yesterday' }), 400, 'INVALID_REQUEST');
  });

  it('refuses bad registry requests with a code, writing nothing', async () => {
    const now = new Date().toISOString();
    const cases: [string, () => PromiseLike<{ status: number; body: Record<string, unknown> }>, number, string][] = [
      [
        'a ban ending before it starts',
        () => api.http.post('/players/C3004/bans').send({ reason: 'conduct', start: now, end: now }),
        422,
        'BAN_ENDS_BEFORE_START',
      ],
      ['a reason not in the list', () => api.http.post('/players/C3004/bans').send({ reason: 'rude' }), 400, 'INVALID_REQUEST'],
      ['a ban for nobody registered', () => api.http.post('/players/C9999/bans').send({ reason: 'conduct' }), 422, 'PLAYER_NOT_REGISTERED'],
      ['lifting a ban that is not there', () => api.http.post('/players/C3004/bans/none/lift').send({}), 422, 'BAN_NOT_FOUND'],
      ['a note on an erased record', () => api.http.post('/players/C1001/notes').send({ text: 'x' }), 422, 'PLAYER_ERASED'],
      ['erasing twice', () => api.http.post('/players/C1001/erase').send({}), 422, 'PLAYER_ERASED'],
      ['an unknown field', () => api.http.patch('/players/C3004').send({ nickname: 'x' }), 400, 'INVALID_REQUEST'],
      [
        'a file listing an entry twice',
        () =>
          api.http.post('/exclusion-lists/state/import').send({
            source: 's',
            entries: [
              { entryId: 'D', cardNumber: 'C1' },
              { entryId: 'D', cardNumber: 'C2' },
            ],
          }),
        422,
        'ENTRY_DUPLICATE',
      ],
      [
        'an entry naming nobody',
        () => api.http.post('/exclusion-lists/state/import').send({ source: 's', entries: [{ entryId: 'N' }] }),
        400,
        'INVALID_REQUEST',
      ],
      [
        'both entries and csv',
        () => api.http.post('/exclusion-lists/state/import').send({ source: 's', entries: [], csv: 'x' }),
        400,
        'INVALID_REQUEST',
      ],
      [
        'approving a lift nobody asked for',
        () => api.as('floor', SECOND_FLOOR).post('/exclusion-lists/state/entries/S-2/approve-lift').send({}),
        422,
        'LIFT_NOT_REQUESTED',
      ],
      ['lifting an entry not in force', () => api.http.post('/exclusion-lists/state/entries/S-1/lift').send({}), 422, 'ENTRY_NOT_FOUND'],
      [
        'a list id that cannot be one',
        () => api.http.post('/exclusion-lists/..%2F/import').send({ source: 's', entries: [] }),
        404,
        'LIST_NOT_FOUND',
      ],
      [
        'a dealer importing a list',
        () => api.as('dealer').post('/exclusion-lists/state/import').send({ source: 's', entries: [] }),
        403,
        'FORBIDDEN_ROLE',
      ],
    ];
    for (const [what, send, status, code] of cases) {
      try {
        await refused(send, status, code);
      } catch (error) {
        throw new Error(`${what}: ${String(error)}`, { cause: error });
      }
    }
    await refused(() => api.http.get('/players/nobody'), 404, 'PLAYER_NOT_FOUND');
    await refused(() => api.http.post('/players/..%2F/notes').send({ text: 'x' }), 404, 'PLAYER_NOT_FOUND');
    // A ban given and lifted, a lift asked for: each asked again is refused.
    await post('/players/C3004/bans', { banId: 'B9', reason: 'conduct' }, 201);
    await post('/players/C3004/bans/B9/lift', {}, 201);
    await refused(() => api.http.post('/players/C3004/bans').send({ banId: 'B9', reason: 'conduct' }), 422, 'BAN_EXISTS');
    await refused(() => api.http.post('/players/C3004/bans/B9/lift').send({}), 422, 'BAN_ALREADY_LIFTED');
    expect((await post('/exclusion-lists/state/entries/S-2/lift', {}, 202)).body.code).toBe('APPROVAL_REQUIRED');
    await refused(() => api.http.post('/exclusion-lists/state/entries/S-2/lift').send({}), 422, 'LIFT_ALREADY_REQUESTED');
  });

  it('shows the registry alias on the public board, never a card number', async () => {
    await post('/players', { playerId: 'C7007', name: 'Ann Arbor', alias: 'Ace' }, 201);
    await post('/room/games', { gameId: 'g7', name: '2/5', stakes: '2/5', structure: 'no-limit', tableRules: NO_LIMIT_1_2 }, 201);
    // Listed with the card number typed as the alias: a registered player shows as the registry's alias, another as
    // withheld; an alias that is not an id shows as typed.
    await post('/room/games/g7/commands', { type: 'JoinList', playerId: 'C7007', alias: 'C7007' }, 201);
    await post('/room/games/g7/commands', { type: 'JoinList', playerId: 'C7008', alias: 'C 7008' }, 201);
    await post('/room/games/g7/commands', { type: 'JoinList', playerId: 'C7009', alias: 'KK' }, 201);
    const board = async () =>
      ((await api.anonymous.get('/board').expect(200)).body.games as { gameId: string; list: string[] }[]).find((g) => g.gameId === 'g7')!;
    expect((await board()).list).toEqual(['Ace', WITHHELD_ALIAS, 'KK']);
    expect(JSON.stringify(await board())).not.toMatch(/C700|Ann/);
    // Erased, the player has no registry alias: the card number typed on the list stays withheld.
    await post('/players/C7007/erase', {}, 201);
    expect((await board()).list).toEqual([WITHHELD_ALIAS, WITHHELD_ALIAS, 'KK']);
  });

  it('finds at most the limit by name (any case) then card, a match by alias among them, however many share the prefix', async () => {
    const people = [
      ['C8101', 'Zed Abel', 'X1'],
      ['C8102', 'zed zola', 'X2'],
      ['C8103', 'Zedd Ray', 'X3'],
      ['C8104', 'Zzz Quinn', 'Zedkid'],
      ['C8105', 'Zed Abel', 'X5'],
    ];
    for (const [playerId, name, alias] of people) await post('/players', { playerId, name, alias }, 201);
    const found = async (q: string, limit?: number) =>
      (
        (
          await api.http
            .get('/players')
            .query({ q, ...(limit ? { limit } : {}) })
            .expect(200)
        ).body.players as { playerId: string }[]
      ).map((p) => p.playerId);
    expect(await found('zed')).toEqual(['C8101', 'C8105', 'C8102', 'C8103', 'C8104']);
    expect(await found('ZED', 3)).toEqual(['C8101', 'C8105', 'C8102']);
    expect(await found('zed a', 1)).toEqual(['C8101']);
    expect(await found('C8104')).toEqual(['C8104']);
    expect(await found('zed%')).toEqual([]);
  });

  it("refuses a banned player's tournament registration, saying nothing of the ban, and registers them once it is lifted", async () => {
    await post('/players', { playerId: 'T7001', name: 'Tess Tour', alias: 'Tess' }, 201);
    await post('/players/T7001/bans', { banId: 'TB7', reason: 'self-exclusion' }, 201);
    const structure = {
      name: 'Daily',
      tables: 'reported',
      startingStack: 1000,
      seatsPerTable: 9,
      levels: [{ kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 }],
      lateRegistrationLevel: 1,
      entry: { prizePool: 80, houseFee: 20, staffFee: 0 },
      payouts: [{ minEntries: 1, places: [10000] }],
      roundTo: 5,
    };
    await post('/tournaments', { tournamentId: 'tx', structure }, 201);
    const register = { type: 'Register', playerId: 'T7001', alias: 'Tess' };
    await refused(() => api.http.post('/tournaments/tx/commands').send(register), 403, 'PLAYER_EXCLUDED');
    await refused(() => api.http.post('/tournaments/tx/commands').send({ type: 'ReEnter', playerId: 'T7001' }), 403, 'PLAYER_EXCLUDED');
    expect(await seatRefusals()).toEqual(
      expect.arrayContaining([
        { playerId: 'T7001', where: 'tournament:tx', commandType: 'Register', code: 'PLAYER_EXCLUDED' },
        { playerId: 'T7001', where: 'tournament:tx', commandType: 'ReEnter', code: 'PLAYER_EXCLUDED' },
      ]),
    );
    expect((await api.http.get('/tournaments/tx').expect(200)).body.entryList).toEqual([]);
    await post('/players/T7001/bans/TB7/lift', {}, 201);
    await post('/tournaments/tx/commands', register, 201);
    expect((await api.http.get('/tournaments/tx').expect(200)).body.entryList).toEqual([expect.objectContaining({ playerId: 'T7001' })]);
  });
});
