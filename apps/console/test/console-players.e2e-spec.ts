import { join } from 'node:path';
import { eventually } from '../../../libs/event-store/test-support/eventually';
import { expectStatus, openTableWithPlayers } from '../../api/test/test-support/table-setup';
import { SCREENSHOTS_DIR } from './test-support/console-browser';
import { PASSWORD, useConsoleSuite } from './test-support/console-suite';
import { PHONE, smallTargets, TABLET } from './test-support/touch-targets';

/**
 * The players' screens (issue 37, docs/console.md "Players"): the floor's lookup and a player's page (record, notes,
 * bans with confirmations, sessions, why not seatable), seating by lookup, aliases instead of card numbers at the
 * table, and the excluded player's refusal in words that name no list or ban to a dealer.
 */
describe('the players in the console (chromium)', () => {
  // The absence limit is a second: the test sends the timer's POST itself once it is due (no timer runs here).
  const suite = useConsoleSuite({ absenceSeconds: 1 });
  const register = (playerId: string, name: string, alias: string, extra: object = {}) =>
    expectStatus(suite.api.http.post('/players').send({ playerId, name, alias, ...extra }), 201);
  const page = async (playerId: string) => (await expectStatus(suite.api.http.get(`/players/${playerId}`), 200)).body;

  it("finds a player and keeps their page: a note, a ban and its lifting each as the floor confirms, the day's sessions (tablet, phone)", async () => {
    await register('C7001', 'Alice Martin', 'Ace', { contact: { phone: '555-0101' } });
    await openTableWithPlayers(suite.api, 'pl-1', 1);
    await expectStatus(suite.api.http.post('/tables/pl-1/seat-player').send({ seat: 2, playerId: 'C7001', buyIn: 100 }), 201);

    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    // The lobby names the registered player by alias, never by card number.
    await floor.byTestId('lobby-players-pl-1').filter({ hasText: 'Ace' }).waitFor();
    expect(await floor.byTestId('lobby-players-pl-1').textContent()).not.toContain('C7001');

    await floor.byTestId('nav-players').click();
    // Registering: every problem the API finds said at once and nothing written; a card on the register in words.
    const registration = floor.byTestId('register-player');
    await registration.getByTestId('input-playerId').fill('C7009');
    await registration.getByTestId('input-alias').fill('no!');
    await floor.byTestId('register-player-submit').click();
    const problems = await floor.feedback('register-player');
    expect(problems).toMatch(/^Not registered, nothing was written: .*name may not be empty.*alias is 1 to 16/);
    expect(problems.split('may not be empty')).toHaveLength(2); // each problem said once
    expect((await suite.api.http.get('/players/C7009')).status).toBe(404);
    await registration.getByTestId('input-playerId').fill('C7001');
    await registration.getByTestId('input-name').fill('Dora Quinn');
    await registration.getByTestId('input-alias').fill('Dee');
    await floor.byTestId('register-player-submit').click();
    await floor
      .byTestId('feedback-register-player')
      .filter({ hasText: 'Card C7001 is already on the register; nothing was written.' })
      .waitFor();
    expect((await page('C7001')).name).toBe('Alice Martin');
    expect(await smallTargets(floor, 'players screen, tablet')).toEqual([]);
    expect(await floor.accessibilityViolations()).toEqual([]);
    await floor.page.setViewportSize(PHONE);
    expect(await smallTargets(floor, 'players screen, phone')).toEqual([]);
    expect(await floor.page.evaluate('document.documentElement.scrollWidth - window.innerWidth')).toBeLessThanOrEqual(0);
    await floor.page.setViewportSize(TABLET);
    await registration.getByTestId('input-playerId').fill('C7009');
    await registration.getByTestId('input-birthDate').fill('1990-04-05');
    await registration.getByTestId('input-email').fill('dora@example.com');
    await floor.byTestId('register-player-submit').click();
    // The new player's page opens.
    await floor.byTestId('record-name').filter({ hasText: 'Dora Quinn' }).waitFor();
    expect(await floor.page.evaluate('location.hash')).toBe('#/player/C7009');
    expect(await page('C7009')).toMatchObject({ alias: 'Dee', birthDate: '1990-04-05', contact: { email: 'dora@example.com' } });
    await floor.page.getByRole('link', { name: '← Players' }).click();

    await floor.byTestId('player-search-submit').click();
    expect(await floor.feedback('player-search')).toContain('Nothing was sent.');
    await floor.byTestId('player-search-q').fill('ali');
    await floor.byTestId('player-search-submit').click();
    const found = floor.byTestId('found-C7001');
    expect(await found.textContent()).toMatch(/Ace — Alice Martin, card C7001: may be seated/);
    await floor.byTestId('open-player-C7001').click();

    expect(await floor.byTestId('record-name').textContent()).toBe('Alice Martin');
    expect(await floor.byTestId('record-contact').textContent()).toBe('phone: 555-0101');
    expect(await floor.byTestId('player-standing').textContent()).toBe('Seating: may be seated.');
    await floor.byTestId('session-line-pl-1').waitFor();
    expect(await floor.byTestId('session-stays').textContent()).toContain('Table pl-1 at 1/2: sat down');

    // A note and a change of the record typed, not sent: the ban's redraw of the page keeps them.
    await floor.byTestId('input-note').fill('Prefers seat 1');
    const edit = floor.byTestId('edit-player');
    await edit.getByTestId('input-phone').fill('555-0199');
    await floor.byTestId('input-reason').selectOption('conduct');
    await floor.byTestId('add-ban-submit').click();
    expect(await floor.answerConfirmation('cancel')).toContain('Ban Ace (Alice Martin, card C7001)?');
    expect((await page('C7001')).bans).toEqual([]);
    await floor.byTestId('add-ban-submit').click();
    expect(await floor.answerConfirmation('confirm')).toContain('may not be seated, listed or called at any table');
    await floor.byTestId('feedback-add-ban').filter({ hasText: 'Ace is banned (conduct).' }).waitFor();
    const [ban] = (await page('C7001')).bans;
    expect(ban).toMatchObject({ reason: 'conduct', end: null, liftedAt: null });
    expect(await floor.byTestId(`ban-state-${ban.banId}`).textContent()).toBe('in force');
    expect(await floor.byTestId('player-standing').textContent()).toBe('Seating: may not be seated: house ban (conduct) until lifted.');
    expect(await floor.byTestId('input-note').inputValue()).toBe('Prefers seat 1');
    expect(await edit.getByTestId('input-phone').inputValue()).toBe('555-0199');

    await floor.byTestId('add-note-submit').click();
    await floor.byTestId('notes').filter({ hasText: 'floor-fran: Prefers seat 1' }).waitFor();
    expect((await page('C7001')).notes.map((n: { text: string }) => n.text)).toEqual(['Prefers seat 1']);
    expect(await floor.byTestId('input-note').inputValue()).toBe('');
    expect(await floor.accessibilityViolations()).toEqual([]);
    expect(await smallTargets(floor, 'player page, tablet')).toEqual([]);
    // The page scrolls inside <main>: the picture shows its top, the record, why not seatable and the bans.
    await floor.page.evaluate("document.querySelector('main').scrollTo(0, 0)");
    await floor.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-player.png') });

    await floor.page.setViewportSize(PHONE);
    await floor.byTestId(`lift-${ban.banId}`).click();
    expect(await floor.answerConfirmation('cancel')).toContain('Lift the ban on Ace (Alice Martin, card C7001)?');
    expect((await page('C7001')).bans[0].liftedAt).toBeNull();
    await floor.byTestId(`lift-${ban.banId}`).click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('player-standing').filter({ hasText: 'Seating: may be seated.' }).waitFor();
    expect((await page('C7001')).bans[0].liftedAt).not.toBeNull();
    expect(await floor.byTestId(`ban-state-${ban.banId}`).textContent()).toMatch(/^lifted /);
    expect(await smallTargets(floor, 'player page, phone')).toEqual([]);
    expect(await floor.accessibilityViolations()).toEqual([]);
    const overflow = await floor.page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);

    // The record changed: a refusal names the problem and writes nothing; then saved, the page shows it.
    const before = await page('C7001');
    await edit.getByTestId('input-name').fill('');
    await floor.byTestId('edit-player-submit').click();
    expect(await floor.feedback('edit-player')).toMatch(/^Not saved, nothing was written: .*name may not be empty/);
    expect((await page('C7001')).version).toBe(before.version);
    await edit.getByTestId('input-name').fill('Alice Martin-Roy');
    await edit.getByTestId('input-status').selectOption('inactive');
    await floor.byTestId('edit-player-submit').click();
    await floor.byTestId('record-contact').filter({ hasText: 'phone: 555-0199' }).waitFor();
    expect(await page('C7001')).toMatchObject({ name: 'Alice Martin-Roy', status: 'inactive', contact: { phone: '555-0199' } });
    expect(await floor.byTestId('record-status').textContent()).toBe('inactive');
    expect(await edit.getByTestId('input-name').inputValue()).toBe('Alice Martin-Roy');

    // Erasure: the confirmation names the player and says what goes and what stays; cancelled, nothing is erased.
    await floor.byTestId('erase-player').click();
    const asked = await floor.answerConfirmation('cancel');
    expect(asked).toContain('Erase Ace (Alice Martin-Roy, card C7001)?');
    expect(asked).toContain('deleted for good; this cannot be undone');
    expect(asked).toContain('the bans (which still refuse a seat) and the sessions');
    expect((await page('C7001')).erased).toBe(false);
    await floor.byTestId('erase-player').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('record-record').filter({ hasText: 'erased' }).waitFor();
    expect(await floor.feedback('player')).toBe("Ace's record is erased.");
    expect(await floor.page.locator('#player-heading').textContent()).toBe('Player C7001 (erased)');
    expect(await page('C7001')).toMatchObject({ erased: true, bans: [expect.objectContaining({ reason: 'conduct' })] });
    expect(await floor.byTestId('edit-player').count()).toBe(0);
    expect(await floor.byTestId('erase-player').count()).toBe(0);
  });

  it('seats a registered player by lookup and shows aliases at the table; an excluded player is refused in words naming no ban, nothing written', async () => {
    await register('C7101', 'Bea Long', 'Bee');
    await register('C7102', 'Cara Holt', 'Cee');
    await register('C7103', 'Cara Banned', 'CB');
    await expectStatus(suite.api.http.post('/players/C7103/bans').send({ reason: 'cheating' }), 201);
    await openTableWithPlayers(suite.api, 'pl-2', 1);
    await expectStatus(suite.api.http.post('/tables/pl-2/seat-player').send({ seat: 2, playerId: 'C7101', buyIn: 100 }), 201);
    await expectStatus(suite.api.http.put('/tables/pl-2/dealers/dealer-dan').send({}), 200);

    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.openTableFromLobby('pl-2');
    await floor.byTestId('player-2').filter({ hasText: 'Bee' }).waitFor();
    expect(await floor.byTestId('players').textContent()).not.toContain('C7101');
    expect(await floor.byTestId('player-1').textContent()).toBe('player-1'); // unregistered: the id as typed

    await floor.byTestId('seat-lookup-q').fill('cara');
    await floor.byTestId('seat-lookup-submit').click();
    await floor.byTestId('found-C7103').waitFor();
    expect(await floor.byTestId('found-C7103').textContent()).toContain('may not be seated: house ban (cheating) until lifted');
    expect(await floor.byTestId('found-C7103').getByRole('button').count()).toBe(0);
    await floor.byTestId('pick-C7102').click();
    expect(await floor.byTestId('seat-player').getByTestId('input-playerId').inputValue()).toBe('C7102');
    // Someone else's command redraws the seat form: the pick stays.
    await expectStatus(suite.api.http.post('/tables/pl-2/sit-out').send({ seat: 1 }), 201);
    await floor.byTestId('marks-1').filter({ hasText: 'sitting out' }).waitFor();
    expect(await floor.byTestId('absence-notices').isHidden()).toBe(true); // out, but not past the limit
    expect(await floor.byTestId('seat-player').getByTestId('input-playerId').inputValue()).toBe('C7102');
    await floor.byTestId('seat-player-submit').click();
    await floor.byTestId('player-3').filter({ hasText: 'Cee' }).waitFor();
    expect((await suite.table('pl-2')).seats.find((s: { seat: number }) => s.seat === 3).playerId).toBe('C7102');
    expect(await floor.byTestId('activity-log').textContent()).toContain('Cee sat down in seat 3');

    // Bee sits out past the house's limit (a second here): the floor's table screen says so by seat and alias.
    const satOut = await expectStatus(suite.api.http.post('/tables/pl-2/sit-out').send({ seat: 2 }), 201);
    const since = satOut.body.events.find((e: { type: string }) => e.type === 'PlayerSatOut').eventId;
    const expired = await eventually(
      async () => await suite.api.http.post('/tables/pl-2/absence-expired').send({ seat: 2, since }),
      (r) => r.body.code !== 'ABSENCE_NOT_DUE',
    );
    expect(expired.status).toBe(201);
    const absence = floor.byTestId('absence-2');
    await absence.waitFor();
    expect(await absence.textContent()).toMatch(/^Seat 2, Bee, has sat out since .+, longer than the house's 1 s: the seat is kept/);
    expect(await floor.byTestId('absence-notices').textContent()).not.toContain('C7101');
    expect(await smallTargets(floor, 'table with the lookup, tablet')).toEqual([]);
    expect(await floor.accessibilityViolations()).toEqual([]);

    // The room's list by lookup: the registered alias goes on the list, the card number is typed nowhere.
    const tableRules = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
    const game = { gameId: 'pl-g', name: '1/2 NLHE pl-g', stakes: '1/2', structure: 'no-limit', seatsPerTable: 6, tableRules };
    await expectStatus(suite.api.http.post('/room/games').send(game), 201);
    await floor.byTestId('nav-room').click();
    await floor.byTestId('game-pl-g').waitFor();
    await floor.byTestId('list-lookup-q').fill('C7102');
    await floor.byTestId('list-lookup-submit').click();
    await floor.byTestId('list-C7102-pl-g').click();
    await floor.byTestId('listed-C7102').filter({ hasText: 'Cee' }).waitFor();
    const listed = (await expectStatus(suite.api.http.get('/room/games/pl-g'), 200)).body;
    expect(JSON.stringify(listed)).toContain('"alias":"Cee"');

    // The dealer: no Players link, no register at #/players, and the excluded player's refusal names nothing.
    const dealer = await suite.open({ viewport: PHONE });
    await dealer.signIn('dealer-dan', PASSWORD);
    await dealer.byTestId('lobby-tables').waitFor();
    expect(await dealer.byTestId('nav-players').isHidden()).toBe(true);
    await dealer.openTableFromLobby('pl-2');
    await dealer.byTestId('player-2').filter({ hasText: 'Bee' }).waitFor();
    expect(await dealer.byTestId('seat-lookup').count()).toBe(0);
    expect(await dealer.byTestId('absence-notices').count()).toBe(0); // the audit stream is not the dealer's
    // Bee back in: the floor's notice goes.
    await expectStatus(suite.api.http.post('/tables/pl-2/sit-in').send({ seat: 2 }), 201);
    await floor.byTestId('absence-2').waitFor({ state: 'detached' });
    const before = await suite.table('pl-2');
    await dealer.submitForm('seat-player', { 'Player id': 'C7103' });
    const refusal = await dealer.feedback('seat-player');
    expect(refusal).toContain('This player may not be seated, listed or called here; nothing was done.');
    expect(refusal).not.toMatch(/cheating|ban|list C|entry/i);
    expect(await dealer.byTestId('feedback-seat-player').getAttribute('data-code')).toBe('PLAYER_EXCLUDED');
    expect((await suite.table('pl-2')).version).toBe(before.version);
    expect(await smallTargets(dealer, 'table, dealer phone')).toEqual([]);
    await dealer.page.goto(`${suite.baseUrl}/console/#/players`);
    await dealer.byTestId('players-not-floor').waitFor();
    expect(await dealer.page.locator('form').count()).toBe(0);
  });
});
