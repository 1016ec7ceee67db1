import { readJsonl, verifyEvents, withHoleCardsRevealed } from '@felt/regulator';
import { streamIdOf } from '../src/tables/table-stream';
import { deviceAgent } from './test-support/devices';
import { openTableWithPlayers, expectStatus } from './test-support/table-setup';
import { APP_BACKENDS } from './test-support/test-databases';
import { type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';

/**
 * A live-cards table over HTTP: a whole hand with the board entered street by street, a reader's report (from the
 * reader device registered for the table: nobody enters hole cards by hand), the shown hand entered at the
 * showdown; malformed entries are 400s and rule breaks 422s with the engine's code, each writing nothing; the
 * reader's record stays hidden from a service consumer; and the regulator's JSONL export verifies.
 */
const LIVE = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, cardSource: 'live' } as const;

describe.each(APP_BACKENDS)('a live-cards table over HTTP (%s)', (backend) => {
  let api: TestApi;
  const database = useSharedApi(backend);

  beforeAll(async () => {
    api = database.api;
  });

  const post = (route: string, body: object, status: number) => expectStatus(api.http.post(`/tables/lc1/${route}`).send(body), status);
  const version = async () => (await api.store.readStream(streamIdOf('lc1'))).length;

  it('plays a whole live hand, refuses bad entries without writing, and the export verifies', async () => {
    await openTableWithPlayers(api, 'lc1', 3, LIVE);
    const reader = (await deviceAgent(api, 'reader', 'lc1')).agent;
    const readerReports = (body: object, status: number) => expectStatus(reader.post('/tables/lc1/report-hole-cards').send(body), status);
    // A seed is refused on a live table; a bare StartHand deals from the shoe.
    expect((await post('start-hand', { seed: 7 }, 422)).body.code).toBe('DECK_NOT_ALLOWED');
    const started = (await post('start-hand', {}, 201)).body;
    expect(started.events[0].data).toMatchObject({ shuffle: { kind: 'live' }, deckCommitment: null });
    expect(started.events[0].data.deck).toBeUndefined();
    await post('post-blind', { seat: 2 }, 201);
    const dealt = (await post('post-blind', { seat: 3 }, 201)).body;
    expect(
      dealt.events.find((e: { type: string }) => e.type === 'HoleCardsDealt').data.hands.every((h: { cards: unknown }) => h.cards === null),
    ).toBe(true);

    expect((await post('deal-board', { cards: ['Ah', 'Kd', '7c'] }, 422)).body.code).toBe('BETTING_NOT_OVER');
    // The floor may not report hole cards by hand; the table's reader does.
    expect((await post('report-hole-cards', { seat: 1, cards: ['Qs', 'Qh'] }, 403)).body.code).toBe('READER_DEVICE_REQUIRED');
    await readerReports({ seat: 1, cards: ['Qs', 'Qh'] }, 201);
    await post('call', { seat: 1 }, 201);
    await post('call', { seat: 2 }, 201);
    const flopDue = (await post('check', { seat: 3 }, 201)).body.table;
    expect(flopDue.legalActions[0]).toEqual({ type: 'DealBoard', seat: null, street: 'flop', cardsToEnter: 3 });

    // Malformed bodies are 400s (zod); rule breaks 422s (the engine); neither writes an event.
    const before = await version();
    await post('deal-board', { cards: 'Ah Kd 7c' }, 400);
    await post('deal-board', { cards: ['Ah', 'Kd', '7c'], extra: 1 }, 400);
    await readerReports({ cards: ['Ah', 'Kd'] }, 400);
    expect((await post('deal-board', { cards: ['Ah', 'Kd'] }, 422)).body.code).toBe('WRONG_CARD_COUNT');
    expect((await post('deal-board', { cards: ['Ah', 'Ah', '7c'] }, 422)).body).toMatchObject({
      code: 'CARD_ALREADY_SEEN',
      detail: 'The Ah was entered twice.',
    });
    // The reader's second, different reading: one refusal naming no card or seat.
    expect((await readerReports({ seat: 1, cards: ['Qs', 'Qd'] }, 422)).body).toMatchObject({
      code: 'READER_CONFLICT',
      detail: expect.not.stringMatching(/Q[sdh]|seat/),
    });
    expect(await version()).toBe(before);

    await post('commands', { type: 'DealBoard', street: 'flop', cards: ['Ah', 'Kd', '7c'] }, 201);
    for (const seat of [2, 3, 1]) await post('check', { seat }, 201);
    await post('deal-board', { cards: ['2s'] }, 201);
    for (const seat of [2, 3, 1]) await post('check', { seat }, 201);
    await post('deal-board', { cards: ['9h'] }, 201);
    for (const seat of [2, 3]) await post('check', { seat }, 201);
    const atShowdown = (await post('check', { seat: 1 }, 201)).body.table;
    expect(atShowdown.legalActions.slice(0, 2)).toEqual([
      { type: 'ShowHand', seat: 2, cardsToEnter: 2 },
      { type: 'MuckHand', seat: 2 },
    ]);

    expect((await post('show-hand', { seat: 2 }, 422)).body.code).toBe('CARDS_REQUIRED');
    await post('show-hand', { seat: 2, cards: ['Jc', 'Jd'] }, 201);
    await post('muck-hand', { seat: 3 }, 201);
    const ended = (await post('show-hand', { seat: 1 }, 201)).body.table;
    expect(ended.hand.phase).toBe('complete');
    expect(ended.seats.map((s: { stack: number }) => s.stack)).toEqual([104, 98, 98]);

    // A service consumer sees the reader's event without its cards; the regulator's export carries them and verifies.
    const seen = (await api.as('service').get('/tables/lc1/events').expect(200)).body;
    const reported = (seen.events ?? seen.items ?? seen).find((e: { type: string }) => e.type === 'HoleCardsReported');
    expect(reported.data).toEqual({ seat: 1, cards: null });
    const exported = await api.as('regulator').get('/regulator/tables/lc1/export?format=jsonl').expect(200);
    const read = readJsonl(exported.text);
    expect(read.problems).toEqual([]);
    // The export is the stored record: the reported cards sealed, opened by the hand's HoleCardsRevealed.
    expect(read.events.some((e) => e.type === 'HoleCardsReported' && (e.data as { cards: unknown }).cards === null)).toBe(true);
    const opened = withHoleCardsRevealed(read.events);
    expect(
      opened.some((e) => e.type === 'HoleCardsReported' && JSON.stringify(e.data) === JSON.stringify({ seat: 1, cards: [43, 42] })),
    ).toBe(true);
    const report = verifyEvents(read.events);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });

  it('rules version 2: an all-in showdown is tabled before the dealer enters the rest of the board; only dealers and the floor enter cards, only the reader reports', async () => {
    const postTo = (route: string, body: object, status: number, as = api.http) =>
      expectStatus(as.post(`/tables/lc2/${route}`).send(body), status);
    await openTableWithPlayers(api, 'lc2', 3, LIVE);
    const reader = (await deviceAgent(api, 'reader', 'lc2')).agent;
    const otherReader = (await deviceAgent(api, 'reader', 'lc1', 'reader-of-another-table')).agent;
    await postTo('start-hand', {}, 201);
    await postTo('post-blind', { seat: 2 }, 201);
    await postTo('post-blind', { seat: 3 }, 201);
    await postTo('fold', { seat: 1 }, 201);
    await postTo('raise', { seat: 2, to: 100 }, 201);
    const allIn = (await postTo('call', { seat: 3 }, 201)).body;
    expect(allIn.events.map((e: { type: string }) => e.type).slice(-1)).toEqual(['ShowdownStarted']);
    expect(allIn.table.legalActions.map((a: { type: string }) => a.type)).not.toContain('DealBoard');

    // Who may enter cards: a service token, a dealer not assigned to the table and a regulator are refused; bodies are strict and bounded.
    await postTo('deal-board', { cards: ['Ah', 'Kd', '7c'] }, 403, api.as('service'));
    await postTo('deal-board', { cards: ['Ah', 'Kd', '7c'] }, 403, api.as('dealer'));
    await postTo('report-hole-cards', { seat: 3, cards: ['Qs', 'Qh'] }, 403, api.as('regulator'));
    expect((await postTo('report-hole-cards', { seat: 3, cards: ['Qs', 'Qh'] }, 403, otherReader)).body.code).toBe(
      'READER_DEVICE_REQUIRED',
    );
    // A reader sends reports only: not the board.
    expect((await postTo('deal-board', { cards: ['Ah', 'Kd', '7c'] }, 403, reader)).body.code).toBe('DEVICE_NOT_A_CONSOLE');
    await postTo('report-hole-cards', { seat: 3, cards: ['Qs', 'Qh'.repeat(10)] }, 400, reader);
    await postTo('deal-board', { cards: ['Ah', 'Kd', '7c', '2s', '9h', '3c'] }, 400);
    expect((await postTo('deal-board', { cards: ['Ah', 'Kd', '7c'] }, 422)).body.code).toBe('BOARD_NOT_DUE');

    // The reader's report is tabled at once (all in): the answer shows the HandShown cards, and the report without them.
    const reported = (await postTo('report-hole-cards', { seat: 3, cards: ['Qs', 'Qh'] }, 201, reader)).body;
    expect(reported.events.map((e: { type: string; data: unknown }) => [e.type, e.data])).toEqual([
      ['HoleCardsReported', { seat: 3, cards: null }],
      ['HandShown', { seat: 3, cards: [43, 42] }],
    ]);
    const tabled = (await postTo('show-hand', { seat: 2, cards: ['Ac', '3d'] }, 201)).body.table;
    expect(tabled.legalActions).toEqual([{ type: 'DealBoard', seat: null, street: 'flop', cardsToEnter: 3 }]);
    await postTo('deal-board', { cards: ['Ah', 'Kd', '7c'] }, 201);
    const turn = (await postTo('deal-board', { cards: ['2s'] }, 201)).body;
    // No award before the river: the turn's answer is the board only.
    expect(turn.events.map((e: { type: string }) => e.type)).toEqual(['BoardDealt']);
    expect(turn.table.hand.phase).toBe('showdown');
    const ended = (await postTo('deal-board', { cards: ['9h'] }, 201)).body.table;
    expect(ended.hand.phase).toBe('complete');
    expect(ended.seats.map((s: { stack: number }) => s.stack)).toEqual([100, 200, 0]);

    // Tabled before the board, in the record: every HandShown precedes the first BoardDealt.
    const types = (await api.store.readStream(streamIdOf('lc2'))).map((e) => e.type);
    expect(types.lastIndexOf('HandShown')).toBeLessThan(types.indexOf('BoardDealt'));
    expect(types.indexOf('PotAwarded')).toBeGreaterThan(types.lastIndexOf('BoardDealt'));
  });
});
