import { join } from 'node:path';
import { Users } from '@felt/staff';
import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers } from '../../api/test/test-support/table-setup';
import { writtenRows } from '../../api/test/test-support/test-api';
import { SCREENSHOTS_DIR, type ConsoleUser } from './test-support/console-browser';
import { PASSWORD, useConsoleSuite } from './test-support/console-suite';
import { PHONE, smallTargets, TABLET } from './test-support/touch-targets';

/**
 * The house's money in the console (issue 36, docs/money.md): the jackpots on the room's public board and in the
 * lobby, live; the floor's Money screen (a bad beat shown from the log, its split, asked for by one supervisor and
 * confirmed by another, the asker's own confirmation refused in words); a table's cash buy-in and fill at the
 * dealer's phone; the count team's count, a variance refused without a reason, confirmed by a second person.
 */
describe('the house money in the console (chromium)', () => {
  const suite = useConsoleSuite();
  const post = (path: string, body: object) => expectStatus(suite.api.http.post(path).send(body), 201);
  const book = async () => (await expectStatus(suite.api.http.get('/money/book'), 200)).body;
  /** A local date, `offset` days from today, as the shift field and a datetime-local field read it. */
  const day = (offset = 0) => {
    const d = new Date(Date.now() + offset * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  /** A control's refusal, and nothing written anywhere by it. */
  async function refusedOnScreen(person: ConsoleUser, slot: string, act: () => Promise<void>): Promise<string> {
    const before = await writtenRows(suite.database.db);
    await act();
    const said = await person.feedback(slot);
    expect(await writtenRows(suite.database.db)).toEqual(before);
    return said;
  }
  async function accessibleAndTouchable(person: ConsoleUser, screen: string): Promise<void> {
    expect(await person.accessibilityViolations()).toEqual([]);
    expect(await smallTargets(person, screen)).toEqual([]);
  }

  /** Hand 1 at a live-cards table: aces full of kings (seat 2) lose to four kings (seat 3), checked down. */
  async function playBadBeat(tableId: string): Promise<void> {
    const table = (route: string, body: object) => post(`/tables/${tableId}/${route}`, body);
    await table('start-hand', {});
    await table('post-blind', { seat: 2 });
    await table('post-blind', { seat: 3 });
    await table('fold', { seat: 1 });
    await table('call', { seat: 2 });
    await table('check', { seat: 3 });
    for (const cards of [['Ac', 'Kd', 'Kh'], ['5s'], ['2c']]) {
      await table('deal-board', { cards });
      await table('check', { seat: 2 });
      await table('check', { seat: 3 });
    }
    await table('show-hand', { seat: 2, cards: ['Ah', 'Ad'] });
    await table('show-hand', { seat: 3, cards: ['Kc', 'Ks'] });
  }

  it('posts the jackpot on the board and the lobby, and pays a bad beat with two floor supervisors (tablet)', async () => {
    await post('/money/funds', { fundId: 'bbj-1', rules: { kind: 'bad-beat', name: 'Bad-beat jackpot' } });
    await post('/money/funds', { fundId: 'hh-1', rules: { kind: 'high-hand', name: 'High hand', prize: 5_000 } });
    await post('/money/drops', { fundId: 'hh-1', tableId: 'drops', handNumber: 1, amount: 8_000 });
    for (const handNumber of [1, 2, 3]) await post('/money/drops', { fundId: 'bbj-1', tableId: 'drops', handNumber, amount: 10_000 });
    await openTableWithPlayers(suite.api, 'mb-1', 3, { ...NO_LIMIT_1_2, cardSource: 'live' });
    await playBadBeat('mb-1');

    const tv = await suite.open({ viewport: TABLET });
    await tv.page.goto(`${suite.baseUrl}/console/board.html`);
    await tv.byTestId('jackpot-bbj-1').filter({ hasText: 'Bad-beat jackpot: $300.00' }).waitFor();
    // GET /board, no token: each fund's name, kind and balance, nothing of who paid in or was paid.
    expect((await suite.api.anonymous.get('/board').expect(200)).body.jackpots).toEqual([
      { fundId: 'bbj-1', kind: 'bad-beat', name: 'Bad-beat jackpot', balance: 30_000 },
      { fundId: 'hh-1', kind: 'high-hand', name: 'High hand', balance: 8_000 },
    ]);
    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('jackpot-bbj-1').filter({ hasText: '$300.00' }).waitFor();

    await floor.byTestId('nav-money').click();
    await floor.byTestId('fund-bbj-1').filter({ hasText: '$300.00' }).waitFor();
    // A hand that does not qualify: said in words, nothing asked for.
    await floor.fillForm('bad-beat', { Table: 'mb-1', Hand: '2' });
    const notQualifying = await refusedOnScreen(floor, 'bad-beat', () => floor.byTestId('bad-beat-look').click());
    expect(notQualifying).toContain('does not qualify');
    await floor.fillForm('bad-beat', { Hand: '1' });
    await floor.byTestId('bad-beat-look').click();
    const hand = floor.byTestId('bad-beat-hand');
    await hand.waitFor();
    expect(await hand.textContent()).toMatch(/Lost: seat 2, player-2, AhAd full house.*Won: seat 3, player-3, KcKs four of a kind/);
    const split = 'player-2 (the loser) $150.00, player-3 (the winner) $75.00, player-1 (the table) $75.00';
    expect(await floor.byTestId('bad-beat-split').textContent()).toContain(split);
    await floor.byTestId('bad-beat-ask').click();
    expect(await floor.answerConfirmation('confirm')).toContain(`Ask for $300.00 from Bad-beat jackpot? Hand #1 of table mb-1: ${split}`);
    // The line may still say the refusal above: wait for the request's own words.
    await floor.byTestId('feedback-bad-beat').filter({ hasText: 'Asked for the bad-beat payout of hand #1 of table mb-1' }).waitFor();
    const [asked] = (await book()).pending;
    expect(asked.request).toMatchObject({ kind: 'PayBadBeat', fundId: 'bbj-1', loser: 'player-2', winner: 'player-3' });
    const item = floor.byTestId(`pending-${asked.requestId}`);
    await item.filter({ hasText: 'Asked by you' }).waitFor();
    expect(await floor.byTestId(`would-record-${asked.requestId}`).textContent()).toContain(`$300.00 paid from Bad-beat jackpot: ${split}`);
    await floor.page.evaluate('document.getElementById("screen").scrollTo(0, 0)');
    await floor.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-money.png') });
    await accessibleAndTouchable(floor, 'money (tablet)');

    // The asker's own confirmation: the book refuses it, said in words beside the request.
    await floor.byTestId(`confirm-${asked.requestId}`).click();
    const own = await refusedOnScreen(floor, `request-${asked.requestId}`, async () => void (await floor.answerConfirmation('confirm')));
    expect(own).toContain('You asked for this yourself: another person');

    await suite.addUser('floor-fay', 'floor');
    const second = await suite.open({ viewport: PHONE });
    await second.signIn('floor-fay', PASSWORD);
    await second.byTestId('lobby-tables').waitFor();
    await second.byTestId('nav-money').click();
    await second.byTestId(`confirm-${asked.requestId}`).click();
    expect(await second.answerConfirmation('confirm')).toContain('Confirming records: $300.00 paid');
    expect(await second.feedback('pending')).toContain('Confirmed: Bad-beat payout from Bad-beat jackpot for hand #1 of table mb-1.');
    expect((await book()).funds[0]).toMatchObject({ balance: 0, paid: 30_000 });
    await second.byTestId('fund-bbj-1').filter({ hasText: '$0.00' }).waitFor();
    await accessibleAndTouchable(second, 'money (phone)');
    // The high hand of a period around now: four kings (player-3), found in the log; the prize named first.
    await floor.fillForm('high-hand', { Period: 'today', From: `${day(-1)}T00:00`, To: `${day(1)}T00:00` });
    await floor.byTestId('high-hand-submit').click();
    expect(await floor.answerConfirmation('confirm')).toContain('$50.00 from High hand to the best hand shown');
    await floor.byTestId('feedback-high-hand').filter({ hasText: 'Asked for the high-hand payout' }).waitFor();
    const high = (await book()).pending.find((p: { request: { kind: string } }) => p.request.kind === 'PayHighHand');
    expect(await floor.byTestId(`would-record-${high.requestId}`).textContent()).toContain('player-3 (the high hand) $50.00');

    // A regulator reads the book and moves nothing: the payout recorded, no button, no payout form.
    const rita = await suite.signedIn('regulator-rita');
    await rita.byTestId('nav-money').click();
    await rita.byTestId('fund-bbj-1').filter({ hasText: '$0.00' }).waitFor();
    await rita.byTestId(`pending-${high.requestId}`).waitFor();
    expect(
      await rita.page.locator('[data-testid="money-count"] form, [data-testid="money-pending"] button, [data-testid="bad-beat"]').count(),
    ).toBe(0);
    // The board follows the payout over /live; it names no player.
    await tv.byTestId('jackpot-bbj-1').filter({ hasText: '$0.00' }).waitFor();
    expect(await tv.page.locator('body').textContent()).not.toContain('player-');
  });

  it('records a cash buy-in and asks for a fill at the table; the count team counts, a variance needs a reason (phone)', async () => {
    await openTableWithPlayers(suite.api, 'mc-1', 2);
    const dealerId = (await new Users(suite.database.db).byName('dealer-dan'))!.id;
    await expectStatus(suite.api.http.put(`/tables/mc-1/dealers/${dealerId}`), 200);
    const shift = day();

    const dealer = await suite.open({ viewport: PHONE });
    await dealer.signIn('dealer-dan', PASSWORD);
    await dealer.byTestId('lobby-tables').waitFor();
    expect(await dealer.byTestId('nav-money').isVisible()).toBe(false);
    await dealer.openTableFromLobby('mc-1');
    await dealer.fillForm('table-cash', { Player: 'player-1', 'Amount ($)': '200' });
    // Another console's command redraws the table's forms: the typed player and amount stay.
    const version = await dealer.shownVersion();
    await post('/tables/mc-1/seat-player', { seat: 3, playerId: 'player-3', buyIn: 100 });
    await dealer.waitForVersion(version + 1);
    expect(await dealer.byTestId('table-cash').getByTestId('input-amount').inputValue()).toBe('200');
    await dealer.byTestId('table-cash-submit').click();
    expect(await dealer.answerConfirmation('confirm')).toContain(
      `Cash buy-in of $200.00 for player-1? player-1 puts $200.00 down at table mc-1`,
    );
    expect(await dealer.feedback('table-cash')).toContain("Recorded: player-1's cash buy-in of $200.00 into the box.");
    // A fill typed wrong is refused in the page; nothing sent.
    await dealer.fillForm('table-tray', { 'Amount ($)': '12.345' });
    expect(await refusedOnScreen(dealer, 'table-tray', () => dealer.byTestId('table-tray-submit').click())).toContain('Nothing was sent.');
    await dealer.fillForm('table-tray', { 'Amount ($)': '100' });
    await dealer.byTestId('table-tray-submit').click();
    expect(await dealer.answerConfirmation('confirm')).toContain("a fill of $100.00 from the cage into table mc-1's tray");
    // The line said the page's refusal until now: wait for the request's own words.
    await dealer.byTestId('feedback-table-tray').filter({ hasText: 'Asked for a fill of $100.00' }).waitFor();
    await dealer.fillForm('table-tray', { 'Amount ($)': '50' });
    await dealer.byTestId('table-tray').getByTestId('input-kind').selectOption('Credit');
    await dealer.byTestId('table-tray-submit').click();
    expect(await dealer.answerConfirmation('confirm')).toContain("a credit of $50.00 from table mc-1's tray to the cage");
    expect(await smallTargets(dealer, 'table (phone)')).toEqual([]);
    await dealer.page.goto(`${suite.baseUrl}/console/#/money`);
    await dealer.byTestId('money-not-yours').waitFor();

    await new Users(suite.database.db).add('count-cal', 'count', PASSWORD);
    const counter = await suite.open({ viewport: PHONE });
    await counter.signIn('count-cal', PASSWORD);
    await counter.byTestId(`count-mc-1-${shift}`).filter({ hasText: '$200.00' }).waitFor();
    expect(await counter.page.locator('#lobby-link').isVisible()).toBe(false);
    // The dealer's fill, confirmed by the count team.
    const fill = (await book()).pending.find((p: { request: { kind: string } }) => p.request.kind === 'Fill');
    await counter.byTestId(`confirm-${fill.requestId}`).click();
    await counter.answerConfirmation('confirm');
    await counter.byTestId(`count-mc-1-${shift}`).filter({ hasText: '$100.00' }).waitFor();
    // The dealer's credit, declined: a reason first (said in the page, nothing sent), then with one.
    const credit = (await book()).pending.find((p: { request: { kind: string } }) => p.request.kind === 'Credit');
    const declined = await refusedOnScreen(counter, `request-${credit.requestId}`, () =>
      counter.byTestId(`decline-${credit.requestId}-submit`).click(),
    );
    expect(declined).toBe('Say why it is declined. Nothing was sent.');
    await counter.byTestId(`decline-${credit.requestId}`).getByTestId('input-reason').fill('no credit due');
    await counter.byTestId(`decline-${credit.requestId}-submit`).click();
    // The line said the fill's confirmation until now: wait for the decline's own words.
    await counter.byTestId('feedback-pending').filter({ hasText: "Declined: Credit from table mc-1's tray to the cage: $50.00" }).waitFor();
    // A count short of the buy-ins without a reason: the book's refusal in words, nothing written.
    await counter.fillForm('count', { Table: 'mc-1', 'The box holds': '190' });
    await counter.byTestId('count-submit').click();
    const noReason = await refusedOnScreen(counter, 'count', async () => void (await counter.answerConfirmation('confirm')));
    expect(noReason).toContain('The count differs from what the box should hold');
    expect(await counter.byTestId('count').getByTestId('input-counted').inputValue()).toBe('190');
    await counter.fillForm('count', { 'Reason for a variance': 'a $10 note found under the tray' });
    await counter.byTestId('count-submit').click();
    expect(await counter.answerConfirmation('confirm')).toContain('$190.00 against $200.00 expected: −$10.00 short');
    await counter.byTestId('feedback-count').filter({ hasText: 'Count of table mc-1' }).waitFor();
    await accessibleAndTouchable(counter, 'money (count team, phone)');
    const count = (await book()).pending.find((p: { request: { kind: string } }) => p.request.kind === 'Count');
    await expectStatus(suite.api.http.post(`/money/requests/${count.requestId}/confirm`).send({}), 201);
    const row = counter.byTestId(`count-mc-1-${shift}`);
    await row.filter({ hasText: '−$10.00 short' }).waitFor({ timeout: 20_000 });
    expect(await row.textContent()).toContain('a $10 note found under the tray');
  });
});
