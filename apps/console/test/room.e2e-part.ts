import { expectStatus } from '../../api/test/test-support/table-setup';
import type { ConsoleUser } from './test-support/console-browser';
import { useSharedConsoleSuite } from './test-support/console-suite';

/**
 * The room in a real browser: a floor supervisor opens a game, adds a table, lists a player, calls them (the call
 * shows its timer) and seats them, all through the console's room screen; the public board page, open without
 * signing in, follows each step live and never shows a player id. Every test has a game of its own, set up through
 * the API where the page is not the subject.
 */
describe('the room screens in chromium', () => {
  const suite = useSharedConsoleSuite();

  /** The floor on the room screen, following it live. */
  const roomScreen = async (): Promise<ConsoleUser> => {
    const floor = await suite.signedIn('floor-fran');
    await floor.byTestId('nav-room').click();
    await floor
      .byTestId('room-live-status')
      .filter({ hasText: /^live$/ })
      .waitFor();
    return floor;
  };
  /** The room's TV: a browser of its own, no token anywhere. */
  const boardPage = async () => {
    const board = await suite.open();
    await board.page.goto(`${suite.baseUrl}/console/board.html`);
    await board.page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
    return board.page;
  };
  const openGame = async (gameId: string, tableId: string) => {
    const tableRules = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
    await expectStatus(
      suite.api.http
        .post('/room/games')
        .send({ gameId, name: `1/2 NLHE ${gameId}`, stakes: '1/2', structure: 'no-limit', seatsPerTable: 6, tableRules }),
      201,
    );
    await expectStatus(suite.api.http.post(`/room/games/${gameId}/tables`).send({ tableId, mustMove: false }), 201);
  };
  const command = (gameId: string, body: object) => expectStatus(suite.api.http.post(`/room/games/${gameId}/commands`).send(body), 201);

  it('the floor opens a game and a table from the room screen, reached from the lobby; the board shows it', async () => {
    const board = await boardPage();
    const floor = await roomScreen();
    await floor.fillForm('open-game', {
      'Game id': 'nl12',
      Name: '1/2 NLHE',
      'Small blind': '1',
      'Big blind': '2',
      Seats: '6',
    });
    await floor.byTestId('open-game-submit').click();
    await floor.byTestId('game-nl12').waitFor();
    await floor.fillForm('add-table-nl12', { 'Table id': 't1' });
    await floor.byTestId('add-table-nl12-submit').click();
    await floor.byTestId('room-table-t1').waitFor();
    await board.getByTestId('board-summary-nl12').filter({ hasText: '1 table · 6 open · 0 waiting' }).waitFor();
  });

  it('the floor lists a player, calls them (with a timer on the call) and seats them; the board follows live', async () => {
    await openGame('call-g', 'call-t');
    const board = await boardPage();
    const floor = await roomScreen();
    await floor.fillForm('join-call-g', { 'Player id': 'card-1001', 'Alias (on the board)': 'JD' });
    await floor.byTestId('join-call-g-submit').click();
    await floor.byTestId('listed-card-1001').waitFor();
    await board.getByTestId('board-list-call-g').filter({ hasText: 'JD' }).waitFor();

    await floor.byTestId('call-call-t-1').click();
    const timer = floor.byTestId('call-timer-card-1001');
    await timer.filter({ hasText: /^[23]:\d\d$/ }).waitFor();
    await board.getByTestId('board-called-JD').waitFor();

    await floor.byTestId('buy-in-card-1001').fill('100');
    await floor.byTestId('seat-card-1001').click();
    await floor.byTestId('call-card-1001').waitFor({ state: 'detached' });
    await board.getByTestId('board-summary-call-g').filter({ hasText: '1 table · 5 open · 0 waiting' }).waitFor();
    const table = (await expectStatus(suite.api.http.get('/tables/call-t'), 200)).body;
    expect(table.seats).toEqual([expect.objectContaining({ seat: 1, playerId: 'card-1001', stack: 100 })]);
    expect(await board.locator('body').textContent()).not.toContain('card-1001');

    // "JD leaves" asks first, with the stack the table shows; Cancel keeps the seat.
    await floor.byTestId('vacate-call-t-1').click();
    expect(await floor.answerConfirmation('cancel')).toBe(
      'Seat 1, JD, leaves table call-t? Seat 1, JD (card-1001), is cashed out with 100 chips and the seat opens for the next player called. This cannot be taken back.',
    );
    expect((await expectStatus(suite.api.http.get('/tables/call-t'), 200)).body.seats).toHaveLength(1);
    await floor.byTestId('vacate-call-t-1').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('vacate-call-t-1').waitFor({ state: 'detached' });
    expect((await expectStatus(suite.api.http.get('/tables/call-t'), 200)).body.seats).toEqual([]);
  });

  it('what the floor types into the room’s forms stays while the room changes around it', async () => {
    await openGame('typing-g', 'typing-t');
    const floor = await roomScreen();
    await floor.byTestId('game-typing-g').waitFor();
    await floor.fillForm('join-typing-g', { 'Player id': 'card-2002', 'Alias (on the board)': 'KL' });
    // Someone else lists a player: the room screen is drawn again.
    await command('typing-g', { type: 'JoinList', playerId: 'card-2001', alias: 'MN' });
    await floor.byTestId('listed-card-2001').waitFor();
    const form = floor.byTestId('join-typing-g');
    expect([await form.getByLabel('Player id').inputValue(), await form.getByLabel('Alias (on the board)').inputValue()]).toEqual([
      'card-2002',
      'KL',
    ]);
    await floor.byTestId('join-typing-g-submit').click();
    await floor.byTestId('listed-card-2002').waitFor();
  });

  it("a refusal shows the room's sentence: a second listing of a player who plays in the game", async () => {
    await openGame('refuse-g', 'refuse-t');
    await command('refuse-g', { type: 'JoinList', playerId: 'card-3003', alias: 'JD' });
    await command('refuse-g', { type: 'CallPlayer', playerId: 'card-3003', tableId: 'refuse-t', seat: 1 });
    await expectStatus(suite.api.http.post('/room/games/refuse-g/seat').send({ playerId: 'card-3003', buyIn: 100 }), 201);
    const floor = await roomScreen();
    await floor.fillForm('join-refuse-g', { 'Player id': 'card-3003', 'Alias (on the board)': 'JD' });
    await floor.byTestId('join-refuse-g-submit').click();
    // In words, as every refusal in the console: the room's sentence with the player's alias, no status or code.
    await floor
      .byTestId('notice')
      .filter({ hasText: /^player JD already plays in 1\/2 NLHE refuse-g \(table refuse-t, seat 1\)/ })
      .waitFor();
    expect(await floor.byTestId('notice').getAttribute('data-kind')).toBe('error');
  });
});
