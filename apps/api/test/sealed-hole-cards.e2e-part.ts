import { formatCard, legalActions, type TableState } from '@felt/engine';
import { verifyStore } from '@felt/regulator';
import { streamIdOf } from '../src/tables/table-stream';
import { namedIn } from './test-support/secrets';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';

/**
 * Issue 30 row 4: a database reader learns no hole card of a live hand. A dump of every events row during the hand
 * names no face-down card; after the hand, HoleCardsRevealed gives the hand's key, and verify, the exports and the
 * floor's reads see the cards again, without the seal key.
 */
describe.each(APP_BACKENDS)('hole cards sealed at rest (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: async () => await api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  async function folded(tableId: string): Promise<TableState> {
    return (await api.tables.current(streamIdOf(tableId))).state as TableState;
  }

  /** Every events row of the database, as a reader of the table (or a backup) sees it. */
  async function dump(): Promise<Set<string>> {
    const { rows } = await database.db.query<{ type: string; data: unknown; metadata: unknown }>('SELECT type, data, metadata FROM events');
    return namedIn(rows).cards;
  }

  it('a dump of the events table during a live hand holds no hole card; after the hand they are revealed, verified and exported', async () => {
    const tableId = 'sealed-hole-1';
    await api.http
      .post('/tables')
      .send({ tableId, rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } })
      .expect(201);
    for (const seat of [1, 2, 3])
      await api.http
        .post(`/tables/${tableId}/seat-player`)
        .send({ seat, playerId: `p${seat}`, buyIn: 100 })
        .expect(201);
    await api.http.post(`/tables/${tableId}/place-button`).send({ seat: 1 }).expect(201);
    await api.http.post(`/tables/${tableId}/start-hand`).send({}).expect(201);
    for (const seat of [2, 3]) await api.http.post(`/tables/${tableId}/post-blind`).send({ seat }).expect(201);

    const live = await folded(tableId);
    expect(live.hand!.phase).toBe('betting');
    const hole = live.hand!.players.flatMap((p) => p.holeCards.map(formatCard));
    expect(hole).toHaveLength(6);
    const inDump = await dump();
    expect(hole.filter((card) => inDump.has(card))).toEqual([]);
    const dealt = (await api.store.readStream(streamIdOf(tableId))).find((e) => e.type === 'HoleCardsDealt')!;
    expect(dealt.data).toEqual({
      handNumber: 1,
      hands: [1, 2, 3].map(() => ({ seat: expect.any(Number), cards: null })),
      sealed: expect.objectContaining({ alg: 'aes-256-gcm' }),
    });
    // The floor's read of a live hand: no hole card, and no envelope either.
    const floorEvents = (await api.http.get(`/tables/${tableId}/events`).expect(200)).body.events;
    expect(floorEvents.find((e: { type: string }) => e.type === 'HoleCardsDealt').data).toEqual({ hands: expect.any(Array) });
    expect(JSON.stringify(floorEvents)).not.toContain('"sealed"');

    // Play it out: everyone checks or calls to the showdown.
    for (let guard = 0; guard < 40; guard++) {
      const state = await folded(tableId);
      const action = legalActions(state).actions.find((a) => a.type === 'Call' || a.type === 'Check' || a.type === 'ShowHand');
      if (!action) break;
      const route = action.type === 'ShowHand' ? 'show-hand' : action.type.toLowerCase();
      await api.http.post(`/tables/${tableId}/${route}`).send({ seat: action.seat }).expect(201);
    }
    const log = await api.store.readStream(streamIdOf(tableId));
    const types = log.map((e) => e.type);
    expect(types.slice(types.indexOf('HandEnded'))).toEqual(['HandEnded', 'DeckRevealed', 'HoleCardsRevealed']);
    expect(log.at(-1)!.data).toEqual({ handNumber: 1, key: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // Over: the floor sees every hole card, verify passes without the key, the PHH export names them.
    const over = (await api.http.get(`/tables/${tableId}/events`).expect(200)).body.events;
    const overHands = over.find((e: { type: string }) => e.type === 'HoleCardsDealt').data.hands as { cards: number[] }[];
    expect(overHands.flatMap((h) => h.cards.map(formatCard)).sort()).toEqual([...hole].sort());
    const report = await verifyStore(api.store, { streamIds: [streamIdOf(tableId)] });
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
    const phh = await api.http.get(`/regulator/tables/${tableId}/export?format=phh`).expect(200);
    for (const card of hole) expect(phh.text).toContain(card);
  });
});
