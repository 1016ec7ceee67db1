import { join } from 'node:path';
import { expectStatus, openTableWithPlayers } from '../../api/test/test-support/table-setup';
import type { Locator } from 'playwright-core';
import { SCREENSHOTS_DIR, type ConsoleUser } from './test-support/console-browser';
import { PASSWORD, useConsoleSuite } from './test-support/console-suite';
import { checkDown, playFoldedHand } from './test-support/folded-hands';
import { PHONE, smallTargets, TABLET } from './test-support/touch-targets';

/** Fills fields of a form by their data-testid (input-<name>): text and numbers typed, selects chosen, boxes ticked. */
async function setFields(person: ConsoleUser, formTestId: string, fields: Record<string, string | boolean>): Promise<void> {
  const form = person.byTestId(formTestId);
  for (const [name, value] of Object.entries(fields)) {
    const control = form.getByTestId(`input-${name}`);
    if (typeof value === 'boolean') await control.setChecked(value);
    else if ((await control.evaluate((node) => node.tagName)) === 'SELECT') await control.selectOption(value);
    else await control.fill(value);
  }
}

/**
 * Every setting of a table reachable in the console (issue 35): the open-table form's antes, button, missed-blind
 * policy, rake and shot clock with every problem said at once; the floor's rules change between hands, and its wait
 * for a second floor supervisor when it widens who sees cards; a new player's post to play at once.
 */
