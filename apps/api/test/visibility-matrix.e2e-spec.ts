import type { AddressInfo } from 'node:net';
import { publicEventData } from '@felt/projections';
import { READ_MODELS, ProjectionRunner } from '@felt/read-models';
import { runUntilIdle } from '../../../libs/read-models/test-support/run-until-idle';
import { TableSnapshots } from '../src/tables/table-snapshots';
import { streamIdOf } from '../src/tables/table-stream';
import { addTestUser, seedTestUsers, signTestToken } from './test-support/auth';
import { LiveClient } from './test-support/live-client';
import { deckWith, handTruth, namedIn, type HandTruth } from './test-support/secrets';
import { expectStatus } from './test-support/table-setup';
import { useTestStore } from './test-support/test-databases';
import { assignApproved, postApproved } from './test-support/approvals';
import { startTestApi, type TestApi } from './test-support/test-api';

/**
 * The whole visibility matrix (docs/security.md), walked: every role × every read path × the phases of a hand
 * (before the flop, after the flop with the turn and river undealt, after a fold-out, after a showdown with a
 * muck; and a bomb pot run twice: its flop at once, a floor correction, the players all in waiting to choose with
 * both runs' turn and river undealt, both boards dealt), on a table whose dealer sees no hole cards and on one whose
 * rules show them to its dealer (`dealerSeesHoleCards`). Beside the table routes, the routes and /live channels that
 * hold no card by design (the room and its public board, users, devices, the audit stream, health, metrics) are
 * read at every phase too, so a card that reached them would show. The test supplies every deck, reads the cards actually dealt from the events table, and
 * asserts that no body names a card (in any form: "AhKd", "Ah", 0..51 under cards/deck, PHH tokens) or a seed the
 * role may not see at that moment. What a role may see is written here on its own, not taken from the code.
 */

/** What a role may see at a table: face-down cards of a hand in progress; every secret of a hand that is over. */
interface Powers {
  readonly liveHoleCards: boolean;
  readonly finishedHands: boolean;
}
const NOTHING: Powers = { liveHoleCards: false, finishedHands: false };

type TableKind = 'plain' | 'reader';

interface Reader {
  readonly name: string;
  readonly powers: (kind: TableKind) => Powers;
  /** HTTP requests as this reader (null: no token). */
  readonly http: (api: TestApi) => ReturnType<TestApi['as']> | null;
  readonly token: () => string | undefined;
  readonly surveillanceApi?: true;
}

/** Cards `powers` may not see now: all but the board, what was shown, and what the matrix grants. */
function secretCards(truth: HandTruth, powers: Powers): Set<string> {
  const visible = new Set([...truth.board, ...truth.secondBoard, ...truth.shown]);
  const seesHole = truth.over ? powers.finishedHands : powers.liveHoleCards;
  if (seesHole) for (const cards of truth.hole.values()) for (const c of cards) visible.add(c);
  if (truth.over && powers.finishedHands) for (const c of truth.deck) visible.add(c);
  return new Set(truth.deck.filter((c) => !visible.has(c)));
}

function expectNoSecret(where: string, body: unknown, truth: HandTruth, powers: Powers): void {
  const named = namedIn(body);
  const leaked = [...named.cards].filter((c) => secretCards(truth, powers).has(c));
  const seeds = truth.over && powers.finishedHands ? [] : named.seeds;
  expect({ where, leaked, seeds }).toEqual({ where, leaked: [], seeds: [] });
}

// Seat 2 is dealt first (button 1): AA for seat 2, so seats 3 and 1 may muck at the showdown.
const DECKS: Record<string, string[]> = {
  fold: deckWith(['Kh', 'Qc', 'Jd', 'Kc', '2h', '3c', '4h', 'Td', '9h', '8c', '5d', '6s', '7d', '6h']),
  show: deckWith(['As', '7c', '8h', 'Ad', '2d', '3s', '4c', 'Kd', '9s', '5h', '6c', 'Jc', '4d', 'Qh']),
  // Hole cards, burn, flop, then both runs' turn and river (a burn before each): the second run starts at card 15.
  twice: deckWith(['Ks', 'Tc', 'Qd', 'Kh', '9c', 'Qs', '3d', '2s', '7h', 'Jh', '4s', '8d', '5c', '6d', '3h', 'Ac', '2c', 'Th']),
};

