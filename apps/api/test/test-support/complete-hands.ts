import { chipsOnTable, deckCommitment, legalActions, tableDecider, type TableEvent, type TableState } from '@felt/engine';
import { planSetup, runTableScript, type ScriptCommand, type TableScript } from '@felt/formats';
import { commandRouteName, TABLE_COMMAND_TYPES } from '../../src/tables/table-command-schema';
import { streamIdOf } from '../../src/tables/table-stream';
import { authHeaders, seedTestUsers } from './auth';
import { openedForTest } from './secrets';
import { openTableWithPlayers, startHandWithBlinds } from './table-setup';
import { exampleScripts, requestBody } from './table-scripts';
import { useTestStore, type Backend, type TestStore } from './test-databases';
import { postApproved } from './approvals';
import { startTestApi, type TestApi } from './test-api';
import { expectToEqual } from '../../../../test/loop-assertions';

/**
 * Complete hands through HTTP: every example table script (side pots, rake, straddles, kills, chops, missed
 * blinds, ...) is sent command by command, half through POST /tables/:id/commands and half through the
 * per-command routes, and must produce exactly the events the table-script runner produces, with the same
 * refusals (422 and the engine's code) and the chips conserved.
 *
 * Every script on PostgreSQL (hands-postgres); `everyNth` plays a sample, `transport` sends the requests through
 * Fastify's inject (the default) or a real socket, and `also` adds tests on the same API (the PGlite smoke suite).
 */
