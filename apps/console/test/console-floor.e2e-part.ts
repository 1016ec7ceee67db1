import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers, startHandWithBlinds } from '../../api/test/test-support/table-setup';
import { PASSWORD, useSharedConsoleSuite } from './test-support/console-suite';
import { playFoldedHand } from './test-support/folded-hands';
import { PHONE, smallTargets, TABLET } from './test-support/touch-targets';
import { OUTPUT_DIR } from './test-support/console-browser';
import { join } from 'node:path';

/**
 * What a floor reads off the console and reaches with a finger (issue 35): nobody "to act" while the forced bets are
 * posted, the Players panel's live stacks, owed posts with their live and dead parts, a live-cards table named so,
 * each role's links leading where it may go, and 44 px targets on the tablet and the phone. Each test sets its own
 * tables up through the API.
 */
describe('what the floor reads and reaches (chromium)', () => {
  const suite = useSharedConsoleSuite();

  it('says nobody is to act while the forced bets are posted, and the Players panel shows the stacks as they are now', async () => {
    await openTableWithPlayers(suite.api, 'forced-1', 3);
    await expectStatus(suite.api.http.post('/tables/forced-1/start-hand').send({}), 201);
    const floor = await suite.signedIn('floor-fran');
    await floor.byTestId('lobby-hand-forced-1').filter({ hasText: '#1 blinds' }).waitFor();
    expect(await floor.byTestId('lobby-hand-forced-1').textContent()).not.toContain('to act');
    await floor.openTableFromLobby('forced-1');
    // Button 1: seat 2 posts the small blind, seat 3 the big blind; the bar offers the posts, the felt says so.
    await floor.byTestId('to-act').filter({ hasText: 'Forced bets due: seat 2 (player-2) the small blind 1' }).waitFor();
    const marks = async () => Promise.all([1, 2, 3].map(async (n) => (await floor.byTestId(`marks-${n}`).textContent()) ?? ''));
    expect((await marks()).filter((m) => m.includes('to act'))).toEqual([]);

    await expectStatus(suite.api.http.post('/tables/forced-1/post-blind').send({ seat: 2, blind: 'small-blind' }), 201);
    await floor.byTestId('to-act').filter({ hasText: 'Forced bets due: seat 3 (player-3) the big blind 2' }).waitFor();
    expect((await marks()).filter((m) => m.includes('to act'))).toEqual([]);
    // The small blind is in the pot: the table's seat still holds the stack the hand began with, the panel the chips now.
    await floor.byTestId('player-stack-2').filter({ hasText: '99 chips' }).waitFor();
    await floor.byTestId('stack-2').filter({ hasText: /^99$/ }).waitFor();

    // The big blind posted, the cards are dealt (the server deals this table) and seat 1 is the first to act.
    await expectStatus(suite.api.http.post('/tables/forced-1/post-blind').send({ seat: 3, blind: 'big-blind' }), 201);
    await floor.byTestId('to-act').filter({ hasText: 'Seat 1 (player-1) to act: 2 to call' }).waitFor();
    const table = await suite.table('forced-1');
    expect(table.seats.find((s: { seat: number }) => s.seat === 3).stack).toBe(100);
    expect(table.hand.players.find((p: { seat: number }) => p.seat === 3).stack).toBe(98);
    await floor.byTestId('player-stack-3').filter({ hasText: '98 chips' }).waitFor();
    await floor.byTestId('marks-1').filter({ hasText: 'to act' }).waitFor();
  });

  it('spells out what a seat owes: the big blind and a dead small blind, waiting for the big blind, a new player’s post', async () => {
    await openTableWithPlayers(suite.api, 'owes-1', 4);
    const playHand = () => playFoldedHand(suite.api, 'owes-1');
    await playHand();
    await expectStatus(suite.api.http.post('/tables/owes-1/sit-out').send({ seat: 4 }), 201);
    for (let hand = 0; hand < 5; hand++) {
      if ((await suite.table('owes-1')).seats.find((s: { seat: number }) => s.seat === 4).missedBig) break;
      await playHand();
    }
    // New players sit down while the game runs: one waits for the big blind (as seating does by default), one posts to
    // play at once.
    await expectStatus(suite.api.http.post('/tables/owes-1/seat-player').send({ seat: 5, playerId: 'newcomer', buyIn: 100 }), 201);
    await expectStatus(
      suite.api.http.post('/tables/owes-1/seat-player').send({ seat: 6, playerId: 'poster', buyIn: 100, postToEnter: true }),
      201,
    );

    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('owes-1');
    await floor.byTestId('player-status-4').filter({ hasText: 'owes the big blind 2 and a dead small blind 1' }).waitFor();
    await floor.byTestId('marks-4').filter({ hasText: 'owes the big blind 2 and a dead small blind 1' }).waitFor();
    await floor.byTestId('player-status-5').filter({ hasText: 'waiting for the big blind' }).waitFor();
    await floor.byTestId('marks-5').filter({ hasText: 'waiting for the big blind' }).waitFor();
    await floor.byTestId('player-status-6').filter({ hasText: "owes a new player's big blind 2" }).waitFor();

    await floor.byTestId('sit-in-wait-4').click();
    await floor.byTestId('player-status-4').filter({ hasText: 'waiting for the big blind' }).waitFor();
    await floor.byTestId('marks-4').filter({ hasText: 'waiting for the big blind' }).waitFor();
  });

  it('names a live-cards table so in the lobby and on its screen', async () => {
    await openTableWithPlayers(suite.api, 'live-label-1', 2, { ...NO_LIMIT_1_2, cardSource: 'live' });
    await openTableWithPlayers(suite.api, 'deck-label-1', 2);
    const floor = await suite.signedIn('floor-fran');
    await floor.byTestId('lobby-stakes-live-label-1').filter({ hasText: 'NL 1/2 · live cards' }).waitFor();
    expect(await floor.byTestId('lobby-stakes-deck-label-1').textContent()).toBe('NL 1/2');
    await floor.openTableFromLobby('live-label-1');
    await floor.byTestId('stakes').filter({ hasText: 'NL 1/2 · live cards' }).waitFor();
  });

  it.each([
    ['tablet', TABLET],
    ['phone', PHONE],
  ])(
    'leads each role only where it may go on the %s: a dealer gets the public board, not a room that never loads',
    async (_name, viewport) => {
      const dealer = await suite.open({ viewport });
      await dealer.signIn('dealer-dan', PASSWORD);
      await dealer.byTestId('lobby-tables').waitFor();
      expect(await dealer.byTestId('nav-room').isHidden()).toBe(true);
      expect(await dealer.page.locator('#users-link').isHidden()).toBe(true);
      expect(await dealer.byTestId('nav-board').getAttribute('href')).toBe('board.html');
      await dealer.page.goto(dealer.page.url().replace(/#.*$/, '') + '#/room');
      await dealer.byTestId('room-not-floor').waitFor();
      expect(await dealer.page.locator('main form, main input, main select').count()).toBe(0);
      expect(await dealer.byTestId('room-live-status').count()).toBe(0);

      const floor = await suite.open({ viewport });
      await floor.signIn('floor-fran', PASSWORD);
      await floor.byTestId('lobby-tables').waitFor();
      expect(await floor.byTestId('nav-board').isHidden()).toBe(true);
      await floor.byTestId('nav-room').click();
      await floor.byTestId('room-live-status').filter({ hasText: /^live/ }).waitFor();
    },
  );

  it.each([
    ['tablet', TABLET],
    ['phone', PHONE],
  ])('gives every target on the %s at least 44 px each way', async (_name, viewport) => {
    await openTableWithPlayers(suite.api, `targets-${viewport.width}`, 3);
    await startHandWithBlinds(suite.api, `targets-${viewport.width}`);
    const floor = await suite.open({ viewport });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    const small: string[] = [...(await smallTargets(floor, 'lobby'))];
    await floor.openTableFromLobby(`targets-${viewport.width}`);
    await floor.byTestId('action-list').locator('button').first().waitFor();
    small.push(...(await smallTargets(floor, 'table')));
    await floor.page.goto(floor.page.url().replace(/#.*$/, '') + '#/users');
    await floor.page.locator('main table').waitFor();
    small.push(...(await smallTargets(floor, 'staff')));
    await floor.byTestId('nav-room').click();
    await floor.byTestId('room-live-status').filter({ hasText: /^live/ }).waitFor();
    small.push(...(await smallTargets(floor, 'room')));
    expect(small).toEqual([]);
  });

  it.each([
    ['tablet', TABLET],
    ['phone', PHONE],
  ])(
    "lists a room table's players in seat order on the %s, each player's controls on a row of their own; asks for a listed player's chips in words",
    async (_name, viewport) => {
      const game = `order-${viewport.width}`;
      const tableId = `order-t-${viewport.width}`;
      const tableRules = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
      const body = { gameId: game, name: `1/2 NLHE ${game}`, stakes: '1/2', structure: 'no-limit', seatsPerTable: 6, tableRules };
      await expectStatus(suite.api.http.post('/room/games').send(body), 201);
      await expectStatus(suite.api.http.post(`/room/games/${game}/tables`).send({ tableId, mustMove: false }), 201);
      // Seated in the order 1, 4, 3, 2 (as the calls came back).
      for (const seat of [1, 4, 3, 2]) {
        const playerId = `card-${viewport.width}-${seat}`;
        const command = (c: object) => expectStatus(suite.api.http.post(`/room/games/${game}/commands`).send(c), 201);
        await command({ type: 'JoinList', playerId, alias: `P${seat}` });
        await command({ type: 'CallPlayer', playerId, tableId, seat });
        await expectStatus(suite.api.http.post(`/room/games/${game}/seat`).send({ playerId, buyIn: 100 }), 201);
      }
      const floor = await suite.open({ viewport });
      await floor.signIn('floor-fran', PASSWORD);
      await floor.byTestId('nav-room').click();
      const row = floor.byTestId(`room-table-${tableId}`);
      await row.getByTestId(`vacate-${tableId}-2`).waitFor();
      const seats = await row.locator('[data-testid^="vacate-"]').evaluateAll((nodes) => nodes.map((n) => n.textContent));
      expect(seats).toEqual(['1: P1 leaves', '2: P2 leaves', '3: P3 leaves', '4: P4 leaves']);
      // No player's table-change controls share a line with the next player's "leaves".
      const boxes = await row
        .locator('.seated')
        .evaluateAll((nodes) => nodes.map((n) => ({ top: n.getBoundingClientRect().top, bottom: n.getBoundingClientRect().bottom })));
      for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom - 1);
      expect(await floor.page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
      expect(await smallTargets(floor, 'room')).toEqual([]);
      await row.screenshot({ path: join(OUTPUT_DIR, `room-seats-${viewport.width}.png`) });

      // Seating a player called from the list: without chips typed the console asks for them (nothing sent); the API's
      // refusal of a buy-in of 0 reads as a sentence, the field named once and in words.
      const fifth = `card-${viewport.width}-5`;
      await expectStatus(suite.api.http.post(`/room/games/${game}/commands`).send({ type: 'JoinList', playerId: fifth, alias: 'P5' }), 201);
      const call = { type: 'CallPlayer', playerId: fifth, tableId, seat: 5 };
      await expectStatus(suite.api.http.post(`/room/games/${game}/commands`).send(call), 201);
      await floor.byTestId(`seat-${fifth}`).click();
      expect(await floor.notice()).toBe('Type the chips P5 buys in for, then tap Seat; nothing was sent.');
      expect(await floor.page.evaluate('document.activeElement?.dataset.testid')).toBe(`buy-in-${fifth}`);
      await floor.byTestId(`buy-in-${fifth}`).fill('0');
      await floor.byTestId(`seat-${fifth}`).click();
      await floor
        .byTestId('notice')
        .filter({ hasText: /^The buy-in is at least 1 chip$/ })
        .waitFor();
      const room = (await expectStatus(suite.api.http.get(`/room/games/${game}`), 200)).body;
      expect(room.calls.map((c: { playerId: string }) => c.playerId)).toEqual([fifth]);
    },
  );

  it.each([
    ['tablet', TABLET],
    ['phone', PHONE],
  ])("marks the dealer's own table in their lobby on the %s, and tells nobody else's", async (_name, viewport) => {
    const [mine, other] = [`dealt-${viewport.width}`, `not-dealt-${viewport.width}`];
    await openTableWithPlayers(suite.api, mine, 2);
    await openTableWithPlayers(suite.api, other, 2);
    await expectStatus(suite.api.http.put(`/tables/${mine}/dealers/dealer-dan`).send({}), 200);
    const dealer = await suite.open({ viewport });
    await dealer.signIn('dealer-dan', PASSWORD);
    await dealer.byTestId(`lobby-yours-${mine}`).filter({ hasText: 'you deal here' }).waitFor();
    await dealer.byTestId(`lobby-row-${other}`).waitFor();
    expect(await dealer.byTestId(`lobby-yours-${other}`).count()).toBe(0);
    expect(await dealer.accessibilityViolations()).toEqual([]);
    // The route answers a dealer their own tables only; the floor and a regulator have the dealers' list, not this.
    expect((await expectStatus(suite.api.as('dealer').get('/dealing'), 200)).body).toEqual({ tables: [] });
    await expectStatus(suite.api.http.get('/dealing'), 403);
    await expectStatus(suite.api.as('regulator').get('/dealing'), 403);
    await expectStatus(suite.api.anonymous.get('/dealing'), 401);
  });
});
