import { verifyStore } from '@felt/regulator';
import { toNewTournamentEvent, tournamentDecider, type TournamentCommand, type TournamentEvent } from '@felt/tournament';
import { TournamentSweep } from '../src/tournaments/tournament-sweep';
import { mulberry32 } from '../../../libs/tournament/src/tournament.test-support';
import { postApproved } from './test-support/approvals';
import { expectStatus, NO_LIMIT_1_2 } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';
import { ENGINE_STRUCTURE as STRUCTURE, moveOf, tournamentTablePlay, type FloorView, type TableView } from './test-support/tournament-play';

const ENTRIES = 12;

/**
 * Tournament tables on the engine, through HTTP: 12 entries drawn to two engine tables, hands dealt and played there
 * (random players, the house shuffle), each hand end recorded by the tournament from the table's events; a level
 * moved on mid-hand takes effect on the next hand (TDA 23); busts placed, balancing moves carrying the exact stack,
 * the chips at the tables always the tournament's; nobody seats, adds chips or types a hand at a tournament table;
 * played to the last player, and the log verifies.
 */
describe.each(APP_BACKENDS)('tournament tables on the engine (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  const cmd = (body: object) => expectStatus(api.http.post('/tournaments/eng/commands').send(body), 201);
  const floor = async (): Promise<FloorView> => (await api.http.get('/tournaments/eng').expect(200)).body;
  const { table, send, playHand, expectChipsAtTables } = tournamentTablePlay(() => api);

  it('plays 12 entries on two engine tables to the last player, every chip the tournament’s, and verifies', async () => {
    const next = mulberry32(55);
    await expectStatus(api.http.post('/tournaments').send({ tournamentId: 'eng', structure: STRUCTURE }), 201);
    await cmd({ type: 'AddTable', tableId: 'e1' });
    await cmd({ type: 'AddTable', tableId: 'e2' });
    for (let p = 1; p <= ENTRIES; p++) await cmd({ type: 'Register', playerId: `card-${p}`, alias: `P${p}` });
    await cmd({ type: 'DrawSeats' });
    await cmd({ type: 'StartClock' });

    // The tables are the engine's, with tournament rules, seated by the draw with the starting stacks, under pseudonyms.
    const e1 = await table('e1');
    expect(e1.rules).toMatchObject({ smallBlind: 10, bigBlind: 20, gameType: 'tournament', buttonMode: 'dead' });
    expect(e1.seats).toHaveLength(6);
    for (const s of e1.seats) expect([s.playerId.startsWith('card-'), s.stack]).toEqual([false, 1000]);
    await expectChipsAtTables(await floor());

    // Nobody but the tournament seats, pays chips in, changes the stakes, or types a hand in; nothing is written.
    const refusals = [
      ['/tables/e1/commands', { type: 'SeatPlayer', seat: 6, playerId: 'walk-in', buyIn: 5000 }, 'TOURNAMENT_TABLE'],
      ['/tables/e1/commands', { type: 'AddChips', seat: e1.seats[0]!.seat, amount: 500 }, 'TOURNAMENT_TABLE'],
      ['/tables/e1/commands', { type: 'LeaveTable', seat: e1.seats[0]!.seat }, 'TOURNAMENT_TABLE'],
      ['/tables/e1/commands', { type: 'SitOut', seat: e1.seats[0]!.seat }, 'TOURNAMENT_TABLE'],
      [
        '/tables/e1/commands',
        { type: 'ChangeRules', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } },
        'TOURNAMENT_TABLE',
      ],
      ['/tournaments/eng/commands', { type: 'RecordHand', tableId: 'e1', button: 1, stacks: [] }, 'HANDS_FROM_THE_TABLE'],
    ] as const;
    // (Refusals are audited: the audit stream's entries aside, nothing is written.)
    const written = async () =>
      (await api.store.readAll({ limit: 100_000 })).filter((e) => !e.streamId.startsWith('audit')).map((e) => e.type);
    const before = await written();
    for (const [route, body, code] of refusals) {
      const res = await api.http.post(route).send(body);
      expect([res.status, res.body.code]).toEqual([422, code]);
    }
    expect(await written()).toEqual(before);

    // TDA 23: the floor moves the level on during e1's first hand; that hand ends at 10/20, the next is dealt at 25/50 BBA.
    // (Played without all-ins, so that e1 keeps two players or more to deal the next hand.)
    await playHand(
      'e1',
      next,
      async () => {
        await cmd({ type: 'AdvanceLevel', fromStep: 0, early: true });
        expect((await table('e1')).rules).toMatchObject({ smallBlind: 10, bigBlind: 20 });
      },
      true,
    );
    const recorded = (await api.store.readStream('tournament-eng')).filter((e) => e.type === 'HandRecorded');
    expect(recorded.map((e) => (e.data as { tableId: string }).tableId)).toEqual(['e1']);
    await expectChipsAtTables(await floor());
    await send('e1', { type: 'StartHand' });
    expect((await table('e1')).rules).toMatchObject({ smallBlind: 25, bigBlind: 50, ante: { kind: 'big-blind', amount: 50 } });
    let view = await table('e1');
    for (let step = 0; step < 200 && view.legalActions.length > 0; step++) view = await send('e1', moveOf(view, next)!);

    // Hands to the last player, round the tables that can deal; the chips checked between hands.
    let state = await floor();
    for (let hand = 0; state.status !== 'finished' && hand < 400; hand++) {
      await expectChipsAtTables(state);
      const playing = state.tables.filter(
        (t) => !t.broken && state.entryList.filter((e) => e.status === 'seated' && e.seat?.tableId === t.tableId).length >= 2,
      );
      const tableId = playing[hand % playing.length]!.tableId;
      if (hand === 30) await cmd({ type: 'AdvanceLevel', fromStep: 1, early: true });
      if (hand === 60) await cmd({ type: 'AdvanceLevel', fromStep: 2, early: true });
      await playHand(tableId, next);
      state = await floor();
    }
    expect(state.status).toBe('finished');

    // Busts from table hands placed 12..1; every move carried exactly the stack the player had after the hand.
    const events = await api.store.readStream('tournament-eng');
    expect(state.results!.map((r) => r.place).sort((a, b) => a - b)[ENTRIES - 1]).toBeLessThanOrEqual(ENTRIES);
    expect(state.results!.filter((r) => r.place === 1)).toHaveLength(1);
    expect(events.filter((e) => e.type === 'PlayerBusted')).toHaveLength(ENTRIES - 1);
    const moves = events.filter((e) => e.type === 'PlayerMoved');
    expect(moves.length).toBeGreaterThan(0);
    for (const move of moves) {
      const data = move.data as { to: { tableId: string; seat: number }; chips: number };
      const seated = (await api.store.readStream(`table-${data.to.tableId}`)).find(
        (e) => e.type === 'PlayerSeated' && e.metadata.commandId === `${move.eventId}.arrive`,
      );
      expect(seated?.data).toMatchObject({ seat: data.to.seat, buyIn: data.chips });
    }
    const report = await verifyStore(api.store);
    expect(report.violations).toEqual([]);
  }, 300_000);

  it("deals no hand on a break, races the colour-up's chips at the tables between hands, waits for every table in hand-for-hand, and opens no table already in use", async () => {
    const next = mulberry32(7);
    const structure = {
      ...STRUCTURE,
      startingStack: 100_000,
      levels: [STRUCTURE.levels[0], { kind: 'break', minutes: 10, colourUp: { chip: 10, nextChip: 100 } }, STRUCTURE.levels[1]],
    };
    const brk = (body: object) => api.http.post('/tournaments/brk/commands').send(body);
    await expectStatus(api.http.post('/tournaments').send({ tournamentId: 'brk', structure }), 201);
    await expectStatus(postApproved(api, '/tables', { tableId: 'cash-1', rules: NO_LIMIT_1_2 }), 201);
    const refused = await brk({ type: 'AddTable', tableId: 'cash-1' });
    expect([refused.status, refused.body.code]).toEqual([422, 'TABLE_ALREADY_OPEN']);
    expect((await api.store.readStream('tournament-brk')).map((e) => e.type)).toEqual(['TournamentCreated']);
    for (const tableId of ['b1', 'b2']) await expectStatus(brk({ type: 'AddTable', tableId }), 201);
    for (let p = 1; p <= 8; p++) await expectStatus(brk({ type: 'Register', playerId: `card-${p}`, alias: `P${p}` }), 201);
    await expectStatus(brk({ type: 'DrawSeats' }), 201);
    await expectStatus(brk({ type: 'StartClock' }), 201);
    const brkFloor = async (): Promise<FloorView> => (await api.http.get('/tournaments/brk').expect(200)).body;
    const seated = (await brkFloor()).entryList.filter((e) => e.seat?.tableId === 'b1');
    const odd = [
      { entryId: seated[0]!.entryId, chips: 5 },
      { entryId: seated[1]!.entryId, chips: 3 },
    ];
    // The break (a colour-up of the 10s for 100s) starts while b1 plays a hand: its chips are raced once it ends.
    await playHand(
      'b1',
      next,
      async () => {
        await expectStatus(brk({ type: 'AdvanceLevel', fromStep: 0, early: true }), 201);
        const length = (await api.store.readStream('tournament-brk')).length;
        const during = await brk({ type: 'ColourUp', odd });
        expect([during.status, during.body.code]).toEqual([422, 'HAND_IN_PLAY']);
        expect(await api.store.readStream('tournament-brk')).toHaveLength(length);
      },
      true,
    );
    // The race at the tables: 50 + 30 in 10s is one 100 (TDA: at most one a player); each seat ends with the
    // tournament's chips; nobody sends RaceChips from /tables, and a cash table has no race.
    const beforeRace = await brkFloor();
    await expectStatus(brk({ type: 'ColourUp', odd }), 201);
    const race = (await api.store.readStream('tournament-brk')).find((e) => e.type === 'ChipRaceRun')!;
    const won = (race.data as { results: { won: number }[] }).results.reduce((n, r) => n + r.won, 0);
    expect(won).toBe(1);
    const afterRace = await brkFloor();
    expect(afterRace.chipsInPlay).toBe(beforeRace.chipsInPlay - 80 + 100);
    await expectChipsAtTables(afterRace);
    const raced = (await api.store.readStream('table-b1')).filter((e) => e.type === 'ChipsRaced');
    expect(raced.map((e) => e.metadata.commandId)).toEqual([`${race.eventId}.race-b1`]);
    const fromTables = await api.http
      .post('/tables/b1/commands')
      .send({ type: 'RaceChips', chip: 10, nextChip: 100, seats: [{ seat: seated[0]!.seat!.seat, removed: 10, won: 0 }] });
    expect([fromTables.status, fromTables.body.code]).toEqual([422, 'TOURNAMENT_TABLE']);
    const atCash = await api.http
      .post('/tables/cash-1/commands')
      .send({ type: 'RaceChips', chip: 10, nextChip: 100, seats: [{ seat: 1, removed: 10, won: 0 }] });
    expect([atCash.status, atCash.body.code]).toEqual([422, 'OPTION_NOT_ENABLED']);

    const onBreak = await api.http.post('/tables/b1/commands').send({ type: 'StartHand' });
    expect([onBreak.status, onBreak.body.code]).toEqual([422, 'TOURNAMENT_ON_BREAK']);
    await expectStatus(brk({ type: 'AdvanceLevel', fromStep: 1, early: true }), 201);
    await expectStatus(brk({ type: 'HandForHand', on: true }), 201);
    // A misdeal voided by the floor: every chip put in goes back, nothing is recorded by the tournament, and the
    // redeal is b1's hand of the round.
    let dealt = await send('b1', { type: 'StartHand' });
    while (dealt.legalActions.some((a) => a.type === 'PostBlind')) dealt = await send('b1', moveOf(dealt, next, true)!);
    const recordedBefore = (await api.store.readStream('tournament-brk')).filter((e) => e.type === 'HandRecorded').length;
    await send('b1', { type: 'VoidHand', reason: 'misdeal: a card exposed in the deal' });
    const voided = (await api.store.readStream('table-b1')).filter((e) => e.type === 'HandVoided');
    expect((voided[0]!.data as { refunds: { amount: number }[] }).refunds.reduce((n, r) => n + r.amount, 0)).toBeGreaterThan(0);
    await expectChipsAtTables(await brkFloor());
    expect((await api.store.readStream('tournament-brk')).filter((e) => e.type === 'HandRecorded')).toHaveLength(recordedBefore);
    await playHand('b1', next, undefined, true);
    const waits = await api.http.post('/tables/b1/commands').send({ type: 'StartHand' });
    expect([waits.status, waits.body.code]).toEqual([422, 'WAITING_FOR_HAND_FOR_HAND']);
    await playHand('b2', next, undefined, true);
    const types = (await api.store.readStream('tournament-brk')).map((e) => e.type);
    // One hand at each table since hand-for-hand began (b1's hand before the break came first).
    expect(types.slice(types.indexOf('HandForHandStarted')).filter((t) => t === 'HandRecorded')).toHaveLength(2);
    expect(types).toContain('HandForHandRoundEnded');
    // The round over, b1 deals again, at the level after the break.
    const started = await send('b1', { type: 'StartHand' });
    expect(started.rules).toMatchObject({ smallBlind: 25, bigBlind: 50, ante: { kind: 'big-blind', amount: 50 } });
    expect((await verifyStore(api.store)).violations).toEqual([]);
  });

  it("sends at start the table commands a crash left unsent after the tournament's write, and none twice", async () => {
    // The tournament's events written as its requests would have, its tables' commands never sent (a crash between).
    const at = new Date().toISOString();
    const commands: TournamentCommand[] = [
      { type: 'CreateTournament', at, tournamentId: 'swp', structure: STRUCTURE },
      { type: 'AddTable', at, tableId: 's1' },
      { type: 'AddTable', at, tableId: 's2' },
      ...Array.from({ length: 8 }, (_, i) => ({ type: 'Register' as const, at, playerId: `card-${i + 1}`, alias: `S${i + 1}` })),
      { type: 'DrawSeats', at, permutation: Array.from({ length: 8 }, (_, i) => i) },
    ];
    let state = tournamentDecider.initialState;
    let version = 0;
    for (const [i, command] of commands.entries()) {
      const decision = tournamentDecider.decide(command, state);
      if (!decision.ok) throw new Error(decision.rejection.message);
      const events: readonly TournamentEvent[] = decision.events;
      state = events.reduce(tournamentDecider.evolve, state);
      const appended = await api.store.append('tournament-swp', {
        expectedVersion: version === 0 ? 'no-stream' : version,
        commandId: `swp-${i}`,
        events: events.map(toNewTournamentEvent),
      });
      expect(appended.ok).toBe(true);
      version += events.length;
    }
    await api.http.get('/tables/s1').expect(404);

    // A start (a second API process on the same database) brings the tables up to the tournament.
    const restarted = await startTestApi(database.db);
    try {
      for (const tableId of ['s1', 's2']) {
        const view: TableView = (await restarted.http.get(`/tables/${tableId}`).expect(200)).body;
        expect(view.rules).toMatchObject({ gameType: 'tournament', smallBlind: 10, bigBlind: 20 });
        expect(view.seats.map((s) => s.stack)).toEqual([1000, 1000, 1000, 1000]);
      }
      const seated = (await restarted.store.readStream('table-s1')).filter((e) => e.type === 'PlayerSeated');
      expect(seated).toHaveLength(4);
      // Every command the events ask for is there now: another sweep (or start) sends nothing.
      expect(await restarted.app.get(TournamentSweep).sweep()).toBe(0);
      expect((await restarted.store.readStream('table-s1')).filter((e) => e.type === 'PlayerSeated')).toHaveLength(4);
    } finally {
      await restarted.close();
    }
  });
});