export function describeCompleteHands(
  backend: Backend,
  options: {
    everyNth?: number;
    transport?: 'inject' | 'socket';
    also?: (suite: { api: () => TestApi; database: TestStore }) => void;
  } = {},
): void {
  describe(`complete hands over HTTP (${backend})`, () => {
    let api: TestApi;
    const database = useTestStore(backend, { beforeDispose: () => api?.close() });
    // A clocked script says when each command happened (`at`); the API takes no time from a client (it stamps its
    // own), so those scripts are played by the runner (test/examples.spec.ts) and the clock over HTTP by
    // shot-clock.e2e-part.ts.
    const scripts = playableOverHttp();
    const played = scripts.map((s, i) => [s.file, i] as const).filter(([, i]) => i % (options.everyNth ?? 1) === 0);

    beforeAll(async () => {
      api = await startTestApi(database.db, {}, { transport: options.transport ?? 'inject' });
      await seedTestUsers(database.db, [{ sub: 'floor-7', role: 'floor' }]);
    });

    it('finds the example scripts', () => {
      expect(scripts.length).toBeGreaterThanOrEqual(20);
      const names = scripts.map((s) => s.file);
      expect(names).toEqual(expect.arrayContaining(['sp-1-side-pots-two-all-ins.json', 'r-1-rake-no-flop-no-drop.json']));
    });

    it.each(played)('plays %s as the script runner does', async (file, index) => {
      const tableId = `ex${index}`;
      // The scripts choose their decks (seeds, hole cards): a training table takes them, on the runner's table too.
      const script = asTraining(scripts[index]!.script);
      const run = runTableScript({ ...script, tableId });
      // The scripts void hands and chop blinds (floor-only commands), so a floor supervisor's token sends them.
      const headers = { ...authHeaders('floor', { sub: 'floor-7' }), 'X-Device-Id': 'table-tablet-3' };
      // Hole cards come from the table's reader (a device registered for it), never from a console.
      const reader =
        script.rules.cardSource === 'live'
          ? (
              await api.http
                .post('/devices')
                .send({ name: `reader-${tableId}`, kind: 'reader', tableId })
                .expect(201)
            ).body.device.id
          : null;
      const readerHeaders = reader === null ? headers : authHeaders('floor', { sub: 'floor-7', device: reader });

      // The table's setup: OpenTable, SeatPlayer, PlaceButton and, for a setup block, its setup hands (ordinary commands).
      const setup = planSetup({ ...script, tableId });
      if (!setup.ok) throw new Error(setup.why);
      let buyIns = 0;
      let handsPlayed = 0;
      for (const { command } of setup.steps) {
        if (command.type === 'OpenTable') {
          expect((await postApproved(api, '/tables', { tableId, rules: command.rules }, headers)).status).toBe(201);
          continue;
        }
        if (command.type === 'SeatPlayer') buyIns += command.buyIn;
        const res = await api.http.post(`/tables/${tableId}/commands`).set(headers).send(command);
        expectToEqual({ command, status: res.status }, { command, status: 201 });
        handsPlayed = res.body.table.handsPlayed;
      }

      for (const [i, entry] of script.commands.entries()) {
        const body = requestBody(entry);
        // The runner seeds a bare StartHand with the hand number; the API would draw a random seed, so say it.
        // (A live-cards table takes no seed: its cards are entered as dealt.)
        if (
          body.type === 'StartHand' &&
          script.rules.cardSource !== 'live' &&
          body.deck === undefined &&
          body.seed === undefined &&
          body.holeCards === undefined &&
          body.board === undefined
        ) {
          body.seed = handsPlayed + 1;
        }
        const viaRoute = i % 2 === 1;
        const { type, ...fields } = body;
        const sender = type === 'ReportHoleCards' ? readerHeaders : headers;
        const res = viaRoute
          ? await api.http
              .post(`/tables/${tableId}/${commandRouteName(String(type))}`)
              .set(sender)
              .send(fields)
          : await api.http.post(`/tables/${tableId}/commands`).set(sender).send(body);
        const expected = (entry as ScriptCommand).expectRejection;
        if (expected) {
          expect({ i, status: res.status, code: res.body.code }).toEqual({ i, status: 422, code: expected.code });
          expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
          expect(typeof res.body.detail).toBe('string');
        } else {
          expect({ i, status: res.status, body: res.status === 201 ? 'ok' : res.body }).toEqual({ i, status: 201, body: 'ok' });
          handsPlayed = res.body.table.handsPlayed;
        }
      }

      // The stored log is exactly the runner's events but for each hand's random salt (the API's) and the sealed deck,
      // and every event carries its envelope.
      const stored = await api.store.readStream(streamIdOf(tableId));
      // Hole cards are stored sealed too (opened here with the test key), and each hand's HoleCardsRevealed is the store's, not the runner's.
      const opened = stored.map(openedForTest).filter((e) => e.type !== 'HoleCardsRevealed');
      const events = unsealed(opened.map((e) => ({ ...(e.data as object), type: e.type }) as TableEvent));
      expect(withoutSalt(events)).toEqual(withoutSalt(JSON.parse(JSON.stringify(run.events))));
      for (const e of stored.filter((x) => x.type === 'DeckSealed'))
        expect(Object.keys(e.data as object).sort()).toEqual(['handNumber', 'sealed']);
      // Every hand that is over published, before its first card, the commitment its revealed deck and salt hash to.
      for (const e of events)
        if (e.type === 'HandStarted' && commitmentOf(events, e.handNumber))
          expect(e.deckCommitment).toBe(commitmentOf(events, e.handNumber));
      // The reader's reports (and what follows from them in the same command) carry the reader's device.
      const reported = new Set(stored.filter((e) => e.type === 'HoleCardsReported').map((e) => e.metadata.commandId));
      for (const e of stored) {
        // X-Device-Id is ignored: the device comes from the token, which here has none.
        expect(e.metadata).toMatchObject({
          actorId: 'floor-7',
          actorRole: 'floor',
          device: reported.has(e.metadata.commandId) ? reader : null,
        });
        expect(typeof e.metadata.commandId).toBe('string');
        expect(typeof e.metadata.correlationId).toBe('string');
      }

      // The state view agrees with a fold of the log, chips are conserved, and the final stacks are the script's.
      const view = (await api.http.get(`/tables/${tableId}`).expect(200)).body;
      const readable = events.filter((e) => e.type !== 'DeckSealed' || Array.isArray(e.deck));
      const folded = readable.reduce<TableState>((s, e) => tableDecider.evolve(s, e), tableDecider.initialState);
      expect(view.version).toBe(stored.length);
      expect(view.chipsOnTable).toBe(chipsOnTable(folded));
      expect(view.legalActions).toEqual(legalActions(folded).actions);
      const cashedOut = events.reduce((sum, e) => sum + (e.type === 'PlayerLeft' ? e.cashOut : 0), 0);
      const added =
        events.reduce((sum, e) => sum + (e.type === 'ChipsAdded' ? e.amount : 0) + (e.type === 'PlayerSeated' ? e.buyIn : 0), 0) - buyIns;
      expect(view.chipsOnTable + view.rakeCollected).toBe(buyIns + added - cashedOut);
      expect(view.rakeCollected).toBe(run.state.rakeCollected);
      // The view adds `busted` to each seat (no chips, not in the hand in progress): the rest is the runner's state.
      expect(view.seats.map(({ busted: _busted, ...seat }: { busted: boolean }) => seat)).toEqual(
        JSON.parse(JSON.stringify(run.state.seats.filter((seat) => seat !== null))),
      );
      for (const seat of view.seats) if (seat.busted) expect(seat.stack).toBe(0);
    });

    it('reports side pots and rake in the state view while a hand is played', async () => {
      const tableId = 'side-pots-and-rake';
      const rules = {
        structure: { kind: 'no-limit' },
        smallBlind: 1,
        bigBlind: 2,
        maxSeats: 3,
        houseOptions: { rake: { percent: 10, cap: 3 } },
        deckSource: 'training',
      };
      expect((await postApproved(api, '/tables', { tableId, rules })).status).toBe(201);
      for (const [seat, buyIn] of [
        [1, 50],
        [2, 150],
        [3, 300],
      ]) {
        await api.http
          .post(`/tables/${tableId}/seat-player`)
          .send({ seat, playerId: `p${seat}`, buyIn })
          .expect(201);
      }
      await api.http.post(`/tables/${tableId}/place-button`).send({ seat: 1 }).expect(201);
      await api.http
        .post(`/tables/${tableId}/start-hand`)
        .send({ holeCards: { 1: 'AsAh', 2: 'KsKh', 3: 'QsQh' }, board: '2c7d9hJs3c' })
        .expect(201);
      await api.http.post(`/tables/${tableId}/post-blind`).send({ seat: 2, blind: 'small-blind' }).expect(201);
      await api.http.post(`/tables/${tableId}/post-blind`).send({ seat: 3, blind: 'big-blind' }).expect(201);
      await api.http.post(`/tables/${tableId}/raise`).send({ seat: 1, to: 50 }).expect(201);
      const before = await api.http.post(`/tables/${tableId}/raise`).send({ seat: 2, to: 150 }).expect(201);
      expect(before.body.table.toAct).toBe(3);
      // Derived from what is in now: the big blind has 2 in and is not yet eligible for either pot.
      expect(before.body.table.hand.pots).toEqual([
        { amount: 102, eligible: [1, 2] },
        { amount: 100, eligible: [2] },
      ]);
      expect(before.body.table.legalActions).toEqual(expect.arrayContaining([{ type: 'Call', seat: 3, amount: 148 }]));
      const last = await api.http.post(`/tables/${tableId}/call`).send({ seat: 3 }).expect(201);
      const types = last.body.events.map((e: { type: string }) => e.type);
      expect(types).toEqual(expect.arrayContaining(['BoardDealt', 'ShowdownStarted', 'RakeTaken', 'PotAwarded', 'HandEnded']));
      const pots = last.body.events.filter((e: { type: string }) => e.type === 'PotAwarded').map((e: { data: unknown }) => e.data);
      expect(pots).toHaveLength(2);
      expect(last.body.table.rakeCollected).toBe(3);
      expect(last.body.table.chipsOnTable + last.body.table.rakeCollected).toBe(500);
      expect(last.body.table.seats.map((s: { stack: number }) => s.stack)).toEqual([147, 200, 150]);
    });

    it('lists tables, pages events and serves the state with the legal actions', async () => {
      // A table of its own with one hand played out (folded to the big blind).
      await openTableWithPlayers(api, 'paged', 3);
      await startHandWithBlinds(api, 'paged');
      for (let view = (await api.http.get('/tables/paged').expect(200)).body; view.hand.phase !== 'complete';) {
        view = (await api.http.post('/tables/paged/fold').send({ seat: view.toAct }).expect(201)).body.table;
      }
      const list = (await api.http.get('/tables').expect(200)).body.tables as { tableId: string; version: number }[];
      const table = list.find((t) => t.tableId === 'paged')!;
      expect(table.version).toBeGreaterThan(10);

      const pages: number[] = [];
      let from: number | null = 1;
      while (from !== null) {
        const page: { body: { events: { version: number }[]; nextFromVersion: number | null; version: number } } = await api.http
          .get(`/tables/paged/events?fromVersion=${from}&limit=4`)
          .expect(200);
        pages.push(...page.body.events.map((e) => e.version));
        from = page.body.nextFromVersion;
      }
      expect(pages).toEqual(Array.from({ length: table.version }, (_, i) => i + 1));

      const view = await api.http.get('/tables/paged').expect(200);
      expect(view.headers.etag).toBe(`"${table.version}"`);
      expect(view.body).toMatchObject({ tableId: 'paged', version: table.version, status: 'open', toAct: null, legalActions: [] });
      expect(view.body.hand).not.toHaveProperty('deck');
      await api.http.get('/tables/paged/events?limit=0').expect(400);
      await api.http.get('/tables/nowhere/events').expect(404);
    });

    it('documents every command route in OpenAPI and reports health', async () => {
      const doc = (await api.http.get('/docs-json').expect(200)).body;
      expect(doc.paths['/tables'].post).toBeDefined();
      expect(doc.paths['/tables/{tableId}/commands'].post).toBeDefined();
      for (const type of TABLE_COMMAND_TYPES) expect(doc.paths[`/tables/{tableId}/${commandRouteName(type)}`]?.post).toBeDefined();
      expect(doc.paths['/tables/{tableId}/raise'].post.requestBody.content['application/json'].schema.properties.to).toMatchObject({
        type: 'integer',
        minimum: 0,
      });
      expect(doc.paths['/tables/{tableId}'].get).toBeDefined();
      expect(doc.paths['/tables/{tableId}/events'].get).toBeDefined();
      const health = await api.http.get('/health').expect(200);
      expect(health.body).toMatchObject({ status: 'ok', details: { database: { status: 'up', kind: backend } } });
    });

    options.also?.({ api: () => api, database });
  });
}

