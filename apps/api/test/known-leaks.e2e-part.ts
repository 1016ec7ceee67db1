import type { AddressInfo } from 'node:net';
import type { TableState } from '@felt/engine';
import { Queue } from 'bullmq';
import { openDatabase, type Database } from '@felt/event-store';
import { BullmqPublisher } from '../../worker/src/relay/event-publisher';
import { queueName } from '../../worker/src/relay/shards';
import { SHARED_REDIS_URL, obliterateShards, uniquePrefix } from '../../worker/test-support/redis';
import { READ_MODELS, ProjectionRunner } from '@felt/read-models';
import { runUntilIdle } from '../../../libs/read-models/test-support/run-until-idle';
import { eventually } from '../../../libs/event-store/test-support/eventually';
import { LIVE_LIMITS, REVOKED_CLOSE_CODE, TOO_MANY_CONNECTIONS_CLOSE_CODE } from '../src/live/live-limits';
import { streamIdOf } from '../src/tables/table-stream';
import { addTestUser, seedTestUsers, signTestToken } from './test-support/auth';
import { LiveClient, type LiveMessage } from './test-support/live-client';
import { handTruth, namedIn, type HandTruth } from './test-support/secrets';
import { expectStatus } from './test-support/table-setup';
import { useTestStore } from './test-support/test-databases';
import { assignApproved, postApproved } from './test-support/approvals';
import { startTestApi, type TestApi } from './test-support/test-api';

/**
 * The leaks issue 15 found on the old main, each tried again as an insider would: the floor's token on the
 * regulator's events before the flop, the dealer on /live, the BullMQ payload before the flop, the table_views
 * row, and sockets that kept their cards after a revocation (unassigned, disabled by another process as
 * `felt users disable` does, moved to another role). Also /live's caps and its anonymous feed without staff ids.
 */
