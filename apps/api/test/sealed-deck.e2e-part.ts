import { drbgShuffledDeck, legalActions, type TableState } from '@felt/engine';
import { verifyEvents } from '@felt/regulator';
import { streamIdOf } from '../src/tables/table-stream';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';

/**
 * The house shuffle through the API: the deck is drawn from a 256-bit CSPRNG seed, sealed at rest until the hand is
 * over, folded back by a process that starts cold (and from a snapshot taken mid-hand), and verified afterwards
 * without the key.
 */
describe.each(APP_BACKENDS)('sealed decks through the API (%s)', (backend) => {
  let api: TestApi;
  let second: TestApi | undefined;
  const database = useTestStore(backend, {
    beforeDispose: async () => {
      await second?.close();
      await api?.close();
    },
  });

  beforeAll(async () => {
    api = await startTestApi(database.db, { snapshotEvery: 3 });
  });

  it('draws for the button and deals from house seeds, keeps every undealt card sealed, and reveals the deck after the hand', async () => {
    const tableId = 'house-1';
    await api.http
      .post('/tables')
      .send({ tableId, rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } })
      .expect(201);
    for (const seat of [1, 2, 3])
      await api.http
        .post(`/tables/${tableId}/seat-player`)
        .send({ seat, playerId: `p${seat}`, buyIn: 100 })
        .expect(201);
    const drawn = await api.http.post(`/tables/${tableId}/draw-for-button`).send({}).expect(201);
    const buttonDrawn = drawn.body.events.find((e: { type: string }) => e.type === 'ButtonDrawn');
    expect(buttonDrawn.data.shuffle).toEqual({
      kind: 'seeded',
      prng: 'hmac-drbg-sha256-fisher-yates',
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    await api.http.post(`/tables/${tableId}/start-hand`).send({}).expect(201);
    for (;;) {
      const state = (await api.tables.current(streamIdOf(tableId))).state as TableState;
      const action = legalActions(state).actions.find((a) => a.type === 'PostBlind' || a.type === 'Call' || a.type === 'Check');
      if (!action || (state.hand?.phase !== 'betting' && state.hand?.phase !== 'forced-bets')) break;
      await api.http
        .post(`/tables/${tableId}/${action.type === 'PostBlind' ? 'post-blind' : action.type.toLowerCase()}`)
        .send({ seat: action.seat })
        .expect(201);
      if (state.hand?.board.length === 3) break; // stop on the flop: turn and river still sealed
    }

    // Mid-hand: the store shows no undealt card, no seed and no salt, in the events or in the snapshot row.
    const midHand = await api.store.readStream(streamIdOf(tableId));
    const folded = (await api.tables.current(streamIdOf(tableId))).state as TableState;
    expect(folded.hand!.board.length).toBeGreaterThanOrEqual(3);
    const sealedSeed = (folded.hand!.seal!.shuffle as { seed: string }).seed;
    const turnAndRiver = folded.hand!.deck.slice(folded.hand!.deckPosition);
    const started = midHand.find((e) => e.type === 'HandStarted')!;
    expect(started.data).toMatchObject({
      shuffle: { kind: 'seeded', prng: 'hmac-drbg-sha256-fisher-yates' },
      deckCommitment: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const storedText = JSON.stringify(midHand.map((e) => e.data));
    expect(storedText).not.toContain(sealedSeed);
    expect(storedText).not.toContain(folded.hand!.seal!.salt);
    expect(midHand.find((e) => e.type === 'DeckSealed')!.data).toEqual({
      handNumber: 1,
      sealed: expect.objectContaining({ alg: 'aes-256-gcm' }),
    });
    const view = JSON.stringify((await api.http.get(`/tables/${tableId}`).expect(200)).body);
    expect(view).not.toContain(sealedSeed);
    expect(view).not.toContain(folded.hand!.seal!.salt);
    expect(view).not.toMatch(/"deck"|"seal"/);
    await api.snapshots.flush();
    const snapshot = await api.store.loadSnapshot(streamIdOf(tableId));
    expect(snapshot).not.toBeNull();
    expect(JSON.stringify(snapshot!.state)).not.toMatch(/"deck"|"seed"|"salt"/);
    expect(turnAndRiver.length).toBeGreaterThan(0);

    // A process that starts cold (snapshot + events, both sealed) folds the same table with the same deck.
    second = await startTestApi(database.db, { snapshotEvery: 3 });
    const cold = (await second.tables.current(streamIdOf(tableId))).state as TableState;
    expect(cold.hand!.deck).toEqual(folded.hand!.deck);

    // Play it out through the second process; the deck is revealed after HandEnded.
    for (let guard = 0; guard < 30; guard++) {
      const state = (await second.tables.current(streamIdOf(tableId))).state as TableState;
      const action = legalActions(state).actions.find((a) => a.type === 'Check' || a.type === 'Call' || a.type === 'ShowHand');
      if (!action) break;
      const route = action.type === 'ShowHand' ? 'show-hand' : action.type.toLowerCase();
      await second.http.post(`/tables/${tableId}/${route}`).send({ seat: action.seat }).expect(201);
    }
    const log = await api.store.readStream(streamIdOf(tableId));
    const types = log.map((e) => e.type);
    expect(types.indexOf('DeckRevealed')).toBe(types.indexOf('HandEnded') + 1);
    const revealed = log.find((e) => e.type === 'DeckRevealed')!.data as { deck: number[]; shuffle: { seed: string }; salt: string };
    expect(revealed.shuffle.seed).toBe(sealedSeed);
    expect(revealed.deck).toEqual(drbgShuffledDeck(Buffer.from(sealedSeed, 'hex')));

    // felt verify needs no key: the chain, the commitment, the derivation, the dealt cards and the rules hold.
    const report = verifyEvents(log);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });
});