describe('the visibility matrix: every role × every read path × every phase (postgres)', () => {
  let api: TestApi;
  let surveillance: TestApi;
  const urls: Record<'main' | 'surveillance', string> = { main: '', surveillance: '' };
  const clients = new Map<string, LiveClient>();
  const cursors = new Map<string, number>();
  const database = useTestStore('postgres', {
    beforeDispose: async () => {
      await Promise.all([...clients.values()].map((c) => c.close()));
      await surveillance?.close();
      await api?.close();
    },
  });
  let dealerA: { id: string; name: string };
  let dealerB: { id: string; name: string };
  const truths = new Map<string, HandTruth>();
  const kindOf = (tableId: string): TableKind => (tableId.startsWith('reader') ? 'reader' : 'plain');
  const deckOf = (tableId: string) => DECKS[tableId.slice(tableId.indexOf('-') + 1)]!;
  const tableIds = ['plain-fold', 'plain-show', 'plain-twice', 'reader-fold', 'reader-show', 'reader-twice'];

  const readers: Reader[] = [
    { name: 'anonymous', powers: () => NOTHING, http: () => null, token: () => undefined },
    {
      name: 'service',
      powers: () => NOTHING,
      http: (a) => a.as('service', { sub: 'display-1' }),
      token: () => signTestToken('service', { sub: 'display-1' }),
    },
    {
      name: 'dealer not assigned',
      powers: () => NOTHING,
      http: (a) => a.as('dealer', { sub: dealerB.id, name: dealerB.name }),
      token: () => signTestToken('dealer', { sub: dealerB.id, name: dealerB.name }),
    },
    {
      name: 'dealer assigned',
      powers: (kind) => (kind === 'reader' ? { liveHoleCards: true, finishedHands: false } : NOTHING),
      http: (a) => a.as('dealer', { sub: dealerA.id, name: dealerA.name }),
      token: () => signTestToken('dealer', { sub: dealerA.id, name: dealerA.name }),
    },
    {
      name: 'floor',
      powers: () => ({ liveHoleCards: false, finishedHands: true }),
      http: (a) => a.as('floor'),
      token: () => signTestToken('floor'),
    },
    {
      name: 'regulator',
      powers: () => ({ liveHoleCards: false, finishedHands: true }),
      http: (a) => a.as('regulator'),
      token: () => signTestToken('regulator'),
    },
    {
      name: 'regulator with live surveillance',
      powers: () => ({ liveHoleCards: true, finishedHands: true }),
      http: (a) => a.as('regulator'),
      token: () => signTestToken('regulator'),
      surveillanceApi: true,
    },
  ];

  const HTTP_PATHS = (t: string) => [
    '/tables',
    `/tables/${t}`,
    `/tables/${t}/events?limit=1000`,
    `/regulator/tables`,
    `/regulator/tables/${t}/events?limit=1000`,
    `/regulator/tables/${t}/hands?last=10`,
    `/regulator/tables/${t}/export?format=jsonl`,
    `/regulator/tables/${t}/export?format=phh`,
    `/regulator/tables/${t}/export?format=ohh`,
    `/tables/${t}/dealers`,
  ];
  /** Read paths of no table, which hold no card by design: read at every phase all the same. */
  const ROOM_AND_STAFF_PATHS = [
    '/board',
    '/room/games',
    '/room/games/matrix',
    '/users',
    '/devices',
    '/regulator/audit?limit=1000',
    '/regulator/audit/export',
    '/health',
    '/metrics',
  ];

  function bodyOf(res: { text: string; body: unknown; headers: Record<string, string> }): unknown {
    const type = res.headers['content-type'] ?? '';
    if (type.includes('jsonl') || type.includes('ndjson'))
      return res.text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line));
    if (type.includes('json')) return res.body;
    return res.text;
  }

  async function listen(app: TestApi): Promise<string> {
    await app.app.listen(0, '127.0.0.1');
    return `http://127.0.0.1:${(app.app.getHttpServer().address() as AddressInfo).port}`;
  }

  async function refreshTruth(tableId: string): Promise<HandTruth> {
    const truth = await handTruth(api.store, tableId, deckOf(tableId));
    truths.set(tableId, truth);
    return truth;
  }

  /** Every /live message each reader got for `tableId` since the last look, against the truth now. */
  async function checkLive(tableId: string, version: number, truth: HandTruth): Promise<void> {
    for (const reader of readers) {
      const client = clients.get(reader.name)!;
      await client.tableAt(tableId, version);
      const key = `${reader.name}/${tableId}`;
      const fresh = client.messages.slice(cursors.get(key) ?? 0);
      cursors.set(key, client.messages.length);
      expectNoSecret(
        `/live ${reader.name} ${tableId} v${version}`,
        fresh.filter((m) => m.tableId === tableId || m.tableId === undefined),
        truth,
        reader.powers(kindOf(tableId)),
      );
    }
  }

  /** A command of the assigned dealer: its answer and every /live update checked against the truth after it. */
  async function play(tableId: string, command: object): Promise<any> {
    return (await send('dealer assigned', tableId, 'commands', command)).table;
  }

  /** A command by route as `sender` (the assigned dealer or the floor): its answer and /live checked as play's. */
  async function send(sender: 'dealer assigned' | 'floor', tableId: string, route: string, body: object): Promise<any> {
    const agent = sender === 'floor' ? api.as('floor') : api.as('dealer', { sub: dealerA.id, name: dealerA.name });
    const res = await expectStatus(agent.post(`/tables/${tableId}/${route}`).send(body), 201);
    const truth = await refreshTruth(tableId);
    expectNoSecret(
      `201 answer to ${route} ${JSON.stringify(body)} on ${tableId}`,
      res.body,
      truth,
      readers.find((r) => r.name === sender)!.powers(kindOf(tableId)),
    );
    await checkLive(tableId, res.body.version, truth);
    return res.body;
  }

  /** Every HTTP read path, the refusals and error answers included, the read models and the public queue's payloads. */
  async function checkEverything(phase: string, tableId: string): Promise<void> {
    const truth = await refreshTruth(tableId);
    for (const reader of readers) {
      const app = reader.surveillanceApi ? surveillance : api;
      const powers = reader.powers(kindOf(tableId));
      for (const path of [...HTTP_PATHS(tableId), ...ROOM_AND_STAFF_PATHS]) {
        const agent = reader.http(app);
        const res = agent ? await agent.get(path) : await app.anonymous.get(path);
        expect([200, 401, 403]).toContain(res.status);
        expectNoSecret(`${phase}: ${reader.name} GET ${path} (${res.status})`, bodyOf(res), truth, powers);
        if (path === `/tables/${tableId}` && res.status === 200) {
          // And the other way round: whoever may see the hole cards now does see them.
          const seesHole = truth.over ? powers.finishedHands : powers.liveHoleCards;
          const hole = [...truth.hole.values()].flat();
          const named = namedIn(res.body).cards;
          expect({ phase, reader: reader.name, seesHole: hole.every((c) => named.has(c)) }).toEqual({
            phase,
            reader: reader.name,
            seesHole,
          });
        }
      }
      // An illegal command (out of turn, or a role that may not send one): the refusal names no card either.
      const agent = reader.http(app);
      const refused = agent
        ? await agent.post(`/tables/${tableId}/commands`).send({ type: 'Check', seat: 9 })
        : await app.anonymous.post(`/tables/${tableId}/commands`).send({ type: 'Check', seat: 9 });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expectNoSecret(`${phase}: ${reader.name} refused command (${refused.status})`, refused.body, truth, powers);
    }
    // The read models (what a database reader of them sees) and the public queue's payloads: the public's share.
    for (const model of READ_MODELS) await runUntilIdle(new ProjectionRunner(api.store, model, { batchSize: 100 }));
    for (const table of ['table_views', 'hand_histories', 'lobby_tables', 'player_sessions', 'table_ledgers']) {
      const { rows } = await database.db.query(`SELECT * FROM ${table} WHERE table_id = $1`, [tableId]);
      expectNoSecret(`${phase}: read model ${table}`, rows, truth, NOTHING);
    }
    // The API's snapshots (saved after every command here): a table with a hand is stored sealed, so a reader of the
    // table without the seal key learns no card from it.
    await api.app.get(TableSnapshots).flush();
    const { rows: snapshots } = await database.db.query(`SELECT * FROM snapshots WHERE stream_id = $1`, [streamIdOf(tableId)]);
    expect(snapshots).toHaveLength(1);
    expectNoSecret(`${phase}: snapshots`, snapshots, truth, NOTHING);
    const events = await api.store.readStream(streamIdOf(tableId));
    expectNoSecret(
      `${phase}: BullMQ payloads`,
      events.map((e) => publicEventData(e.type, e.data)),
      truth,
      NOTHING,
    );
  }

  beforeAll(async () => {
    api = await startTestApi(database.db, { snapshotEvery: 1 });
    await seedTestUsers(database.db, [{ sub: 'display-1', role: 'service' }]);
    surveillance = await startTestApi(database.db, { liveSurveillance: true });
    urls.main = await listen(api);
    urls.surveillance = await listen(surveillance);
    dealerA = await addTestUser(database.db, 'matrix-dealer-a', 'dealer');
    dealerB = await addTestUser(database.db, 'matrix-dealer-b', 'dealer');
    for (const tableId of tableIds) {
      const houseOptions = tableId.endsWith('twice') ? { houseOptions: { bombPot: { ante: 5 }, runItTwice: true } } : {};
      // Training tables: the test supplies each deck, to know every card it must not find (labelled training, as
      // docs/security.md "Insiders" says; the house tables' refusal of decks is in deck-source.e2e-part.ts).
      const rules = {
        structure: { kind: 'no-limit' },
        smallBlind: 1,
        bigBlind: 2,
        maxSeats: 6,
        deckSource: 'training',
        ...houseOptions,
        ...(kindOf(tableId) === 'reader' ? { dealerSeesHoleCards: true } : {}),
      };
      await expectStatus(postApproved(api, '/tables', { tableId, rules }), 201);
      for (const seat of [1, 2, 3])
        await expectStatus(
          api.http.post(`/tables/${tableId}/seat-player`).send({ seat, playerId: `${tableId}-p${seat}`, buyIn: 100 }),
          201,
        );
      await expectStatus(api.http.post(`/tables/${tableId}/place-button`).send({ seat: 1 }), 201);
      await expectStatus(assignApproved(api, tableId, dealerA.id), 200);
    }
    // A room game with a player listed, so the room, its board and their /live channels have something to show.
    const tableRules = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
    await expectStatus(
      api.http.post('/room/games').send({ gameId: 'matrix', name: '1/2 NLHE', stakes: '1/2', structure: 'no-limit', tableRules }),
      201,
    );
    await expectStatus(api.http.post('/room/games/matrix/commands').send({ type: 'JoinList', playerId: 'card-7001', alias: 'MX' }), 201);
    for (const reader of readers) {
      const client = await LiveClient.connect(reader.surveillanceApi ? urls.surveillance : urls.main, reader.token());
      clients.set(reader.name, client);
      for (const tableId of tableIds) client.subscribe(tableId, 0);
      // The room's channels: the board for anyone, the room for the floor only (others get FORBIDDEN_CHANNEL).
      client.send({ type: 'subscribe', channel: 'board' });
      client.send({ type: 'subscribe', channel: 'room' });
    }
    // The room's channels answered: the board to anyone, the room to the floor only.
    for (const client of clients.values()) await client.waitFor((m) => m.type === 'board');
    await clients.get('floor')!.waitFor((m) => m.type === 'room');
    expect(await clients.get('anonymous')!.waitFor((m) => m.type === 'error')).toMatchObject({ code: 'FORBIDDEN_CHANNEL' });
    const opened = (await api.http.get('/tables/plain-fold').expect(200)).body.version;
    for (const client of clients.values()) for (const tableId of tableIds) await client.tableAt(tableId, opened);
  }, 120_000);

  it.each(['plain', 'reader'] as const)(
    '%s table: before the flop, after the flop (turn and river undealt), after a fold-out',
    async (kind) => {
      const t = `${kind}-fold`;
      await play(t, { type: 'StartHand', deck: DECKS.fold });
      await play(t, { type: 'PostBlind', seat: 2 });
      await play(t, { type: 'PostBlind', seat: 3 });
      const preflop = truths.get(t)!;
      expect([...preflop.hole.values()].flat()).toHaveLength(6);
      expect(preflop.board).toEqual([]);
      await checkEverything('preflop', t);

      await play(t, { type: 'Call', seat: 1 });
      await play(t, { type: 'Call', seat: 2 });
      await play(t, { type: 'Check', seat: 3 });
      expect(truths.get(t)!.board).toHaveLength(3);
      await checkEverything('flop', t);

      await play(t, { type: 'Bet', seat: 2, amount: 4 });
      await play(t, { type: 'Fold', seat: 3 });
      await play(t, { type: 'Fold', seat: 1 });
      const over = truths.get(t)!;
      expect({ over: over.over, shown: over.shown, board: over.board.length }).toEqual({ over: true, shown: [], board: 3 });
      await checkEverything('fold-out', t);
    },
    300_000,
  );

  it.each(['plain', 'reader'] as const)(
    '%s table: after a showdown with a muck',
    async (kind) => {
      const t = `${kind}-show`;
      await play(t, { type: 'StartHand', deck: DECKS.show });
      await play(t, { type: 'PostBlind', seat: 2 });
      await play(t, { type: 'PostBlind', seat: 3 });
      let table = await play(t, { type: 'Call', seat: 1 });
      table = await play(t, { type: 'Call', seat: 2 });
      table = await play(t, { type: 'Check', seat: 3 });
      for (let street = 0; street < 3; street++) for (const seat of [2, 3, 1]) table = await play(t, { type: 'Check', seat });
      for (let steps = 0; table.hand && table.hand.phase !== 'complete' && steps < 10; steps++) {
        const offered = table.legalActions.filter((a: { seat: number | null }) => a.seat === table.toAct);
        // The first to act shows (seat 2's aces); the others muck when they may.
        const prefer = truths.get(t)!.shown.length === 0 ? ['ShowHand', 'MuckHand'] : ['MuckHand', 'ShowHand'];
        const choice = prefer.map((type) => offered.find((a: { type: string }) => a.type === type)).find(Boolean);
        table = await play(t, { type: choice.type, seat: choice.seat });
      }
      const over = truths.get(t)!;
      expect(over.over).toBe(true);
      expect(over.shown).toEqual(['As', 'Ad']);
      // Seats 3 and 1 mucked: their cards are the secrets left.
      expect([...secretCards(over, NOTHING)]).toEqual(expect.arrayContaining(['7c', '2d', '8h', '3s']));
      await checkEverything('showdown', t);
    },
    300_000,
  );

  it.each(['plain', 'reader'] as const)(
    '%s table: a bomb pot (its flop at once), a floor correction, all in waiting to run it twice, both boards dealt',
    async (kind) => {
      const t = `${kind}-twice`;
      await send('floor', t, 'call-bomb-pot', {});
      await play(t, { type: 'StartHand', deck: DECKS.twice });
      for (const seat of [2, 3, 1]) await play(t, { type: 'PostBlind', seat, blind: 'bomb-pot' });
      const flop = truths.get(t)!;
      expect({ hole: [...flop.hole.values()].flat().length, board: flop.board }).toEqual({ hole: 6, board: ['2s', '7h', 'Jh'] });
      await checkEverything('bomb pot flop', t);

      // Seat 3's check was keyed by mistake: the floor backs up to seat 2's (the hand state before it, deck and all,
      // is what the engine restores; no read path may show that chain).
      const checked = await play(t, { type: 'Check', seat: 2 });
      expect(checked.toAct).toBe(3);
      const mistaken = (await send('dealer assigned', t, 'commands', { type: 'Check', seat: 3 })).events[0].version;
      const corrected = await send('floor', t, 'correct-action', { backTo: mistaken - 1, reason: 'seat 2 meant to bet' });
      expect(corrected.events.map((e: { type: string }) => e.type)).toEqual(['ActionCorrected']);
      expect(corrected.table.toAct).toBe(2);
      await checkEverything('after a correction', t);

      const bet = (await send('dealer assigned', t, 'commands', { type: 'Bet', seat: 2, amount: 95 })).events[0].version;
      await play(t, { type: 'Fold', seat: 3 });
      const waiting = await play(t, { type: 'Call', seat: 1 });
      expect(waiting.legalActions).toEqual([
        { type: 'RunItTwice', seat: null, seats: [1, 2] },
        { type: 'RunItOnce', seat: null },
      ]);
      const allIn = truths.get(t)!;
      // Seats 1 and 2 are tabled; seat 3 folded unseen; both runs' turn and river are still in the deck.
      expect({ shown: [...allIn.shown].sort(), board: allIn.board.length, second: allIn.secondBoard, over: allIn.over }).toEqual({
        shown: ['Kh', 'Ks', 'Qd', 'Qs'],
        board: 3,
        second: [],
        over: false,
      });
      expect([...secretCards(allIn, NOTHING)]).toEqual(expect.arrayContaining(['Tc', '9c', '8d', '6d', 'Ac', 'Th']));
      await checkEverything('all in, waiting to run it twice', t);

      // The new commands' refusals at this moment name seats and rules, never a card, and write nothing.
      const head = (await api.http.get(`/tables/${t}`).expect(200)).body.version;
      const dealerAgent = () => api.as('dealer', { sub: dealerA.id, name: dealerA.name });
      const refusals = [
        {
          who: 'dealer assigned',
          res: await dealerAgent()
            .post(`/tables/${t}/run-it-twice`)
            .send({ consents: [{ seat: 1, by: 'p1' }] }),
          code: 'CONSENT_MISSING',
        },
        { who: 'dealer assigned', res: await dealerAgent().post(`/tables/${t}/call-bomb-pot`).send({}), code: 'FORBIDDEN_ROLE' },
        {
          who: 'floor',
          res: await api.as('floor').post(`/tables/${t}/correct-action`).send({ backTo: bet, reason: 'too late' }),
          code: 'CORRECTION_PAST_CARDS',
        },
        { who: 'floor', res: await api.as('floor').post(`/tables/${t}/call-bomb-pot`).send({}), code: 'HAND_IN_PROGRESS' },
      ] as const;
      for (const { who, res, code } of refusals) {
        expect({ who, code: res.body.code }).toEqual({ who, code });
        expectNoSecret(`refused ${code} to ${who}`, res.body, allIn, readers.find((r) => r.name === who)!.powers(kindOf(t)));
      }
      expect((await api.http.get(`/tables/${t}`).expect(200)).body.version).toBe(head);

      const ran = await send('dealer assigned', t, 'run-it-twice', {
        consents: [
          { seat: 1, by: 'p1' },
          { seat: 2, by: 'p2' },
        ],
      });
      const types = ran.events.map((e: { type: string }) => e.type);
      // Both runs, then the hand's end, and only then the deck revealed.
      expect(types.filter((type: string) => type === 'SecondBoardDealt')).toHaveLength(2);
      expect(types.indexOf('DeckRevealed')).toBe(types.indexOf('HandEnded') + 1);
      const over = truths.get(t)!;
      expect({ over: over.over, board: over.board, second: over.secondBoard }).toEqual({
        over: true,
        board: ['2s', '7h', 'Jh', '8d', '6d'],
        second: ['Ac', 'Th'],
      });
      // Seat 3's folded cards stay secret from the public after the hand.
      expect([...secretCards(over, NOTHING)]).toEqual(expect.arrayContaining(['Tc', '9c']));
      await checkEverything('after both runs', t);
    },
    300_000,
  );
});
