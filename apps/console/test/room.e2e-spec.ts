import type { Browser, Page } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../../../libs/event-store/test-support/test-databases';
import { Users } from '../../api/src/auth/users';
import { startTestApi, type TestApi } from '../../api/test/test-support/test-api';
import { expectStatus } from '../../api/test/test-support/table-setup';
import { buildConsole, ConsoleUser, launchChromium } from './test-support/console-browser';

/**
 * The room in a real browser: a floor supervisor opens a game, adds a table, lists a player, calls them (the call
 * shows its timer) and seats them, all through the console's room screen; the public board page, open without
 * signing in, follows each step live and never shows a player id.
 */
const PASSWORD = 'correct horse battery staple';

describe('the room screens in chromium', () => {
  let database: TestDatabase;
  let api: TestApi;
  let baseUrl: string;
  let browser: Browser;
  let floor: ConsoleUser;
  let board: Page;

  beforeAll(async () => {
    buildConsole();
    database = await createTestDatabase('pglite');
    api = await startTestApi(database.db);
    await api.app.listen(0, '127.0.0.1');
    baseUrl = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
    if ((await new Users(database.db).add('floor-fran', 'floor', PASSWORD)) === 'name-taken') throw new Error('floor-fran');
    browser = await launchChromium();
    floor = await ConsoleUser.open(browser, baseUrl);
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    // The TV: its own context, no token anywhere.
    board = await (await browser.newContext()).newPage();
    board.setDefaultTimeout(15000);
    await board.goto(`${baseUrl}/console/board.html`);
    await board.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
  }, 180_000);

  afterAll(async () => {
    await floor?.close().catch(() => undefined);
    await browser?.close();
    await api?.close();
    await database?.dispose();
  });

  it('the floor opens a game and a table from the room screen, reached from the lobby; the board shows it', async () => {
    await floor.byTestId('nav-room').click();
    await floor.byTestId('room-live-status').filter({ hasText: /^live$/ }).waitFor();
    await floor.fillForm('open-game', { 'Game id': 'nl12', Name: '1/2 NLHE', 'Small blind': '1', 'Big blind': '2', 'Seats per table': '6' });
    await floor.byTestId('open-game-submit').click();
    await floor.byTestId('game-nl12').waitFor();
    await floor.fillForm('add-table-nl12', { 'Table id': 't1' });
    await floor.byTestId('add-table-nl12-submit').click();
    await floor.byTestId('room-table-t1').waitFor();
    await board.getByTestId('board-summary-nl12').filter({ hasText: '1 table · 6 open · 0 waiting' }).waitFor();
  });

  it('the floor lists a player, calls them (with a timer on the call) and seats them; the board follows live', async () => {
    await floor.fillForm('join-nl12', { 'Player id': 'card-1001', 'Alias (on the board)': 'JD' });
    await floor.byTestId('join-nl12-submit').click();
    await floor.byTestId('listed-card-1001').waitFor();
    await board.getByTestId('board-list-nl12').filter({ hasText: 'JD' }).waitFor();

    await floor.byTestId('call-t1-1').click();
    const timer = floor.byTestId('call-timer-card-1001');
    await timer.filter({ hasText: /^[23]:\d\d$/ }).waitFor();
    await board.getByTestId('board-called-JD').waitFor();

    await floor.byTestId('buy-in-card-1001').fill('100');
    await floor.byTestId('seat-card-1001').click();
    await floor.byTestId('call-card-1001').waitFor({ state: 'detached' });
    await board.getByTestId('board-summary-nl12').filter({ hasText: '1 table · 5 open · 0 waiting' }).waitFor();
    const table = (await expectStatus(api.http.get('/tables/t1'), 200)).body;
    expect(table.seats).toEqual([expect.objectContaining({ seat: 1, playerId: 'card-1001', stack: 100 })]);
    expect(await board.locator('body').textContent()).not.toContain('card-1001');
  });

  it('a refusal shows the room\'s sentence: a second listing of the same player', async () => {
    await floor.fillForm('join-nl12', { 'Player id': 'card-1001', 'Alias (on the board)': 'JD' });
    await floor.byTestId('join-nl12-submit').click();
    // In words, as every refusal in the console: the room's sentence, no status or code.
    await floor.byTestId('notice').filter({ hasText: /^player card-1001 already plays in 1\/2 NLHE \(table t1, seat 1\)/ }).waitFor();
    expect(await floor.byTestId('notice').getAttribute('data-kind')).toBe('error');
  });
});
