import { verifyEvents } from '@felt/regulator';
import { streamIdOf } from '../src/tables/table-stream';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { APP_BACKENDS } from './test-support/test-databases';
import { seedTestUsers } from './test-support/auth';
import { type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';

/**
 * The bomb pot and running it twice through the HTTP routes (docs/house-options.md): the floor's call, the antes,
 * the flop with no preflop action; the players' consent to run it twice, both boards, the halves; the refusals
 * (4xx, nothing written), the hand history, the PHH export and a re-verification of the stored log.
 */
describe.each(APP_BACKENDS)('house options bomb pot and run it twice over HTTP (%s)', (backend) => {
  let api: TestApi;
  const database = useSharedApi(backend);
  const regulator = () => api.as('regulator', { sub: 'reg-1' });
  const stored = async (tableId: string) => (await api.store.readStream(streamIdOf(tableId))).length;

  beforeAll(async () => {
    api = database.api;
    await seedTestUsers(database.db, [
      { sub: 'reg-1', role: 'regulator' },
      { sub: 'dealer-9', role: 'dealer' },
    ]);
  });

  it('bomb pot: the floor calls it, everyone antes, the flop comes at once; a dealer may not call one', async () => {
    await openTableWithPlayers(api, 'bomb1', 3, {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 6,
      houseOptions: { bombPot: { ante: 5 } },
    });
    const before = await stored('bomb1');
    const dealer = await api.as('dealer', { sub: 'dealer-9' }).post('/tables/bomb1/call-bomb-pot').send({});
    expect(dealer.status).toBe(403);
    expect((await api.http.post('/tables/bomb1/call-bomb-pot').send({ seat: 1 })).status).toBe(400);
    expect(await stored('bomb1')).toBe(before);

    const called = await expectStatus(api.http.post('/tables/bomb1/call-bomb-pot').send({}), 201);
    expect(called.body.events.map((e: { type: string }) => e.type)).toEqual(['BombPotCalled']);
    let table = (await expectStatus(api.http.post('/tables/bomb1/start-hand').send({}), 201)).body.table;
    expect(table.legalActions).toEqual([2, 3, 1].map((seat) => ({ type: 'PostBlind', seat, blind: 'bomb-pot', amount: 5 })));
    const refused = await api.http.post('/tables/bomb1/call-bomb-pot').send({});
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 422, code: 'HAND_IN_PROGRESS' });
    for (const seat of [1, 2, 3])
      table = (await expectStatus(api.http.post('/tables/bomb1/post-blind').send({ seat, blind: 'bomb-pot' }), 201)).body.table;
    expect(table.hand).toMatchObject({ pots: [{ amount: 15, eligible: [1, 2, 3] }] });
    expect(table.hand.board).toHaveLength(6); // the flop, as text ("AdTc4c")
    expect(table.toAct).toBe(2);

    // Everyone checks it down; the hand history records the bomb pot.
    while (table.hand.phase !== 'complete') {
      const action = table.legalActions.find((a: { type: string }) => a.type === 'Check' || a.type === 'ShowHand' || a.type === 'MuckHand');
      table = (await expectStatus(api.http.post('/tables/bomb1/commands').send({ type: action.type, seat: action.seat }), 201)).body.table;
    }
    const { hands } = (await regulator().get('/regulator/tables/bomb1/hands').expect(200)).body;
    expect(hands[0]).toMatchObject({
      handNumber: 1,
      bombPot: { ante: 5 },
      actions: expect.arrayContaining([expect.objectContaining({ action: 'post', kind: 'bomb-pot', amount: 5 })]),
    });
    expect(hands[0].actions.filter((a: { street: string; action: string }) => a.street === 'preflop' && a.action !== 'post')).toEqual([]);

    const events = await api.store.readStream(streamIdOf('bomb1'));
    expect(verifyEvents(events).violations).toEqual([]);
  });

  it('run it twice: the hands are tabled, every player consents, two boards, each run wins half', async () => {
    // A training table: the test chooses the cards of both runs.
    await openTableWithPlayers(api, 'twice1', 2, {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 2,
      houseOptions: { runItTwice: true },
      deckSource: 'training',
    });
    await expectStatus(
      api.http
        .post('/tables/twice1/start-hand')
        .send({ holeCards: { 1: 'AsAd', 2: 'KsKd' }, board: '2c7d9hJc3s', secondRun: 'Kh8c4d5h6s' }),
      201,
    );
    await expectStatus(api.http.post('/tables/twice1/post-blind').send({ seat: 1 }), 201);
    await expectStatus(api.http.post('/tables/twice1/post-blind').send({ seat: 2 }), 201);
    await expectStatus(api.http.post('/tables/twice1/raise').send({ seat: 1, to: 100 }), 201);
    const called = (await expectStatus(api.http.post('/tables/twice1/call').send({ seat: 2 }), 201)).body.table;
    expect(called.legalActions).toEqual([
      { type: 'RunItTwice', seat: null, seats: [1, 2] },
      { type: 'RunItOnce', seat: null },
    ]);

    const before = await stored('twice1');
    const oneConsent = await api.http.post('/tables/twice1/run-it-twice').send({ consents: [{ seat: 1, by: 'alice' }] });
    expect({ status: oneConsent.status, code: oneConsent.body.code }).toEqual({ status: 422, code: 'CONSENT_MISSING' });
    expect((await api.http.post('/tables/twice1/run-it-twice').send({ consents: [] })).status).toBe(400);
    expect((await api.http.post('/tables/twice1/run-it-twice').send({ consents: [{ seat: 1, by: 'alice' }], extra: true })).status).toBe(
      400,
    );
    expect(await stored('twice1')).toBe(before);

    const agreed = await expectStatus(
      api.http.post('/tables/twice1/run-it-twice').send({
        consents: [
          { seat: 1, by: 'alice' },
          { seat: 2, by: 'bob' },
        ],
      }),
      201,
    );
    const types = agreed.body.events.map((e: { type: string }) => e.type);
    expect(types.filter((t: string) => t === 'SecondBoardDealt')).toHaveLength(3);
    expect(agreed.body.table.seats.map((s: { stack: number }) => s.stack)).toEqual([100, 100]);

    const { hands } = (await regulator().get('/regulator/tables/twice1/hands').expect(200)).body;
    expect(hands[0]).toMatchObject({
      board: { flop: ['2c', '7d', '9h'], turn: ['Jc'], river: ['3s'] },
      secondBoard: { flop: ['Kh', '8c', '4d'], turn: ['5h'], river: ['6s'] },
      pots: [
        {
          pot: 0,
          amount: 200,
          runs: [
            { run: 1, amount: 100, winners: [{ seat: 1, amount: 100 }] },
            { run: 2, amount: 100, winners: [{ seat: 2, amount: 100 }] },
          ],
        },
      ],
    });
    const phh = await regulator().get('/regulator/tables/twice1/export?format=phh').expect(200);
    expect(phh.text).toContain('"d db Kh8c4d # run 2"');
    expect(phh.text).toContain('_felt_runs = 2');
    expect(phh.text).toContain('finishing_stacks = [100, 100]');

    const events = await api.store.readStream(streamIdOf('twice1'));
    expect(verifyEvents(events).violations).toEqual([]);
  });
});
