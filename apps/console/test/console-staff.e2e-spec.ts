import type { TestApi } from '../../api/test/test-support/test-api';
import { expectStatus, openTableWithPlayers, startHandWithBlinds, TRAINING_1_2 } from '../../api/test/test-support/table-setup';
import { SECOND_FLOOR } from '../../api/test/test-support/approvals';
import { PASSWORD, useConsoleSuite } from './test-support/console-suite';
import { playFoldedHand } from './test-support/folded-hands';

/**
 * The console in a real browser for each role (headless Chromium, test-support/console-browser.ts): what a dealer,
 * the floor and a regulator may see and do, the players coming and going, user admin, the live lobby. Every test uses
 * tables (and, where it changes one, users) of its own, set up through the API.
 */
describe('staff and players in the console (chromium)', () => {
  const suite = useConsoleSuite();

  it('each role sees only its controls: a dealer gets no floor-only form or button, a regulator no action', async () => {
    await openTableWithPlayers(suite.api, 'roles-1', 3);
    const dealerPage = await suite.signedIn('dealer-dan');
    expect(await dealerPage.byTestId('open-table').count()).toBe(0);
    expect(await dealerPage.page.locator('#users-link').isHidden()).toBe(true);
    await dealerPage.openTableFromLobby('roles-1');
    await dealerPage.byTestId('players').waitFor();
    for (const floorOnly of ['void-hand', 'close-table', 'correct-action', 'dealer-staff', 'recall-hands'])
      expect(await dealerPage.byTestId(floorOnly).isVisible()).toBe(false);
    expect(await dealerPage.page.locator('[data-testid^="action-ChopBlinds"]').count()).toBe(0);
    // The API still refuses what the page does not offer (nothing is written).
    expect((await suite.api.http.get('/tables/dealer-table')).status).toBe(404);
  });

  it('a regulator’s token cannot act, nor a dealer’s on a table not assigned to them; the regulator recalls the hands', async () => {
    await openTableWithPlayers(suite.api, 'side-1', 3);
    const { toAct, version } = await startHandWithBlinds(suite.api, 'side-1');
    await playRecalledHand(suite.api, 'recall-1');

    const regulator = await suite.signedIn('regulator-rita');
    await regulator.openTableFromLobby('side-1');
    await regulator
      .byTestId('turn')
      .filter({ hasText: `Seat ${toAct}` })
      .waitFor();
    expect(await regulator.byTestId('action-list').locator('button').count()).toBe(0);
    expect(await regulator.byTestId('players').count()).toBe(0);

    const dealerPage = await suite.signedIn('dealer-dan');
    await dealerPage.openTableFromLobby('side-1');
    await dealerPage.byTestId(`action-Fold-${toAct}`).click();
    expect(await dealerPage.feedback('actions')).toBe(
      'You are not assigned to deal this table; nothing was done. Ask the floor to assign you.',
    );
    expect(await dealerPage.byTestId('feedback-actions').getAttribute('data-code')).toBe('NOT_ASSIGNED_TO_TABLE');
    expect((await suite.table('side-1')).version).toBe(version);
    // Hand recall is offered to floor supervisors and regulators only.
    expect(await dealerPage.byTestId('recall-hands').isHidden()).toBe(true);
    expect(await dealerPage.byTestId('history').textContent()).toBe('Hand recall is for floor supervisors and regulators.');

    await regulator.openTableFromLobby('recall-1');
    await regulator.byTestId('recall-hands').click();
    const hand = regulator.byTestId('history-hand-1');
    await hand.waitFor();
    const text = (await hand.textContent()) ?? '';
    expect(text).toContain('seat 1 alice 100 → 107');
    expect(text).toContain('seat 3 carol 100 → 94');
    expect(text).toContain('main pot 13 to seat 1 (13)');
    expect(text).toContain(
      'Preflop: seat 2 posted the small blind of 1, seat 3 posted the big blind of 2, seat 1 raised to 6, seat 2 folded, seat 3 called 4.',
    );
  });

  it('players come and go: a seat that sat out owes the big blind, keeps owing it after a seat change, and a busted player is marked and removed', async () => {
    await openTableWithPlayers(suite.api, 'move-1', 4);
    const playHand = () => playFoldedHand(suite.api, 'move-1');
    // Seat 4 plays a hand (a new player owes nothing for blinds passed before their first hand), then sits out.
    await playHand();
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('move-1');
    await floor.byTestId('sit-out-4').click();
    await floor.byTestId('player-status-4').filter({ hasText: 'sitting out' }).waitFor();
    // Hands go by while seat 4 is out (each folded to the big blind), until the big blind has passed it.
    for (let hand = 0; hand < 5; hand++) {
      if ((await suite.table('move-1')).seats.find((s: { seat: number }) => s.seat === 4).missedBig) break;
      await playHand();
    }
    const owing = (await suite.table('move-1')).seats.find((s: { seat: number }) => s.seat === 4);
    expect(owing.missedBig).toBe(true);
    await floor.byTestId('player-status-4').filter({ hasText: 'owes the big blind' }).waitFor();
    await floor.byTestId('marks-4').filter({ hasText: 'owes the big blind 2 and a dead small blind 1' }).waitFor();

    // Seat change: the player and the missed blind go to the new seat.
    await floor.byTestId('change-seat-4').getByLabel('Move to seat').selectOption('6');
    await floor.byTestId('change-seat-4-submit').click();
    await floor.byTestId('feedback-players').filter({ hasText: 'player-4 moved from seat 4 to seat 6.' }).waitFor();
    const moved = await suite.table('move-1');
    expect(moved.seats.find((s: { seat: number }) => s.seat === 6)).toMatchObject({ playerId: 'player-4', missedBig: true });
    expect(moved.seats.some((s: { seat: number }) => s.seat === 4)).toBe(false);
    await floor.byTestId('player-6').filter({ hasText: 'player-4' }).waitFor();
    await floor.byTestId('activity-log').filter({ hasText: 'player-4 moved from seat 4 to seat 6' }).waitFor();
    await floor.byTestId('sit-in-6').click();
    await floor
      .byTestId('feedback-players')
      .filter({ hasText: 'player-4 is back in and owes the big blind 2 and a dead small blind 1.' })
      .waitFor();

    // A player who loses every chip is marked busted, and removed from the console.
    await openTableWithPlayers(suite.api, 'bust-1', 2, TRAINING_1_2); // a training table: the test chooses who busts
    await expectStatus(
      suite.api.http.post('/tables/bust-1/start-hand').send({ holeCards: { 1: 'AsAh', 2: '7c2d' }, board: 'KsQd9h5c3s' }),
      201,
    );
    let table = await suite.table('bust-1');
    for (let step = 0; step < 20 && table.hand.phase !== 'complete'; step++) {
      const next = ['PostBlind', 'Deal', 'Raise', 'Call', 'Check', 'ShowHand']
        .map((type) => table.legalActions.find((a: { type: string }) => a.type === type))
        .find(Boolean) as { type: string; seat: number | null; blind?: string; max?: number };
      const body =
        next.type === 'Raise'
          ? { seat: next.seat, to: next.max }
          : next.type === 'PostBlind'
            ? { seat: next.seat, blind: next.blind }
            : next.seat === null
              ? {}
              : { seat: next.seat };
      const route = next.type.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? '' : '-') + c.toLowerCase());
      table = (await expectStatus(suite.api.http.post(`/tables/bust-1/${route}`).send(body), 201)).body.table;
    }
    expect(table.seats.find((s: { seat: number }) => s.seat === 2)).toMatchObject({ stack: 0, busted: true });
    await floor.openTableFromLobby('bust-1');
    await floor.byTestId('marks-2').filter({ hasText: 'busted' }).waitFor();
    await floor.byTestId('player-status-2').filter({ hasText: 'busted' }).waitFor();
    await floor.byTestId('remove-2').click();
    await floor.byTestId('seat-2').filter({ hasText: 'empty' }).waitFor();
    expect((await suite.table('bust-1')).seats.map((s: { seat: number }) => s.seat)).toEqual([1]);
  });

  it('user admin without the command line: the floor adds a dealer and gets a code, never a password; the dealer sets their own; a reset ends the old one; disables and re-roles the user', async () => {
    const floor = await suite.signedIn('floor-fran');
    await floor.page.locator('#users-link').click();
    await floor.byTestId('user-row-floor-fran').waitFor();
    await floor.byTestId('create-user').getByLabel('User name').fill('dealer-dora');
    await floor.byTestId('create-user').getByLabel('Role').selectOption('dealer');
    await floor.byTestId('create-user-submit').click();
    const first = (await floor.byTestId('code-value').textContent())!;
    await floor.byTestId('user-row-dealer-dora').waitFor();
    expect(await floor.feedback('create-user')).toBe('dealer-dora added as dealer.');

    const dora = await suite.open();
    // The code is not a password.
    await dora.signIn('dealer-dora', first);
    expect(await dora.notice()).toBe('Wrong user name or password (or the user is disabled).');
    await dora.enroll('dealer-dora', first, 'doras-own-secret');
    await dora.signIn('dealer-dora', 'doras-own-secret');
    await dora.byTestId('lobby-tables').waitFor();
    expect(await dora.byTestId('signed-in-as').textContent()).toBe('dealer-dora (dealer)');

    // Cancel changes nothing: the code shown is still the first.
    await floor.byTestId('reset-dealer-dora').click();
    expect(await floor.answerConfirmation('cancel')).toBe(
      "A new password for dealer-dora (dealer)? dealer-dora's password stops working and their sessions end now; they set a new one with the one-time code shown here.",
    );
    expect(await floor.byTestId('code-value').textContent()).toBe(first);
    await floor.byTestId('reset-dealer-dora').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('code-value').filter({ hasNotText: first }).waitFor();
    const second = (await floor.byTestId('code-value').textContent())!;
    const stale = await suite.open();
    await stale.signIn('dealer-dora', 'doras-own-secret');
    expect(await stale.notice()).toBe('Wrong user name or password (or the user is disabled).');
    // The first code was used: refused, nothing changed.
    await stale.enroll('dealer-dora', first, 'another-secret');
    expect(await stale.notice()).toBe(
      'That code is wrong, used or expired (or the user is disabled): ask a floor supervisor for a new one. Nothing was changed.',
    );
    await stale.enroll('dealer-dora', second, 'doras-new-secret');
    await stale.signIn('dealer-dora', 'doras-new-secret');
    await stale.byTestId('lobby-tables').waitFor();
    // The reset ended dora's first session at its next request.
    await dora.page.reload();
    await dora.byTestId('sign-in').waitFor();
    await dora.signIn('dealer-dora', 'doras-new-secret');
    await dora.byTestId('lobby-tables').waitFor();

    // Disabled: the open session ends at its next request, and signing in is refused. Cancel first: still active.
    await floor.byTestId('toggle-dealer-dora').click();
    expect(await floor.answerConfirmation('cancel')).toContain('Disable dealer-dora (dealer)?');
    expect(
      ((await expectStatus(suite.api.http.get('/users'), 200)).body.users as { name: string; disabled: boolean }[]).find(
        (u) => u.name === 'dealer-dora',
      )!.disabled,
    ).toBe(false);
    await floor.byTestId('toggle-dealer-dora').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('user-state-dealer-dora').filter({ hasText: 'disabled' }).waitFor();
    await dora.page.reload();
    await dora.byTestId('sign-in').waitFor();
    // A regulator takes a second floor supervisor: the request shows in the approvals panel until another approves it.
    // Picking a role applies nothing; its button asks first, and Cancel leaves the role as it was.
    await floor.byTestId('role-dealer-dora').selectOption('regulator');
    await floor.byTestId('role-apply-dealer-dora').click();
    // By keyboard and screen reader: a dialog named by its question, the focus on Cancel, Escape cancels; axe is clean.
    const dialog = floor.page.getByRole('dialog', { name: 'Make dealer-dora regulator?' });
    await dialog.waitFor();
    expect(await floor.page.evaluate('document.activeElement?.dataset.testid')).toBe('confirm-dialog-cancel');
    expect(await floor.accessibilityViolations()).toEqual([]);
    await floor.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(((await expectStatus(suite.api.http.get('/approvals'), 200)).body.approvals as unknown[]).length).toBe(0);
    await floor.byTestId('role-apply-dealer-dora').click();
    expect(await floor.answerConfirmation('confirm')).toBe(
      'Make dealer-dora regulator? dealer-dora is dealer now and becomes regulator: what they may see and do changes at their next request.',
    );
    await floor
      .byTestId('feedback-user-dealer-dora')
      .filter({ hasText: 'dealer-dora is not regulator yet: another floor supervisor must approve it' })
      .waitFor();
    await floor
      .byTestId('approval-user-dealer-dora')
      .filter({ hasText: 'floor-fran asks, for user dealer-dora: "dealer-dora" becomes a regulator' })
      .waitFor();
    const asked = (
      (await expectStatus(suite.api.http.get('/approvals'), 200)).body.approvals as { approvalId: string; command: { name?: string } }[]
    ).find((a) => a.command.name === 'dealer-dora')!;
    await expectStatus(suite.api.as('floor', SECOND_FLOOR).post(`/approvals/${asked.approvalId}/approve`).send({}), 200);
    // Enabling a regulator waits for a second floor supervisor too.
    await floor.byTestId('toggle-dealer-dora').click();
    await floor
      .byTestId('feedback-user-dealer-dora')
      .filter({ hasText: 'dealer-dora is not enabled yet: another floor supervisor must approve it' })
      .waitFor();
    const enabling = (
      (await expectStatus(suite.api.http.get('/approvals'), 200)).body.approvals as { approvalId: string; widens: string }[]
    ).find((a) => a.widens.includes('"dealer-dora" signs in again as a regulator'))!;
    await expectStatus(suite.api.as('floor', SECOND_FLOOR).post(`/approvals/${enabling.approvalId}/approve`).send({}), 200);
    const users = (await expectStatus(suite.api.http.get('/users'), 200)).body.users as { name: string; role: string; disabled: boolean }[];
    expect(users.find((u) => u.name === 'dealer-dora')).toMatchObject({ role: 'regulator', disabled: false });
    // A floor supervisor cannot disable themselves: the sentence shows on their row.
    await floor.byTestId('toggle-floor-fran').click();
    await floor.answerConfirmation('confirm');
    expect(await floor.feedback('user-floor-fran')).toBe('You cannot disable yourself: another floor supervisor must.');
  });

  it('two floor supervisors for a widening: one asks for a table whose dealer sees hole cards, cannot approve it alone, and another approves it on the Staff screen', async () => {
    await suite.addUser('floor-flo', 'floor');
    const fran = await suite.signedIn('floor-fran');
    await fran.fillForm('open-table', { 'Table id': 'seen-1', 'Small blind': '1', 'Big blind': '2', Seats: '6' });
    await fran.page.getByTestId('open-table').getByLabel("Dealer's console shows hole cards").check();
    await fran.page.getByTestId('open-table-submit').click();
    await fran
      .byTestId('feedback-open-table')
      .filter({ hasText: 'Table seen-1 is not opened yet: another floor supervisor must approve it' })
      .waitFor();
    expect((await suite.api.http.get('/tables/seen-1')).status).toBe(404);
    // The one who asked sees the request on the Staff screen, and the API refuses their approval.
    await fran.page.locator('#users-link').click();
    await fran.byTestId('approve-seen-1').click();
    expect(await fran.feedback('approvals')).toBe('You asked for this yourself: another floor supervisor must approve it.');
    expect((await suite.api.http.get('/tables/seen-1')).status).toBe(404);
    const flo = await suite.signedIn('floor-flo');
    await flo.page.locator('#users-link').click();
    await flo.byTestId('approval-seen-1').filter({ hasText: 'floor-fran asks, for table seen-1' }).waitFor();
    await flo.byTestId('approve-seen-1').click();
    await flo.byTestId('feedback-approvals').filter({ hasText: 'Approved: table seen-1' }).waitFor();
    await flo.byTestId('no-approvals').waitFor();
    expect((await suite.table('seen-1')).rules.dealerSeesHoleCards).toBe(true);
  });

  it('the lobby is live: each table’s game, dealer, hand in progress and seats change without a reload', async () => {
    await openTableWithPlayers(suite.api, 'lobby-0', 2);
    await expectStatus(suite.api.http.put('/tables/lobby-0/dealers/dealer-dan').send({}), 200);
    // The page's clock is Playwright's: the lobby's look for newly opened tables (every 10 s) is moved on, not waited for.
    const floor = await suite.open({ clock: true });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-row-lobby-0').waitFor();
    await floor
      .byTestId('lobby-dealer-lobby-0')
      .filter({ hasText: /^dealer-dan$/ })
      .waitFor();
    await openTableWithPlayers(suite.api, 'lobby-1', 2);
    await floor.page.clock.fastForward(10_000);
    await floor.byTestId('lobby-row-lobby-1').waitFor();
    await floor.byTestId('lobby-players-lobby-1').filter({ hasText: '1 player-1 100 · 2 player-2 100' }).waitFor();
    await startHandWithBlinds(suite.api, 'lobby-1');
    await floor
      .byTestId('lobby-hand-lobby-1')
      .filter({ hasText: /^#1 preflop, seat \d to act$/ })
      .waitFor();
  });
});

