import { formatCard } from '@felt/engine';
import { streamIdOf } from '../../apps/api/src/tables/table-stream';
import { addTestUser, authHeaders } from '../../apps/api/test/test-support/auth';
import { handTruth, openedForTest } from '../../apps/api/test/test-support/secrets';
import { expectStatus, openTableWithPlayers, startHandWithBlinds } from '../../apps/api/test/test-support/table-setup';
import { useTestStore } from '../../apps/api/test/test-support/test-databases';
import { startTestApi, type TestApi } from '../../apps/api/test/test-support/test-api';
import { CardWatch } from './card-watch';
import { FuzzChecker, operationMatcher } from './fuzz-checks';

/**
 * The fuzzer's checks must fail when they should, or a run that finds nothing proves nothing: a write behind a
 * refusal and a card shown to a role that may not see it (in every form the
 * answers hold one) are each caught; what a role may see is not.
 */
describe("the fuzzer's checks (postgres)", () => {
  let api: TestApi;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await openTableWithPlayers(api, 'cw-1', 3);
    await startHandWithBlinds(api, 'cw-1');
  });

  const answer = (body: unknown, problem = false) => ({ body, text: JSON.stringify(body), contentType: 'application/json', problem });

  it('a refusal across which something was written is a failure; one that recites what the sender sent shows them no card', async () => {
    const doc = (await api.app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/docs-json' })).json();
    const checker = new FuzzChecker(api, database.db, operationMatcher(doc).of);
    await checker.start();
    const refused = {
      method: 'POST',
      url: '/tables/cw-1/fold',
      headers: { ...authHeaders('floor'), 'content-type': 'application/json' },
      payload: '{"seat":9}',
    };
    await checker.send(refused, { role: 'floor' });
    // A refusal that recites the sender's own path ("there is no game \"x 2c\"") shows them no card.
    const echoed = await checker.send({ method: 'GET', url: '/room/games/x%202c', headers: authHeaders('floor') }, { role: 'floor' });
    expect(echoed.text).toContain('2c');
    expect(checker.figures.failures).toEqual([]);
    // A write the refusal did not make, but the checker cannot tell: it sees the state move across a refusal.
    await addTestUser(database.db, 'cw-behind-the-refusal', 'dealer');
    await checker.send(refused, { role: 'floor' });
    expect(checker.figures.failures.map((f) => f.why)).toEqual([expect.stringMatching(/^422 \w+ wrote something/)]);
    expect(checker.figures.byOperation['POST /tables/{tableId}/fold']).toMatchObject({ requests: 2, ok: 0, refused: 2 });
    expect(checker.figures.byOperation['GET /room/games/{gameId}']).toMatchObject({
      requests: 1,
      refused: 1,
      codes: { GAME_NOT_FOUND: 1 },
    });
  });

  it('a card its sender may not see is caught in every form an answer holds it; what it may see is not', async () => {
    const truth = await handTruth(api.store, 'cw-1', []);
    const [first, second] = truth.hole.get(1)!;
    // Stored sealed: opened with the test key, as an answer to those who may see it holds it.
    const dealt = openedForTest((await api.store.readStream(streamIdOf('cw-1'))).find((e) => e.type === 'HoleCardsDealt')!);
    const watch = new CardWatch(api.store, database.db);
    const floor = { role: 'floor' as const };
    const leaks = (body: unknown, sender: { role: 'floor' | 'regulator' | 'service' | 'public' } = floor, request = '', problem = false) =>
      watch.leaks('cw-1', sender, answer(body, problem), request);

    // Live hand: hole cards as text in the table, as numbers in an event, as words in a sentence, and a seed.
    expect(await leaks({ table: { hand: { handNumber: 1, players: [{ holeCards: `${first}${second}` }] } } })).toEqual([
      `floor (floor) sees ${first}, ${second} in hand 1`,
    ]);
    expect(await leaks({ events: [{ version: dealt.streamVersion, type: 'HoleCardsDealt', data: dealt.data }] })).toHaveLength(1);
    expect(await leaks({ code: 'X', detail: `seat 1 holds ${first}` }, floor, '', true)).toEqual([
      `floor (floor) sees ${first} in the answer (latest)`,
    ]);
    expect(
      await leaks({ events: [{ version: dealt.streamVersion, type: 'HandStarted', data: { handNumber: 1, shuffle: { seed: 7 } } }] }),
    ).toEqual(['floor (floor) sees seed in hand 1']);
    // The exports' forms: a PHH block (its deal actions, not its names), JSON lines by stream version.
    const phh = {
      body: undefined,
      text: `players = ["${first}${second}"]\nactions = [\n  "d dh p1 ${first}${second}",\n]\nhand = 1\n`,
      contentType: 'application/toml',
      problem: false,
    };
    expect(await watch.leaks('cw-1', floor, phh, '')).toEqual([`floor (floor) sees ${first}, ${second} in hand 1`]);
    const jsonl = {
      body: undefined,
      text: `{"felt_roster":{}}\n${JSON.stringify({ streamVersion: dealt.streamVersion, type: 'HoleCardsDealt', data: dealt.data })}\n`,
      contentType: 'application/x-ndjson',
      problem: false,
    };
    expect(await watch.leaks('cw-1', floor, jsonl, '')).toHaveLength(1);
    // Not leaks: null cards, the sender's own cards in a sentence, and a player id that looks like cards.
    expect(await leaks({ table: { hand: { handNumber: 1, players: [{ holeCards: null, playerId: `${first}${second}` }] } } })).toEqual([]);
    expect(await leaks({ code: 'X', detail: `${first} is not yours to report` }, floor, `{"cards":["${first}"]}`, true)).toEqual([]);

    // The hand folds out: the floor and regulators now see every card of it; the public never sees the folded ones.
    let table = (await api.http.get('/tables/cw-1').expect(200)).body;
    while (table.hand && table.hand.phase !== 'complete')
      table = (await expectStatus(api.http.post('/tables/cw-1/fold').send({ seat: table.toAct }), 201)).body.table;
    const over = { table: { hand: { handNumber: 1, players: [{ holeCards: `${first}${second}` }] } } };
    expect(await leaks(over)).toEqual([]);
    expect(await leaks(over, { role: 'regulator' })).toEqual([]);
    expect(await leaks(over, { role: 'service' })).toHaveLength(1);
    // A card of hand 1 named as hand 2's is judged in hand 2 (nothing of it is dealt yet, so nothing is secret).
    expect(await leaks({ hand: { handNumber: 2, board: `${formatCard(0)}` } }, { role: 'public' })).toEqual([]);
    // No table: every card named is one too many.
    expect(await watch.leaks(null, floor, answer({ cards: [first] }), '')).toHaveLength(1);
  });
});
