import type { AddressInfo } from 'node:net';
import { mulberry32 } from '@felt/engine';
import { EventStore, openDatabase, type Database } from '@felt/event-store';
import { streamIdOf, toNewEvent } from '../src/tables/table-stream';
import { eventually } from '../../../libs/event-store/test-support/eventually';
import { LiveFeed } from '../src/live/live-feed';
import { openedForTest } from './test-support/secrets';
import { LiveClient, type LiveMessage } from './test-support/live-client';
import { ApiProcess, ensureBuilt } from './test-support/api-process';
import { addTestUser, authHeaders, signTestToken } from './test-support/auth';
import { JsonHttpClient } from './test-support/http-client';
import { appendRandomHistory } from './test-support/long-history';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { nextCommand } from './test-support/table-player';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';

/** The API listening on a real port (the WebSocket needs one), and its base URL. */
async function listening(api: TestApi): Promise<string> {
  await api.app.listen(0, '127.0.0.1');
  const { port } = api.app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** Where a bot sends its commands: the in-process API (supertest) or another API process (a JSON client). */
type Http = Pick<JsonHttpClient, 'get' | 'post'>;

function httpOf(api: TestApi): Http {
  return { get: async (path) => api.http.get(path), post: async (path, body) => api.http.post(path).send(body as object) };
}

/** Plays `count` random legal commands on the table through HTTP; returns the table's version after the last. */
async function play(api: TestApi | Http, tableId: string, count: number, seed: number): Promise<number> {
  const http = 'app' in api ? httpOf(api) : api;
  const random = mulberry32(seed);
  let view = (await expectStatus(http.get(`/tables/${tableId}`), 200)).body;
  for (let i = 0; i < count; i++)
    view = (await expectStatus(http.post(`/tables/${tableId}/commands`, nextCommand(view, random)), 201)).body.table;
  return view.version;
}

/** Plays until the next hand's hole cards are dealt (start, blinds, deal); returns the version. */
async function playToTheDeal(api: TestApi, tableId: string): Promise<number> {
  const random = mulberry32(11);
  let view = (await expectStatus(api.http.get(`/tables/${tableId}`), 200)).body;
  const dealt = () => view.hand !== null && view.hand.phase === 'betting';
  view = (await expectStatus(api.http.post(`/tables/${tableId}/start-hand`).send({}), 201)).body.table;
  while (!dealt())
    view = (await expectStatus(api.http.post(`/tables/${tableId}/commands`).send(nextCommand(view, random)), 201)).body.table;
  return view.version;
}

/** Each `events` message of the table is followed by its `table` message at the events' last version. */
function expectEventsThenTable(messages: readonly LiveMessage[], tableId: string): void {
  const mine = messages.filter((m) => m.tableId === tableId);
  mine.forEach((m, i) => {
    if (m.type !== 'events') return;
    expect(m.events.map((e: { version: number }) => e.version)).toEqual(range(m.fromVersion, m.toVersion));
    const next = mine.slice(i + 1).find((n) => n.type === 'table' || (n.type === 'events' && n.fromVersion !== m.toVersion + 1));
    expect(next).toMatchObject({ type: 'table' });
  });
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

describe.each(APP_BACKENDS)('live table updates over WebSocket (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let baseUrl: string;
  const clients: LiveClient[] = [];
  const connect = async (token?: string) => {
    const client = await LiveClient.connect(baseUrl, token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    api = await startTestApi(database.db);
    baseUrl = await listening(api);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });

  it('sends the table on subscribe, then every change in order: events (as GET /events shows them) and the table after them', async () => {
    await openTableWithPlayers(api, 'order-1', 4);
    const opened = (await api.http.get('/tables/order-1').expect(200)).body;
    const console1 = await connect(signTestToken('service'));
    console1.subscribe('order-1');
    const first = await console1.tableAt('order-1', opened.version);
    expect(first).toEqual({ type: 'table', tableId: 'order-1', version: opened.version, view: opened });
    expect(console1.messages).toHaveLength(1);

    const last = await play(api, 'order-1', 40, 1);
    const final = await console1.tableAt('order-1', last);
    expect(final.version).toBe(last);
    expect(console1.eventVersions('order-1')).toEqual(range(opened.version + 1, last));
    expectEventsThenTable(console1.messages, 'order-1');
    // The same events GET /tables/:id/events pages out to the same token (a service: the public's share).
    const service = api.as('service');
    const paged = (await service.get(`/tables/order-1/events?fromVersion=${opened.version + 1}&limit=1000`).expect(200)).body.events;
    expect(console1.messages.filter((m) => m.type === 'events').flatMap((m) => m.events)).toEqual(paged);
    expect(final.view).toEqual((await service.get('/tables/order-1').expect(200)).body);
  });

  it('a console that reconnects with afterVersion gets what it missed and then the live changes: no gap, no duplicate', async () => {
    await openTableWithPlayers(api, 'reconnect-1', 6);
    const start = (await api.http.get('/tables/reconnect-1').expect(200)).body.version;
    const watcher = await connect();
    watcher.subscribe('reconnect-1');
    await watcher.tableAt('reconnect-1', start);
    // Another client keeps playing the whole time.
    const playing = play(api, 'reconnect-1', 120, 2);
    const seenBefore = await watcher.tableAt('reconnect-1', start + 10);
    await watcher.close();
    const before = watcher.eventVersions('reconnect-1');
    const lastSeen = watcher.messages.filter((m) => m.type === 'table').at(-1)!.version as number;
    expect(lastSeen).toBeGreaterThanOrEqual(seenBefore.version);

    // Some changes go by unseen before it reconnects.
    await eventually(
      async () => (await api.http.get('/tables/reconnect-1').expect(200)).body.version as number,
      (version) => version >= lastSeen + 3,
    );
    const again = await connect();
    again.subscribe('reconnect-1', lastSeen);
    const last = await playing;
    await again.tableAt('reconnect-1', last);
    const after = again.eventVersions('reconnect-1');
    expect([...before, ...after]).toEqual(range(start + 1, last));
    expectEventsThenTable(again.messages, 'reconnect-1');
    expect(again.messages.at(-1)).toMatchObject({ type: 'table', version: last });
  });

  it('keeps two tables apart on one connection, and unsubscribe stops one of them', async () => {
    await openTableWithPlayers(api, 'apart-a', 3);
    await openTableWithPlayers(api, 'apart-b', 3);
    const client = await connect();
    client.subscribe('apart-a');
    client.subscribe('apart-b', 0);
    const subscribedA = (await client.tableAt('apart-a', 1)).version;
    const lastA = await play(api, 'apart-a', 15, 3);
    const lastB = await play(api, 'apart-b', 15, 4);
    await client.tableAt('apart-a', lastA);
    await client.tableAt('apart-b', lastB);
    const streamA = await api.store.readStream(streamIdOf('apart-a'));
    const streamB = await api.store.readStream(streamIdOf('apart-b'));
    const idsOf = (tableId: string) =>
      client.messages
        .filter((m) => m.type === 'events' && m.tableId === tableId)
        .flatMap((m) => m.events.map((e: { eventId: string }) => e.eventId));
    expect(idsOf('apart-b')).toEqual(streamB.map((e) => e.eventId));
    expect(idsOf('apart-a')).toEqual(streamA.slice(subscribedA).map((e) => e.eventId));

    client.send({ type: 'unsubscribe', tableId: 'apart-a' });
    client.subscribe('apart-b'); // answered after the unsubscribe: a marker that it was handled
    const marker = client.messages.length;
    await client.tableAt('apart-b', lastB, marker);
    const lastB2 = await play(api, 'apart-b', 3, 5);
    await play(api, 'apart-a', 3, 6);
    await client.tableAt('apart-b', lastB2, marker);
    const sinceMarker = client.messages.slice(marker);
    expect(sinceMarker.filter((m) => m.tableId === 'apart-a')).toEqual([]);
    // Subscribing to apart-b again replaced the first subscription (no second copy of each change).
    expect(sinceMarker.filter((m) => m.type === 'events').flatMap((m) => m.events.map((e: { version: number }) => e.version))).toEqual(
      range(lastB + 1, lastB2),
    );
  });

  it('answers malformed messages with INVALID_MESSAGE and keeps the connection', async () => {
    await openTableWithPlayers(api, 'malformed-1', 2);
    const version = (await api.http.get('/tables/malformed-1').expect(200)).body.version;
    const client = await connect();
    const bad: unknown[] = [
      'not json',
      '[1,2]',
      'null',
      { type: 'dance', tableId: 'malformed-1' },
      { tableId: 'malformed-1' },
      { type: 'subscribe' },
      { type: 'subscribe', tableId: 'no spaces allowed' },
      { type: 'subscribe', tableId: 'malformed-1', afterVersion: -1 },
      { type: 'subscribe', tableId: 'malformed-1', afterVersion: 1.5 },
      { type: 'subscribe', tableId: 'malformed-1', afterVersion: '3' },
      { type: 'subscribe', tableId: 'malformed-1', extra: true },
      { type: 'unsubscribe' },
      { type: 'subscribe', tableId: 'malformed-1', afterVersion: version + 1 },
    ];
    for (const message of bad) client.send(message);
    client.socket.send(Buffer.from('{"type":"subscribe","tableId":"malformed-1"}'), { binary: true });
    const errors = await Promise.all(
      range(1, bad.length + 1).map((n) => client.waitFor(() => client.messages.length >= n).then(() => client.messages[n - 1]!)),
    );
    for (const error of errors) {
      expect(error).toMatchObject({ type: 'error', code: 'INVALID_MESSAGE' });
      expect(typeof error.detail).toBe('string');
    }
    expect(errors[7]!.detail).toContain('afterVersion');
    expect(errors[12]).toMatchObject({ tableId: 'malformed-1', detail: expect.stringContaining(`last version, ${version}`) });

    client.subscribe('malformed-1');
    expect(await client.tableAt('malformed-1', version)).toMatchObject({ version });
  });

  it('closes a connection that sends a message over 4 KiB (code 1009), without answering it', async () => {
    const client = await connect();
    client.send({ type: 'subscribe', tableId: 'malformed-1', padding: 'x'.repeat(5000) });
    expect((await client.closed).code).toBe(1009);
    expect(client.messages).toEqual([]);
  });

  it('answers a subscription to an unknown table with TABLE_NOT_FOUND and follows the table once it exists', async () => {
    const client = await connect();
    client.subscribe('not-yet-1');
    expect(await client.waitFor((m) => m.type === 'error')).toEqual({
      type: 'error',
      code: 'TABLE_NOT_FOUND',
      detail: expect.any(String),
      tableId: 'not-yet-1',
    });
    await openTableWithPlayers(api, 'not-yet-1', 2);
    const version = (await api.http.get('/tables/not-yet-1').expect(200)).body.version;
    client.subscribe('not-yet-1', 0);
    await client.tableAt('not-yet-1', version);
    expect(client.eventVersions('not-yet-1')).toEqual(range(1, version));
  });

  it('never shows a public console the hole cards, the deck or the seed', async () => {
    await openTableWithPlayers(api, 'secret-1', 4);
    const client = await connect();
    client.subscribe('secret-1', 0);
    const dealtAt = await playToTheDeal(api, 'secret-1');
    await client.tableAt('secret-1', dealtAt);

    const stored = await api.store.readStream(streamIdOf('secret-1'));
    const dealt = openedForTest(stored.find((e) => e.type === 'HoleCardsDealt')!).data as { hands: { seat: number; cards: unknown[] }[] };
    expect(dealt.hands.length).toBe(4);
    const received = client.messages.filter((m) => m.type === 'events').flatMap((m) => m.events);
    const started = received.find((e: { type: string }) => e.type === 'HandStarted');
    expect(started.data).not.toHaveProperty('deck');
    expect(started.data.shuffle).toEqual({ kind: 'seeded', prng: 'hmac-drbg-sha256-fisher-yates' });
    expect(started.data).toHaveProperty('deckCommitment');
    expect(received.find((e: { type: string }) => e.type === 'HoleCardsDealt').data.hands).toEqual(
      dealt.hands.map((h) => ({ seat: h.seat, cards: null })),
    );
    for (const table of client.messages.filter((m) => m.type === 'table' && m.view.hand)) {
      for (const player of table.view.hand.players) expect(player.holeCards === null || player.holeCards === '').toBe(true);
    }
    // Nothing of the dealt cards anywhere in what the console received (the cards as stored, and as the view writes them).
    const text = JSON.stringify(client.messages);
    for (const hand of dealt.hands) expect(text).not.toContain(JSON.stringify(hand.cards));
  });

  it('shows the hole cards of a hand in progress to nobody by default (docs/security.md), as GET /tables/:id does', async () => {
    const dealer = await addTestUser(database.db, 'live-dana', 'dealer');
    const otherDealer = await addTestUser(database.db, 'live-dmitri', 'dealer');
    await openTableWithPlayers(api, 'cards-1', 3);
    await api.http.put(`/tables/cards-1/dealers/${dealer.id}`).expect(200);
    const tokens = {
      regulator: signTestToken('regulator'),
      assignedDealer: signTestToken('dealer', { sub: dealer.id, name: dealer.name }),
      otherDealer: signTestToken('dealer', { sub: otherDealer.id, name: otherDealer.name }),
      floor: signTestToken('floor'),
      service: signTestToken('service'),
    };
    const watchers = Object.fromEntries(
      await Promise.all(Object.entries(tokens).map(async ([who, token]) => [who, await connect(token)] as const)),
    );
    for (const client of Object.values(watchers)) client.subscribe('cards-1', 0);
    const dealtAt = await playToTheDeal(api, 'cards-1');
    for (const [who, client] of Object.entries(watchers)) {
      const table = await client.tableAt('cards-1', dealtAt);
      const cards = table.view.hand.players.map((p: { holeCards: string | null }) => p.holeCards);
      const dealt = client.messages
        .filter((m) => m.type === 'events')
        .flatMap((m) => m.events)
        .find((e: { type: string }) => e.type === 'HoleCardsDealt');
      // The table's rules do not set dealerSeesHoleCards and live surveillance is off (the matrix test walks the rest).
      const seesCards = false;
      expect({ who, cardsShown: cards.every((c: string | null) => typeof c === 'string' && c.length === 4) }).toEqual({
        who,
        cardsShown: seesCards,
      });
      expect({ who, cardsHidden: cards.every((c: string | null) => c === null) }).toEqual({ who, cardsHidden: !seesCards });
      expect({ who, dealtCardsShown: dealt.data.hands.every((h: { cards: unknown }) => Array.isArray(h.cards)) }).toEqual({
        who,
        dealtCardsShown: seesCards,
      });
      // The same body GET /tables/:id gives that token.
      const viaHttp = (
        await api.anonymous
          .get('/tables/cards-1')
          .set('Authorization', `Bearer ${tokens[who as keyof typeof tokens]}`)
          .expect(200)
      ).body;
      expect(table.view).toEqual(viaHttp);
    }
  });

  it('refuses a forged or expired token with UNAUTHENTICATED and closes the connection; no token is the public', async () => {
    await openTableWithPlayers(api, 'tokens-1', 2);
    for (const token of [
      signTestToken('regulator', { secret: 'not-the-secret-of-this-server-0123456789' }),
      signTestToken('regulator', { expiresIn: -60 }),
      'not.a.jwt',
    ]) {
      const client = await connect(token);
      client.subscribe('tokens-1');
      expect(await client.waitFor((m) => m.type === 'error')).toEqual({
        type: 'error',
        code: 'UNAUTHENTICATED',
        detail: expect.stringContaining('not valid'),
      });
      expect(await client.closed).toEqual({ code: 1008, reason: 'UNAUTHENTICATED' });
      expect(client.messages).toHaveLength(1);
    }
    const anonymous = await connect();
    anonymous.subscribe('tokens-1');
    expect(await anonymous.waitFor((m) => m.type === 'table')).toMatchObject({ tableId: 'tokens-1' });
  });

  it('brings a change appended straight through EventStore.append (as another process would) to the subscriber', async () => {
    await openTableWithPlayers(api, 'elsewhere-1', 2);
    const version = (await api.http.get('/tables/elsewhere-1').expect(200)).body.version;
    const client = await connect();
    client.subscribe('elsewhere-1');
    const before = await client.tableAt('elsewhere-1', version);
    // PostgreSQL: a second connection pool, as another process has; PGlite has one connection, so the same database.
    const other: Database = backend === 'postgres' ? await openDatabase({ databaseUrl: database.url }) : database.db;
    try {
      const appended = await new EventStore(other).append(streamIdOf('elsewhere-1'), {
        expectedVersion: version,
        events: [toNewEvent({ type: 'ChipsAdded', seat: 2, amount: 25 })],
        commandId: 'elsewhere-1-chips',
      });
      expect(appended.ok).toBe(true);
    } finally {
      if (other !== database.db) await other.close();
    }
    const changed = await client.tableAt('elsewhere-1', version + 1);
    const events = client.messages.find((m) => m.type === 'events' && m.tableId === 'elsewhere-1')!;
    expect(events).toMatchObject({
      fromVersion: version + 1,
      toVersion: version + 1,
      events: [{ type: 'ChipsAdded', data: { seat: 2, amount: 25 } }],
    });
    const stack = (view: any) => view.seats.find((s: { seat: number }) => s.seat === 2).stack;
    expect(stack(changed.view)).toBe(stack(before.view) + 25);
  });

  it('drops a console that stops reading (close 1013, SLOW_CONSUMER) instead of queueing for it; it resumes with afterVersion', async () => {
    const last = await appendRandomHistory(api.store, 'slow-1', 5000, 3);
    const feed = api.app.get(LiveFeed);
    const droppedBefore = feed.slowConsumersDropped;
    const client = await connect();
    client.socket.pause(); // a console that stops reading: the kernel's buffers fill, then the server's
    // Each subscribe from 0 sends the whole history again (replacing the previous subscription): far more than fits.
    for (let i = 0; i < 25; i++) client.subscribe('slow-1', 0);
    await eventually(
      async () => feed.slowConsumersDropped,
      (n) => n > droppedBefore,
      60000,
    );
    client.socket.resume();
    expect(await client.closed).toEqual({ code: 1013, reason: expect.stringContaining('SLOW_CONSUMER') });
    const received = client.eventVersions('slow-1');
    expect(received.length).toBeLessThan(25 * last);
    const lastSeen = received.at(-1)!;

    const again = await connect();
    again.subscribe('slow-1', lastSeen);
    await again.tableAt('slow-1', last);
    expect(again.eventVersions('slow-1')).toEqual(range(lastSeen + 1, last));
  });

  if (backend === 'postgres') {
    it('delivers an event whose transaction began first but committed after a later one (the log reader never skips it)', async () => {
      await openTableWithPlayers(api, 'late-1', 2);
      await openTableWithPlayers(api, 'late-2', 2);
      const v1 = (await api.http.get('/tables/late-1').expect(200)).body.version;
      const v2 = (await api.http.get('/tables/late-2').expect(200)).body.version;
      const client = await connect();
      client.subscribe('late-1');
      client.subscribe('late-2');
      await client.tableAt('late-1', v1);
      await client.tableAt('late-2', v2);
      const other = await openDatabase({ databaseUrl: database.url });
      try {
        const store = new EventStore(other);
        const chips = (seat: number) => [toNewEvent({ type: 'ChipsAdded', seat, amount: 10 })];
        let written!: () => void;
        let commit!: () => void;
        const appendedInOpenTransaction = new Promise<void>((resolve) => (written = resolve));
        const committed = other.transaction(async (tx) => {
          await store.append(streamIdOf('late-1'), { expectedVersion: v1, events: chips(1), commandId: 'late-1-chips', tx });
          written();
          await new Promise<void>((resolve) => (commit = resolve));
        });
        await appendedInOpenTransaction;
        // A later transaction commits first: its event sorts after the open one's in the log.
        expect((await store.append(streamIdOf('late-2'), { expectedVersion: v2, events: chips(2), commandId: 'late-2-chips' })).ok).toBe(
          true,
        );
        commit();
        await committed;
        await client.tableAt('late-2', v2 + 1);
        await client.tableAt('late-1', v1 + 1);
        expect(client.eventVersions('late-1')).toEqual([v1 + 1]);
        expect(client.eventVersions('late-2')).toEqual([v2 + 1]);
      } finally {
        await other.close();
      }
    });

    it("brings the commands another API process serves on the same database to this one's subscribers", async () => {
      await openTableWithPlayers(api, 'two-apis-1', 4);
      const version = (await api.http.get('/tables/two-apis-1').expect(200)).body.version;
      const client = await connect();
      client.subscribe('two-apis-1');
      await client.tableAt('two-apis-1', version);
      ensureBuilt();
      const otherProcess = await ApiProcess.start({ DATABASE_URL: database.url });
      const bot = new JsonHttpClient(otherProcess.baseUrl, authHeaders('floor'));
      try {
        const last = await play(bot, 'two-apis-1', 30, 8);
        const final = await client.tableAt('two-apis-1', last);
        expect(client.eventVersions('two-apis-1')).toEqual(range(version + 1, last));
        // The public's view (this console has no token): as a service token reads it.
        expect(final.view).toEqual((await bot.get('/tables/two-apis-1', authHeaders('service'))).body);
      } finally {
        bot.close();
        await otherProcess.stop();
      }
    });
  }
});