/** The log with each DeckSealed read as its hand's DeckRevealed gives it (the store holds it encrypted). */
function unsealed(events: TableEvent[]): TableEvent[] {
  return events.map((e) => {
    if (e.type !== 'DeckSealed') return e;
    const revealed = events.find((r) => r.type === 'DeckRevealed' && r.handNumber === e.handNumber);
    return revealed ? ({ ...revealed, type: 'DeckSealed' } as TableEvent) : e;
  });
}

/** Events without what the API draws at random for every hand: the commitment's salt (and so the commitment). */
function withoutSalt(events: TableEvent[]): unknown[] {
  return events.map((e) => {
    if (e.type === 'HandStarted') return { ...e, deckCommitment: 'salted' };
    // A hand still being played keeps its deck sealed: only its hand number can be compared.
    if (e.type === 'DeckSealed') return { type: e.type, handNumber: e.handNumber };
    if (e.type === 'DeckRevealed') return { ...e, salt: 'salt' };
    return e;
  });
}

function commitmentOf(events: TableEvent[], handNumber: number): string | undefined {
  const revealed = events.find((e) => e.type === 'DeckRevealed' && e.handNumber === handNumber) as
    Extract<TableEvent, { type: 'DeckRevealed' }> | undefined;
  return revealed ? deckCommitment(revealed.salt, revealed.deck) : undefined;
}

function playableOverHttp() {
  return exampleScripts().filter((s) => !s.script.commands.some((entry) => typeof entry === 'object' && entry !== null && 'at' in entry));
}

/**
 * A deck table's script on a training table (its rules changes too): the scripts choose their decks (seeds, hole
 * cards), which only a training table takes through the API; the runner plays the same rules.
 */
function asTraining(script: TableScript): TableScript {
  if (script.rules.cardSource === 'live') return script;
  const training = <T extends object>(rules: T): T => ({ ...rules, deckSource: 'training' });
  return {
    ...script,
    rules: training(script.rules),
    commands: script.commands.map((c) =>
      c.type === 'ChangeRules' ? { ...c, rules: training((c as unknown as { rules: object }).rules) } : c,
    ) as TableScript['commands'],
  };
}
