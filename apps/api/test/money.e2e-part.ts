import { bookOf, bookStreamIdOf, countSheet, finishedHands, fundReport, revenueReport, toMoneyEvent, verifyBook } from '@felt/accounting';
import type { HandRecord } from '@felt/projections';
import { verifyStore } from '@felt/regulator';
import { streamIdOf, toTableEvent } from '../src/tables/table-stream';
import { FoldedTables } from '../src/tables/folded-tables';
import { LoggedHands } from '../src/accounting/logged-hands';
import { addTestUser } from './test-support/auth';
import { SECOND_FLOOR } from './test-support/approvals';
import { expectStatus, openTableWithPlayers, TRAINING_1_2 } from './test-support/table-setup';
import { useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type HttpAgent, type TestApi } from './test-support/test-api';

const LIVE = {
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 6,
  cardSource: 'live',
  houseOptions: { rake: { percent: 25, cap: 5, roundDownTo: 1, noFlopNoDrop: false } },
} as const;

/**
 * The house's money through HTTP (docs/money.md): funds opened, drops collected, cash bought in at a table by its
 * dealer, a bad beat played on a live-cards table and qualified from the log, its payout asked for by one supervisor
 * and confirmed by a second, a fill, the count with its variance, and the regulator's reports reproduced from the
 * log. Every refusal (the asker confirming, a dealer at another table, a hand that does not qualify, a training
 * table's hand, a regulator moving money, bad bodies) writes nothing.
 */
