import { expectStatus, openTableWithPlayers } from '../../api/test/test-support/table-setup';
import { join } from 'node:path';
import { SCREENSHOTS_DIR } from './test-support/console-browser';
import { PASSWORD, useSharedConsoleSuite } from './test-support/console-suite';

/**
 * Hands that are not dealt the usual way, as the console shows them in a real browser (headless Chromium): a bomb
 * pot (antes, no blinds) to the dealer and the floor, and a hand run twice with both runs' boards, hand names and
 * winners. The hands are played through the API; the pages are the subject.
 */
describe('bomb pots and hands run twice in the console (chromium)', () => {
  const suite = useSharedConsoleSuite();

  it('a bomb pot says so to the dealer and the floor, from the call to the end, and draws no SB or BB marker', async () => {
    await openTableWithPlayers(suite.api, 'bomb-c', 3, {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 6,
      houseOptions: { bombPot: { ante: 5 } },
    });
    await expectStatus(suite.api.http.put('/tables/bomb-c/dealers/dealer-dan').send({}), 200);
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('bomb-c');
    const dealer = await suite.signedIn('dealer-dan');
    await dealer.openTableFromLobby('bomb-c');

    await floor.byTestId('call-bomb-pot-submit').click();
    await floor.byTestId('feedback-call-bomb-pot').filter({ hasText: 'Bomb pot called for the next hand.' }).waitFor();
    for (const page of [floor, dealer])
      await page.byTestId('hand').filter({ hasText: 'No hand yet — bomb pot called for hand #1' }).waitFor();

    let table = (await expectStatus(suite.api.http.post('/tables/bomb-c/start-hand').send({}), 201)).body.table;
    for (const page of [floor, dealer]) await page.byTestId('hand').filter({ hasText: 'Hand #1 (bomb pot) — antes' }).waitFor();
    for (const seat of [1, 2, 3])
      table = (await expectStatus(suite.api.http.post('/tables/bomb-c/post-blind').send({ seat, blind: 'bomb-pot' }), 201)).body.table;
    for (const page of [floor, dealer]) {
      await page.waitForVersion(table.version);
      await page.byTestId('hand').filter({ hasText: 'Hand #1 (bomb pot) — flop' }).waitFor();
      expect(await page.byTestId('bomb-pot').textContent()).toBe('Bomb pot: every player antes 5, no blinds');
      for (const seat of [1, 2, 3]) expect(await page.byTestId(`markers-${seat}`).textContent()).not.toMatch(/SB|BB/);
    }
    // docs/console.md's picture of a bomb pot, as the dealer's tablet shows it.
    await dealer.page.setViewportSize({ width: 1024, height: 768 });
    await dealer.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-bomb-pot.png') });
    while (table.hand.phase !== 'complete') {
      const action = table.legalActions.find((a: { type: string }) => ['Check', 'ShowHand', 'MuckHand'].includes(a.type));
      table = (await expectStatus(suite.api.http.post('/tables/bomb-c/commands').send({ type: action.type, seat: action.seat }), 201)).body
        .table;
    }
    for (const page of [floor, dealer]) {
      await page.waitForVersion(table.version);
      await page.byTestId('hand').filter({ hasText: 'Hand #1 (bomb pot) over' }).waitFor();
      await page.byTestId('showdown').filter({ hasText: 'Hand #1 (bomb pot): result' }).waitFor();
    }
  });

  it('all in in one tap: the button names the amount, asks first, and raises the whole stack', async () => {
    await openTableWithPlayers(suite.api, 'shove-c', 2);
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('shove-c');
    await expectStatus(suite.api.http.post('/tables/shove-c/start-hand').send({}), 201);
    let table = (await suite.table('shove-c')) as { version: number; toAct: number; legalActions: { type: string; seat: number }[] };
    for (const due of table.legalActions.filter((a) => a.type === 'PostBlind'))
      table = (await expectStatus(suite.api.http.post('/tables/shove-c/post-blind').send({ seat: due.seat }), 201)).body.table;
    await floor.waitForVersion(table.version);
    const seat = table.toAct;
    const allIn = floor.byTestId(`action-Raise-${seat}-all-in`);
    expect(await allIn.textContent()).toBe(`All in (to 100) — Seat ${seat}, player-${seat}`);
    await allIn.click();
    expect(await floor.byTestId('confirm-question').textContent()).toBe(`Seat ${seat}, player-${seat} raises all in (to 100)?`);
    await floor.byTestId('confirm-yes').click();
    await floor.waitForVersion(table.version + 1);
    const events = (await expectStatus(suite.api.http.get(`/tables/shove-c/events?fromVersion=${table.version + 1}`), 200)).body.events;
    expect(events.map((e: { type: string; data: { seat: number; to: number } }) => [e.type, e.data.seat, e.data.to])).toEqual([
      ['RaisePlaced', seat, 100],
    ]);
  });

  it('a hand run twice shows both boards, each shown hand’s name on each run, and each run’s winner', async () => {
    // A training table: the test chooses the cards of both runs.
    await openTableWithPlayers(suite.api, 'twice-c', 2, {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 2,
      houseOptions: { runItTwice: true },
      deckSource: 'training',
    });
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('twice-c');
    const deal = { holeCards: { 1: 'AsAd', 2: 'KsKd' }, board: '2c7d9hJc3s', secondRun: 'Kh8c4d5h6s' };
    await expectStatus(suite.api.http.post('/tables/twice-c/start-hand').send(deal), 201);
    await expectStatus(suite.api.http.post('/tables/twice-c/post-blind').send({ seat: 1 }), 201);
    await expectStatus(suite.api.http.post('/tables/twice-c/post-blind').send({ seat: 2 }), 201);
    await expectStatus(suite.api.http.post('/tables/twice-c/raise').send({ seat: 1, to: 100 }), 201);
    await expectStatus(suite.api.http.post('/tables/twice-c/call').send({ seat: 2 }), 201);
    const consents = [
      { seat: 1, by: 'player-1' },
      { seat: 2, by: 'player-2' },
    ];
    const ran = await expectStatus(suite.api.http.post('/tables/twice-c/run-it-twice').send({ consents }), 201);
    await floor.waitForVersion(ran.body.table.version);

    const showdown = floor.byTestId('showdown');
    await showdown.filter({ hasText: 'run twice' }).waitFor();
    expect(await floor.byTestId('run-board-1').textContent()).toBe('Run 1: 2c7d9hJc3s');
    expect(await floor.byTestId('run-board-2').textContent()).toBe('Run 2: Kh8c4d5h6s');
    expect(await floor.byTestId('shown-1').textContent()).toBe('Seat 1 (player-1) shows AsAd — run 1: Pair of aces; run 2: Pair of aces');
    expect(await floor.byTestId('shown-2').textContent()).toBe('Seat 2 (player-2) shows KsKd — run 1: Pair of kings; run 2: Three kings');
    expect(await floor.byTestId('pot-result-0-run-1').textContent()).toBe('run 1: Seat 1 (player-1) wins 100');
    expect(await floor.byTestId('pot-result-0-run-2').textContent()).toBe('run 2: Seat 2 (player-2) wins 100');
    // The four-colour deck: each suit its own colour, a drawn symbol beside the letters.
    const colours = await Promise.all(
      ['s', 'h', 'd', 'c'].map((suit) =>
        floor.page.evaluate(`getComputedStyle(document.querySelector('[data-testid="showdown"] .card.suit-${suit}')).color`),
      ),
    );
    expect(new Set(colours).size).toBe(4);
    expect(await floor.page.locator('[data-testid="showdown"] .card svg.suit-symbol').count()).toBeGreaterThan(0);
    await showdown.screenshot({ path: join(SCREENSHOTS_DIR, 'console-run-twice.png') });
    expect(await floor.accessibilityViolations()).toEqual([]);
  });

  it('hands tabled before an all-in runout are named as they stand, then by the whole board (tablet, phone)', async () => {
    await openTableWithPlayers(suite.api, 'runout-c', 3, {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 6,
      cardSource: 'live',
    });
    await expectStatus(suite.api.http.put('/tables/runout-c/dealers/dealer-dan').send({}), 200);
    const floor = await suite.open({ viewport: { width: 1024, height: 768 } });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.openTableFromLobby('runout-c');
    const dealer = await suite.open({ viewport: { width: 390, height: 844 } });
    await dealer.signIn('dealer-dan', PASSWORD);
    await dealer.openTableFromLobby('runout-c');
    const post = (route: string, body: object) => expectStatus(suite.api.http.post(`/tables/runout-c/${route}`).send(body), 201);
    await post('start-hand', {});
    await post('post-blind', { seat: 2 });
    await post('post-blind', { seat: 3 });
    await post('fold', { seat: 1 });
    await post('raise', { seat: 2, to: 100 });
    await post('call', { seat: 3 });
    // Rules version 2: both hands are tabled before the dealer enters the board.
    await post('show-hand', { seat: 2, cards: ['As', 'Ad'] });
    let table = (await post('show-hand', { seat: 3, cards: ['Kc', '7h'] })).body.table;
    for (const page of [floor, dealer]) {
      await page.waitForVersion(table.version);
      expect(await page.byTestId('shown-2').textContent()).toBe('Seat 2 (player-2) shows AsAd — Pair of aces so far');
      expect(await page.byTestId('shown-3').textContent()).toBe('Seat 3 (player-3) shows Kc7h — King high so far');
    }
    // The flop's picker on the tablet and the phone: one suit a row, thirteen keys each, nothing wider than the screen.
    for (const page of [floor, dealer]) {
      await page.byTestId('action-DealBoard').click();
      const keys = await page
        .byTestId('action-DealBoard-picker')
        .locator('[data-testid^="pick-"]')
        .evaluateAll((nodes) =>
          nodes.map((k) => [k.getAttribute('data-testid')!.slice(-1), Math.round(k.getBoundingClientRect().top)] as const),
        );
      const topsBySuit = new Map<string, Set<number>>();
      for (const [suit, top] of keys) topsBySuit.set(suit, (topsBySuit.get(suit) ?? new Set()).add(top));
      expect([...topsBySuit.keys()].sort()).toEqual(['c', 'd', 'h', 's']);
      expect([...topsBySuit.values()].map((tops) => tops.size)).toEqual([1, 1, 1, 1]);
      expect(new Set([...topsBySuit.values()].map((tops) => [...tops][0])).size).toBe(4);
      expect(keys).toHaveLength(52);
      expect(await page.page.evaluate('document.documentElement.scrollWidth - innerWidth')).toBeLessThanOrEqual(0);
    }
    // The dealer enters it on the phone.
    const picker = dealer.byTestId('action-DealBoard-picker');
    for (const card of ['Kd', '7c', '2s']) await picker.getByTestId(`pick-${card}`).click();
    await dealer.byTestId('action-DealBoard-confirm').filter({ hasText: 'Kd 7c 2s' }).click();
    await floor.byTestId('activity-log').filter({ hasText: 'Flop: Kd 7c 2s' }).waitFor();
    table = (await post('deal-board', { cards: ['9h'] })).body.table;
    await floor.waitForVersion(table.version);
    expect(await floor.byTestId('shown-3').textContent()).toBe('Seat 3 (player-3) shows Kc7h — Two pair, kings and sevens so far');
    table = (await post('deal-board', { cards: ['3d'] })).body.table;
    for (const page of [floor, dealer]) {
      await page.waitForVersion(table.version);
      await page.byTestId('hand').filter({ hasText: 'over' }).waitFor();
      expect(await page.byTestId('shown-2').textContent()).toBe('Seat 2 (player-2) shows AsAd — Pair of aces');
      expect(await page.byTestId('shown-3').textContent()).toBe('Seat 3 (player-3) shows Kc7h — Two pair, kings and sevens');
    }
  });
});
