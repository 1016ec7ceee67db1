import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../../../libs/event-store/test-support/test-databases';
import { Users, type User } from '../../api/src/auth/users';
import { signTestToken } from '../../api/test/test-support/auth';
import { startTestApi, type TestApi } from '../../api/test/test-support/test-api';
import { expectStatus, openTableWithPlayers, startHandWithBlinds } from '../../api/test/test-support/table-setup';
import { buildConsole, ConsoleUser, launchChromium, OUTPUT_DIR } from './test-support/console-browser';

/**
 * The floor console in a real browser (Debian's chromium, headless) against the real API on an in-memory PGlite:
 * users sign in through the page, every command goes through the page's buttons and forms, and what the page
 * shows is checked against GET /tables/:id. The tests run in order on one API and share table main-1 (its hand 1,
 * the reconnect's hand 2, the recall), as a shift at one table would.
 */
const PASSWORD = 'correct horse battery staple';

describe('floor console in chromium', () => {
  let database: TestDatabase;
  let api: TestApi;
  let baseUrl: string;
  let browser: Browser;
  let dealer: User;
  const people: ConsoleUser[] = [];
  /** The WebSocket connections to the API, and a switch that cuts them (a network failure, as the page sees it). */
  const network = { down: false, sockets: [] as Socket[] };

  const open = async () => {
    const user = await ConsoleUser.open(browser, baseUrl);
    people.push(user);
    return user;
  };
  const signedIn = async (name: string) => {
    const user = await open();
    await user.signIn(name, PASSWORD);
    await user.byTestId('lobby-tables').waitFor();
    return user;
  };
  const tableFromApi = async (tableId: string) => (await expectStatus(api.http.get(`/tables/${tableId}`), 200)).body;

  beforeAll(async () => {
    buildConsole();
    database = await createTestDatabase('pglite');
    api = await startTestApi(database.db);
    await api.app.listen(0, '127.0.0.1');
    (api.app.getHttpServer() as Server).prependListener('upgrade', (_request, socket: Socket) => {
      if (network.down) socket.destroy();
      else network.sockets.push(socket);
    });
    baseUrl = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
    const users = new Users(database.db);
    for (const [name, role] of [['floor-fran', 'floor'], ['dealer-dan', 'dealer'], ['regulator-rita', 'regulator']] as const) {
      const added = await users.add(name, role, PASSWORD);
      if (added === 'name-taken') throw new Error(name);
      if (role === 'dealer') dealer = added;
    }
    browser = await launchChromium();
  });

  afterAll(async () => {
    for (const person of people) await person.close().catch(() => undefined);
    await browser?.close();
    await api?.close();
    await database?.dispose();
  });

  it('serves the console without a token, and the API behind it still wants one', async () => {
    const page = await fetch(`${baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<script type="module" src="main.js">');
    expect((await fetch(`${baseUrl}/console/main.js`)).headers.get('content-type')).toMatch(/javascript/);
    expect((await fetch(`${baseUrl}/tables`)).status).toBe(401);
  });

  it('a wrong password shows the API’s sentence and keeps the sign-in form', async () => {
    const someone = await open();
    await someone.signIn('floor-fran', 'not the password');
    expect(await someone.notice()).toMatch(/^401 INVALID_CREDENTIALS: /);
    expect(await someone.byTestId('sign-in').isVisible()).toBe(true);
    expect(await someone.byTestId('signed-in-as').textContent()).toBe('not signed in');
  });

  it('a token the API no longer accepts sends the user back to sign in, saying why', async () => {
    const someone = await open();
    const forged = signTestToken('floor', { sub: 'someone', secret: 'not-the-secret-of-this-api-0123456789' });
    const session = { accessToken: forged, user: { id: 'someone', name: 'someone', role: 'floor' }, expiresAt: Date.now() + 3600_000 };
    await someone.page.evaluate(`sessionStorage.setItem('felt.console.session', ${JSON.stringify(JSON.stringify(session))})`);
    await someone.page.goto(`${baseUrl}/console/#/lobby`);
    await someone.byTestId('sign-in').waitFor();
    expect(await someone.notice()).toBe('Your session has ended (the API no longer accepts its token): sign in again.');
    expect(await someone.byTestId('signed-in-as').textContent()).toBe('not signed in');
  });

  it('the floor opens a table, seats three players, places the button and assigns the dealer; the dealer plays a hand with a raise and a fold through the buttons', async () => {
    const floor = await signedIn('floor-fran');
    expect(await floor.byTestId('signed-in-as').textContent()).toBe('floor-fran (floor)');

    await floor.submitForm('open-table', { 'Table id': 'main-1', 'Small blind': '1', 'Big blind': '2', Seats: '6', 'Minimum buy-in': '40', 'Maximum buy-in': '200' });
    await floor.byTestId('stakes').filter({ hasText: 'NL 1/2' }).waitFor();
    for (const [seat, player] of [[1, 'alice'], [2, 'bob'], [3, 'carol']] as const) {
      await floor.submitForm('seat-player', { Seat: String(seat), 'Player id': player, 'Buy-in': '100' });
      await floor.byTestId(`player-${seat}`).filter({ hasText: player }).waitFor();
    }
    await floor.submitForm('place-button', { Seat: '1' });
    await floor.byTestId('button').filter({ hasText: /^1$/ }).waitFor();
    await floor.submitForm('assign-dealer', { Dealer: 'dealer-dan' });
    expect(await floor.notice()).toBe('Dealer dealer-dan assigned to main-1.');
    await floor.byTestId('dealers').filter({ hasText: 'Dealers: dealer-dan' }).waitFor();
    const assigned = await expectStatus(api.http.get('/tables/main-1/dealers'), 200);
    expect(JSON.stringify(assigned.body)).toContain(dealer.id);

    const opened = await tableFromApi('main-1');
    expect(opened.rules).toMatchObject({ smallBlind: 1, bigBlind: 2, maxSeats: 6, buyIn: { min: 40, max: 200 } });
    expect(opened.seats.map((s: { seat: number; playerId: string; stack: number }) => [s.seat, s.playerId, s.stack])).toEqual([[1, 'alice', 100], [2, 'bob', 100], [3, 'carol', 100]]);
    expect(opened.initialButton).toBe(1);

    // The lobby shows the stakes and the free seats.
    await floor.page.getByRole('link', { name: 'Lobby' }).first().click();
    await floor.byTestId('lobby-stakes-main-1').filter({ hasText: 'NL 1/2' }).waitFor();
    expect(await floor.byTestId('lobby-seats-main-1').textContent()).toBe('3 free of 6');
    await floor.openTableFromLobby('main-1');

    const dealerPage = await signedIn('dealer-dan');
    await dealerPage.openTableFromLobby('main-1');
    await dealerPage.byTestId('start-hand-submit').click();
    await dealerPage.byTestId('action-PostBlind-2').click();
    await dealerPage.byTestId('action-PostBlind-3').click();

    // Preflop, seat 1 (the button, three-handed) acts first: the raise input is bounded by the legal minimum and maximum.
    const raiseInput = dealerPage.byTestId('action-Raise-1-amount');
    expect([await raiseInput.getAttribute('min'), await raiseInput.getAttribute('max')]).toEqual(['4', '100']);
    const beforeRaise = (await tableFromApi('main-1')).version;
    await raiseInput.fill('1000');
    await dealerPage.byTestId('action-Raise-1').click();
    expect(await dealerPage.notice()).toBe('Raise to must be a whole number from 4 to 100; 1000 was entered.');
    expect((await tableFromApi('main-1')).version).toBe(beforeRaise);

    await raiseInput.fill('6');
    await dealerPage.byTestId('action-Raise-1').click();
    await dealerPage.byTestId('action-Fold-2').click();
    await dealerPage.byTestId('action-Call-3').click();

    // The flop: the board for everyone; the hole cards for nobody, the assigned dealer included, on a table whose
    // rules do not set dealerSeesHoleCards (docs/security.md).
    await dealerPage.byTestId('board').locator('.card').nth(2).waitFor();
    await dealerPage.page.screenshot({ path: join(OUTPUT_DIR, 'dealer-flop.png'), fullPage: true });
    expect(await dealerPage.byTestId('pots').textContent()).toBe('main 13');
    expect(await dealerPage.byTestId('cards-1').textContent()).toBe('hidden');
    await dealerPage.byTestId('action-Check-3').click();
    await dealerPage.byTestId('action-Bet-1-amount').fill('10');
    await dealerPage.byTestId('action-Bet-1').click();
    await dealerPage.byTestId('action-Fold-3').click();

    // Seat 1 wins 13 (its uncalled 10 comes back): 100 - 6 + 13 = 107; bob lost his small blind, carol her call.
    const expectedStacks = { 1: '107', 2: '99', 3: '94' };
    for (const [seat, stack] of Object.entries(expectedStacks)) await dealerPage.byTestId(`stack-${seat}`).filter({ hasText: new RegExp(`^${stack}$`) }).waitFor();
    const log = (await dealerPage.byTestId('activity-log').textContent()) ?? '';
    expect(log).toContain('Seat 1 raised to 6');
    expect(log).toContain('Seat 2 folded');
    expect(log).toContain('Uncalled 10 returned to seat 1');
    expect(log).toContain('Pot of 13 awarded: seat 1 wins 13');
    expect(await dealerPage.byTestId('hand').textContent()).toBe('#1 complete');
    await dealerPage.page.screenshot({ path: join(OUTPUT_DIR, 'dealer-hand-complete.png'), fullPage: true });

    const after = await tableFromApi('main-1');
    expect(after.handsPlayed).toBe(1);
    const apiStacks = Object.fromEntries(after.seats.map((s: { seat: number; stack: number }) => [s.seat, String(s.stack)]));
    expect(apiStacks).toEqual(expectedStacks);
    expect(after.chipsOnTable).toBe(300);
    expect(await dealerPage.shownVersion()).toBe(after.version);

    // The floor's page followed the hand over /live without a reload.
    for (const [seat, stack] of Object.entries(expectedStacks)) await floor.byTestId(`stack-${seat}`).filter({ hasText: new RegExp(`^${stack}$`) }).waitFor();
    await floor.waitForVersion(after.version);
    expect(await floor.byTestId('live-status').getAttribute('data-connected')).toBe('true');
    await floor.page.screenshot({ path: join(OUTPUT_DIR, 'floor-after-hand.png'), fullPage: true });
  });

  it('after a dropped connection the page catches up from the last version it saw: every missed event once, then live again', async () => {
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('main-1');
    await floor.byTestId('live-status').filter({ hasText: /^live/ }).waitFor();
    const before = (await tableFromApi('main-1')).version;

    // The network drops: open WebSockets are cut and new ones refused until it comes back.
    network.down = true;
    for (const socket of network.sockets) socket.destroy();
    await floor.byTestId('live-status').filter({ hasText: 'disconnected' }).waitFor();
    await expectStatus(api.http.post('/tables/main-1/start-hand').send({}), 201);
    const blinds = await expectStatus(api.http.post('/tables/main-1/post-blind').send({ seat: 3, blind: 'small-blind' }), 201);
    expect(await floor.shownVersion()).toBe(before);

    network.down = false;
    await floor.waitForVersion(blinds.body.version);
    await floor.byTestId('live-status').filter({ hasText: `live (caught up from version ${before})` }).waitFor();
    const log = (await floor.byTestId('activity-log').locator('li').allTextContents()).filter((line) => Number(line.slice(1, line.indexOf(' '))) > before);
    const missed = (await expectStatus(api.http.get(`/tables/main-1/events?fromVersion=${before + 1}`), 200)).body.events;
    expect(log.map((line) => Number(line.slice(1, line.indexOf(' '))))).toEqual(missed.map((e: { version: number }) => e.version).reverse());
    expect(log).toContain(`v${before + 1} Hand 2 started`);

    // And live again: the next command shows up without a reload.
    const next = await expectStatus(api.http.post('/tables/main-1/post-blind').send({ seat: 1, blind: 'big-blind' }), 201);
    await floor.waitForVersion(next.body.version);
  });

  it('the dealer plays hand 2 to the showdown: call, check and show through the buttons, the pot to the best hand', async () => {
    const dealerPage = await signedIn('dealer-dan');
    await dealerPage.openTableFromLobby('main-1');
    type Offered = { type: string; seat: number };
    const clicked: string[] = [];
    for (let step = 0; step < 40; step++) {
      const table = await tableFromApi('main-1');
      if (table.hand.phase === 'complete') break;
      const offered = table.legalActions as Offered[];
      const choice = ['Call', 'Check', 'ShowHand', 'MuckHand'].map((type) => offered.find((a) => a.type === type)).find(Boolean)!;
      await dealerPage.waitForVersion(table.version);
      await dealerPage.byTestId(`action-${choice.type}-${choice.seat}`).click();
      clicked.push(choice.type);
      await dealerPage.page.getByTestId('version').filter({ hasNotText: new RegExp(`^${table.version}$`) }).waitFor();
    }
    expect(clicked).toEqual(expect.arrayContaining(['Call', 'Check', 'ShowHand']));

    const after = await tableFromApi('main-1');
    expect(after.hand.phase).toBe('complete');
    expect(after.chipsOnTable).toBe(300);
    await dealerPage.waitForVersion(after.version);
    for (const seat of after.seats) expect(await dealerPage.byTestId(`stack-${seat.seat}`).textContent()).toBe(String(seat.stack));
    const events = (await expectStatus(api.http.get(`/tables/main-1/events?fromVersion=1&limit=1000`), 200)).body.events as { type: string; data: any }[];
    const awarded = events.filter((e) => e.type === 'PotAwarded').at(-1)!;
    const log = (await dealerPage.byTestId('activity-log').textContent()) ?? '';
    expect(log).toContain(`Pot of ${awarded.data.amount} awarded: ${awarded.data.winners.map((w: { seat: number; amount: number }) => `seat ${w.seat} wins ${w.amount}`).join(', ')}`);
    expect(log).toContain('Showdown');
  });

  it('straddle, kill and chop appear as buttons where the table offers them, the kill amount bounded like a raise; the floor voids a hand and closes the table', async () => {
    const floor = await signedIn('floor-fran');
    await floor.fillForm('open-table', { 'Table id': 'options-1', 'Small blind': '1', 'Big blind': '2', Seats: '6' });
    for (const name of ['Straddle', 'Chop']) await floor.page.getByTestId('open-table').getByLabel(name).check();
    await floor.page.getByTestId('open-table').getByLabel('Kill pot').selectOption('up-to-half-stack');
    await floor.page.getByTestId('open-table-submit').click();
    await floor.byTestId('house-options').filter({ hasText: 'straddle, killPot, chop' }).waitFor();
    // Four players: the default straddle needs an under-the-gun seat that is not the button.
    for (const [seat, player] of [[1, 'ann'], [2, 'ben'], [3, 'cal'], [4, 'dee']] as const) await expectStatus(api.http.post('/tables/options-1/seat-player').send({ seat, playerId: player, buyIn: 100 }), 201);
    await expectStatus(api.http.post('/tables/options-1/place-button').send({ seat: 1 }), 201);
    await floor.page.reload();
    await floor.byTestId('player-4').filter({ hasText: 'dee' }).waitFor();

    // Hand 1: the blinds are in and the dealer has not dealt: straddle, kill and Deal are offered, with the API's bounds.
    await floor.byTestId('start-hand-submit').click();
    await floor.byTestId('action-PostBlind-2').click();
    await floor.byTestId('action-PostBlind-3').click();
    await floor.byTestId('action-Deal').waitFor();
    const offered = (await tableFromApi('options-1')).legalActions as { type: string; seat: number | null; min?: number; max?: number; step?: number }[];
    expect(offered.map((a) => a.type)).toEqual(expect.arrayContaining(['Straddle', 'KillPot', 'Deal']));
    for (const action of offered) {
      const testId = action.seat === null ? `action-${action.type}` : `action-${action.type}-${action.seat}`;
      expect(await floor.byTestId(testId).count()).toBe(1);
      if (action.type === 'KillPot') {
        const amount = floor.byTestId(`${testId}-amount`);
        expect([await amount.getAttribute('min'), await amount.getAttribute('max'), await amount.getAttribute('step')]).toEqual([String(action.min), String(action.max), String(action.step)]);
      }
    }
    expect(await floor.page.locator('[data-testid^="action-"]:is(button)').count()).toBe(offered.length);

    // Dealt without a straddle, seats 4 and 1 fold to the blinds: the chop is offered, and taken, both blinds consenting.
    await floor.byTestId('action-Deal').click();
    await floor.byTestId('action-Fold-4').click();
    await floor.byTestId('action-Fold-1').click();
    await floor.byTestId('action-ChopBlinds-2').click();
    await floor.byTestId('hand').filter({ hasText: '#1 complete' }).waitFor();
    const chopped = (await expectStatus(api.http.get('/tables/options-1/events?fromVersion=1&limit=1000'), 200)).body.events.find((e: { type: string }) => e.type === 'BlindsChopped');
    expect(chopped.data.consents).toEqual([{ seat: 2, by: 'ben' }, { seat: 3, by: 'cal' }]);
    expect((await floor.byTestId('activity-log').textContent()) ?? '').toContain('Blinds chopped');
    const afterChop = await tableFromApi('options-1');
    for (const seat of afterChop.seats) expect(await floor.byTestId(`stack-${seat.seat}`).textContent()).toBe(String(seat.stack));

    // Hand 2: the straddle goes in through its button before the deal.
    await floor.byTestId('start-hand-submit').click();
    const blinds = ((await tableFromApi('options-1')).legalActions as { type: string; seat: number }[]).filter((a) => a.type === 'PostBlind');
    for (const blind of blinds) await floor.byTestId(`action-PostBlind-${blind.seat}`).click();
    const straddle = ((await tableFromApi('options-1')).legalActions as { type: string; seat: number; amount: number }[]).find((a) => a.type === 'Straddle')!;
    await floor.byTestId(`action-Straddle-${straddle.seat}`).click();
    await floor.byTestId('activity-log').filter({ hasText: `Seat ${straddle.seat} posted straddle ${straddle.amount}` }).waitFor();

    // The floor voids hand 2: every chip goes back where it was before the hand, and the table can be closed.
    await floor.submitForm('void-hand', { Reason: 'misdeal' });
    await floor.byTestId('activity-log').filter({ hasText: 'Hand 2 voided: misdeal' }).waitFor();
    const afterVoid = await tableFromApi('options-1');
    expect(afterVoid.seats.map((s: { stack: number }) => s.stack)).toEqual(afterChop.seats.map((s: { stack: number }) => s.stack));
    for (const seat of afterVoid.seats) await floor.byTestId(`stack-${seat.seat}`).filter({ hasText: new RegExp(`^${seat.stack}$`) }).waitFor();
    await floor.byTestId('close-table-submit').click();
    await floor.byTestId('status').filter({ hasText: 'closed' }).waitFor();
    expect((await tableFromApi('options-1')).status).toBe('closed');
  });

  it('a command the rules refuse shows the engine’s sentence and writes nothing', async () => {
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('main-1');
    const before = await tableFromApi('main-1');
    await floor.submitForm('seat-player', { Seat: '1', 'Player id': 'zed', 'Buy-in': '100' });
    const shown = await floor.notice();
    const refused = await api.http.post('/tables/main-1/seat-player').send({ seat: 1, playerId: 'zed', buyIn: 100 });
    expect(refused.status).toBe(422);
    expect(shown).toBe(`422 ${refused.body.code}: ${refused.body.detail}`);
    expect((await tableFromApi('main-1')).version).toBe(before.version);
  });

  it('a table that does not exist: the API’s 404 in the page, and /live’s refusal in the status line', async () => {
    const floor = await signedIn('floor-fran');
    await floor.page.goto(`${baseUrl}/console/#/table/no-such-table`);
    expect(await floor.notice()).toMatch(/^404 TABLE_NOT_FOUND: /);
    await floor.byTestId('live-status').filter({ hasText: /^live updates refused: .*\(TABLE_NOT_FOUND\)$/ }).waitFor();
  });

  it('a dealer’s token cannot open a table: the 403 shows in the page and no table is opened', async () => {
    const dealerPage = await signedIn('dealer-dan');
    await dealerPage.submitForm('open-table', { 'Table id': 'dealer-table' });
    expect(await dealerPage.notice()).toMatch(/^403 FORBIDDEN_ROLE: /);
    expect((await api.http.get('/tables/dealer-table')).status).toBe(404);
  });

  it('a regulator’s token cannot act, nor a dealer’s on a table not assigned to them; the regulator recalls the hands', async () => {
    await openTableWithPlayers(api, 'side-1', 3);
    const { toAct, version } = await startHandWithBlinds(api, 'side-1');

    const regulator = await signedIn('regulator-rita');
    await regulator.openTableFromLobby('side-1');
    await regulator.byTestId(`action-Fold-${toAct}`).click();
    expect(await regulator.notice()).toMatch(/^403 FORBIDDEN_ROLE: /);

    const dealerPage = await signedIn('dealer-dan');
    await dealerPage.openTableFromLobby('side-1');
    await dealerPage.byTestId(`action-Fold-${toAct}`).click();
    expect(await dealerPage.notice()).toMatch(/^403 NOT_ASSIGNED_TO_TABLE: /);
    expect((await tableFromApi('side-1')).version).toBe(version);
    // Hand recall is offered to floor supervisors and regulators only.
    expect(await dealerPage.byTestId('recall-hands').isHidden()).toBe(true);
    expect(await dealerPage.byTestId('history').textContent()).toBe('Hand recall is for floor supervisors and regulators.');

    await regulator.openTableFromLobby('main-1');
    await regulator.byTestId('recall-hands').click();
    const hand = regulator.byTestId('history-hand-1');
    await hand.waitFor();
    const text = (await hand.textContent()) ?? '';
    expect(text).toContain('seat 1 alice 100 → 107');
    expect(text).toContain('seat 3 carol 100 → 94');
    expect(text).toContain('pot 13 to seat 1 (13)');
  });
});
