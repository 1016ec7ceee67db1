import type { User } from '@felt/staff';
import { APP_BACKENDS } from './test-support/test-databases';
import { writtenRows, type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';
import { addTestUser } from './test-support/auth';
import { postApproved } from './test-support/approvals';
import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers, startHandWithBlinds, TRAINING_1_2 } from './test-support/table-setup';

/**
 * The floor's corrections and player management through the API (issue 20): correct-action (floor only) takes back
 * a mis-keyed action without voiding the hand; change-seat; busted players removed and their seat taken again; and
 * the refusals, each writing nothing.
 */
describe.each(APP_BACKENDS)('floor corrections and player management (%s)', (backend) => {
  let api: TestApi;
  let dealer: User;
  const database = useSharedApi(backend);
  const asDealer = () => api.as('dealer', { sub: dealer.id, name: dealer.name });

  beforeAll(async () => {
    api = database.api;
    dealer = await addTestUser(database.db, 'dana', 'dealer');
  });

  /** A refused request: its status and code, and nothing written. */
  const refused = async (request: () => PromiseLike<{ status: number; body: { code?: string } }>, status: number, code: string) => {
    const before = await writtenRows(database.db);
    const res = await request();
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(await writtenRows(database.db)).toEqual(before);
    return res;
  };

  const table = async (id: string) => (await expectStatus(api.http.get(`/tables/${id}`), 200)).body;

  it('a double tap folded the next player: the floor backs up to the second fold, the log keeps both, and the hand goes on', async () => {
    await openTableWithPlayers(api, 'dt', 4);
    await expectStatus(api.http.put(`/tables/dt/dealers/${dealer.id}`), 200);
    const { toAct: first } = await startHandWithBlinds(api, 'dt');
    const fold1 = await expectStatus(asDealer().post('/tables/dt/fold').send({ seat: first }), 201);
    const second = fold1.body.table.toAct as number;
    const fold2 = await expectStatus(asDealer().post('/tables/dt/fold').send({ seat: second }), 201);
    const mistaken = fold2.body.events[0].version as number;
    const head = fold2.body.version as number;
    expect(fold2.body.table.hand.actions.map((a: { seat: number }) => a.seat)).toEqual([first, second]);

    // A dealer may not correct (403), a stale If-Match is a conflict (409), and a reason is required (400).
    await refused(
      () => asDealer().post('/tables/dt/correct-action').send({ backTo: mistaken, reason: 'double tap' }),
      403,
      'FORBIDDEN_ROLE',
    );
    await refused(
      () =>
        api.http
          .post('/tables/dt/correct-action')
          .set('If-Match', `"${head - 1}"`)
          .send({ backTo: mistaken, reason: 'double tap' }),
      409,
      'VERSION_CONFLICT',
    );
    await refused(() => api.http.post('/tables/dt/correct-action').send({ backTo: mistaken }), 400, 'INVALID_REQUEST');
    await refused(
      () => api.http.post('/tables/dt/correct-action').send({ backTo: mistaken, action: 2, reason: 'x' }),
      400,
      'INVALID_REQUEST',
    );
    await refused(
      () => api.http.post('/tables/dt/correct-action').send({ backTo: mistaken - 2, reason: 'not an action' }),
      422,
      'ACTION_NOT_FOUND',
    );
    await refused(
      () => api.http.post('/tables/dt/correct-action').send({ backTo: head + 5, reason: 'the future' }),
      422,
      'ACTION_NOT_FOUND',
    );

    const corrected = await expectStatus(
      api.http
        .post('/tables/dt/correct-action')
        .set('If-Match', `"${head}"`)
        .send({ backTo: mistaken, reason: 'double tap: seat never folded' }),
      201,
    );
    expect(corrected.body.events.map((e: { type: string; data: object }) => ({ type: e.type, ...e.data }))).toEqual([
      {
        type: 'ActionCorrected',
        handNumber: 1,
        action: 2,
        retracted: [{ type: 'PlayerFolded', seat: second }],
        reason: 'double tap: seat never folded',
      },
    ]);
    expect(corrected.body.table.toAct).toBe(second);
    expect(corrected.body.table.hand.actions.map((a: { seat: number }) => a.seat)).toEqual([first]);
    expect(corrected.body.table.hand.lastAction).toBeUndefined();
    expect(corrected.body.events[0].metadata).toMatchObject({ actorRole: 'floor' });

    // The mistaken fold is now no standing action: backing up to it again is refused.
    await refused(() => api.http.post('/tables/dt/correct-action').send({ backTo: mistaken, reason: 'again' }), 422, 'ACTION_NOT_FOUND');
    const events = (await expectStatus(api.http.get('/tables/dt/events'), 200)).body.events.map((e: { type: string }) => e.type);
    expect(events.filter((t: string) => t === 'PlayerFolded')).toHaveLength(2);
    expect(events.at(-1)).toBe('ActionCorrected');
    // The hand goes on from the corrected point: the seat whose fold was taken back acts.
    await expectStatus(asDealer().post('/tables/dt/call').send({ seat: second }), 201);
  });

  it('refuses to back up past a board card (422 CORRECTION_PAST_CARDS); names the action by number too', async () => {
    await openTableWithPlayers(api, 'pc', 3);
    let { toAct } = await startHandWithBlinds(api, 'pc');
    let answer;
    // Everyone calls or checks preflop: the flop comes.
    for (let i = 0; i < 3; i++) {
      const t = (await table('pc')).legalActions as { type: string; seat: number }[];
      const type = t.some((a) => a.type === 'Check' && a.seat === toAct) ? 'check' : 'call';
      answer = await expectStatus(api.http.post(`/tables/pc/${type}`).send({ seat: toAct }), 201);
      toAct = answer.body.table.toAct;
    }
    expect(answer!.body.table.hand.board).toMatch(/^(..){3}$/); // the flop, as card text
    await refused(
      () => api.http.post('/tables/pc/correct-action').send({ action: 3, reason: 'mis-keyed check' }),
      422,
      'CORRECTION_PAST_CARDS',
    );
    await refused(() => api.http.post('/tables/pc/correct-action').send({ action: 9, reason: 'no such action' }), 422, 'ACTION_NOT_FOUND');
    const checked = await expectStatus(api.http.post('/tables/pc/check').send({ seat: toAct }), 201);
    const back = await expectStatus(
      api.http.post('/tables/pc/commands').send({ type: 'CorrectAction', action: 4, reason: 'a bet, not a check' }),
      201,
    );
    expect(back.body.table.toAct).toBe(toAct);
    expect(back.body.version).toBe(checked.body.version + 1);
  });

  it('change-seat: dealers move players; where the big blind has passed the new seat they wait for it; refusals write nothing', async () => {
    await openTableWithPlayers(api, 'cs', 4, { ...NO_LIMIT_1_2, maxSeats: 9 });
    await expectStatus(api.http.put(`/tables/cs/dealers/${dealer.id}`), 200);
    await refused(() => asDealer().post('/tables/cs/change-seat').send({ from: 1, to: 2 }), 422, 'SEAT_TAKEN');
    await refused(() => asDealer().post('/tables/cs/change-seat').send({ from: 8, to: 9 }), 422, 'SEAT_EMPTY');
    await refused(() => asDealer().post('/tables/cs/change-seat').send({ from: 1, to: 10 }), 422, 'SEAT_OUT_OF_RANGE');
    await refused(() => asDealer().post('/tables/cs/change-seat').send({ from: 1 }), 400, 'INVALID_REQUEST');
    const { toAct } = await startHandWithBlinds(api, 'cs');
    await refused(() => asDealer().post('/tables/cs/change-seat').send({ from: toAct, to: 9 }), 422, 'PLAYER_IN_HAND');
    // Everyone folds to the big blind (seat 3): the hand ends.
    let seat = toAct;
    for (;;) {
      const res = await expectStatus(asDealer().post('/tables/cs/fold').send({ seat }), 201);
      if (res.body.table.hand.phase === 'complete') break;
      seat = res.body.table.toAct;
    }
    // The last big blind was seat 3: seat 4 moving on to seat 8 would skip the blinds there.
    const moved = await expectStatus(asDealer().post('/tables/cs/change-seat').send({ from: 4, to: 8 }), 201);
    expect(moved.body.events.map((e: { type: string; data: object }) => ({ type: e.type, ...e.data }))).toEqual([
      { type: 'SeatChanged', from: 4, to: 8, playerId: 'player-4', newPlayer: true, postToEnter: false },
    ]);
    const seats = moved.body.table.seats as { seat: number; playerId: string; waitForBigBlind: boolean; isNew: boolean }[];
    expect(seats.find((s) => s.seat === 8)).toMatchObject({ playerId: 'player-4', isNew: true, waitForBigBlind: true });
    expect(seats.find((s) => s.seat === 4)).toBeUndefined();
  });

  it('busted players: marked, removed with leave-table, and their seat taken again; sit out, sit in and add chips work as routes', async () => {
    await expectStatus(postApproved(api, '/tables', { tableId: 'bu', rules: TRAINING_1_2 }), 201);
    for (const [seat, buyIn] of [
      [1, 2],
      [2, 100],
      [3, 100],
    ])
      await expectStatus(api.http.post('/tables/bu/seat-player').send({ seat, playerId: `p${seat}`, buyIn }), 201);
    await expectStatus(api.http.post('/tables/bu/place-button').send({ seat: 1 }), 201);
    // Button 1: seat 2 small blind, seat 3 big blind, seat 1 (all in for 2) loses to two pairs of aces and kings.
    let t = (
      await expectStatus(
        api.http.post('/tables/bu/start-hand').send({ holeCards: { 1: '7c2d', 2: 'AsAh', 3: 'KsKh' }, board: '9c8dJh4s3c' }),
        201,
      )
    ).body.table;
    for (let guard = 0; t.hand.phase !== 'complete' && guard < 40; guard++) {
      const legal = t.legalActions as { type: string; seat: number; blind?: string }[];
      const pick = ['PostBlind', 'Check', 'Call', 'ShowHand'].map((k) => legal.find((a) => a.type === k)).find(Boolean)!;
      const route = pick.type.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? '' : '-') + c.toLowerCase());
      t = (
        await expectStatus(
          api.http.post(`/tables/bu/${route}`).send(pick.blind ? { seat: pick.seat, blind: pick.blind } : { seat: pick.seat }),
          201,
        )
      ).body.table;
    }
    const busted = (t.seats as { seat: number; stack: number; busted: boolean }[]).find((s) => s.seat === 1)!;
    expect(busted).toMatchObject({ stack: 0, busted: true });
    expect((t.seats as { busted: boolean }[]).filter((s) => s.busted)).toHaveLength(1);
    // Seating the player again while the busted seat is still theirs is refused (the report's "seating them again is refused").
    await refused(() => api.http.post('/tables/bu/seat-player').send({ seat: 4, playerId: 'p1', buyIn: 50 }), 422, 'PLAYER_ALREADY_SEATED');
    await refused(() => api.http.post('/tables/bu/seat-player').send({ seat: 1, playerId: 'p9', buyIn: 50 }), 422, 'SEAT_TAKEN');
    const left = await expectStatus(api.http.post('/tables/bu/leave-table').send({ seat: 1 }), 201);
    expect(left.body.events.map((e: { type: string; data: object }) => ({ type: e.type, ...e.data }))).toEqual([
      { type: 'PlayerLeft', seat: 1, playerId: 'p1', cashOut: 0 },
    ]);
    await expectStatus(api.http.post('/tables/bu/seat-player').send({ seat: 1, playerId: 'p1', buyIn: 50 }), 201);

    // Sit out, miss the blinds, sit in, add chips: all through the routes.
    await expectStatus(api.http.post('/tables/bu/sit-out').send({ seat: 2 }), 201);
    await expectStatus(api.http.post('/tables/bu/add-chips').send({ seat: 2, amount: 20 }), 201);
    const sitIn = await expectStatus(api.http.post('/tables/bu/sit-in').send({ seat: 2, waitForBigBlind: true }), 201);
    expect((sitIn.body.table.seats as { seat: number }[]).find((s) => s.seat === 2)).toMatchObject({
      sittingOut: false,
      waitForBigBlind: true,
      busted: false,
    });
    await refused(() => api.http.post('/tables/bu/add-chips').send({ seat: 5, amount: 20 }), 422, 'SEAT_EMPTY');
  });

  it('missed blinds through the routes: a seat out while the big blind passes owes it, and makes it up on sitting in', async () => {
    await openTableWithPlayers(api, 'mb', 4);
    /** Plays a hand in which everyone folds to the big blind. */
    const foldAround = async () => {
      let t = (await expectStatus(api.http.post('/tables/mb/start-hand').send({}), 201)).body.table;
      for (let guard = 0; t.hand.phase !== 'complete' && guard < 20; guard++) {
        const post = (t.legalActions as { type: string; seat: number; blind?: string }[]).find((a) => a.type === 'PostBlind');
        t = post
          ? (await expectStatus(api.http.post('/tables/mb/post-blind').send({ seat: post.seat, blind: post.blind }), 201)).body.table
          : (await expectStatus(api.http.post('/tables/mb/fold').send({ seat: t.toAct }), 201)).body.table;
      }
      return t;
    };
    await foldAround(); // button 1, big blind 3
    await expectStatus(api.http.post('/tables/mb/sit-out').send({ seat: 4 }), 201);
    const t = await foldAround(); // the big blind would have been seat 4's: it goes to seat 1
    expect((t.seats as { seat: number }[]).find((s) => s.seat === 4)).toMatchObject({ sittingOut: true, missedBig: true });
    await expectStatus(api.http.post('/tables/mb/sit-in').send({ seat: 4 }), 201);
    await foldAround(); // seat 4 sits between the blinds and the button: not dealt in yet
    const started = (await expectStatus(api.http.post('/tables/mb/start-hand').send({}), 201)).body.table;
    const owed = (started.legalActions as { type: string; seat: number; blind?: string }[])
      .filter((a) => a.type === 'PostBlind' && a.seat === 4)
      .map((a) => a.blind);
    const due = (started.hand.forcedBetsDue as { seat: number; kind: string }[]).filter((f) => f.seat === 4).map((f) => f.kind);
    expect(due).toEqual(['make-up-big', 'make-up-small']);
    expect(owed.length).toBeGreaterThan(0);
  });
});
