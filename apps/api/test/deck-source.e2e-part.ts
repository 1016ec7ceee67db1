import type { RecordedEvent } from '@felt/event-store';
import { readAuditLog, verifyStore } from '@felt/regulator';
import { FULL_DECK, formatCard } from '@felt/engine';
import { streamIdOf } from '../src/tables/table-stream';
import type { AddressInfo } from 'node:net';
import { addTestUser, seedTestUsers, signTestToken } from './test-support/auth';
import { LiveClient } from './test-support/live-client';
import { deviceAgent } from './test-support/devices';
import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers } from './test-support/table-setup';
import { type HttpAgent, type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';

/**
 * The deck source over HTTP (docs/security.md "Insiders", rows 1 and 2): a table opened through the API is shuffled
 * by the house and refuses every field that chooses cards, from every role and device; a shuffler table takes its
 * shuffler device's deck and nobody else's; a training table takes chosen cards and says so in every record; devices
 * have a kind and a table; a dealer's entry that contradicts a reader's record answers as if there were no record,
 * and the floor and surveillance get a ReaderConflict in the audit stream. Refusals write nothing.
 */
const DECK = FULL_DECK.map(formatCard);

describe('deck sources and readers over HTTP (postgres)', () => {
  let api: TestApi;
  let dealer: HttpAgent;
  let dealerId: string;
  const database = useSharedApi('postgres');
  const versionOf = async (tableId: string) => (await api.store.readStream(streamIdOf(tableId))).length;
  const audit = async (type: string) => (await readAuditLog(api.store)).filter((e) => e.type === type);
  const events = async (tableId: string, type: string) => (await api.store.readStream(streamIdOf(tableId))).filter((e) => e.type === type);

  beforeAll(async () => {
    api = database.api;
    await seedTestUsers(database.db, [{ sub: 'reader-integration', role: 'floor' }]);
    dealerId = (await addTestUser(database.db, 'deck-dealer', 'dealer')).id;
    dealer = api.as('dealer', { sub: dealerId });
  });

  async function openAssigned(tableId: string, rules: object = NO_LIMIT_1_2): Promise<void> {
    await openTableWithPlayers(api, tableId, 3, rules);
    await expectStatus(api.http.put(`/tables/${tableId}/dealers/${dealerId}`), 200);
  }

  it('opens a house-shuffled table by default; every field that chooses cards is refused for every sender, writing nothing', async () => {
    await openAssigned('house1');
    expect((await api.http.get('/tables/house1').expect(200)).body.rules.deckSource).toBe('house');
    const shuffler = (await deviceAgent(api, 'shuffler', 'house1')).agent;
    const before = await versionOf('house1');
    const refusals: [string, object][] = [
      ['start-hand', { deck: DECK }],
      ['start-hand', { seed: 42 }],
      ['start-hand', { holeCards: { 1: 'AsAh' } }],
      ['start-hand', { board: 'AsAhAd' }],
      ['start-hand', { secondRun: 'Kc' }],
      ['draw-for-button', { deck: DECK }],
      ['draw-for-button', { seed: 7 }],
    ];
    for (const [who, agent] of [
      ['floor', api.http],
      ['dealer', dealer],
      ['shuffler', shuffler],
    ] as const) {
      for (const [route, body] of refusals) {
        const res = await agent.post(`/tables/house1/${route}`).send(body);
        expect({ who, route, body, status: res.status, code: res.body.code }).toEqual({
          who,
          route,
          body,
          status: 422,
          code: 'DECK_SOURCE_HOUSE',
        });
        expect(res.body.detail).toBe(
          'This table is shuffled by the house: nobody may choose its deck or seed; send the command without them.',
        );
      }
    }
    expect(await versionOf('house1')).toBe(before);
    expect(
      (await audit('CommandRefused')).filter((e) => (e.data as { code: string }).code === 'DECK_SOURCE_HOUSE').length,
    ).toBeGreaterThanOrEqual(refusals.length * 3);
    // Without them, the house shuffles: a 256-bit seed for its derivation, and the hand says where its deck came from.
    const started = (await expectStatus(dealer.post('/tables/house1/start-hand').send({}), 201)).body.events[0];
    expect(started.data).toMatchObject({ deckSource: 'house', shuffle: { kind: 'seeded', prng: 'hmac-drbg-sha256-fisher-yates' } });
  });

  it("deals a shuffler table from its shuffler device's deck, and from nobody else", async () => {
    await openAssigned('shoe1', { ...NO_LIMIT_1_2, deckSource: 'shuffler' });
    const { deviceId, agent: shuffler } = await deviceAgent(api, 'shuffler', 'shoe1');
    const otherShuffler = (await deviceAgent(api, 'shuffler', 'house1', 'shuffler-of-house1')).agent;
    const before = await versionOf('shoe1');
    for (const agent of [api.http, dealer])
      expect((await agent.post('/tables/shoe1/start-hand').send({ deck: DECK })).body).toMatchObject({
        status: 403,
        code: 'SHUFFLER_DEVICE_REQUIRED',
      });
    expect((await otherShuffler.post('/tables/shoe1/start-hand').send({ deck: DECK })).body).toMatchObject({
      status: 403,
      code: 'DEVICE_NOT_A_CONSOLE',
    });
    expect((await dealer.post('/tables/shoe1/start-hand').send({})).body).toMatchObject({ status: 422, code: 'DECK_SOURCE_SHUFFLER' });
    expect((await shuffler.post('/tables/shoe1/start-hand').send({ seed: 3 })).body).toMatchObject({
      status: 422,
      code: 'DECK_SOURCE_SHUFFLER',
    });
    expect(await versionOf('shoe1')).toBe(before);

    const started = (await expectStatus(shuffler.post('/tables/shoe1/start-hand').send({ deck: DECK }), 201)).body;
    expect(started.events[0].data).toMatchObject({ deckSource: 'shuffler', shuffle: { kind: 'supplied' } });
    const [recorded] = await events('shoe1', 'HandStarted');
    expect(recorded!.metadata).toMatchObject({ device: deviceId });
    // A shuffler sends decks, nothing else.
    expect((await shuffler.post('/tables/shoe1/post-blind').send({ seat: 2 })).body).toMatchObject({
      status: 403,
      code: 'DEVICE_NOT_A_CONSOLE',
    });
    for (const seat of [2, 3]) await expectStatus(dealer.post('/tables/shoe1/post-blind').send({ seat }), 201);
    for (const seat of [1, 2]) await expectStatus(dealer.post('/tables/shoe1/fold').send({ seat }), 201);
    // felt verify: the hand's deck came from the shuffler the audit stream registered for this table.
    const report = await verifyStore(api.store, { streamIds: [streamIdOf('shoe1')] });
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });

  it('takes chosen cards on a training table, and labels its hands training in the events, the hand history and the exports', async () => {
    await openAssigned('school1', { ...NO_LIMIT_1_2, deckSource: 'training' });
    const started = (await expectStatus(dealer.post('/tables/school1/start-hand').send({ holeCards: { 1: 'AsAh' } }), 201)).body;
    expect(started.events[0].data.deckSource).toBe('training');
    expect(started.table.rules.deckSource).toBe('training');
    for (const seat of [2, 3]) await expectStatus(dealer.post('/tables/school1/post-blind').send({ seat }), 201);
    for (const seat of [1, 2]) await expectStatus(dealer.post('/tables/school1/fold').send({ seat }), 201);
    const regulator = api.as('regulator');
    expect((await regulator.get('/regulator/tables/school1/hands').expect(200)).body.hands[0].deckSource).toBe('training');
    const phh = await regulator.get('/regulator/tables/school1/export?format=phh').expect(200);
    expect(phh.text).toContain('_felt_deck_source = "training"');
    const ohh = await regulator.get('/regulator/tables/school1/export?format=ohh').expect(200);
    expect(ohh.text).toContain('"felt_deck_source": "training"');
    const report = await verifyStore(api.store, { streamIds: [streamIdOf('school1')] });
    expect(report.violations).toEqual([]);
    expect(report.trainingHands).toEqual([{ streamId: streamIdOf('school1'), handNumber: 1, version: expect.any(Number) }]);
    // Back to the house shuffle between hands (a ChangeRules that leaves the source out narrows it to house).
    await expectStatus(api.http.post('/tables/school1/change-rules').send({ rules: NO_LIMIT_1_2 }), 201);
    expect((await dealer.post('/tables/school1/start-hand').send({ holeCards: { 1: 'AsAh' } })).body.code).toBe('DECK_SOURCE_HOUSE');
  });

  it('registers readers and shufflers for one table, consoles for none, and records the kind and the table', async () => {
    const refused = [
      { name: 'no-table', kind: 'reader' },
      { name: 'console-with-table', kind: 'console', tableId: 'house1' },
      { name: 'robot', kind: 'robot', tableId: 'house1' },
      { name: 'bad-table', kind: 'shuffler', tableId: 'no spaces' },
    ];
    for (const body of refused)
      expect({ body, status: (await api.http.post('/devices').send(body)).status }).toEqual({ body, status: 400 });
    const { deviceId } = await deviceAgent(api, 'reader', 'house1', 'house1-reader');
    const listed = (await api.http.get('/devices').expect(200)).body.devices;
    expect(listed.find((d: { id: string }) => d.id === deviceId)).toMatchObject({
      name: 'house1-reader',
      kind: 'reader',
      tableId: 'house1',
    });
    expect((await audit('DeviceRegistered')).find((e) => (e.data as { deviceId: string }).deviceId === deviceId)!.data).toEqual({
      deviceId,
      name: 'house1-reader',
      kind: 'reader',
      tableId: 'house1',
    });
  });

  it("refuses a reader's or a shuffler's token on every route but its table's commands, /live included", async () => {
    const { deviceId } = await deviceAgent(api, 'reader', 'house1', 'house1-reader-2');
    const token = signTestToken('floor', { sub: 'reader-integration', device: deviceId });
    const reader = api.as('floor', { sub: 'reader-integration', device: deviceId });
    for (const res of [
      await reader.get('/tables/house1'),
      await reader.get('/devices'),
      await reader.post('/users').send({ name: 'sneaky', role: 'floor' }),
      await reader.get('/regulator/audit'),
    ])
      expect({ status: res.status, code: res.body.code }).toEqual({ status: 403, code: 'DEVICE_NOT_A_CONSOLE' });
    await api.app.listen(0, '127.0.0.1');
    const client = await LiveClient.connect(`http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`, token);
    try {
      expect(await client.waitFor((m) => m.type === 'error')).toMatchObject({
        type: 'error',
        detail: expect.stringContaining('card reader'),
      });
      expect((await client.closed).code).toBe(1008);
    } finally {
      await client.close();
    }
  });

  it("answers a dealer's entry that contradicts a hidden reader record as if there were none, and alerts the floor in the audit stream", async () => {
    const LIVE = { ...NO_LIMIT_1_2, cardSource: 'live' };
    const answers: Record<string, unknown> = {};
    for (const [tableId, record] of [
      ['rc-a', ['Qs', 'Qh']],
      ['rc-b', ['Js', 'Jh']],
    ] as const) {
      await openAssigned(tableId, LIVE);
      const reader = (await deviceAgent(api, 'reader', tableId)).agent;
      for (const body of [{}, { seat: 2 }, { seat: 3 }])
        await expectStatus(dealer.post(`/tables/${tableId}/${'seat' in body ? 'post-blind' : 'start-hand'}`).send(body), 201);
      await expectStatus(reader.post(`/tables/${tableId}/report-hole-cards`).send({ seat: 1, cards: record }), 201);
      for (const [route, seat] of [
        ['call', 1],
        ['call', 2],
        ['check', 3],
      ] as const)
        await expectStatus(dealer.post(`/tables/${tableId}/${route}`).send({ seat }), 201);
      // The dealer's flop holds the Qh: in rc-a's reader record, not in rc-b's.
      answers[tableId] = comparable(
        (await expectStatus(dealer.post(`/tables/${tableId}/deal-board`).send({ cards: ['Ah', 'Qh', '7c'] }), 201)).body,
      );
      if (tableId === 'rc-a') {
        // The reader's own report that conflicts with the board: one refusal, naming no card or seat, nothing written.
        const before = await versionOf(tableId);
        const conflict = await reader.post(`/tables/${tableId}/report-hole-cards`).send({ seat: 2, cards: ['Qh', '2d'] });
        expect(conflict.body).toMatchObject({ status: 422, code: 'READER_CONFLICT' });
        expect(conflict.body.detail).not.toMatch(/Qh|2d|seat/i);
        expect(await versionOf(tableId)).toBe(before);
      }
    }
    expect(answers['rc-a']).toEqual(answers['rc-b']);
    const conflicts = (await audit('ReaderConflict'))
      .map((e) => e.data)
      .filter((d) => ['rc-a', 'rc-b'].includes((d as { tableId: string }).tableId));
    expect(conflicts).toEqual([
      { tableId: 'rc-a', handNumber: 1 },
      { tableId: 'rc-a', handNumber: 1 },
    ]);
    // felt verify finds the conflict in the table's stream, and its ReaderConflict on record, once the hand is over:
    // until then the reader's record is sealed at rest, and verify (without the seal key) holds the hand.
    for (const seat of [2, 3]) await expectStatus(dealer.post('/tables/rc-a/fold').send({ seat }), 201);
    const report = await verifyStore(api.store, { streamIds: [streamIdOf('rc-a'), streamIdOf('rc-b')] });
    expect(report.violations).toEqual([]);
    expect(report.readerConflicts).toEqual([{ streamId: streamIdOf('rc-a'), handNumber: 1, version: expect.any(Number) }]);
  });
});

/** A command's answer without what differs between two tables by name and time alone. */
function comparable(body: { version: number; events: RecordedEvent[]; table: Record<string, unknown> }): unknown {
  const { tableId: _id, ...table } = body.table;
  return {
    version: body.version,
    events: body.events.map((e) => ({ type: e.type, version: e.streamVersion ?? (e as { version?: number }).version, data: e.data })),
    table,
  };
}