describe('known leaks, tried again (postgres)', () => {
  let api: TestApi;
  let baseUrl: string;
  const clients: LiveClient[] = [];
  const database = useTestStore('postgres', {
    beforeDispose: async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await api?.close();
    },
  });
  const connect = async (token?: string) => {
    const client = await LiveClient.connect(baseUrl, token);
    clients.push(client);
    return client;
  };

  /** Opens a table of three, assigns `dealerId`, starts a hand from a seed (the deck sealed in DeckSealed) and posts the blinds: the hole cards are dealt, the flop is not. */
  async function preflopTable(tableId: string, dealerId: string, rules: object = {}): Promise<HandTruth> {
    await expectStatus(
      postApproved(api, '/tables', { tableId, rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, ...rules } }),
      201,
    );
    for (const seat of [1, 2, 3])
      await expectStatus(api.http.post(`/tables/${tableId}/seat-player`).send({ seat, playerId: `${tableId}-p${seat}`, buyIn: 100 }), 201);
    await expectStatus(api.http.post(`/tables/${tableId}/place-button`).send({ seat: 1 }), 201);
    await expectStatus(assignApproved(api, tableId, dealerId), 200);
    await expectStatus(api.http.post(`/tables/${tableId}/start-hand`).send({}), 201);
    await expectStatus(api.http.post(`/tables/${tableId}/post-blind`).send({ seat: 2 }), 201);
    await expectStatus(api.http.post(`/tables/${tableId}/post-blind`).send({ seat: 3 }), 201);
    // The store holds the deck sealed (DeckSealed, encrypted): the folded state is where the whole deck is known.
    const folded = (await api.tables.current(streamIdOf(tableId))).state as TableState;
    const truth = await handTruth(api.store, tableId, []);
    // The secrets before the flop: every hole card and every undealt card.
    return { ...truth, deck: namedDeck([...folded.hand!.deck]) };
  }

  function namedDeck(deck: number[]): string[] {
    return [...namedIn({ deck }).cards];
  }

  /** Every secret card of a hand before the flop: no card but the board is visible (there is none). */
  function expectNothingSecret(where: string, body: unknown, truth: HandTruth): void {
    const named = namedIn(body);
    const leaked = [...named.cards].filter((c) => truth.deck.includes(c) || [...truth.hole.values()].flat().includes(c));
    expect({ where, leaked, seeds: named.seeds }).toEqual({ where, leaked: [], seeds: [] });
  }

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await seedTestUsers(database.db, [
      { sub: 'display-cap', role: 'service' },
      { sub: 'display-staff', role: 'service' },
    ]);
    await api.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
  });

  it("gives the floor's token on /regulator/tables/:id/events no hole card, deck or seed during a preflop hand", async () => {
    const dealer = await addTestUser(database.db, 'leak-dealer-1', 'dealer');
    const truth = await preflopTable('leak-floor', dealer.id);
    expect(truth.deck).toHaveLength(52);
    const body = (await api.as('floor').get('/regulator/tables/leak-floor/events?limit=1000').expect(200)).body;
    const dealt = body.events.find((e: { type: string }) => e.type === 'HoleCardsDealt');
    expect(dealt.data.hands.every((h: { cards: unknown }) => h.cards === null)).toBe(true);
    const started = body.events.find((e: { type: string }) => e.type === 'HandStarted');
    expect(started.data).not.toHaveProperty('deck');
    expect(started.data.shuffle).toEqual({ kind: 'seeded', prng: 'hmac-drbg-sha256-fisher-yates' });
    expectNothingSecret('floor on regulator events', body, truth);
  });

  it('gives the assigned dealer of a table without dealerSeesHoleCards no hole card on /live, in events or the table', async () => {
    const dealer = await addTestUser(database.db, 'leak-dealer-2', 'dealer');
    await expectStatus(
      api.http.post('/tables').send({ tableId: 'leak-live', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } }),
      201,
    );
    const client = await connect(signTestToken('dealer', { sub: dealer.id, name: dealer.name }));
    client.subscribe('leak-live', 0);
    await client.tableAt('leak-live', 1);
    for (const seat of [1, 2, 3])
      await expectStatus(api.http.post(`/tables/leak-live/seat-player`).send({ seat, playerId: `lv-p${seat}`, buyIn: 100 }), 201);
    await expectStatus(api.http.post(`/tables/leak-live/place-button`).send({ seat: 1 }), 201);
    await expectStatus(api.http.put(`/tables/leak-live/dealers/${dealer.id}`), 200);
    await expectStatus(api.http.post(`/tables/leak-live/start-hand`).send({}), 201);
    await expectStatus(api.http.post(`/tables/leak-live/post-blind`).send({ seat: 2 }), 201);
    const last = (await expectStatus(api.http.post(`/tables/leak-live/post-blind`).send({ seat: 3 }), 201)).body.version;
    const table = await client.tableAt('leak-live', last);
    expect(table.view.hand.players.map((p: { holeCards: unknown }) => p.holeCards)).toEqual([null, null, null]);
    const dealt = client.messages
      .flatMap((m) => (m.type === 'events' ? m.events : []))
      .find((e: { type: string }) => e.type === 'HoleCardsDealt');
    expect(dealt.data.hands.map((h: { cards: unknown }) => h.cards)).toEqual([null, null, null]);
    const truth = await handTruth(api.store, 'leak-live', []);
    expectNothingSecret('dealer on /live', client.messages, { ...truth, deck: [...truth.hole.values()].flat() });
  });

  it('publishes no hole card, deck or seed to BullMQ before the flop', async () => {
    const dealer = await addTestUser(database.db, 'leak-dealer-3', 'dealer');
    const truth = await preflopTable('leak-queue', dealer.id);
    const prefix = uniquePrefix();
    const publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: 1, prefix });
    const url = new URL(SHARED_REDIS_URL);
    const queue = new Queue(queueName(0), { connection: { host: url.hostname, port: Number(url.port) }, prefix });
    try {
      const events = await api.store.readStream(streamIdOf('leak-queue'));
      await publisher.publish(events);
      const jobs = await queue.getJobs(['waiting', 'wait', 'prioritized', 'delayed', 'active', 'completed']);
      expect(jobs).toHaveLength(events.length);
      const dealt = jobs.find((j) => j.name === 'HoleCardsDealt')!;
      expect(dealt.data.data).toEqual({
        hands: [
          { seat: 2, cards: null },
          { seat: 3, cards: null },
          { seat: 1, cards: null },
        ],
      });
      expectNothingSecret(
        'BullMQ jobs',
        jobs.map((j) => j.data),
        truth,
      );
    } finally {
      await queue.close();
      await publisher.close();
      await obliterateShards(SHARED_REDIS_URL, prefix, 1);
    }
  });

  it('keeps no hole card, deck or seed in the table_views and hand_histories rows during a hand', async () => {
    const dealer = await addTestUser(database.db, 'leak-dealer-4', 'dealer');
    const truth = await preflopTable('leak-rows', dealer.id);
    for (const model of READ_MODELS) await runUntilIdle(new ProjectionRunner(api.store, model, { batchSize: 7 }));
    const { rows } = await database.db.query(`SELECT view, engine FROM table_views WHERE table_id = 'leak-rows'`);
    expect(rows).toHaveLength(1);
    expect((rows[0] as { engine: { hand: { deck: unknown[] } } }).engine.hand.deck).toEqual([]);
    expectNothingSecret('table_views row', rows, truth);
    const hands = await database.db.query(`SELECT record FROM hand_histories WHERE table_id = 'leak-rows'`);
    expect(hands.rows).toHaveLength(1);
    expectNothingSecret('hand_histories row', hands.rows, truth);
  });

  describe('revocation reaches open sockets', () => {
    /** A table whose dealer console shows the hole cards, with a hand dealt; the dealer subscribed and seeing them. */
    async function dealerWatching(tableId: string, name: string) {
      const dealer = await addTestUser(database.db, name, 'dealer');
      await preflopTable(tableId, dealer.id, { dealerSeesHoleCards: true });
      const client = await connect(signTestToken('dealer', { sub: dealer.id, name: dealer.name }));
      client.subscribe(tableId);
      const first = await client.waitFor((m) => m.type === 'table' && m.tableId === tableId);
      expect(first.view.hand.players.every((p: { holeCards: unknown }) => typeof p.holeCards === 'string')).toBe(true);
      return { dealer, client };
    }

    /** Another process's connection to the same database (as `felt users disable` has). */
    async function otherProcess<T>(work: (db: Database) => Promise<T>): Promise<T> {
      const other = await openDatabase({ databaseUrl: database.url });
      try {
        return await work(other);
      } finally {
        await other.close();
      }
    }

    it('a dealer unassigned loses the hole cards on the open socket: an access message, then the table without them', async () => {
      const { dealer, client } = await dealerWatching('revoke-assign', 'revoke-dealer-1');
      const from = client.messages.length;
      const startedAt = Date.now();
      await api.http.delete(`/tables/revoke-assign/dealers/${dealer.id}`).expect(200);
      const access = await client.waitFor((m) => m.type === 'access', from);
      expect(access).toMatchObject({ tableId: 'revoke-assign', detail: expect.stringContaining('changed') });
      const after = await client.waitFor((m) => m.type === 'table', client.messages.indexOf(access));
      console.log(`unassigned dealer's socket lost the hole cards ${Date.now() - startedAt} ms after the DELETE`);
      expect(after.view.hand.players.map((p: { holeCards: unknown }) => p.holeCards)).toEqual([null, null, null]);
      // The next change comes as the public sees it.
      const version = (await expectStatus(api.http.post('/tables/revoke-assign/commands').send({ type: 'Call', seat: 1 }), 201)).body
        .version;
      const next = await client.tableAt('revoke-assign', version);
      expect(next.view.hand.players.map((p: { holeCards: unknown }) => p.holeCards)).toEqual([null, null, null]);
      // Assigned again (a second floor supervisor approves: the table shows its dealer hole cards): the cards come back on the same socket.
      await expectStatus(assignApproved(api, 'revoke-assign', dealer.id), 200);
      const again = await client.waitFor(
        (m) => m.type === 'table' && m.view.hand.players.every((p: { holeCards: unknown }) => typeof p.holeCards === 'string'),
        client.messages.indexOf(next),
      );
      expect(again.version).toBe(version);
    });

    it('a user disabled by another process (felt users disable) is closed with REVOKED', async () => {
      const { dealer, client } = await dealerWatching('revoke-disable', 'revoke-dealer-2');
      const startedAt = Date.now();
      await otherProcess((db) => db.query(`UPDATE users SET disabled = true WHERE id = $1`, [dealer.id]));
      const closed = await client.closed;
      console.log(`disabled user's socket closed ${Date.now() - startedAt} ms after the UPDATE`);
      expect(closed).toEqual({ code: REVOKED_CLOSE_CODE, reason: expect.stringMatching(/^REVOKED: user "revoke-dealer-2" is disabled/) });
      expect(client.messages[client.messages.length - 1]).toMatchObject({ type: 'error', code: 'REVOKED' });
    });

    it('a user moved to another role is closed with REVOKED', async () => {
      const { dealer, client } = await dealerWatching('revoke-role', 'revoke-dealer-3');
      await otherProcess((db) => db.query(`UPDATE users SET role = 'service' WHERE id = $1`, [dealer.id]));
      expect(await client.closed).toEqual({ code: REVOKED_CLOSE_CODE, reason: expect.stringContaining('is now service, not dealer') });
    });

    it('a token that expires while its socket is open is closed with REVOKED', async () => {
      const dealer = await addTestUser(database.db, 'revoke-dealer-4', 'dealer');
      const client = await connect(signTestToken('dealer', { sub: dealer.id, name: dealer.name, expiresIn: 5 }));
      await expectStatus(
        api.http.post('/tables').send({ tableId: 'revoke-expiry', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } }),
        201,
      );
      client.subscribe('revoke-expiry');
      await client.waitFor((m) => m.type === 'table');
      expect(await client.closed).toEqual({ code: REVOKED_CLOSE_CODE, reason: expect.stringContaining('expired') });
    });
  });

  it('caps the connections of one user; the anonymous feed carries no staff ids', async () => {
    const dealer = await addTestUser(database.db, 'leak-dealer-5', 'dealer');
    await preflopTable('leak-cap', dealer.id);
    const token = signTestToken('service', { sub: 'display-cap' });
    const open: LiveClient[] = [];
    for (let i = 0; i < LIVE_LIMITS.connectionsPerUser; i++) {
      const client = await connect(token);
      client.subscribe('leak-cap');
      await client.waitFor((m) => m.type === 'table');
      open.push(client);
    }
    const over = await connect(token);
    expect(await over.closed).toEqual({ code: TOO_MANY_CONNECTIONS_CLOSE_CODE, reason: 'TOO_MANY_CONNECTIONS' });
    expect(over.messages).toEqual([
      { type: 'error', code: 'TOO_MANY_CONNECTIONS', detail: expect.stringContaining(`at most ${LIVE_LIMITS.connectionsPerUser}`) },
    ]);
    // One closed: room for another.
    await open[0]!.close();
    const again = await connect(token);
    again.subscribe('leak-cap');
    await eventually(
      async () => again.messages.length,
      (n) => n > 0,
      15000,
    );
    expect(again.messages[0]).toMatchObject({ type: 'table' });

    const anonymous = await connect();
    anonymous.subscribe('leak-cap', 0);
    const events: LiveMessage = await anonymous.waitFor((m) => m.type === 'events');
    expect(events.events.every((e: { metadata: object }) => Object.keys(e.metadata).length === 0)).toBe(true);
    const staff = await connect(signTestToken('service', { sub: 'display-staff' }));
    staff.subscribe('leak-cap', 0);
    const staffEvents = await staff.waitFor((m) => m.type === 'events');
    expect(staffEvents.events[0].metadata).toHaveProperty('actorId');
  });
});
