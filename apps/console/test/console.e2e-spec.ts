import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../../../libs/event-store/test-support/test-databases';
import { Users, type User } from '../../api/src/auth/users';
import { signTestToken } from '../../api/test/test-support/auth';
import { startTestApi, type TestApi } from '../../api/test/test-support/test-api';
import { expectStatus, openTableWithPlayers, startHandWithBlinds, TRAINING_1_2 } from '../../api/test/test-support/table-setup';
import { buildConsole, ConsoleUser, launchChromium, OUTPUT_DIR } from './test-support/console-browser';
import { ROOT } from '../../api/test/test-support/api-process';

/** The screenshots docs/console.md shows (committed). */
const DOCS_DIR = join(ROOT, 'docs');

/**
 * The floor console in a real browser (headless Chromium, see test-support/console-browser.ts) against the real API on an in-memory PGlite:
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
    // Each test signs its staff in afresh (floor-fran six times, one a wrong password): more than the default lockout
    // (5 attempts per name) allows. The lockout itself is login-throttle.e2e-spec's subject, not this suite's.
    api = await startTestApi(database.db, { loginFailuresBeforeLockout: 50 });
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
  }, 180_000); // compiling the console, PGlite, Nest and the first browser start: slow on a busy machine

  // Each test's pages close when it ends: left open, every earlier test's pages followed /live and redrew on every
  // later event (a browser's CPU growing test by test); no test uses a page of another.
  const closePeople = async () => {
    for (const person of people.splice(0)) await person.close().catch(() => undefined);
  };
  afterEach(closePeople);

  afterAll(async () => {
    await closePeople();
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
    expect(await someone.notice()).toBe('Wrong user name or password (or the user is disabled).');
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
    await floor.byTestId('markers-1').filter({ hasText: 'D' }).waitFor();
    await floor.byTestId('assign-dealer').getByLabel('Dealer').selectOption('dealer-dan');
    await floor.byTestId('assign-dealer-submit').click();
    expect(await floor.feedback('dealers')).toBe('Dealer dealer-dan assigned to main-1.');
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
    expect(await dealerPage.feedback('actions')).toBe('The amount must be a whole number from 4 to 100; 1000 was entered. Nothing was sent.');
    expect((await tableFromApi('main-1')).version).toBe(beforeRaise);

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
    for (const [seat, stack] of Object.entries(expectedStacks)) await dealerPage.byTestId(`stack-${seat}`).filter({ hasText: new RegExp(`^${stack}$`) }).waitFor();
    const log = (await dealerPage.byTestId('activity-log').textContent()) ?? '';
    expect(log).toContain('Seat 1 (alice) raised to 6');
    expect(log).toContain('Seat 2 (bob) folded');
    expect(log).toContain('Uncalled 10 returned to Seat 1 (alice)');
    expect(log).toContain('Main pot of 13 awarded: Seat 1 (alice) wins 13');
    expect(await dealerPage.byTestId('hand').textContent()).toBe('Hand #1 over');
    // The result stays on screen until the next hand: the pot, the seats it was for, the winner.
    expect(await dealerPage.byTestId('pot-result-0').textContent()).toBe('Main pot 13 (seat 1): Seat 1 (alice) wins 13');
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
    expect(log.some((line) => line.startsWith(`v${before + 1} Hand 2 started`))).toBe(true);

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
    const events = (await expectStatus(api.http.get(`/tables/main-1/events?fromVersion=1&limit=1000`), 200)).body.events as { type: string; version: number; data: any }[];
    const awarded = events.filter((e) => e.type === 'PotAwarded').at(-1)!;
    const log = (await dealerPage.byTestId('activity-log').textContent()) ?? '';
    const name = (seat: number) => `Seat ${seat} (${after.seats.find((s: { seat: number }) => s.seat === seat).playerId})`;
    const winners = awarded.data.winners.map((w: { seat: number; amount: number }) => `${name(w.seat)} wins ${w.amount}`).join(', ');
    expect(log).toContain(`Main pot of ${awarded.data.amount} awarded: ${winners}`);
    expect(log).toContain('Showdown');
    // The showdown panel: each shown hand with its name, the pot with its seats and its winner; it stays after the hand.
    expect(await dealerPage.byTestId('pot-result-0').textContent()).toBe(`Main pot ${awarded.data.amount} (seat${awarded.data.eligible.length === 1 ? '' : 's'} ${awarded.data.eligible.join(', ')}): ${winners}`);
    const shown = events.filter((e) => e.type === 'HandShown' && e.version > events.filter((h) => h.type === 'HandStarted').at(-1)!.version);
    for (const show of shown) expect(await dealerPage.byTestId(`shown-${show.data.seat}`).textContent()).toMatch(new RegExp(`^${name(show.data.seat).replace(/[()]/g, '\\$&')} shows .+ — (High card|.+ high|Pair of|Two pair|Three|Straight|Flush|Full house|Four|Royal)`));
  });

  it('straddle, kill and chop appear as buttons where the table offers them, the kill amount bounded like a raise; the floor voids a hand and closes the table', async () => {
    const floor = await signedIn('floor-fran');
    await floor.fillForm('open-table', { 'Table id': 'options-1', 'Small blind': '1', 'Big blind': '2', Seats: '6' });
    for (const name of ['Straddle', 'Chop']) await floor.page.getByTestId('open-table').getByLabel(name).check();
    await floor.page.getByTestId('open-table').getByLabel('Kill pot').selectOption('up-to-half-stack');
    await floor.page.getByTestId('open-table-submit').click();
    await floor.byTestId('house-options').filter({ hasText: 'straddle, kill pot, chop' }).waitFor();
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
    const kills = offered.filter((a) => a.type === 'KillPot');
    expect(kills.length).toBeGreaterThan(1);
    for (const action of offered) {
      if (action.type === 'KillPot') {
        // One kill control for every seat that may kill (not an input per seat): the seat first, then its bounds.
        await floor.byTestId('action-KillPot-seat').selectOption(String(action.seat));
        const amount = floor.byTestId('action-KillPot-amount');
        expect([await amount.getAttribute('min'), await amount.getAttribute('max'), await amount.getAttribute('step')]).toEqual([String(action.min), String(action.max), String(action.step)]);
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
    await floor.byTestId('activity-log').filter({ hasText: `posted a straddle of ${straddle.amount}` }).waitFor();
    await floor.byTestId(`markers-${straddle.seat}`).filter({ hasText: 'STR' }).waitFor();

    // The floor voids hand 2: every chip goes back where it was before the hand, and the table can be closed.
    await floor.submitForm('void-hand', { Reason: 'misdeal' });
    await floor.byTestId('activity-log').filter({ hasText: 'Hand 2 voided (misdeal): every chip went back' }).waitFor();
    // A voided hand never reads as complete.
    await floor.byTestId('hand').filter({ hasText: 'Hand #2 voided' }).waitFor();
    await floor.byTestId('showdown').filter({ hasText: 'Hand #2 voided' }).waitFor();
    const afterVoid = await tableFromApi('options-1');
    expect(afterVoid.seats.map((s: { stack: number }) => s.stack)).toEqual(afterChop.seats.map((s: { stack: number }) => s.stack));
    for (const seat of afterVoid.seats) await floor.byTestId(`stack-${seat.seat}`).filter({ hasText: new RegExp(`^${seat.stack}$`) }).waitFor();
    await floor.byTestId('close-table-submit').click();
    await floor.byTestId('status').filter({ hasText: 'closed' }).waitFor();
    expect((await tableFromApi('options-1')).status).toBe('closed');
  });

  it('a live-cards table: the dealer picks the flop, turn, river and the shown hand on the 52-card picker, seen cards greyed; the showdown panel names the hand', async () => {
    const floor = await signedIn('floor-fran');
    await floor.fillForm('open-table', { 'Table id': 'live-1', 'Small blind': '1', 'Big blind': '2', Seats: '6' });
    await floor.page.getByTestId('open-table').getByLabel('Live cards').check();
    await floor.page.getByTestId('open-table-submit').click();
    await floor.byTestId('status').filter({ hasText: 'open' }).waitFor();
    expect((await tableFromApi('live-1')).rules.cardSource).toBe('live');
    for (const [seat, player] of [[1, 'ann'], [2, 'ben']] as const) await expectStatus(api.http.post('/tables/live-1/seat-player').send({ seat, playerId: player, buyIn: 100 }), 201);
    await expectStatus(api.http.post('/tables/live-1/place-button').send({ seat: 1 }), 201);
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
    await enter('action-DealBoard', 'Ah Kd 7c');
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
    const after = await tableFromApi('live-1');
    expect(after.seats.map((seat: { stack: number }) => seat.stack)).toEqual([98, 102]);
    for (const seat of after.seats) await floor.byTestId(`stack-${seat.seat}`).filter({ hasText: new RegExp(`^${seat.stack}$`) }).waitFor();
  });

  it('a command the rules refuse shows the engine’s sentence in red next to its form, writes nothing, and the next success clears it', async () => {
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('main-1');
    const before = await tableFromApi('main-1');
    await floor.submitForm('seat-player', { Seat: '1', 'Player id': 'zed', 'Buy-in': '100' });
    const shown = await floor.feedback('seat-player');
    const refused = await api.http.post('/tables/main-1/seat-player').send({ seat: 1, playerId: 'zed', buyIn: 100 });
    expect(refused.status).toBe(422);
    expect(shown).toBe(refused.body.detail);
    const line = floor.byTestId('feedback-seat-player');
    expect(await line.getAttribute('data-kind')).toBe('error');
    expect(await floor.page.evaluate(`getComputedStyle(document.querySelector('[data-testid="feedback-seat-player"]')).color`)).toBe('rgb(138, 16, 16)');
    // Beside the form that caused it, not at the top of the page.
    const [form, message] = [await floor.byTestId('seat-player').boundingBox(), await line.boundingBox()];
    expect(message!.y).toBeGreaterThanOrEqual(form!.y);
    expect(message!.y - (form!.y + form!.height)).toBeLessThan(60);
    expect((await tableFromApi('main-1')).version).toBe(before.version);

    await floor.submitForm('seat-player', { Seat: '4', 'Player id': 'zed', 'Buy-in': '100' });
    await floor.byTestId('feedback-seat-player').filter({ hasText: 'zed seated in seat 4.' }).waitFor();
    expect(await floor.byTestId('feedback-seat-player').getAttribute('data-kind')).toBe('done');
    await floor.byTestId('remove-4').or(floor.byTestId('leave-4')).first().click();
    await floor.byTestId('feedback-players').filter({ hasText: 'zed left with 100.' }).waitFor();
  });

  it('a table that does not exist: the API’s 404 in the page, and /live’s refusal in the status line', async () => {
    const floor = await signedIn('floor-fran');
    await floor.page.goto(`${baseUrl}/console/#/table/no-such-table`);
    expect(await floor.feedback('screen')).toBe('There is no such table.');
    await floor.byTestId('live-status').filter({ hasText: /^live updates refused: .*\(TABLE_NOT_FOUND\)$/ }).waitFor();
  });

  it('each role sees only its controls: a dealer gets no floor-only form or button, a regulator no action', async () => {
    const dealerPage = await signedIn('dealer-dan');
    expect(await dealerPage.byTestId('open-table').count()).toBe(0);
    expect(await dealerPage.page.locator('#users-link').isHidden()).toBe(true);
    await dealerPage.openTableFromLobby('main-1');
    await dealerPage.byTestId('players').waitFor();
    for (const floorOnly of ['void-hand', 'close-table', 'correct-action', 'dealer-staff', 'recall-hands']) expect(await dealerPage.byTestId(floorOnly).isVisible()).toBe(false);
    expect(await dealerPage.page.locator('[data-testid^="action-ChopBlinds"]').count()).toBe(0);
    // The API still refuses what the page does not offer (nothing is written).
    expect((await api.http.get('/tables/dealer-table')).status).toBe(404);
  });

  it('a regulator’s token cannot act, nor a dealer’s on a table not assigned to them; the regulator recalls the hands', async () => {
    await openTableWithPlayers(api, 'side-1', 3);
    const { toAct, version } = await startHandWithBlinds(api, 'side-1');

    const regulator = await signedIn('regulator-rita');
    await regulator.openTableFromLobby('side-1');
    await regulator.byTestId('turn').filter({ hasText: `Seat ${toAct}` }).waitFor();
    expect(await regulator.byTestId('action-list').locator('button').count()).toBe(0);
    expect(await regulator.byTestId('players').count()).toBe(0);

    const dealerPage = await signedIn('dealer-dan');
    await dealerPage.openTableFromLobby('side-1');
    await dealerPage.byTestId(`action-Fold-${toAct}`).click();
    expect(await dealerPage.feedback('actions')).toBe('You are not assigned to deal this table; nothing was done. Ask the floor to assign you.');
    expect(await dealerPage.byTestId('feedback-actions').getAttribute('data-code')).toBe('NOT_ASSIGNED_TO_TABLE');
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
    expect(text).toContain('main pot 13 to seat 1 (13)');
    expect(text).toContain('Preflop: seat 2 posted the small blind of 1, seat 3 posted the big blind of 2, seat 1 raised to 6, seat 2 folded, seat 3 called 4.');
  });

  it('a double tap acts once: the second tap, 300 ms later on the same spot, does not fold the next seat', async () => {
    await openTableWithPlayers(api, 'tap-1', 3);
    const { toAct } = await startHandWithBlinds(api, 'tap-1');
    await expectStatus(api.http.post('/tables/tap-1/deal').send({}), 201).catch(() => undefined);
    const before = await tableFromApi('tap-1');
    const seat = before.toAct as number;
    expect([toAct, seat]).toContain(seat);
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('tap-1');
    await floor.waitForVersion(before.version);
    const fold = floor.page.locator(`[data-settling="false"] [data-testid="action-Fold-${seat}"]:enabled`);
    // The button says whom it folds.
    expect(await fold.textContent()).toBe(`Fold — Seat ${seat}, player-${seat}`);
    let box = await fold.boundingBox();
    for (let tries = 0; box === null && tries < 20; tries++) box = await fold.boundingBox(); // redrawn meanwhile: look again
    const [x, y] = [box!.x + box!.width / 2, box!.y + box!.height / 2];
    await floor.page.mouse.click(x, y);
    await floor.page.waitForTimeout(300);
    await floor.page.mouse.click(x, y);

    // The turn passed on; the bar says so, and whatever sat under the finger then did not act.
    const next = await tableFromApi('tap-1');
    await floor.waitForVersion(next.version);
    await floor.byTestId('turn').filter({ hasText: `Seat ${next.toAct}, player-${next.toAct} to act` }).waitFor();
    const events = (await expectStatus(api.http.get(`/tables/tap-1/events?fromVersion=${before.version + 1}`), 200)).body.events as { type: string; data: { seat: number } }[];
    expect(events.map((e) => [e.type, e.data.seat])).toEqual([['PlayerFolded', seat]]);
    expect(next.toAct).not.toBe(seat);
    // After the pause the next seat's buttons work as usual.
    await floor.page.locator(`[data-testid="action-Fold-${next.toAct}"]:enabled`).waitFor();
  });

  it('two consoles racing: the console that decided on an older table gets "the table moved on; nothing was done" and then shows the table as it is', async () => {
    await openTableWithPlayers(api, 'race-1', 3);
    await startHandWithBlinds(api, 'race-1');
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('race-1');
    const second = await signedIn('floor-fran');
    await second.openTableFromLobby('race-1');
    const before = await tableFromApi('race-1');
    await floor.waitForVersion(before.version);
    await second.waitForVersion(before.version);
    const seat = before.toAct as number;

    // The second console stops hearing /live (its network drops), so it still shows the older table when it taps.
    network.down = true;
    for (const socket of network.sockets) socket.destroy();
    await second.byTestId('live-status').filter({ hasText: 'disconnected' }).waitFor();
    await floor.byTestId(`action-Call-${seat}`).click();
    await floor.waitForVersion(before.version + 1);
    await second.byTestId(`action-Fold-${seat}`).click();
    expect(await second.feedback('actions')).toBe('The table moved on before your tap arrived; nothing was done. Look at the table again and tap again if it still applies.');
    expect(await second.byTestId('feedback-actions').getAttribute('data-code')).toBe('VERSION_CONFLICT');
    const after = await tableFromApi('race-1');
    expect(after.version).toBe(before.version + 1);
    await second.waitForVersion(after.version);
    const events = (await expectStatus(api.http.get(`/tables/race-1/events?fromVersion=${before.version + 1}`), 200)).body.events as { type: string }[];
    expect(events.map((e) => e.type)).toEqual(['PlayerCalled']);
    network.down = false;
    // The refusal stays up until the next success, which clears it.
    await second.byTestId(`action-Fold-${after.toAct}`).click();
    await second.byTestId('feedback-actions').filter({ hasText: /^$/ }).waitFor({ state: 'attached' });
    expect(await second.byTestId('feedback-actions').isHidden()).toBe(true);
  });

  it('a reload mid-hand brings back the hand’s actions, and a fold facing no bet or an all-in asks first', async () => {
    await openTableWithPlayers(api, 'reload-1', 3);
    await startHandWithBlinds(api, 'reload-1');
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('reload-1');
    let table = await tableFromApi('reload-1');
    await floor.byTestId(`action-Raise-${table.toAct}-amount`).fill('8');
    await floor.byTestId(`action-Raise-${table.toAct}`).click();
    table = await tableFromApi('reload-1').then(async (t) => (t.toAct === table.toAct ? tableFromApi('reload-1') : t));
    await floor.waitForVersion(table.version);
    await floor.page.reload();
    await floor.waitForVersion(table.version);
    // The hand's events are read back after the table: wait for them.
    await floor.byTestId('activity-log').filter({ hasText: 'Hand 1 started' }).waitFor();
    const log = (await floor.byTestId('activity-log').textContent()) ?? '';
    expect(log).toContain('posted the small blind of 1');
    expect(log).toContain('raised to 8');

    // All in asks first; "No" writes nothing.
    const seat = table.toAct as number;
    const stack = table.hand.players.find((p: { seat: number }) => p.seat === seat);
    await floor.byTestId(`action-Raise-${seat}-amount`).fill(String(stack.stack + stack.live));
    await floor.byTestId(`action-Raise-${seat}`).click();
    expect(await floor.byTestId('confirm-question').textContent()).toBe(`Seat ${seat}, player-${seat} raises all in (to ${stack.stack + stack.live})?`);
    await floor.byTestId('confirm-no').click();
    expect((await tableFromApi('reload-1')).version).toBe(table.version);
    // Fold with nothing to call asks first too: everyone calls to the big blind, who could check.
    for (let step = 0; step < 5; step++) {
      const now = await tableFromApi('reload-1');
      if (now.legalActions.some((a: { type: string }) => a.type === 'Check')) break;
      await floor.waitForVersion(now.version);
      await floor.byTestId(`action-Call-${now.toAct}`).click();
      await floor.page.getByTestId('version').filter({ hasNotText: new RegExp(`^${now.version}$`) }).waitFor();
    }
    const checking = await tableFromApi('reload-1');
    await floor.waitForVersion(checking.version);
    await floor.byTestId(`action-Fold-${checking.toAct}`).click();
    expect(await floor.byTestId('confirm-question').textContent()).toBe(`Seat ${checking.toAct}, player-${checking.toAct} faces no bet and could check. Fold anyway?`);
    await floor.byTestId('confirm-yes').click();
    await floor.waitForVersion(checking.version + 1);
    expect((await tableFromApi('reload-1')).hand.players.find((p: { seat: number }) => p.seat === checking.toAct).folded).toBe(true);
  });

  it('the floor corrects a mis-keyed fold without voiding the hand: the fold is taken back and the same seat acts again', async () => {
    await openTableWithPlayers(api, 'fix-1', 3);
    await startHandWithBlinds(api, 'fix-1');
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('fix-1');
    const before = await tableFromApi('fix-1');
    const seat = before.toAct as number;
    await floor.byTestId(`action-Fold-${seat}`).click();
    await floor.waitForVersion(before.version + 1);
    await floor.byTestId('correct-action').getByLabel('Take back from').selectOption(String(before.version + 1));
    await floor.submitForm('correct-action', { Reason: 'double tap: the player never folded' });
    await floor.waitForVersion(before.version + 2);
    const after = await tableFromApi('fix-1');
    expect(after.toAct).toBe(seat);
    expect(after.hand.players.find((p: { seat: number }) => p.seat === seat).folded).toBe(false);
    const events = (await expectStatus(api.http.get(`/tables/fix-1/events?fromVersion=${before.version + 1}`), 200)).body.events as { type: string; data: { reason?: string } }[];
    expect(events.map((e) => e.type)).toEqual(['PlayerFolded', 'ActionCorrected']);
    expect(events[1]!.data.reason).toBe('double tap: the player never folded');
    await floor.byTestId('activity-log').filter({ hasText: '1 action taken back (double tap: the player never folded)' }).waitFor();
    await floor.byTestId('turn').filter({ hasText: `Seat ${seat}, player-${seat} to act` }).waitFor();
  });

  it('players come and go: a seat that sat out owes the big blind, keeps owing it after a seat change, and a busted player is marked and removed', async () => {
    await openTableWithPlayers(api, 'move-1', 4);
    const playHand = async () => {
      await startHandWithBlinds(api, 'move-1');
      let table = await tableFromApi('move-1');
      for (let step = 0; step < 12 && table.hand && table.hand.phase !== 'complete'; step++) {
        const next = ['Fold', 'Check', 'Deal'].map((type) => table.legalActions.find((a: { type: string }) => a.type === type)).find(Boolean) as { type: string; seat: number | null };
        table = (await expectStatus(api.http.post(`/tables/move-1/${next.type.toLowerCase()}`).send(next.seat === null ? {} : { seat: next.seat }), 201)).body.table;
      }
    };
    // Seat 4 plays a hand (a new player owes nothing for blinds passed before their first hand), then sits out.
    await playHand();
    const floor = await signedIn('floor-fran');
    await floor.openTableFromLobby('move-1');
    await floor.byTestId('sit-out-4').click();
    await floor.byTestId('player-status-4').filter({ hasText: 'sitting out' }).waitFor();
    // Hands go by while seat 4 is out (each folded to the big blind), until the big blind has passed it.
    for (let hand = 0; hand < 5; hand++) {
      if ((await tableFromApi('move-1')).seats.find((s: { seat: number }) => s.seat === 4).missedBig) break;
      await playHand();
    }
    const owing = (await tableFromApi('move-1')).seats.find((s: { seat: number }) => s.seat === 4);
    expect(owing.missedBig).toBe(true);
    await floor.byTestId('player-status-4').filter({ hasText: 'owes the big blind' }).waitFor();
    await floor.byTestId('marks-4').filter({ hasText: 'owes big blind' }).waitFor();

    // Seat change: the player and the missed blind go to the new seat.
    await floor.byTestId('change-seat-4').getByLabel('Move to seat').selectOption('6');
    await floor.byTestId('change-seat-4-submit').click();
    await floor.byTestId('feedback-players').filter({ hasText: 'player-4 moved from seat 4 to seat 6.' }).waitFor();
    const moved = await tableFromApi('move-1');
    const six = moved.seats.find((s: { seat: number }) => s.seat === 6);
    expect(six).toMatchObject({ playerId: 'player-4', missedBig: true });
    expect(moved.seats.some((s: { seat: number }) => s.seat === 4)).toBe(false);
    await floor.byTestId('player-6').filter({ hasText: 'player-4' }).waitFor();
    await floor.byTestId('activity-log').filter({ hasText: 'player-4 moved from seat 4 to seat 6' }).waitFor();
    await floor.byTestId('sit-in-6').click();
    await floor.byTestId('feedback-players').filter({ hasText: 'player-4 is back in and owes the big blind.' }).waitFor();

    // A player who loses every chip is marked busted, and removed from the console.
    await openTableWithPlayers(api, 'bust-1', 2, TRAINING_1_2); // a training table: the test chooses who busts
    await expectStatus(api.http.post('/tables/bust-1/start-hand').send({ holeCards: { 1: 'AsAh', 2: '7c2d' }, board: 'KsQd9h5c3s' }), 201);
    let table = await tableFromApi('bust-1');
    for (let step = 0; step < 20 && table.hand.phase !== 'complete'; step++) {
      const next = ['PostBlind', 'Deal', 'Raise', 'Call', 'Check', 'ShowHand'].map((type) => table.legalActions.find((a: { type: string }) => a.type === type)).find(Boolean) as { type: string; seat: number | null; blind?: string; max?: number };
      const body = next.type === 'Raise' ? { seat: next.seat, to: next.max } : next.type === 'PostBlind' ? { seat: next.seat, blind: next.blind } : next.seat === null ? {} : { seat: next.seat };
      const route = next.type.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? '' : '-') + c.toLowerCase());
      table = (await expectStatus(api.http.post(`/tables/bust-1/${route}`).send(body), 201)).body.table;
    }
    expect(table.seats.find((s: { seat: number }) => s.seat === 2)).toMatchObject({ stack: 0, busted: true });
    await floor.openTableFromLobby('bust-1');
    await floor.byTestId('marks-2').filter({ hasText: 'busted' }).waitFor();
    await floor.byTestId('player-status-2').filter({ hasText: 'busted' }).waitFor();
    await floor.byTestId('remove-2').click();
    await floor.byTestId('seat-2').filter({ hasText: 'empty' }).waitFor();
    expect((await tableFromApi('bust-1')).seats.map((s: { seat: number }) => s.seat)).toEqual([1]);
  });

  it('user admin without the command line: the floor adds a dealer, who signs in with the one-time password; resets it, disables and re-roles the user', async () => {
    const floor = await signedIn('floor-fran');
    await floor.page.locator('#users-link').click();
    await floor.byTestId('user-row-floor-fran').waitFor();
    await floor.byTestId('create-user').getByLabel('User name').fill('dealer-dora');
    await floor.byTestId('create-user').getByLabel('Role').selectOption('dealer');
    await floor.byTestId('create-user-submit').click();
    const first = (await floor.byTestId('password-value').textContent())!;
    await floor.byTestId('user-row-dealer-dora').waitFor();
    expect(await floor.feedback('create-user')).toBe('dealer-dora added as dealer.');

    const dora = await open();
    await dora.signIn('dealer-dora', first);
    await dora.byTestId('lobby-tables').waitFor();
    expect(await dora.byTestId('signed-in-as').textContent()).toBe('dealer-dora (dealer)');

    await floor.byTestId('reset-dealer-dora').click();
    await floor.byTestId('password-value').filter({ hasNotText: first }).waitFor();
    const second = (await floor.byTestId('password-value').textContent())!;
    const stale = await open();
    await stale.signIn('dealer-dora', first);
    expect(await stale.notice()).toBe('Wrong user name or password (or the user is disabled).');
    await stale.signIn('dealer-dora', second);
    await stale.byTestId('lobby-tables').waitFor();

    // Disabled: the open session ends at its next request, and signing in is refused.
    await floor.byTestId('toggle-dealer-dora').click();
    await floor.byTestId('user-state-dealer-dora').filter({ hasText: 'disabled' }).waitFor();
    await dora.page.reload();
    await dora.byTestId('sign-in').waitFor();
    await floor.byTestId('role-dealer-dora').selectOption('regulator');
    await floor.byTestId('feedback-user-dealer-dora').filter({ hasText: 'dealer-dora is now regulator.' }).waitFor();
    await floor.byTestId('toggle-dealer-dora').click();
    await floor.byTestId('user-state-dealer-dora').filter({ hasText: 'active' }).waitFor();
    const users = (await expectStatus(api.http.get('/users'), 200)).body.users as { name: string; role: string; disabled: boolean }[];
    expect(users.find((u) => u.name === 'dealer-dora')).toMatchObject({ role: 'regulator', disabled: false });
    // A floor supervisor cannot disable themselves: the sentence shows on their row.
    await floor.byTestId('toggle-floor-fran').click();
    expect(await floor.feedback('user-floor-fran')).toBe('You cannot disable yourself: another floor supervisor must.');
  });

  it('the lobby is live: each table’s game, dealer, hand in progress and seats change without a reload', async () => {
    const floor = await signedIn('floor-fran');
    await floor.byTestId('lobby-row-main-1').waitFor();
    await floor.byTestId('lobby-dealer-main-1').filter({ hasText: /^dealer-dan$/ }).waitFor();
    await openTableWithPlayers(api, 'lobby-1', 2);
    await floor.byTestId('lobby-row-lobby-1').waitFor({ timeout: 30_000 });
    await floor.byTestId('lobby-players-lobby-1').filter({ hasText: '1 player-1 100 · 2 player-2 100' }).waitFor();
    await startHandWithBlinds(api, 'lobby-1');
    await floor.byTestId('lobby-hand-lobby-1').filter({ hasText: /^#1 preflop, seat \d to act$/ }).waitFor();
  });

  it('a fixed-limit table is opened with its small bet, big bet and kill game, labelled by its bets; the next table’s form starts empty', async () => {
    const floor = await signedIn('floor-fran');
    const form = floor.byTestId('open-table');
    await form.getByLabel('Structure').selectOption('fixed-limit');
    await floor.fillForm('open-table', { 'Table id': 'limit-1', 'Small blind': '1', 'Big blind': '2', 'Small bet': '2', 'Big bet': '4', Seats: '6' });
    await form.getByLabel('Kill game').selectOption('half');
    expect(await form.getByLabel('Kill pot').isVisible()).toBe(false);
    await floor.byTestId('open-table-submit').click();
    await floor.byTestId('stakes').filter({ hasText: /^FL 2\/4$/ }).waitFor();
    expect(await floor.byTestId('house-options').textContent()).toBe('kill game');
    const rules = (await tableFromApi('limit-1')).rules;
    expect(rules.structure).toMatchObject({ kind: 'fixed-limit', smallBet: 2, bigBet: 4 });
    expect(rules.houseOptions.killGame).toMatchObject({ mode: 'half' });
    await floor.page.getByRole('link', { name: 'Lobby' }).first().click();
    await floor.byTestId('lobby-stakes-limit-1').filter({ hasText: 'FL 2/4' }).waitFor();
    expect(await floor.byTestId('open-table').getByLabel('Table id').inputValue()).toBe('');
    expect(await floor.byTestId('open-table').getByLabel('Structure').inputValue()).toBe('no-limit');
    expect(await floor.byTestId('open-table').getByLabel('Small bet').isVisible()).toBe(false);
  });

  it('fits each screen: a dealer’s tablet (action bar pinned, nothing to scroll during a hand), a floor phone, a desktop; axe-core finds no serious or critical violation', async () => {
    await openTableWithPlayers(api, 'size-1', 6);
    await startHandWithBlinds(api, 'size-1');
    await expectStatus(api.http.put(`/tables/size-1/dealers/dealer-dan`).send({}), 200).catch(() => expectStatus(api.http.put(`/tables/size-1/dealers/dealer-dan`).send({}), 201));
    const sizes = [
      { name: 'tablet', user: 'dealer-dan', viewport: { width: 1024, height: 768 } },
      { name: 'phone', user: 'floor-fran', viewport: { width: 390, height: 844 } },
      { name: 'desktop', user: 'floor-fran', viewport: { width: 1440, height: 900 } },
    ];
    for (const size of sizes) {
      const person = await ConsoleUser.open(browser, baseUrl, size.viewport);
      people.push(person);
      await person.signIn(size.user, PASSWORD);
      await person.byTestId('lobby-tables').waitFor();
      expect(await person.accessibilityViolations()).toEqual([]);
      await person.openTableFromLobby('size-1');
      const table = await tableFromApi('size-1');
      await person.waitForVersion(table.version);
      await person.byTestId(`action-Fold-${table.toAct}`).waitFor();
      const bar = await boxOf(person.byTestId('actions'));
      expect(bar.y + bar.height).toBeLessThanOrEqual(size.viewport.height + 1);
      const overflow = (await person.page.evaluate(`({ x: document.documentElement.scrollWidth - innerWidth, y: document.documentElement.scrollHeight - innerHeight })`)) as { x: number; y: number };
      expect(overflow.x).toBeLessThanOrEqual(0);
      if (size.name === 'tablet') {
        // The dealer's whole table is on screen: every seat and the bar, with no scrolling.
        const main = await person.page.evaluate(`document.querySelector('main').scrollHeight - document.querySelector('main').clientHeight`);
        expect([overflow.y, main]).toEqual([0, 0]);
        for (const seat of table.seats) {
          const box = await boxOf(person.byTestId(`seat-${seat.seat}`));
          expect(box.y).toBeGreaterThanOrEqual(0);
          expect(box.y + box.height).toBeLessThanOrEqual(bar.y + 1);
        }
      }
      expect(await person.accessibilityViolations()).toEqual([]);
      await person.page.screenshot({ path: join(DOCS_DIR, `console-${size.name}.png`) });
      // README.md's picture of the console is the dealer's tablet.
      if (size.name === 'tablet') await person.page.screenshot({ path: join(DOCS_DIR, 'console.png') });
    }
    const floor = sizes[2]!;
    const admin = await ConsoleUser.open(browser, baseUrl, floor.viewport);
    people.push(admin);
    await admin.signIn('floor-fran', PASSWORD);
    await admin.byTestId('lobby-tables').waitFor();
    await admin.page.locator('#users-link').click();
    await admin.byTestId('user-row-floor-fran').waitFor();
    expect(await admin.accessibilityViolations()).toEqual([]);
    const signIn = await open();
    expect(await signIn.accessibilityViolations()).toEqual([]);
  });
});

/**
 * An element's box once it is on screen: the table redraws its parts as events arrive, and a box read at the moment
 * a part is swapped is null (not a layout fault).
 */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const box = await locator.boundingBox().catch(() => null);
    if (box !== null) return box;
    if (Date.now() > deadline) throw new Error('the element never showed on screen');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
