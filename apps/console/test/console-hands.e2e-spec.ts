import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers, startHandWithBlinds } from '../../api/test/test-support/table-setup';
import { PASSWORD, useConsoleSuite } from './test-support/console-suite';

/**
 * The console in a real browser during hands (headless Chromium, test-support/console-browser.ts): the page's
 * buttons and forms send every command under test, and what the page shows is checked against the API. Every test
 * plays on a table of its own, set up through the API.
 */
describe('hands in the console (chromium)', () => {
  const suite = useConsoleSuite();
  const events = async (tableId: string, fromVersion: number) =>
    (await expectStatus(suite.api.http.get(`/tables/${tableId}/events?fromVersion=${fromVersion}&limit=1000`), 200)).body.events as {
      type: string;
      version: number;
      data: any;
    }[];

  it('after a dropped connection the page catches up from the last version it saw: every missed event once, then live again', async () => {
    await openTableWithPlayers(suite.api, 'drop-1', 3);
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('drop-1');
    const before = (await suite.table('drop-1')).version;

    // The network drops: open WebSockets are cut and new ones refused until it comes back.
    suite.networkDown();
    await floor.byTestId('live-status').filter({ hasText: 'disconnected' }).waitFor();
    const started = await expectStatus(suite.api.http.post('/tables/drop-1/start-hand').send({}), 201);
    const [small, big] = started.body.table.legalActions.filter((a: { type: string }) => a.type === 'PostBlind') as {
      seat: number;
      blind: string;
    }[];
    const blinds = await expectStatus(
      suite.api.http.post('/tables/drop-1/post-blind').send({ seat: small!.seat, blind: small!.blind }),
      201,
    );
    expect(await floor.shownVersion()).toBe(before);

    suite.networkUp();
    await floor.waitForVersion(blinds.body.version);
    await floor
      .byTestId('live-status')
      .filter({ hasText: `live (caught up from version ${before})` })
      .waitFor();
    const log = (await floor.byTestId('activity-log').locator('li').allTextContents()).filter(
      (line) => Number(line.slice(1, line.indexOf(' '))) > before,
    );
    const missed = await events('drop-1', before + 1);
    expect(log.map((line) => Number(line.slice(1, line.indexOf(' '))))).toEqual(missed.map((e) => e.version).reverse());
    expect(log.some((line) => line.startsWith(`v${before + 1} Hand 1 started`))).toBe(true);

    // And live again: the next command shows up without a reload.
    const next = await expectStatus(suite.api.http.post('/tables/drop-1/post-blind').send({ seat: big!.seat, blind: big!.blind }), 201);
    await floor.waitForVersion(next.body.version);
  });

  it('the dealer plays a hand to the showdown: call, check and show through the buttons, the pot to the best hand', async () => {
    await openTableWithPlayers(suite.api, 'showdown-1', 3);
    await expectStatus(suite.api.http.put('/tables/showdown-1/dealers/dealer-dan').send({}), 200);
    await startHandWithBlinds(suite.api, 'showdown-1');
    const dealerPage = await suite.signedIn('dealer-dan');
    await dealerPage.openTableFromLobby('showdown-1');
    type Offered = { type: string; seat: number };
    const clicked: string[] = [];
    for (let step = 0; step < 40; step++) {
      const table = await suite.table('showdown-1');
      if (table.hand.phase === 'complete') break;
      const offered = table.legalActions as Offered[];
      const choice = ['Call', 'Check', 'ShowHand', 'MuckHand'].map((type) => offered.find((a) => a.type === type)).find(Boolean)!;
      await dealerPage.waitForVersion(table.version);
      await dealerPage.byTestId(`action-${choice.type}-${choice.seat}`).click();
      clicked.push(choice.type);
      await dealerPage.page
        .getByTestId('version')
        .filter({ hasNotText: new RegExp(`^${table.version}$`) })
        .waitFor();
    }
    expect(clicked).toEqual(expect.arrayContaining(['Call', 'Check', 'ShowHand']));

    const after = await suite.table('showdown-1');
    expect(after.hand.phase).toBe('complete');
    expect(after.chipsOnTable).toBe(300);
    await dealerPage.waitForVersion(after.version);
    for (const seat of after.seats) expect(await dealerPage.byTestId(`stack-${seat.seat}`).textContent()).toBe(String(seat.stack));
    const logged = await events('showdown-1', 1);
    const awarded = logged.filter((e) => e.type === 'PotAwarded').at(-1)!;
    const log = (await dealerPage.byTestId('activity-log').textContent()) ?? '';
    const name = (seat: number) => `Seat ${seat} (${after.seats.find((s: { seat: number }) => s.seat === seat).playerId})`;
    const winners = awarded.data.winners.map((w: { seat: number; amount: number }) => `${name(w.seat)} wins ${w.amount}`).join(', ');
    expect(log).toContain(`Main pot of ${awarded.data.amount} awarded: ${winners}`);
    expect(log).toContain('Showdown');
    // The showdown panel: each shown hand with its name, the pot with its seats and its winner; it stays after the hand.
    expect(await dealerPage.byTestId('pot-result-0').textContent()).toBe(
      `Main pot ${awarded.data.amount} (seat${awarded.data.eligible.length === 1 ? '' : 's'} ${awarded.data.eligible.join(', ')}): ${winners}`,
    );
    const shown = logged.filter((e) => e.type === 'HandShown');
    expect(shown.length).toBeGreaterThan(0);
    for (const show of shown)
      expect(await dealerPage.byTestId(`shown-${show.data.seat}`).textContent()).toMatch(
        new RegExp(
          `^${name(show.data.seat).replace(/[()]/g, '\\$&')} shows .+ — (High card|.+ high|Pair of|Two pair|Three|Straight|Flush|Full house|Four|Royal)`,
        ),
      );
  });

  it('a command the rules refuse shows the engine’s sentence in red next to its form, writes nothing, and the next success clears it', async () => {
    await openTableWithPlayers(suite.api, 'refuse-1', 3);
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('refuse-1');
    const before = await suite.table('refuse-1');
    await floor.submitForm('seat-player', { Seat: '1', 'Player id': 'zed', 'Buy-in': '100' });
    const shown = await floor.feedback('seat-player');
    const refused = await suite.api.http.post('/tables/refuse-1/seat-player').send({ seat: 1, playerId: 'zed', buyIn: 100 });
    expect(refused.status).toBe(422);
    expect(shown).toBe(refused.body.detail);
    const line = floor.byTestId('feedback-seat-player');
    expect(await line.getAttribute('data-kind')).toBe('error');
    expect(await floor.page.evaluate(`getComputedStyle(document.querySelector('[data-testid="feedback-seat-player"]')).color`)).toBe(
      'rgb(138, 16, 16)',
    );
    // Beside the form that caused it, not at the top of the page.
    const [form, message] = [await floor.byTestId('seat-player').boundingBox(), await line.boundingBox()];
    expect(message!.y).toBeGreaterThanOrEqual(form!.y);
    expect(message!.y - (form!.y + form!.height)).toBeLessThan(60);
    expect((await suite.table('refuse-1')).version).toBe(before.version);

    await floor.submitForm('seat-player', { Seat: '4', 'Player id': 'zed', 'Buy-in': '100' });
    await floor.byTestId('feedback-seat-player').filter({ hasText: 'zed seated in seat 4.' }).waitFor();
    expect(await floor.byTestId('feedback-seat-player').getAttribute('data-kind')).toBe('done');
    // Cashing out asks first, naming the seat, the player and the amount; Cancel changes nothing.
    await floor.byTestId('leave-4').click();
    expect(await floor.answerConfirmation('cancel')).toBe(
      'Cash out seat 4, zed? Seat 4, zed, leaves table refuse-1 with 100 chips; the seat is free again. This cannot be taken back.',
    );
    const kept = await suite.table('refuse-1');
    expect(kept.seats.find((s: { seat: number }) => s.seat === 4)).toMatchObject({ playerId: 'zed', stack: 100 });
    expect(await floor.page.evaluate('document.activeElement?.dataset.testid')).toBe('leave-4');
    await floor.byTestId('leave-4').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('feedback-players').filter({ hasText: 'zed left with 100.' }).waitFor();
    expect((await suite.table('refuse-1')).seats.some((s: { seat: number }) => s.seat === 4)).toBe(false);
  });

  it('what a person types stays through redraws: the seat form, text selected to be typed over, a raise amount', async () => {
    await openTableWithPlayers(suite.api, 'typing-1', 2, { ...NO_LIMIT_1_2, buyIn: { min: 40, max: 200 } });
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('typing-1');
    const form = floor.byTestId('seat-player');
    const fields = () => Promise.all(['Seat', 'Player id', 'Buy-in'].map((label) => form.getByLabel(label, { exact: false }).inputValue()));
    // Typed, not sent; then someone else's command redraws the forms (the suggested seat moves on from 3).
    await floor.fillForm('seat-player', { Seat: '5', 'Player id': 'zoe', 'Buy-in': '150' });
    const seated = await expectStatus(
      suite.api.http.post('/tables/typing-1/seat-player').send({ seat: 3, playerId: 'yan', buyIn: 100 }),
      201,
    );
    await floor.waitForVersion(seated.body.version);
    await floor.byTestId('player-3').filter({ hasText: 'yan' }).waitFor();
    expect(await fields()).toEqual(['5', 'zoe', '150']);

    // The buy-in's text selected to be typed over (as a person or Playwright's fill does), a redraw, then the typing.
    await form.getByLabel('Buy-in', { exact: false }).selectText();
    const added = await expectStatus(suite.api.http.post('/tables/typing-1/add-chips').send({ seat: 1, amount: 5 }), 201);
    await floor.waitForVersion(added.body.version);
    await floor.page.keyboard.insertText('120');
    expect(await fields()).toEqual(['5', 'zoe', '120']);
    await floor.byTestId('seat-player-submit').click();
    await floor.byTestId('feedback-seat-player').filter({ hasText: 'zoe seated in seat 5.' }).waitFor();
    expect((await suite.table('typing-1')).seats.find((s: { seat: number }) => s.seat === 5)).toMatchObject({
      playerId: 'zoe',
      stack: 120,
    });
    // Sent: the form starts afresh, suggesting the next free seat and the minimum buy-in.
    expect(await fields()).toEqual(['4', '', '40']);

    // A raise amount typed while another console's command changes the table (not the decision): still there, and sent.
    const { toAct } = await startHandWithBlinds(suite.api, 'typing-1');
    await floor.waitForVersion((await suite.table('typing-1')).version);
    await floor.byTestId(`action-Raise-${toAct}-amount`).fill('30');
    const joined = await expectStatus(
      suite.api.http.post('/tables/typing-1/seat-player').send({ seat: 6, playerId: 'xia', buyIn: 100 }),
      201,
    );
    await floor.waitForVersion(joined.body.version);
    expect(await floor.byTestId(`action-Raise-${toAct}-amount`).inputValue()).toBe('30');
    await floor.byTestId(`action-Raise-${toAct}`).click();
    await floor.waitForVersion(joined.body.version + 1);
    expect((await events('typing-1', joined.body.version + 1)).map((e) => [e.type, e.data.seat, e.data.to])).toEqual([
      ['RaisePlaced', toAct, 30],
    ]);
  });

  it('a value typed the same as the suggestion is still the person’s: the suggested seat moves on, the typed one is sent', async () => {
    await openTableWithPlayers(suite.api, 'typing-2', 2, { ...NO_LIMIT_1_2, buyIn: { min: 40, max: 200 } });
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('typing-2');
    const form = floor.byTestId('seat-player');
    // Seat 3 is suggested; the floor types 3 all the same, and a buy-in of 40 (the minimum, also suggested).
    expect(await form.getByLabel('Seat').inputValue()).toBe('3');
    await floor.fillForm('seat-player', { Seat: '3', 'Player id': 'wu', 'Buy-in': '40' });
    // Another console cashes out seat 1: the suggestion becomes seat 1; what was typed stays 3.
    const left = await expectStatus(suite.api.http.post('/tables/typing-2/leave-table').send({ seat: 1 }), 201);
    await floor.waitForVersion(left.body.version);
    await floor.byTestId('player-row-1').waitFor({ state: 'detached' });
    expect(await form.getByLabel('Seat').inputValue()).toBe('3');
    await floor.byTestId('seat-player-submit').click();
    await floor.byTestId('feedback-seat-player').filter({ hasText: 'wu seated in seat 3.' }).waitFor();
    const seated = (await events('typing-2', left.body.version + 1)).filter((e) => e.type === 'PlayerSeated');
    expect(seated.map((e) => [e.data.seat, e.data.playerId, e.data.buyIn])).toEqual([[3, 'wu', 40]]);
  });

  it('a double tap acts once: a second tap on the same spot, while the bar settles on the next seat, folds nobody', async () => {
    await openTableWithPlayers(suite.api, 'tap-1', 3);
    await startHandWithBlinds(suite.api, 'tap-1');
    const before = await suite.table('tap-1');
    const seat = before.toAct as number;
    const floor = await suite.open({ clock: true });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.openTableFromLobby('tap-1');
    await floor.waitForVersion(before.version);
    const fold = floor.page.locator(`[data-settling="false"] [data-testid="action-Fold-${seat}"]:enabled`);
    // The button says whom it folds.
    expect(await fold.textContent()).toBe(`Fold — Seat ${seat}, player-${seat}`);
    await fold.waitFor();
    const box = (await fold.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // The page's clock stands still from here (moved on 10 s first: pauseAt cannot go back, and a busy machine may
    // take seconds between reading the page's time and pausing it): the bar's pause after the turn passes, the
    // subject, cannot end before the second tap, however slow the machine.
    await floor.page.clock.pauseAt(Number(await floor.page.evaluate('Date.now()')) + 10_000);
    await floor.page.mouse.click(x, y);
    await floor.page.locator('[data-testid="actions"][data-settling="true"]').waitFor();
    await floor.page.mouse.click(x, y);

    // The turn passed on; the bar says so, and whatever sat under the finger then did not act.
    const next = await suite.table('tap-1');
    await floor.waitForVersion(next.version);
    await floor
      .byTestId('turn')
      .filter({ hasText: `Seat ${next.toAct}, player-${next.toAct} to act` })
      .waitFor();
    expect((await events('tap-1', before.version + 1)).map((e) => [e.type, e.data.seat])).toEqual([['PlayerFolded', seat]]);
    expect(next.toAct).not.toBe(seat);
    // After the pause the next seat's buttons work as usual.
    await floor.page.clock.resume();
    await floor.page.locator(`[data-testid="action-Fold-${next.toAct}"]:enabled`).waitFor();
  });

  it('two consoles racing: the console that decided on an older table gets "the table moved on; nothing was done" and then shows the table as it is', async () => {
    await openTableWithPlayers(suite.api, 'race-1', 3);
    await startHandWithBlinds(suite.api, 'race-1');
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('race-1');
    const second = await suite.signedIn('floor-fran');
    await second.openTableFromLobby('race-1');
    const before = await suite.table('race-1');
    await floor.waitForVersion(before.version);
    await second.waitForVersion(before.version);
    const seat = before.toAct as number;

    // The consoles stop hearing /live (the network drops), so the second still shows the older table when it taps.
    suite.networkDown();
    await second.byTestId('live-status').filter({ hasText: 'disconnected' }).waitFor();
    await floor.byTestId(`action-Call-${seat}`).click();
    await floor.waitForVersion(before.version + 1);
    await second.byTestId(`action-Fold-${seat}`).click();
    expect(await second.feedback('actions')).toBe(
      'The table moved on before your tap arrived; nothing was done. Look at the table again and tap again if it still applies.',
    );
    expect(await second.byTestId('feedback-actions').getAttribute('data-code')).toBe('VERSION_CONFLICT');
    const after = await suite.table('race-1');
    expect(after.version).toBe(before.version + 1);
    await second.waitForVersion(after.version);
    expect((await events('race-1', before.version + 1)).map((e) => e.type)).toEqual(['PlayerCalled']);
    suite.networkUp();
    // The refusal stays up until the next success, which clears it.
    await second.byTestId(`action-Fold-${after.toAct}`).click();
    await second.byTestId('feedback-actions').filter({ hasText: /^$/ }).waitFor({ state: 'attached' });
    expect(await second.byTestId('feedback-actions').isHidden()).toBe(true);
  });

  it('a reload mid-hand brings back the hand’s actions, and a fold facing no bet or an all-in asks first', async () => {
    await openTableWithPlayers(suite.api, 'reload-1', 3);
    await startHandWithBlinds(suite.api, 'reload-1');
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('reload-1');
    const raiser = (await suite.table('reload-1')).toAct as number;
    await floor.byTestId(`action-Raise-${raiser}-amount`).fill('8');
    await floor.byTestId(`action-Raise-${raiser}`).click();
    await floor.byTestId('activity-log').filter({ hasText: 'raised to 8' }).waitFor();
    const table = await suite.table('reload-1');
    await floor.page.reload();
    await floor.waitForVersion(table.version);
    // The hand's events are read back after the table: wait for them.
    await floor.byTestId('activity-log').filter({ hasText: 'Hand 1 started' }).waitFor();
    const log = (await floor.byTestId('activity-log').textContent()) ?? '';
    expect(log).toContain('posted the small blind of 1');
    expect(log).toContain('raised to 8');

    // All in asks first; "No" writes nothing and brings back the amount as typed.
    const seat = table.toAct as number;
    const stack = table.hand.players.find((p: { seat: number }) => p.seat === seat);
    const allIn = String(stack.stack + stack.live);
    await floor.byTestId(`action-Raise-${seat}-amount`).fill(allIn);
    await floor.byTestId(`action-Raise-${seat}`).click();
    expect(await floor.byTestId('confirm-question').textContent()).toBe(`Seat ${seat}, player-${seat} raises all in (to ${allIn})?`);
    await floor.byTestId('confirm-no').click();
    expect(await floor.byTestId(`action-Raise-${seat}-amount`).inputValue()).toBe(allIn);
    expect((await suite.table('reload-1')).version).toBe(table.version);
    // The all-in button: one tap, the same question; "No" writes nothing.
    await floor.byTestId(`action-Raise-${seat}-all-in`).click();
    expect(await floor.byTestId('confirm-question').textContent()).toBe(`Seat ${seat}, player-${seat} raises all in (to ${allIn})?`);
    await floor.byTestId('confirm-no').click();
    expect((await suite.table('reload-1')).version).toBe(table.version);
    // Fold with nothing to call asks first too: everyone calls to the big blind, who could check.
    for (let step = 0; step < 5; step++) {
      const now = await suite.table('reload-1');
      if (now.legalActions.some((a: { type: string }) => a.type === 'Check')) break;
      await floor.waitForVersion(now.version);
      await floor.byTestId(`action-Call-${now.toAct}`).click();
      await floor.page
        .getByTestId('version')
        .filter({ hasNotText: new RegExp(`^${now.version}$`) })
        .waitFor();
    }
    const checking = await suite.table('reload-1');
    await floor.waitForVersion(checking.version);
    await floor.byTestId(`action-Fold-${checking.toAct}`).click();
    expect(await floor.byTestId('confirm-question').textContent()).toBe(
      `Seat ${checking.toAct}, player-${checking.toAct} faces no bet and could check. Fold anyway?`,
    );
    await floor.byTestId('confirm-yes').click();
    await floor.waitForVersion(checking.version + 1);
    expect((await suite.table('reload-1')).hand.players.find((p: { seat: number }) => p.seat === checking.toAct).folded).toBe(true);
  });

  it('the floor corrects a mis-keyed fold without voiding the hand: the fold is taken back and the same seat acts again', async () => {
    await openTableWithPlayers(suite.api, 'fix-1', 3);
    await startHandWithBlinds(suite.api, 'fix-1');
    const floor = await suite.signedIn('floor-fran');
    await floor.openTableFromLobby('fix-1');
    const before = await suite.table('fix-1');
    const seat = before.toAct as number;
    await floor.byTestId(`action-Fold-${seat}`).click();
    await floor.waitForVersion(before.version + 1);
    await floor
      .byTestId('correct-action')
      .getByLabel('Take back from')
      .selectOption(String(before.version + 1));
    await floor.submitForm('correct-action', { Reason: 'double tap: the player never folded' });
    await floor.waitForVersion(before.version + 2);
    const after = await suite.table('fix-1');
    expect(after.toAct).toBe(seat);
    expect(after.hand.players.find((p: { seat: number }) => p.seat === seat).folded).toBe(false);
    const logged = await events('fix-1', before.version + 1);
    expect(logged.map((e) => e.type)).toEqual(['PlayerFolded', 'ActionCorrected']);
    expect(logged[1]!.data.reason).toBe('double tap: the player never folded');
    await floor.byTestId('activity-log').filter({ hasText: '1 action taken back (double tap: the player never folded)' }).waitFor();
    await floor
      .byTestId('turn')
      .filter({ hasText: `Seat ${seat}, player-${seat} to act` })
      .waitFor();
  });
});