describe('every setting of a table and a room game in the console (chromium)', () => {
  const suite = useConsoleSuite();
  const command = (gameId: string, body: object) => expectStatus(suite.api.http.post(`/room/games/${gameId}/commands`).send(body), 201);

  it('opens a table with antes, a moving button, a missed-blind policy, a rake and a shot clock, saying every problem at once (tablet)', async () => {
    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await setFields(floor, 'open-table', {
      tableId: 'set-1',
      smallBlind: '5',
      bigBlind: '2',
      buyInMin: '300',
      anteKind: 'everyone',
      anteAmount: '0',
      rake: true,
      rakePercent: '101',
      shotClock: true,
      clockSeconds: '3',
    });
    await floor.byTestId('open-table-submit').click();
    const problems = await floor.feedback('open-table');
    for (const sentence of [
      'The small blind must be at most the big blind.',
      'The buy-in range needs a minimum and a maximum above zero, the minimum first.',
      'An ante must be a whole number of chips above zero',
      'The rake is a percentage from 0 to 100',
      'A decision gets a whole number of seconds from 5 to 600.',
      'Nothing was sent.',
    ])
      expect(problems).toContain(sentence);
    await expectStatus(suite.api.http.get('/tables/set-1'), 404);
    await floor.byTestId('feedback-open-table').scrollIntoViewIfNeeded();
    await floor.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-open-table.png') });

    await setFields(floor, 'open-table', {
      smallBlind: '1',
      bigBlind: '2',
      buyInMin: '40',
      anteAmount: '1',
      buttonMode: 'moving',
      missedSmallOnly: 'wait-for-big-blind',
      rakePercent: '5',
      rakeCap: '3',
      clockSeconds: '20',
      clockOnExpiry: 'check-else-fold',
    });
    await floor.byTestId('open-table-submit').click();
    await floor.byTestId('table-summary').waitFor();
    const rules = (await suite.table('set-1')).rules;
    expect(rules.ante).toEqual({ kind: 'everyone', amount: 1 });
    expect(rules.buttonMode).toBe('moving');
    expect(rules.missedBlinds.missedSmallOnly).toBe('wait-for-big-blind');
    expect(rules.houseOptions.rake).toMatchObject({ percent: 5, cap: 3 });
    expect(rules.houseOptions.shotClock).toMatchObject({ seconds: 20, onExpiry: 'check-else-fold' });
  });

  it('changes the rules between hands from the table as they are, and waits for a second floor supervisor on a widening (phone)', async () => {
    await openTableWithPlayers(suite.api, 'set-2', 2, {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 6,
      buyIn: { min: 40, max: 200 },
      ante: { kind: 'big-blind', amount: 2 },
      houseOptions: { straddle: true },
    });
    const floor = await suite.open({ viewport: PHONE });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.openTableFromLobby('set-2');
    const form = floor.byTestId('change-rules');
    // Filled with the table's rules now: an untouched field sends what the table has.
    expect(await form.getByTestId('input-anteKind').inputValue()).toBe('big-blind');
    expect(await form.getByTestId('input-anteAmount').inputValue()).toBe('2');
    expect(await form.getByTestId('input-straddle').isChecked()).toBe(true);
    // Typed, then the table is redrawn by someone else's command: what was typed stays (form-drafts.ts).
    await form.getByTestId('input-rakeCap').fill('7');
    await expectStatus(suite.api.http.post('/tables/set-2/seat-player').send({ seat: 3, playerId: 'late', buyIn: 100 }), 201);
    await floor.byTestId('player-3').filter({ hasText: 'late' }).waitFor();
    expect(await floor.byTestId('change-rules').getByTestId('input-rakeCap').inputValue()).toBe('7');

    await setFields(floor, 'change-rules', { bigBlind: '0', anteAmount: '0', clockSeconds: '700', shotClock: true });
    await floor.byTestId('change-rules-submit').click();
    const problems = await floor.feedback('change-rules');
    expect(problems).toContain('The big blind must be above zero.');
    expect(problems).toContain('An ante must be a whole number of chips above zero');
    expect(problems).toContain('A decision gets a whole number of seconds from 5 to 600.');
    const before = await suite.table('set-2');

    await setFields(floor, 'change-rules', {
      bigBlind: '4',
      smallBlind: '2',
      anteAmount: '4',
      clockSeconds: '45',
      dealerSeesHoleCards: true,
    });
    await floor.byTestId('change-rules-submit').click();
    await floor.byTestId('feedback-change-rules').filter({ hasText: 'wait for another floor supervisor to approve them' }).waitFor();
    expect((await suite.table('set-2')).version).toBe(before.version);

    await setFields(floor, 'change-rules', { bigBlind: '4', smallBlind: '2', anteAmount: '4', clockSeconds: '45', shotClock: true });
    await floor.byTestId('change-rules-submit').click();
    await floor.byTestId('feedback-change-rules').filter({ hasText: 'The new rules apply from the next hand.' }).waitFor();
    const rules = (await suite.table('set-2')).rules;
    expect([rules.smallBlind, rules.bigBlind, rules.ante]).toEqual([2, 4, { kind: 'big-blind', amount: 4 }]);
    expect(rules.houseOptions.shotClock).toMatchObject({ seconds: 45 });
    expect(rules.houseOptions.straddle).not.toBeNull();
    expect(rules.dealerSeesHoleCards).toBeUndefined();
    expect(await floor.accessibilityViolations()).toEqual([]);
    await floor.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-rules-phone.png'), fullPage: true });
  });

  it('seats a new player who posts a big blind to play at once', async () => {
    await openTableWithPlayers(suite.api, 'set-3', 4);
    await playFoldedHand(suite.api, 'set-3');
    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.openTableFromLobby('set-3');
    await setFields(floor, 'seat-player', { seat: '6', playerId: 'poster', buyIn: '100', postToEnter: true });
    await floor.byTestId('seat-player-submit').click();
    await floor.byTestId('player-status-6').filter({ hasText: "owes a new player's big blind 2" }).waitFor();
  });

  it('opens a pot-limit game with a buy-in, calls someone other than the first in line with a reason, and asks a table change to a named table', async () => {
    const floor = await suite.open({ viewport: PHONE });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.byTestId('nav-room').click();
    await floor
      .byTestId('room-live-status')
      .filter({ hasText: /^live$/ })
      .waitFor();
    await setFields(floor, 'open-game', {
      gameId: 'plo',
      name: '',
      structure: 'pot-limit',
      smallBlind: '3',
      bigBlind: '2',
      buyInMin: '500',
    });
    await floor.byTestId('open-game-submit').click();
    const problems = (await floor.byTestId('feedback-open-game').filter({ hasText: /./ }).textContent()) ?? '';
    expect(problems).toContain('Give the game a name.');
    expect(problems).toContain('The small blind must be at most the big blind.');
    expect(problems).toContain('The buy-in range needs a minimum and a maximum above zero, the minimum first.');
    await setFields(floor, 'open-game', {
      name: '1/2 PLO',
      smallBlind: '1',
      bigBlind: '2',
      buyInMin: '100',
      buyInMax: '300',
      maxSeats: '6',
    });
    await floor.byTestId('open-game-submit').click();
    await floor.byTestId('game-plo').waitFor();
    const game = (await expectStatus(suite.api.http.get('/room/games/plo'), 200)).body;
    expect(JSON.stringify(game)).toContain('"pot-limit"');
    expect(JSON.stringify(game)).toContain('"buyIn":{"min":100,"max":300}');

    await expectStatus(suite.api.http.post('/room/games/plo/tables').send({ tableId: 'plo-1', mustMove: false }), 201);
    await expectStatus(suite.api.http.post('/room/games/plo/tables').send({ tableId: 'plo-2', mustMove: false }), 201);
    for (const [playerId, alias] of [
      ['card-1', 'AB'],
      ['card-2', 'CD'],
      ['card-3', 'EF'],
    ])
      await command('plo', { type: 'JoinList', playerId, alias });
    // EF is called to plo-1's seat 1 out of turn: AB and CD, ahead of them, asked to wait.
    const other = floor.byTestId('call-other-plo-1-1');
    await other.getByTestId('call-other-plo-1-1-player').selectOption('card-3');
    await other.getByTestId('call-other-plo-1-1-reason').selectOption('asked-to-wait');
    await other.getByTestId('call-other-plo-1-1-submit').click();
    await floor.byTestId('call-card-3').waitFor();
    expect(await floor.notice()).toContain('EF is called to table plo-1, seat 1; AB, CD passed over (asked to wait).');

    await floor.byTestId('buy-in-card-3').fill('150');
    await floor.byTestId('seat-card-3').click();
    await floor.byTestId('change-to-card-3').selectOption('plo-2');
    await floor.byTestId('change-card-3').click();
    await floor.byTestId('cancel-change-card-3').waitFor();
    const changes = (await expectStatus(suite.api.http.get('/room/games/plo'), 200)).body;
    expect(JSON.stringify(changes)).toMatch(/"playerId":"card-3"[^}]*"toTableId":"plo-2"|"toTableId":"plo-2"[^}]*"playerId":"card-3"/);
    expect(await floor.accessibilityViolations()).toEqual([]);
  });
  it('registers a card reader with its credential shown once, retires it after naming it, and reads the audit stream (tablet)', async () => {
    await openTableWithPlayers(suite.api, 'dev-1', 2);
    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.page.locator('#users-link').click();
    await floor.byTestId('devices-panel').waitFor();
    await floor.byTestId('input-device-name').fill('reader-dev-1');
    await floor.byTestId('input-device-kind').selectOption('reader');
    await floor.byTestId('input-device-table').fill('dev-1');
    await floor.byTestId('register-device-submit').click();
    expect(await floor.byTestId('device-credential-value').textContent()).toMatch(/^felt-device\./);
    await floor.byTestId('device-reader-dev-1').filter({ hasText: 'reader-dev-1 (reader, table dev-1)' }).waitFor();

    await floor.byTestId('retire-reader-dev-1').click();
    expect(await floor.answerConfirmation('cancel')).toContain('Retire device reader-dev-1?');
    expect((await expectStatus(suite.api.http.get('/devices'), 200)).body.devices[0].retiredAt).toBeNull();
    await floor.byTestId('retire-reader-dev-1').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('device-reader-dev-1').filter({ hasText: 'retired' }).waitFor();
    expect((await expectStatus(suite.api.http.get('/devices'), 200)).body.devices[0].retiredAt).not.toBeNull();

    await floor.byTestId('audit-more').click();
    await floor.byTestId('audit-event').filter({ hasText: 'DeviceRetired (by a floor)' }).first().waitFor();
    expect(await floor.byTestId('audit-event').filter({ hasText: 'DeviceRegistered' }).count()).toBeGreaterThan(0);
    expect(await floor.accessibilityViolations()).toEqual([]);
    await floor.byTestId('devices-panel').scrollIntoViewIfNeeded();
    await floor.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-devices.png') });
  });

  it("posts every forced bet and tables every hand with one tap each, each seat's own post still beside them (tablet)", async () => {
    await openTableWithPlayers(suite.api, 'taps-1', 3);
    const dealer = await suite.open({ viewport: TABLET });
    await dealer.signIn('floor-fran', PASSWORD);
    await dealer.byTestId('lobby-tables').waitFor();
    await dealer.openTableFromLobby('taps-1');
    await dealer.byTestId('start-hand-submit').click();
    const postAll = dealer.byTestId('action-PostBlind-all');
    await postAll.waitFor();
    // Button on seat 1: seat 2 posts the small blind, seat 3 the big blind; each seat's own post is offered too.
    expect(await postAll.textContent()).toBe('Post all — Seat 2, player-2: the small blind 1; Seat 3, player-3: the big blind 2');
    expect(await dealer.byTestId('action-PostBlind-2').isVisible()).toBe(true);
    expect(await smallTargets(dealer, 'forced bets')).toEqual([]);
    await postAll.click();
    // The blinds in, the cards are dealt: the first decision is seat 1's.
    await dealer.byTestId('action-Call-1').waitFor();
    let table = await suite.table('taps-1');
    expect(table.hand.phase).toBe('betting');
    expect(table.hand.players.map((p: { seat: number; stack: number; committed: number }) => [p.seat, p.stack, p.committed])).toEqual([
      [1, 100, 0],
      [2, 99, 1],
      [3, 98, 2],
    ]);
    // Checked down through the API (another console); the showdown's one tap tables the three hands in turn.
    table = await checkDown(suite.api, 'taps-1');
    expect(table.hand.phase).toBe('showdown');
    const showAll = dealer.byTestId('action-ShowHand-all');
    await showAll.waitFor();
    expect(await showAll.textContent()).toMatch(/^Show all hands — seats (\d, ){2}\d in turn$/);
    await showAll.click();
    await dealer.byTestId('start-hand-submit').waitFor();
    table = await suite.table('taps-1');
    expect(table.handsPlayed).toBe(1);
    expect(table.seats.reduce((sum: number, s: { stack: number }) => sum + s.stack, 0)).toBe(300);
    const events = (await expectStatus(suite.api.http.get('/tables/taps-1/events'), 200)).body.events as {
      type: string;
      data: { seat?: number };
    }[];
    expect(events.filter((e) => e.type === 'BlindPosted').map((e) => e.data.seat)).toEqual([2, 3]);
    expect(
      events
        .filter((e) => e.type === 'HandShown')
        .map((e) => e.data.seat)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(events.some((e) => e.type === 'HandMucked')).toBe(false);
  });

  it('stops a one-tap row at a refusal and says what was recorded before it', async () => {
    await openTableWithPlayers(suite.api, 'taps-2', 3);
    const dealer = await suite.open({ viewport: TABLET });
    await dealer.signIn('floor-fran', PASSWORD);
    await dealer.byTestId('lobby-tables').waitFor();
    await dealer.openTableFromLobby('taps-2');
    await dealer.byTestId('start-hand-submit').click();
    // Another console posts the big blind while the row's second command is on its way: the API refuses it (409).
    let posts = 0;
    await dealer.page.route('**/tables/taps-2/post-blind', async (route) => {
      if (++posts === 2) await expectStatus(suite.api.http.post('/tables/taps-2/post-blind').send({ seat: 3, blind: 'big-blind' }), 201);
      await route.continue();
    });
    await dealer.byTestId('action-PostBlind-all').click();
    const said = await dealer.feedback('actions');
    expect(said).toMatch(/^The first command of this tap was recorded; then: The table moved on/);
    const events = (await expectStatus(suite.api.http.get('/tables/taps-2/events'), 200)).body.events as {
      type: string;
      data: { seat?: number };
    }[];
    expect(events.filter((e) => e.type === 'BlindPosted').map((e) => e.data.seat)).toEqual([2, 3]);
    expect(posts).toBe(2);
  });

  it("says the room's refusals with the player's alias and the deadline in the console's local time", async () => {
    await expectStatus(
      suite.api.http.post('/room/games').send({
        gameId: 'words-g',
        name: '1/2 NLHE words',
        stakes: '1/2',
        structure: 'no-limit',
        seatsPerTable: 6,
        tableRules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 },
      }),
      201,
    );
    await expectStatus(suite.api.http.post('/room/games/words-g/tables').send({ tableId: 'words-t', mustMove: false }), 201);
    await command('words-g', { type: 'JoinList', playerId: 'card-4004', alias: 'JD' });
    await command('words-g', { type: 'CallPlayer', playerId: 'card-4004', tableId: 'words-t', seat: 1 });
    const respondBy: string = (await expectStatus(suite.api.http.get('/room/games/words-g'), 200)).body.calls[0].respondBy;
    // A console in Tokyo (UTC+9, no summer time): the deadline in Tokyo's time, the player as JD.
    const floor = await suite.open({ viewport: PHONE, timezoneId: 'Asia/Tokyo' });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.byTestId('nav-room').click();
    await floor.byTestId('no-show-card-4004').click();
    const sentence = await floor.notice();
    const tokyo = new Date(respondBy).toLocaleTimeString('en-US', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const utc = new Date(respondBy).toLocaleTimeString('en-US', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    expect(tokyo).not.toBe(utc);
    expect(sentence).toContain(`player JD has until ${tokyo} to take the seat`);
    expect(sentence).not.toContain('card-4004');
    expect(sentence).not.toContain('UTC');
  });
  it("takes a pushed dealer's tablet back to the lobby at once, saying why", async () => {
    await openTableWithPlayers(suite.api, 'push-1', 2);
    await expectStatus(suite.api.http.put('/tables/push-1/dealers/dealer-dan').send({}), 200);
    const dealer = await suite.open({ viewport: TABLET });
    await dealer.signIn('dealer-dan', PASSWORD);
    await dealer.byTestId('lobby-tables').waitFor();
    await dealer.openTableFromLobby('push-1');
    await dealer.byTestId('start-hand-submit').waitFor();
    // The push: the floor releases dan (the next dealer is assigned meanwhile); dan's tablet hears it over /live.
    await expectStatus(suite.api.http.delete('/tables/push-1/dealers/dealer-dan'), 200);
    expect(await dealer.notice()).toBe(
      'You no longer deal table push-1: the floor has released you (a dealer push). Your tables are in the lobby.',
    );
    await dealer.byTestId('lobby-tables').waitFor();
    expect(await dealer.byTestId('start-hand-submit').count()).toBe(0);
    expect(new URL(dealer.page.url()).hash).toBe('#/lobby');
  });
  // A measurement, not a check (docs/console.md "Taps"): minutes of the bar's pauses, so it runs when asked,
  // FELT_CONSOLE_WALKTHROUGH=1 npx jest apps/console/test/console-settings.e2e-spec.ts -t "ten-hand session".
  const walkThrough = process.env.FELT_CONSOLE_WALKTHROUGH === '1' ? it : it.skip;
  walkThrough(
    'counts the taps of a ten-hand session: the floor opens the table and seats three players, the dealer deals ten hands',
    async () => {
      let taps = 0;
      const tap = async (locator: Locator) => {
        taps++;
        await locator.click();
      };
      const floor = await suite.open({ viewport: TABLET });
      await floor.signIn('floor-fran', PASSWORD);
      await floor.byTestId('lobby-tables').waitFor();
      // A field typed into is a tap (to focus it) and its typing; a select is a tap and a choice.
      for (const [name, value] of Object.entries({ tableId: 'walk-1', maxSeats: '6' })) {
        taps++;
        await floor.byTestId('open-table').getByTestId(`input-${name}`).fill(value);
      }
      await tap(floor.byTestId('open-table-submit'));
      await floor.byTestId('table-summary').waitFor();
      for (const [seat, player] of [
        [1, 'alice'],
        [2, 'bob'],
        [3, 'carol'],
      ] as const) {
        // The first free seat and the minimum buy-in are suggested: only the player id is typed.
        taps++;
        await floor.byTestId('seat-player').getByTestId('input-playerId').fill(player);
        await tap(floor.byTestId('seat-player-submit'));
        await floor.byTestId(`player-${seat}`).filter({ hasText: player }).waitFor();
      }
      await tap(floor.byTestId('place-button-submit'));
      await floor.byTestId('markers-1').filter({ hasText: 'D' }).waitFor();
      taps += 2;
      await floor.byTestId('assign-dealer').getByLabel('Dealer').selectOption('dealer-dan');
      await tap(floor.byTestId('assign-dealer-submit'));
      await floor.byTestId('dealers').filter({ hasText: 'Dealers: dealer-dan' }).waitFor();
      const setUp = taps;

      const dealer = await suite.open({ viewport: TABLET });
      await dealer.signIn('dealer-dan', PASSWORD);
      await dealer.byTestId('lobby-tables').waitFor();
      await dealer.openTableFromLobby('walk-1');
      taps++; // the lobby's link to the table
      // Each hand: Start hand, then the forced bets and every decision by the first offered of these (check it down).
      const prefer = ['PostBlind-all', 'PostBlind', 'Deal', 'Check', 'Call', 'ShowHand-all', 'ShowHand'];
      const offered = prefer.map((type) => `[data-testid="actions"] button[data-testid^="action-${type}"]:not([disabled])`).join(', ');
      for (let hand = 1; hand <= 10; hand++) {
        await tap(dealer.byTestId('start-hand-submit'));
        await dealer.byTestId('start-hand-submit').waitFor({ state: 'detached' });
        for (;;) {
          const next = dealer.page.locator(`${offered}, [data-testid="start-hand-submit"]`).first();
          await next.waitFor({ timeout: 10000 }).catch(async () => {
            throw new Error(`hand ${hand}: nothing to tap; the bar says ${await dealer.byTestId('actions').textContent()}`);
          });
          if ((await next.getAttribute('data-testid')) === 'start-hand-submit') break;
          const chosen = await firstOffered(dealer, prefer);
          const version = await dealer.shownVersion();
          await tap(dealer.page.locator(`[data-testid="actions"] button[data-testid^="action-${chosen}"]:not([disabled])`).first());
          await dealer.page.waitForFunction(`Number(document.querySelector('[data-testid="version"]')?.textContent) > ${version}`);
        }
        expect((await suite.table('walk-1')).handsPlayed).toBe(hand);
      }
      console.log(
        `ten-hand walk-through: ${taps} taps (${setUp} to open the table, seat three players, place the button, assign the dealer; ${taps - setUp} for the ten hands)`,
      );
    },
    480_000,
  ); // about 120 taps, each after the bar's 600 ms pause: minutes on a loaded machine
});

/** The first action type of `prefer` the action bar offers now, enabled. */
async function firstOffered(person: ConsoleUser, prefer: readonly string[]): Promise<string> {
  for (const type of prefer)
    if ((await person.page.locator(`[data-testid="actions"] button[data-testid^="action-${type}"]:not([disabled])`).count()) > 0)
      return type;
  throw new Error('the action bar offers none of ' + prefer.join(', '));
}