/**
 * One hand the regulator recalls, through the API: alice, bob and carol with 100 each, the button on alice; alice
 * raises to 6, bob folds, carol calls; carol checks the flop, alice bets 10, carol folds (alice 107, carol 94).
 */
async function playRecalledHand(api: TestApi, tableId: string): Promise<void> {
  await expectStatus(
    api.http
      .post('/tables')
      .send({ tableId, rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, buyIn: { min: 40, max: 200 } } }),
    201,
  );
  const steps: [string, object][] = [
    ...(['alice', 'bob', 'carol'].map((playerId, i) => ['seat-player', { seat: i + 1, playerId, buyIn: 100 }]) as [string, object][]),
    ['place-button', { seat: 1 }],
    ['start-hand', {}],
    ['post-blind', { seat: 2, blind: 'small-blind' }],
    ['post-blind', { seat: 3, blind: 'big-blind' }],
    ['raise', { seat: 1, to: 6 }],
    ['fold', { seat: 2 }],
    ['call', { seat: 3 }],
    ['check', { seat: 3 }],
    ['bet', { seat: 1, amount: 10 }],
    ['fold', { seat: 3 }],
  ];
  for (const [route, body] of steps) await expectStatus(api.http.post(`/tables/${tableId}/${route}`).send(body), 201);
  expect((await expectStatus(api.http.get(`/tables/${tableId}`), 200)).body.seats.map((s: { stack: number }) => s.stack)).toEqual([
    107, 99, 94,
  ]);
}
