import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { eventually } from '../../../libs/event-store/test-support/eventually';
import { signTestToken } from '../../api/test/test-support/auth';
import { expectStatus, openTableWithPlayers, startHandWithBlinds } from '../../api/test/test-support/table-setup';
import { OUTPUT_DIR, SCREENSHOTS_DIR } from './test-support/console-browser';
import { PASSWORD, useConsoleSuite } from './test-support/console-suite';

/**
 * The floor console in a real browser (headless Chromium, test-support/console-browser.ts): signing in, opening
 * tables of every kind and playing them through the page's buttons and forms, checked against GET /tables/:id; each
 * screen size. Every test uses tables of its own.
 */
describe('tables in the console (chromium)', () => {
  const suite = useConsoleSuite();

  it('serves the console without a token, and the API behind it still wants one', async () => {
    const page = await fetch(`${suite.baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="main.js">');
    expect((await fetch(`${suite.baseUrl}/console/main.js`)).headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${suite.baseUrl}/tables`)).status).toBe(401);
  });

  it('a wrong password shows the API’s sentence and keeps the sign-in form', async () => {
    await suite.addUser('floor-wanda', 'floor');
    const someone = await suite.open();
    await someone.signIn('floor-wanda', 'not the password');
    expect(await someone.notice()).toBe('Wrong user name or password (or the user is disabled).');
    expect(await someone.byTestId('sign-in').isVisible()).toBe(true);
    expect(await someone.byTestId('signed-in-as').textContent()).toBe('not signed in');
  });

  it('a token the API no longer accepts sends the user back to sign in, saying why', async () => {
    const someone = await suite.open();
    const forged = signTestToken('floor', { sub: 'someone', secret: 'not-the-secret-of-this-api-0123456789' });
    const session = { accessToken: forged, user: { id: 'someone', name: 'someone', role: 'floor' }, expiresAt: Date.now() + 3600_000 };
    await someone.page.evaluate(`sessionStorage.setItem('felt.console.session', ${JSON.stringify(JSON.stringify(session))})`);
    await someone.page.goto(`${suite.baseUrl}/console/#/lobby`);
    await someone.byTestId('sign-in').waitFor();
    expect(await someone.notice()).toBe('Your session has ended (the API no longer accepts its token): sign in again.');
    expect(await someone.byTestId('signed-in-as').textContent()).toBe('not signed in');
  });

  it('the floor opens a table, seats three players, places the button and assigns the dealer; the dealer plays a hand with a raise and a fold through the buttons', async () => {
    const floor = await suite.signedIn('floor-fran');
    expect(await floor.byTestId('signed-in-as').textContent()).toBe('floor-fran (floor)');

    await floor.submitForm('open-table', {
      'Table id': 'main-1',
      'Small blind': '1',
      'Big blind': '2',
      Seats: '6',
      'Minimum buy-in': '40',
      'Maximum buy-in': '200',
    });
    await floor.byTestId('stakes').filter({ hasText: 'NL 1/2' }).waitFor();
    for (const [seat, player] of [
      [1, 'alice'],
      [2, 'bob'],
      [3, 'carol'],
    ] as const) {
      await floor.submitForm('seat-player', { Seat: String(seat), 'Player id': player, 'Buy-in': '100' });
      await floor.byTestId(`player-${seat}`).filter({ hasText: player }).waitFor();
    }
    await floor.submitForm('place-button', { Seat: '1' });
    await floor.byTestId('markers-1').filter({ hasText: 'D' }).waitFor();
    await floor.byTestId('assign-dealer').getByLabel('Dealer').selectOption('dealer-dan');
    await floor.byTestId('assign-dealer-submit').click();
    expect(await floor.feedback('dealers')).toBe('Dealer dealer-dan assigned to main-1.');
    await floor.byTestId('dealers').filter({ hasText: 'Dealers: dealer-dan' }).waitFor();
    const assigned = await expectStatus(suite.api.http.get('/tables/main-1/dealers'), 200);
    expect(JSON.stringify(assigned.body)).toContain('dealer-dan');

    const opened = await suite.table('main-1');
    expect(opened.rules).toMatchObject({ smallBlind: 1, bigBlind: 2, maxSeats: 6, buyIn: { min: 40, max: 200 } });
    expect(opened.seats.map((s: { seat: number; playerId: string; stack: number }) => [s.seat, s.playerId, s.stack])).toEqual([
      [1, 'alice', 100],
      [2, 'bob', 100],
      [3, 'carol', 100],
    ]);
    expect(opened.initialButton).toBe(1);

    // The lobby shows the stakes and the free seats.
    await floor.page.getByRole('link', { name: 'Lobby' }).first().click();
    await floor.byTestId('lobby-stakes-main-1').filter({ hasText: 'NL 1/2' }).waitFor();
    expect(await floor.byTestId('lobby-seats-main-1').textContent()).toBe('3 free of 6');
    await floor.openTableFromLobby('main-1');

    const dealerPage = await suite.signedIn('dealer-dan');
    await dealerPage.openTableFromLobby('main-1');
    await dealerPage.byTestId('start-hand-submit').click();
    await dealerPage.byTestId('action-PostBlind-2').click();
    await dealerPage.byTestId('action-PostBlind-3').click();

    // Preflop, seat 1 (the button, three-handed) acts first: the raise input is bounded by the legal minimum and maximum.
    const raiseInput = dealerPage.byTestId('action-Raise-1-amount');
    expect([await raiseInput.getAttribute('min'), await raiseInput.getAttribute('max')]).toEqual(['4', '100']);
    const beforeRaise = (await suite.table('main-1')).version;
    await raiseInput.fill('1000');
    await dealerPage.byTestId('action-Raise-1').click();
    expect(await dealerPage.feedback('actions')).toBe(
      'The amount must be a whole number from 4 to 100; 1000 was entered. Nothing was sent.',
    );
    expect((await suite.table('main-1')).version).toBe(beforeRaise);

    await raiseInput.fill('6');
    await dealerPage.byTestId('action-Raise-1').click();
    await dealerPage.byTestId('action-Fold-2').click();
    await dealerPage.byTestId('action-Call-3').click();

    // The flop: the board for everyone; the hole cards for nobody, the assigned dealer included, on a table whose
    // rules do not set dealerSeesHoleCards (docs/security.md).
    await dealerPage.byTestId('board').locator('.card').nth(2).waitFor();
    await dealerPage.page.screenshot({ path: join(OUTPUT_DIR, 'dealer-flop.png'), fullPage: true });
    expect(await dealerPage.byTestId('pot-0').textContent()).toBe('Main 13 seats 1, 3');
    expect(await dealerPage.byTestId('cards-1').textContent()).toBe('hidden');
    await dealerPage.byTestId('action-Check-3').click();
    await dealerPage.byTestId('action-Bet-1-amount').fill('10');
    await dealerPage.byTestId('action-Bet-1').click();
    await dealerPage.byTestId('action-Fold-3').click();

    // Seat 1 wins 13 (its uncalled 10 comes back): 100 - 6 + 13 = 107; bob lost his small blind, carol her call.
    const expectedStacks = { 1: '107', 2: '99', 3: '94' };
    for (const [seat, stack] of Object.entries(expectedStacks))
      await dealerPage
        .byTestId(`stack-${seat}`)
        .filter({ hasText: new RegExp(`^${stack}$`) })
        .waitFor();
    const log = (await dealerPage.byTestId('activity-log').textContent()) ?? '';
    expect(log).toContain('Seat 1 (alice) raised to 6');
    expect(log).toContain('Seat 2 (bob) folded');
    expect(log).toContain('Uncalled 10 returned to Seat 1 (alice)');
    expect(log).toContain('Main pot of 13 awarded: Seat 1 (alice) wins 13');
    expect(await dealerPage.byTestId('hand').textContent()).toBe('Hand #1 over');
    // The result stays on screen until the next hand: the pot, the seats it was for, the winner.
    expect(await dealerPage.byTestId('pot-result-0').textContent()).toBe('Main pot 13 (seat 1): Seat 1 (alice) wins 13');
    await dealerPage.page.screenshot({ path: join(OUTPUT_DIR, 'dealer-hand-complete.png'), fullPage: true });

    const after = await suite.table('main-1');
    expect(after.handsPlayed).toBe(1);
    expect(Object.fromEntries(after.seats.map((s: { seat: number; stack: number }) => [s.seat, String(s.stack)]))).toEqual(expectedStacks);
    expect(after.chipsOnTable).toBe(300);
    expect(await dealerPage.shownVersion()).toBe(after.version);

    // The floor's page followed the hand over /live without a reload.
    for (const [seat, stack] of Object.entries(expectedStacks))
      await floor
        .byTestId(`stack-${seat}`)
        .filter({ hasText: new RegExp(`^${stack}$`) })
        .waitFor();
    await floor.waitForVersion(after.version);
    expect(await floor.byTestId('live-status').getAttribute('data-connected')).toBe('true');
    await floor.page.screenshot({ path: join(OUTPUT_DIR, 'floor-after-hand.png'), fullPage: true });
  });

  it('straddle, kill and chop appear as buttons where the table offers them, the kill amount bounded like a raise; the floor voids a hand and closes the table', async () => {
    const floor = await suite.signedIn('floor-fran');
    await floor.fillForm('open-table', { 'Table id': 'options-1', 'Small blind': '1', 'Big blind': '2', Seats: '6' });
    for (const name of ['Straddle', 'Chop']) await floor.page.getByTestId('open-table').getByLabel(name).check();
    await floor.page.getByTestId('open-table').getByLabel('Kill pot').selectOption('up-to-half-stack');
    await floor.page.getByTestId('open-table-submit').click();
    await floor.byTestId('house-options').filter({ hasText: 'straddle, kill pot, chop' }).waitFor();
    // Four players: the default straddle needs an under-the-gun seat that is not the button.
    for (const [seat, player] of [
      [1, 'ann'],
      [2, 'ben'],
      [3, 'cal'],
      [4, 'dee'],
    ] as const)
      await expectStatus(suite.api.http.post('/tables/options-1/seat-player').send({ seat, playerId: player, buyIn: 100 }), 201);
    await expectStatus(suite.api.http.post('/tables/options-1/place-button').send({ seat: 1 }), 201);
    await floor.page.reload();
    await floor.byTestId('player-4').filter({ hasText: 'dee' }).waitFor();

    // Hand 1: the blinds are in and the dealer has not dealt: straddle, kill and Deal are offered, with the API's bounds.
    await floor.byTestId('start-hand-submit').click();
    await floor.byTestId('action-PostBlind-2').click();
    await floor.byTestId('action-PostBlind-3').click();
    await floor.byTestId('action-Deal').waitFor();
    const offered = (await suite.table('options-1')).legalActions as {
      type: string;
      seat: number | null;
      min?: number;
      max?: number;
      step?: number;
    }[];
    expect(offered.map((a) => a.type)).toEqual(expect.arrayContaining(['Straddle', 'KillPot', 'Deal']));
    const kills = offered.filter((a) => a.type === 'KillPot');
    expect(kills.length).toBeGreaterThan(1);
    for (const action of offered) {
      if (action.type === 'KillPot') {
        // One kill control for every seat that may kill (not an input per seat): the seat first, then its bounds.
        await floor.byTestId('action-KillPot-seat').selectOption(String(action.seat));
        const amount = floor.byTestId('action-KillPot-amount');
        expect([await amount.getAttribute('min'), await amount.getAttribute('max'), await amount.getAttribute('step')]).toEqual([
          String(action.min),
          String(action.max),
          String(action.step),
        ]);
        continue;
      }
      const testId = action.seat === null ? `action-${action.type}` : `action-${action.type}-${action.seat}`;
      expect(await floor.byTestId(testId).count()).toBe(1);
    }
    expect(await floor.page.locator('[data-testid^="action-"]:is(button)').count()).toBe(offered.length - kills.length + 1);

    // Dealt without a straddle, seats 4 and 1 fold to the blinds: the chop is offered, and taken, both blinds consenting.
    await floor.byTestId('action-Deal').click();
    await floor.byTestId('action-Fold-4').click();
    await floor.byTestId('action-Fold-1').click();
    await floor.byTestId('action-ChopBlinds-2').click();
    await floor.byTestId('hand').filter({ hasText: 'Hand #1 over' }).waitFor();
    const chopped = (await expectStatus(suite.api.http.get('/tables/options-1/events?fromVersion=1&limit=1000'), 200)).body.events.find(
      (e: { type: string }) => e.type === 'BlindsChopped',
    );
    expect(chopped.data.consents).toEqual([
      { seat: 2, by: 'ben' },
      { seat: 3, by: 'cal' },
    ]);
    expect((await floor.byTestId('activity-log').textContent()) ?? '').toContain('Blinds chopped');
    const afterChop = await suite.table('options-1');
    for (const seat of afterChop.seats) expect(await floor.byTestId(`stack-${seat.seat}`).textContent()).toBe(String(seat.stack));

    // Hand 2: the straddle goes in through its button before the deal.
    await floor.byTestId('start-hand-submit').click();
    const blinds = ((await suite.table('options-1')).legalActions as { type: string; seat: number }[]).filter(
      (a) => a.type === 'PostBlind',
    );
    for (const blind of blinds) await floor.byTestId(`action-PostBlind-${blind.seat}`).click();
    const straddle = ((await suite.table('options-1')).legalActions as { type: string; seat: number; amount: number }[]).find(
      (a) => a.type === 'Straddle',
    )!;
    await floor.byTestId(`action-Straddle-${straddle.seat}`).click();
    await floor
      .byTestId('activity-log')
      .filter({ hasText: `posted a straddle of ${straddle.amount}` })
      .waitFor();
    await floor.byTestId(`markers-${straddle.seat}`).filter({ hasText: 'STR' }).waitFor();

    // The floor voids hand 2: every chip goes back where it was before the hand, and the table can be closed.
    await floor.submitForm('void-hand', { Reason: 'misdeal' });
    await floor.byTestId('activity-log').filter({ hasText: 'Hand 2 voided (misdeal): every chip went back' }).waitFor();
    // A voided hand never reads as complete.
    await floor.byTestId('hand').filter({ hasText: 'Hand #2 voided' }).waitFor();
    await floor.byTestId('showdown').filter({ hasText: 'Hand #2 voided' }).waitFor();
    const afterVoid = await suite.table('options-1');
    expect(afterVoid.seats.map((s: { stack: number }) => s.stack)).toEqual(afterChop.seats.map((s: { stack: number }) => s.stack));
    for (const seat of afterVoid.seats)
      await floor
        .byTestId(`stack-${seat.seat}`)
        .filter({ hasText: new RegExp(`^${seat.stack}$`) })
        .waitFor();
    // Closing cashes everyone out: the floor confirms, seeing whom and how much; Cancel leaves the table open.
    await floor.byTestId('close-table-submit').click();
    const asked = await floor.answerConfirmation('cancel');
    for (const seat of afterVoid.seats as { seat: number; playerId: string; stack: number }[])
      expect(asked).toContain(`seat ${seat.seat}, ${seat.playerId} (${seat.stack})`);
    expect(asked).toMatch(/^Close table options-1\? It cashes out \d players: /);
    expect((await suite.table('options-1')).status).toBe('open');
    await floor.byTestId('close-table-submit').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('status').filter({ hasText: 'closed' }).waitFor();
    expect((await suite.table('options-1')).status).toBe('closed');
  });

  it('a live-cards table: the dealer picks the flop, turn, river and the shown hand on the 52-card picker, seen cards greyed; the showdown panel names the hand', async () => {
    const floor = await suite.signedIn('floor-fran');
    await floor.fillForm('open-table', { 'Table id': 'live-1', 'Small blind': '1', 'Big blind': '2', Seats: '6' });
    await floor.page.getByTestId('open-table').getByLabel('Live cards').check();
    await floor.page.getByTestId('open-table-submit').click();
    await floor.byTestId('status').filter({ hasText: 'open' }).waitFor();
    expect((await suite.table('live-1')).rules.cardSource).toBe('live');
    for (const [seat, player] of [
      [1, 'ann'],
      [2, 'ben'],
    ] as const)
      await expectStatus(suite.api.http.post('/tables/live-1/seat-player').send({ seat, playerId: player, buyIn: 100 }), 201);
    await expectStatus(suite.api.http.post('/tables/live-1/place-button').send({ seat: 1 }), 201);
    await floor.page.reload();
    await floor.byTestId('player-2').filter({ hasText: 'ben' }).waitFor();

    // Heads-up: the button (seat 1) posts the small blind and calls; the big blind checks; the flop is due.
    await floor.byTestId('start-hand-submit').click();
    for (const id of ['action-PostBlind-1', 'action-PostBlind-2', 'action-Call-1', 'action-Check-2']) await floor.byTestId(id).click();
    const enter = async (action: string, cards: string) => {
      await floor.byTestId(action).click();
      for (const card of cards.split(' ')) await floor.byTestId(`${action}-picker`).getByTestId(`pick-${card}`).click();
      await floor.byTestId(`${action}-confirm`).filter({ hasText: cards }).click();
    };
    // Two of the flop picked, then another console seats a player (the bar is drawn again): the picks and the focus stay.
    const picker = floor.byTestId('action-DealBoard-picker');
    await floor.byTestId('action-DealBoard').click();
    for (const card of ['Ah', 'Kd']) await picker.getByTestId(`pick-${card}`).click();
    const walkIn = await expectStatus(suite.api.http.post('/tables/live-1/seat-player').send({ seat: 4, playerId: 'cy', buyIn: 100 }), 201);
    await floor.waitForVersion(walkIn.body.version);
    await floor.byTestId('player-4').filter({ hasText: 'cy' }).waitFor();
    expect(await picker.getByTestId('pick-Ah').getAttribute('aria-pressed')).toBe('true');
    expect(await floor.page.evaluate('document.activeElement?.dataset.testid')).toBe('pick-Kd');
    await picker.getByTestId('pick-7c').click();
    await floor.byTestId('action-DealBoard-confirm').filter({ hasText: 'Ah Kd 7c' }).click();
    await floor.byTestId('activity-log').filter({ hasText: 'Flop: Ah Kd 7c' }).waitFor();
    for (const id of ['action-Check-2', 'action-Check-1']) await floor.byTestId(id).click();
    // The turn's picker greys out the three cards already on the board: they cannot be picked again.
    await floor.byTestId('action-DealBoard').click();
    const turnPicker = floor.byTestId('action-DealBoard-picker');
    for (const seen of ['Ah', 'Kd', '7c']) expect(await turnPicker.getByTestId(`pick-${seen}`).isDisabled()).toBe(true);
    expect(await turnPicker.getByTestId('pick-2s').isDisabled()).toBe(false);
    await floor.byTestId('action-DealBoard').click();
    await enter('action-DealBoard', '2s');
    for (const id of ['action-Check-2', 'action-Check-1']) await floor.byTestId(id).click();
    await enter('action-DealBoard', '9h');
    for (const id of ['action-Check-2', 'action-Check-1']) await floor.byTestId(id).click();

    // The showdown: seat 2 tables first and its cards are typed in; seat 1 mucks, unseen. Seat 2 wins the 4.
    await enter('action-ShowHand-2', 'Jc Jd');
    await floor.byTestId('activity-log').filter({ hasText: 'Seat 2 (ben) shows Jc Jd' }).waitFor();
    await floor.byTestId('action-MuckHand-1').click();
    await floor.byTestId('hand').filter({ hasText: 'over' }).waitFor();
    expect(await floor.byTestId('shown-2').textContent()).toBe('Seat 2 (ben) shows JcJd — Pair of jacks');
    expect(await floor.byTestId('mucked-1').textContent()).toBe('Seat 1 (ann) mucked');
    expect(await floor.byTestId('pot-result-0').textContent()).toBe('Main pot 4 (seats 1, 2): Seat 2 (ben) wins 4');
    const after = await suite.table('live-1');
    expect(after.seats.map((seat: { stack: number }) => seat.stack)).toEqual([98, 102, 100]);
    for (const seat of after.seats)
      await floor
        .byTestId(`stack-${seat.seat}`)
        .filter({ hasText: new RegExp(`^${seat.stack}$`) })
        .waitFor();
  });

  it('a fixed-limit table is opened with its small bet, big bet and kill game, labelled by its bets; the next table’s form starts empty', async () => {
    const floor = await suite.signedIn('floor-fran');
    const form = floor.byTestId('open-table');
    await form.getByLabel('Structure').selectOption('fixed-limit');
    await floor.fillForm('open-table', {
      'Table id': 'limit-1',
      'Small blind': '1',
      'Big blind': '2',
      'Small bet': '2',
      'Big bet': '4',
      Seats: '6',
    });
    await form.getByLabel('Kill game').selectOption('half');
    expect(await form.getByLabel('Kill pot').isVisible()).toBe(false);
    await floor.byTestId('open-table-submit').click();
    await floor
      .byTestId('stakes')
      .filter({ hasText: /^FL 2\/4$/ })
      .waitFor();
    expect(await floor.byTestId('house-options').textContent()).toBe('kill game');
    const rules = (await suite.table('limit-1')).rules;
    expect(rules.structure).toMatchObject({ kind: 'fixed-limit', smallBet: 2, bigBet: 4 });
    expect(rules.houseOptions.killGame).toMatchObject({ mode: 'half' });
    await floor.page.getByRole('link', { name: 'Lobby' }).first().click();
    await floor.byTestId('lobby-stakes-limit-1').filter({ hasText: 'FL 2/4' }).waitFor();
    expect(await floor.byTestId('open-table').getByLabel('Table id').inputValue()).toBe('');
    expect(await floor.byTestId('open-table').getByLabel('Structure').inputValue()).toBe('no-limit');
    expect(await floor.byTestId('open-table').getByLabel('Small bet').isVisible()).toBe(false);
  });

  it('a table that does not exist: the API’s 404 in the page, and /live’s refusal in the status line', async () => {
    const floor = await suite.signedIn('floor-fran');
    await floor.page.goto(`${suite.baseUrl}/console/#/table/no-such-table`);
    expect(await floor.feedback('screen')).toBe('There is no such table.');
    await floor
      .byTestId('live-status')
      .filter({ hasText: /^live updates refused: .*\(TABLE_NOT_FOUND\)$/ })
      .waitFor();
  });

  it('fits each screen: a dealer’s tablet (action bar pinned, nothing to scroll during a hand), a floor phone, a desktop; axe-core finds no serious or critical violation', async () => {
    await openTableWithPlayers(suite.api, 'size-1', 6);
    await startHandWithBlinds(suite.api, 'size-1');
    await expectStatus(suite.api.http.put('/tables/size-1/dealers/dealer-dan').send({}), 200);
    const sizes = [
      { name: 'tablet', user: 'dealer-dan', viewport: { width: 1024, height: 768 } },
      { name: 'phone', user: 'floor-fran', viewport: { width: 390, height: 844 } },
      { name: 'desktop', user: 'floor-fran', viewport: { width: 1440, height: 900 } },
    ];
    for (const size of sizes) {
      const person = await suite.open({ viewport: size.viewport });
      await person.signIn(size.user, PASSWORD);
      await person.byTestId('lobby-tables').waitFor();
      expect(await person.accessibilityViolations()).toEqual([]);
      await person.openTableFromLobby('size-1');
      const table = await suite.table('size-1');
      await person.waitForVersion(table.version);
      await person.byTestId(`action-Fold-${table.toAct}`).waitFor();
      const bar = await boxOf(person.byTestId('actions'));
      expect(bar.y + bar.height).toBeLessThanOrEqual(size.viewport.height + 1);
      const overflow = (await person.page.evaluate(
        `({ x: document.documentElement.scrollWidth - innerWidth, y: document.documentElement.scrollHeight - innerHeight })`,
      )) as { x: number; y: number };
      expect(overflow.x).toBeLessThanOrEqual(0);
      if (size.name === 'tablet') {
        // The dealer's whole table is on screen: every seat and the bar, with no scrolling.
        const main = await person.page.evaluate(
          `document.querySelector('main').scrollHeight - document.querySelector('main').clientHeight`,
        );
        expect([overflow.y, main]).toEqual([0, 0]);
        for (const seat of table.seats) {
          const box = await boxOf(person.byTestId(`seat-${seat.seat}`));
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 1);
        }
      }
      expect(await person.accessibilityViolations()).toEqual([]);
      await person.page.screenshot({ path: join(SCREENSHOTS_DIR, `console-${size.name}.png`) });
      // README.md's picture of the console is the dealer's tablet.
      if (size.name === 'tablet') await person.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console.png') });
    }
    const admin = await suite.open({ viewport: sizes[2]!.viewport });
    await admin.signIn('floor-fran', PASSWORD);
    await admin.byTestId('lobby-tables').waitFor();
    await admin.page.locator('#users-link').click();
    await admin.byTestId('user-row-floor-fran').waitFor();
    expect(await admin.accessibilityViolations()).toEqual([]);
    const signIn = await suite.open();
    expect(await signIn.accessibilityViolations()).toEqual([]);
  });
});

/**
 * An element's box once it is on screen: the table redraws its parts as events arrive, and a box read at the moment
 * a part is swapped is null (not a layout fault).
 */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await eventually(
    () => locator.boundingBox().catch(() => null),
    (found) => found !== null,
  );
  if (box === null) throw new Error('the element never showed on screen');
  return box;
}