describe('the house money over HTTP (postgres)', () => {
  let api: TestApi;
  let dealer: HttpAgent;
  let floor2: HttpAgent;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    const dealerId = (await addTestUser(database.db, 'money-dealer', 'dealer')).id;
    dealer = api.as('dealer', { sub: dealerId });
    floor2 = api.as('floor', SECOND_FLOOR);
    await openTableWithPlayers(api, 'live1', 3, LIVE);
    await expectStatus(api.http.put(`/tables/live1/dealers/${dealerId}`), 200);
    await openTableWithPlayers(api, 'train1', 3, TRAINING_1_2);
  });

  const post = (agent: HttpAgent, path: string, body: object, status: number) => expectStatus(agent.post(path).send(body), status);
  /** A refused request: its status and code, and nothing written anywhere. */
  /** A buy-in at the dealer's table, and a bad-beat request for hand 1 there: what each refusal below changes of them. */
  const buyIn = (fields: object = {}) => ({ type: 'CashBuyIn', tableId: 'live1', shiftId: 'day', playerId: 'p', amount: 1, ...fields });
  const badBeat = (requestId: string, fields: object = {}) => ({ requestId, fundId: 'bbj', tableId: 'live1', handNumber: 1, ...fields });
  async function refused(agent: HttpAgent, path: string, body: object, status: number, code: string) {
    const before = await writtenRows(database.db);
    const res = await post(agent, path, body, status);
    expect(res.body.code).toBe(code);
    expect(await writtenRows(database.db)).toEqual(before);
  }
  /**
   * Hand 1 at `tableId`: the button folds, aces full of kings (seat 2) lose to four kings (seat 3), checked down.
   * A live table's dealer enters the board and the shown cards; a training table is dealt the chosen cards.
   */
  async function playBadBeat(tableId: string, live: boolean): Promise<void> {
    const table = (route: string, body: object) => post(api.http, `/tables/${tableId}/${route}`, body, 201);
    await table('start-hand', live ? {} : { holeCards: { 2: 'AhAd', 3: 'KcKs' }, board: 'AcKdKh5s2c' });
    await table('post-blind', { seat: 2 });
    await table('post-blind', { seat: 3 });
    await table('fold', { seat: 1 });
    await table('call', { seat: 2 });
    await table('check', { seat: 3 });
    for (const cards of [['Ac', 'Kd', 'Kh'], ['5s'], ['2c']]) {
      if (live) await table('deal-board', { cards });
      await table('check', { seat: 2 });
      await table('check', { seat: 3 });
    }
    await table('show-hand', live ? { seat: 2, cards: ['Ah', 'Ad'] } : { seat: 2 });
    const ended = await table('show-hand', live ? { seat: 3, cards: ['Kc', 'Ks'] } : { seat: 3 });
    expect(ended.body.table.hand.phase).toBe('complete');
  }

  it('a shift at a live table: funds, drops, cash, a bad beat paid by two people, a fill and the count', async () => {
    await post(api.http, '/money/funds', { fundId: 'bbj', rules: { kind: 'bad-beat', name: 'Bad-beat jackpot', backupPercent: 20 } }, 201);
    await post(api.http, '/money/funds', { fundId: 'hh', rules: { kind: 'high-hand', name: 'High hand of the hour', prize: 5_000 } }, 201);
    await refused(api.http, '/money/funds', { fundId: 'bbj', rules: { kind: 'bad-beat', name: 'again' } }, 422, 'FUND_EXISTS');
    await refused(
      api.http,
      '/money/funds',
      { fundId: 'x', rules: { kind: 'bad-beat', name: 'x', split: { loser: 90, winner: 20, table: 0 } } },
      422,
      'INVALID_COMMAND',
    );
    await refused(api.http, '/money/funds', { fundId: 'x', rules: { kind: 'lottery', name: 'x' } }, 400, 'INVALID_REQUEST');
    await refused(dealer, '/money/funds', { fundId: 'x', rules: { kind: 'bad-beat', name: 'x' } }, 403, 'FORBIDDEN_ROLE');

    // The dealer's table: cash into the box, drops into the funds; another table is not theirs.
    await post(dealer, '/money/cash', buyIn({ playerId: 'player-1', amount: 30_000 }), 201);
    await post(dealer, '/money/cash', buyIn({ playerId: 'player-2', amount: 20_000 }), 201);
    await post(
      dealer,
      '/money/cash',
      { type: 'ChipsFromCage', tableId: 'live1', shiftId: 'day', playerId: 'player-3', amount: 10_000 },
      201,
    );
    await refused(dealer, '/money/cash', buyIn({ tableId: 'train1' }), 403, 'NOT_ASSIGNED');
    await refused(dealer, '/money/cash', buyIn({ amount: 12.5 }), 400, 'INVALID_REQUEST');
    await refused(api.as('regulator'), '/money/cash', buyIn(), 403, 'FORBIDDEN_ROLE');
    for (let hand = 1; hand <= 5; hand++)
      await post(dealer, '/money/drops', { fundId: 'bbj', tableId: 'live1', handNumber: hand, amount: 1_000 }, 201);
    await post(dealer, '/money/drops', { fundId: 'hh', tableId: 'live1', handNumber: 1, amount: 8_000 }, 201);

    await playBadBeat('live1', true);
    // A hand that does not qualify, or does not exist, is refused before anyone is asked to sign.
    await refused(api.http, '/money/requests/bad-beat', badBeat('bb-x', { handNumber: 2 }), 422, 'HAND_NOT_QUALIFYING');
    await refused(api.http, '/money/requests/bad-beat', badBeat('bb-x', { fundId: 'nope' }), 422, 'FUND_UNKNOWN');
    const asked = await post(api.http, '/money/requests/bad-beat', badBeat('bb-1'), 201);
    expect(asked.body.events[0].request).toEqual({
      kind: 'PayBadBeat',
      fundId: 'bbj',
      tableId: 'live1',
      handNumber: 1,
      loser: 'player-2',
      winner: 'player-3',
      table: ['player-1'],
    });
    // The second supervisor's screen: the qualifying hands as shown, and what confirming would pay.
    const shown = (await api.http.get('/money/hands/live1/1/bad-beat').query({ fundId: 'bbj' }).expect(200)).body;
    expect(shown).toMatchObject({
      loser: { playerId: 'player-2', holeCards: ['Ah', 'Ad'], category: 'full-house', bothHoleCards: true },
      winner: { playerId: 'player-3', holeCards: ['Kc', 'Ks'], category: 'four-of-a-kind' },
      table: ['player-1'],
    });
    await expectStatus(api.http.get('/money/hands/live1/2/bad-beat').query({ fundId: 'bbj' }), 404);
    await expectStatus(dealer.get('/money/hands/live1/1/bad-beat').query({ fundId: 'bbj' }), 403);
    const pending = (await api.http.get('/money/book').expect(200)).body.pending;
    expect(pending).toEqual([
      expect.objectContaining({
        requestId: 'bb-1',
        wouldRecord: [expect.objectContaining({ type: 'JackpotPaid', total: 4_000 }), expect.objectContaining({ type: 'FundSeeded' })],
      }),
    ]);
    // The asker cannot confirm; a dealer cannot; a second supervisor does.
    await refused(api.http, '/money/requests/bb-1/confirm', {}, 422, 'SAME_PERSON');
    await refused(dealer, '/money/requests/bb-1/confirm', {}, 403, 'FORBIDDEN_ROLE');
    const paid = await post(floor2, '/money/requests/bb-1/confirm', {}, 201);
    expect(paid.body.events.map((e: { type: string }) => e.type)).toEqual(['JackpotPaid', 'FundSeeded']);
    expect(paid.body.events[0]).toMatchObject({
      total: 4_000,
      requestedBy: { role: 'floor' },
      shares: [
        { playerId: 'player-2', share: 'loser', amount: 2_000 },
        { playerId: 'player-3', share: 'winner', amount: 1_000 },
        { playerId: 'player-1', share: 'table', amount: 1_000 },
      ],
    });
    expect(paid.body.events[1]).toMatchObject({ source: 'backup', amount: 1_000 });
    await refused(floor2, '/money/requests/bb-1/confirm', {}, 422, 'REQUEST_UNKNOWN');
    await refused(api.http, '/money/requests/bad-beat', badBeat('bb-2'), 422, 'ALREADY_PAID');

    // The tray: a fill asked for by the dealer, confirmed by the floor.
    await post(
      dealer,
      '/money/requests',
      { requestId: 'fill-1', request: { kind: 'Fill', tableId: 'live1', shiftId: 'day', amount: 25_000 } },
      201,
    );
    await post(api.http, '/money/requests/fill-1/confirm', {}, 201);

    // The count: a variance needs its reason; the count team's entry is confirmed by a second person.
    const count = { kind: 'Count', tableId: 'live1', shiftId: 'day', counted: 49_500 };
    await refused(api.http, '/money/requests', { requestId: 'count-1', request: count }, 422, 'VARIANCE_NEEDS_REASON');
    await post(
      api.http,
      '/money/requests',
      { requestId: 'count-1', request: { ...count, reason: 'a $5 bill found under the tray, sent to the cage' } },
      201,
    );
    await post(floor2, '/money/requests/count-1/confirm', {}, 201);
    await refused(dealer, '/money/cash', buyIn(), 422, 'SHIFT_COUNTED');

    const book = (await api.as('regulator').get('/money/book').expect(200)).body;
    expect(book.funds.find((f: { fundId: string }) => f.fundId === 'bbj')).toMatchObject({
      collected: 5_000,
      heldBack: 1_000,
      seededFromBackup: 1_000,
      paid: 4_000,
      balance: 1_000,
      backup: 0,
    });
    expect(book.countSheet).toEqual([
      {
        tableId: 'live1',
        shiftId: 'day',
        expected: 50_000,
        counted: 49_500,
        variance: -500,
        reason: expect.any(String),
        fills: 25_000,
        credits: 0,
        chipsFromCage: 10_000,
      },
    ]);
    expect(book.pending).toEqual([]);
  });

  it("a training table's hand never qualifies, whoever asks", async () => {
    await playBadBeat('train1', false);
    await refused(dealer, '/money/requests/bad-beat', badBeat('bb-t', { tableId: 'train1' }), 403, 'NOT_ASSIGNED');
    await refused(api.http, '/money/requests/bad-beat', badBeat('bb-t', { tableId: 'train1' }), 422, 'HAND_NOT_QUALIFYING');
  });

  it("the high hand of a period is found in the log and paid once (the training table's equal hand does not tie)", async () => {
    const period = { fundId: 'hh', period: 'hour-1', from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' };
    const asked = await post(api.http, '/money/requests/high-hand', { requestId: 'hh-1', ...period }, 201);
    expect(asked.body.events[0].request.winners).toEqual([{ playerId: 'player-3', tableId: 'live1', handNumber: 1 }]);
    const paid = await post(floor2, '/money/requests/hh-1/confirm', {}, 201);
    expect(paid.body.events[0]).toMatchObject({
      type: 'JackpotPaid',
      total: 5_000,
      shares: [{ playerId: 'player-3', share: 'high-hand', amount: 5_000 }],
    });
    await refused(api.http, '/money/requests/high-hand', { requestId: 'hh-2', ...period }, 422, 'ALREADY_PAID');
    await refused(
      api.http,
      '/money/requests/high-hand',
      { requestId: 'hh-3', ...period, period: 'hour-2', from: '2000-01-01T00:00:00Z', to: '2000-01-01T01:00:00Z' },
      422,
      'HAND_NOT_QUALIFYING',
    );
  });

  it("the regulator's reports are reproduced from the log to the cent, and the chain verifies", async () => {
    const shift = { shiftId: 'day', from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' };
    const revenue = (await api.as('regulator').get('/money/revenue').query(shift).expect(200)).body;
    const book = (await api.as('regulator').get('/money/book').expect(200)).body;
    await expectStatus(api.as('regulator').post('/money/requests/bb-1/confirm').send({}), 403);

    // The replay: the book's stream and the tables' streams, folded by the library alone.
    const moneyEvents = (await api.store.readStream(bookStreamIdOf('room'))).map(toMoneyEvent);
    const folded = bookOf(moneyEvents);
    expect(book.funds).toEqual(fundReport(folded));
    expect(book.countSheet).toEqual(countSheet(folded));
    const tables = api.app.get(FoldedTables);
    const hands: HandRecord[] = [];
    for (const tableId of ['live1', 'train1']) {
      const recorded = (await api.store.readStream(streamIdOf(tableId))).filter((r) => r.type !== 'DeckSealed');
      hands.push(
        ...finishedHands(
          tableId,
          recorded.map((r) => ({ event: toTableEvent(r, tables.seal), version: r.streamVersion, at: r.recordedAt })),
        ),
      );
    }
    expect(revenue.tables).toEqual(revenueReport(hands, moneyEvents, [shift]));
    expect(revenue.tables).toEqual([
      // No chip value recorded for these tables: dollar chips, the rake of 1 chip is 100 cents.
      expect.objectContaining({
        tableId: 'live1',
        shiftId: 'day',
        hands: 1,
        centsPerChip: [100],
        rakeChips: 1,
        rake: 100,
        ggr: 100,
        drops: 13_000,
      }),
      expect.objectContaining({ tableId: 'train1', shiftId: 'day', hands: 1, rakeChips: 0, rake: 0, ggr: 0, drops: 0 }),
    ]);
    expect(revenue.ggr).toBe(100);
    // A process starting (a LoggedHands of its own) starts from the hands the first report kept: it reads only each
    // table's events after the last kept hand, and reports the same to the cent.
    const kept = await api.db.query<{ table_id: string; last: number }>(
      'SELECT table_id, max(to_version) AS last FROM revenue_hands GROUP BY table_id ORDER BY table_id',
    );
    expect(kept.rows.map((r) => r.table_id)).toEqual(['live1', 'train1']);
    const restarted = new LoggedHands(api.store, tables, api.db);
    expect(revenueReport(await restarted.revenueHands(), moneyEvents, [shift])).toEqual(revenue.tables);
    const heads = await Promise.all(['live1', 'train1'].map(async (t) => (await api.store.readStream(streamIdOf(t))).length));
    const after = heads.reduce((n, v, i) => n + v - kept.rows[i]!.last, 0);
    expect(restarted.revenueEventsRead).toBe(after);
    expect(after).toBeLessThan(heads[0]! + heads[1]!);
    // Every recorded money decision is one the book makes again, every payout's hand or period qualifies from the hands.
    expect(verifyBook(moneyEvents, hands)).toEqual([]);
    const report = await verifyStore(api.store);
    expect(report.violations).toEqual([]);
    expect(report.heads.map((h) => h.streamId)).toEqual(expect.arrayContaining(['money-room', 'table-live1']));
  });

  it('a retry with the same Idempotency-Key records once; a declined request cannot be confirmed', async () => {
    const cash = { type: 'CashBuyIn', tableId: 'live1', shiftId: 'night', playerId: 'player-1', amount: 10_000 };
    const first = await expectStatus(dealer.post('/money/cash').set('Idempotency-Key', 'cash-night-1').send(cash), 201);
    const again = await expectStatus(dealer.post('/money/cash').set('Idempotency-Key', 'cash-night-1').send(cash), 200);
    expect(again.body.events).toEqual(first.body.events);
    const book = (await api.http.get('/money/book').expect(200)).body;
    expect(book.countSheet.find((r: { shiftId: string }) => r.shiftId === 'night')).toMatchObject({ expected: 10_000 });
    await post(
      dealer,
      '/money/requests',
      { requestId: 'credit-1', request: { kind: 'Credit', tableId: 'live1', shiftId: 'night', amount: 5_000 } },
      201,
    );
    await post(api.http, '/money/requests/credit-1/decline', { reason: 'the tray was not over its par' }, 201);
    await refused(floor2, '/money/requests/credit-1/confirm', {}, 422, 'REQUEST_UNKNOWN');
  });

  it('refuses malformed money requests with a 400 naming the field, writing nothing', async () => {
    await refused(
      api.http,
      '/money/requests',
      { requestId: 'r', request: { kind: 'Fill', tableId: 'live1', shiftId: 'day', amount: -1 } },
      400,
      'INVALID_REQUEST',
    );
    await refused(api.http, '/money/requests', { requestId: 'r', request: { kind: 'Steal', amount: 1 } }, 400, 'INVALID_REQUEST');
    await refused(api.http, '/money/requests/nope/decline', {}, 400, 'INVALID_REQUEST');
    await refused(api.http, '/money/requests/nope/decline', { reason: 'x' }, 422, 'REQUEST_UNKNOWN');
    await refused(api.http, '/money/drops', { fundId: 'bbj', tableId: 'live1', handNumber: 0, amount: 5 }, 400, 'INVALID_REQUEST');
    await expectStatus(api.as('regulator').get('/money/revenue').query({ shiftId: 'day', from: 'yesterday', to: 'x' }), 400);
    await expectStatus(api.anonymous.get('/money/book'), 401);
  });

  it("answers the book's other refusals a route can reach with their codes, writing nothing", async () => {
    const seed = { kind: 'SeedFund', fundId: 'bbj', amount: 100, note: 'opening float' };
    await refused(dealer, '/money/requests', { requestId: 'seed-d', request: seed }, 422, 'ROLE_MAY_NOT');
    await refused(api.http, '/money/requests', { requestId: 'bb-1', request: seed }, 422, 'REQUEST_ID_TAKEN');
    await refused(api.http, '/money/requests/bad-beat', badBeat('bb-k', { fundId: 'hh' }), 422, 'FUND_KIND_MISMATCH');
    await refused(api.http, `/money/requests/${encodeURIComponent('no such id')}/confirm`, {}, 404, 'REQUEST_NOT_FOUND');
    // A fund with nothing in it has nothing to pay (a payout's shares are cut to the balance: FUND_SHORT is the
    // decider's own guard, which no request reaches).
    await post(api.http, '/money/funds', { fundId: 'bb0', rules: { kind: 'bad-beat', name: 'Empty bad beat' } }, 201);
    await refused(api.http, '/money/requests/bad-beat', badBeat('bb-0', { fundId: 'bb0' }), 422, 'NOTHING_TO_PAY');
    const before = await writtenRows(database.db);
    const missing = await expectStatus(api.as('regulator').get('/money/funds/nope/history'), 404);
    expect([missing.body.code, await writtenRows(database.db)]).toEqual(['FUND_NOT_FOUND', before]);
  });
});
