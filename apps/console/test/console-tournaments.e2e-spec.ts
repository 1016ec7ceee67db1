import { join } from 'node:path';
import { expectStatus } from '../../api/test/test-support/table-setup';
import { OUTPUT_DIR, SCREENSHOTS_DIR, type ConsoleUser } from './test-support/console-browser';
import { PASSWORD, useConsoleSuite } from './test-support/console-suite';
import { PHONE, smallTargets, TABLET } from './test-support/touch-targets';

/** Five entries of 100 to the pool on two 4-seat tables typed in by the floor: three places paid (250/150/100). */
const REPORTED = {
  name: 'Deal night',
  tables: 'reported',
  startingStack: 10000,
  seatsPerTable: 4,
  levels: [
    { kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 },
    { kind: 'level', smallBlind: 50, bigBlind: 100, minutes: 20 },
  ],
  lateRegistrationLevel: 1,
  entry: { prizePool: 100, houseFee: 10, staffFee: 0 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 5, places: [5000, 3000, 2000] },
  ],
};

/**
 * The tournament director's screens in a real browser (issue 34 point 8): the structure editor with every problem
 * at once, registration with receipts, the seat draw, the clock and its public board (no player known by anything),
 * a proposed move overridden with a reason, eliminations, the deal calculator and the payouts; 44 px targets and
 * axe-core on the tablet and the phone, and a dealer led to the public clock only. Each test has its own tournament.
 */
describe('the tournament screens (chromium)', () => {
  const suite = useConsoleSuite();
  const cmd = (id: string, body: object) => expectStatus(suite.api.http.post(`/tournaments/${id}/commands`).send(body), 201);
  const floorView = async (id: string) => (await expectStatus(suite.api.http.get(`/tournaments/${id}`), 200)).body;
  const desk = async (floor: ConsoleUser, id: string) => {
    await floor.page.goto(floor.page.url().replace(/#.*$/, '') + `#/tournament/${id}`);
    await floor.byTestId('clock-board').waitFor();
  };
  const clockBoard = async (id: string) => {
    const tv = await suite.open({ viewport: TABLET });
    await tv.page.goto(`${suite.baseUrl}/console/clock.html?tournament=${id}`);
    await tv.byTestId('clock-board').waitFor();
    return tv;
  };

  it('creates a tournament from the structure editor (every problem at once), registers, draws and starts the clock; the TV follows', async () => {
    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('nav-tournaments').click();
    const level = (row: number, label: string) => floor.byTestId(`level-row-${row}`).getByLabel(label, { exact: true });
    await floor.fillForm('tournament-structure', { 'Tournament id': 'daily' });
    await level(1, 'Big blind').fill('');
    await level(2, 'Small blind').fill('300');
    await floor.page.getByLabel('Row 2: places').fill('50 30 10');
    await floor.byTestId('tournament-structure-submit').click();
    expect(await floor.feedback('tournament-structure')).toBe(
      '4 things to put right before the tournament can be created; nothing was sent.',
    );
    const problems = (await floor.byTestId('structure-problems').textContent()) ?? '';
    expect(await floor.byTestId('feedback-tournament-structure').getAttribute('data-kind')).toBe('error');
    for (const words of [
      'Name: the tournament needs a name',
      'Row 1 of the levels, big blind: a whole number is needed.',
      'Row 2 of the levels: the small blind (300) is more than the big blind (100).',
      'Payout row 2: the places add up to 90%, not 100%.',
    ])
      expect(problems).toContain(words);
    expect(await floor.byTestId('structure-problems').locator('li').count()).toBe(4);
    await floor.byTestId('structure-problems').scrollIntoViewIfNeeded();
    await floor.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-tournament-editor.png') });
    expect((await suite.api.http.get('/tournaments/daily')).status).toBe(404);

    // Put right (what was typed stays); a row added keeps the rows above.
    await floor.page.getByLabel('Name', { exact: true }).fill('Daily 110');
    await level(1, 'Big blind').fill('50');
    await level(2, 'Small blind').fill('50');
    await floor.page.getByLabel('Row 2: places').fill('50 30 20');
    await floor.byTestId('add-level-row').click();
    await level(5, 'Small blind').fill('200');
    await level(5, 'Big blind').fill('400');
    // What only the API checks comes back in the form's words too (and nothing is created).
    await floor.page.getByLabel('Row 1: from entries').fill('5');
    await floor.byTestId('tournament-structure-submit').click();
    await floor
      .byTestId('feedback-tournament-structure')
      .filter({ hasText: /^Payout row 1: the first row applies from 1 or 2 entries/ })
      .waitFor();
    await floor.page.getByLabel('Row 1: from entries').fill('1');
    expect(await floor.page.getByLabel('Name', { exact: true }).inputValue()).toBe('Daily 110');
    await floor.byTestId('tournament-structure-submit').click();
    await floor.byTestId('clock-board').waitFor();
    expect((await floorView('daily')).structure.levels).toHaveLength(5);

    const tv = await clockBoard('daily');
    await floor.submitForm('add-tournament-table', { 'Table id': 'daily-t1' });
    await floor.byTestId('tournament-table-daily-t1').waitFor();
    for (const [playerId, alias] of [
      ['card-101', 'Ann'],
      ['card-102', 'Bo'],
      ['card-103', 'Cy'],
    ]) {
      await floor.submitForm('register', { 'Player id': playerId, Alias: alias });
      await floor.byTestId(`entry-${playerId}#1`).waitFor();
    }
    expect(await floor.feedback('register')).toBe(
      'Receipt: entry card-103#1 (Cy) paid 110 (100 prize pool, 10 house, 0 staff) for 5000 chips.',
    );
    await floor.byTestId('unregister-card-102#1').click();
    expect(await floor.answerConfirmation('confirm')).toBe(
      'Unregister Bo (card-102#1)? The entry is cancelled and 110 is refunded to the player.',
    );
    await floor.byTestId('entry-status-card-102#1').filter({ hasText: 'unregistered' }).waitFor();
    await tv.byTestId('clock-entries').filter({ hasText: /^2$/ }).waitFor();

    await floor.byTestId('draw-seats').click();
    expect(await floor.answerConfirmation('confirm')).toMatch(/^Draw the seats for 2 entries\?/);
    await floor.byTestId('tournament-table-daily-t1').filter({ hasText: '2 of 9 seats' }).waitFor();
    await floor.byTestId('clock-start').click();
    await floor.answerConfirmation('confirm');
    await floor.byTestId('clock-pause').waitFor();
    await tv.byTestId('clock-status').filter({ hasText: 'running' }).waitFor();
    await tv.byTestId('clock-level').filter({ hasText: 'Level 1 · 25/50 · 20 min' }).waitFor();
    expect(await tv.byTestId('clock-next').textContent()).toBe('Next: Level 2 · 50/100 · 20 min');
    expect(await tv.byTestId('clock-prize-pool').textContent()).toBe('200');
    expect(await tv.page.locator('body').textContent()).not.toMatch(/card-10|Ann|Cy/);
    await floor.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-tournament.png') });
    await tv.page.screenshot({ path: join(SCREENSHOTS_DIR, 'console-tournament-clock.png') });
    expect(await floor.accessibilityViolations()).toEqual([]);
    expect(await tv.accessibilityViolations()).toEqual([]);
  });

  it('overrides a proposed move with a reason, shows the eliminations, and records a chip chop every player agreed to', async () => {
    const id = 'deal-night';
    await expectStatus(suite.api.http.post('/tournaments').send({ tournamentId: id, structure: REPORTED }), 201);
    for (const t of ['dn-1', 'dn-2']) await cmd(id, { type: 'AddTable', tableId: t });
    for (let i = 1; i <= 5; i++) await cmd(id, { type: 'Register', playerId: `dn-${i}`, alias: `P${i}` });
    await cmd(id, { type: 'DrawSeats' });
    await cmd(id, { type: 'StartClock' });
    await cmd(id, { type: 'AdvanceLevel', fromStep: 0, early: true });
    // Table dn-1 (three players) loses two in one hand: dn-2 breaks, its two players are to move to dn-1.
    const seated = (await floorView(id)).entryList.filter((e: { seat: { tableId: string } | null }) => e.seat?.tableId === 'dn-1');
    expect(seated).toHaveLength(3);
    const [winner, ...busted] = seated as { entryId: string; alias: string; seat: { seat: number } }[];
    await cmd(id, {
      type: 'RecordHand',
      tableId: 'dn-1',
      button: winner!.seat.seat,
      stacks: [{ entryId: winner!.entryId, chips: 30000 }, ...busted.map((e) => ({ entryId: e.entryId, chips: 0 }))],
    });
    const { moves } = await floorView(id);
    expect(moves).toHaveLength(2);

    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await desk(floor, id);
    for (const e of busted)
      await floor
        .byTestId(`entry-status-${e.entryId}`)
        .filter({ hasText: /^out \(bust round 1\)$/ })
        .waitFor();
    const taken = new Set([winner!.seat.seat, ...moves.map((m: { to: { seat: number } }) => m.to.seat)]);
    const free = [1, 2, 3, 4].find((s) => !taken.has(s))!;
    const moving = moves[0].entryId as string;
    const override = floor.byTestId(`override-${moving}`);
    await override.getByLabel('Seat').fill(String(free));
    await override.getByLabel('Reason').fill('needs the corner seat');
    await floor.byTestId(`override-${moving}-submit`).click();
    expect(await floor.answerConfirmation('confirm')).toContain(`to table dn-1 seat ${free}?`);
    await floor
      .byTestId(`move-${moving}`)
      .filter({ hasText: `→ table dn-1 seat ${free}` })
      .waitFor();
    expect((await floorView(id)).moves.find((m: { entryId: string }) => m.entryId === moving).to).toEqual({ tableId: 'dn-1', seat: free });

    // Three left, three paid, registration closed: the calculator; chip chop by hand: 100 each sure, the other 200
    // shared 3:1:1 (30000, 10000, 10000 chips): 220, 140, 140.
    const others = (await floorView(id)).entryList.filter(
      (e: { status: string; entryId: string }) => e.status === 'seated' && e.entryId !== winner!.entryId,
    );
    await floor.byTestId(`deal-chop-${winner!.entryId}`).filter({ hasText: /^220$/ }).waitFor();
    for (const e of others) expect(await floor.byTestId(`deal-chop-${e.entryId}`).textContent()).toBe('140');
    // The moves' and the deal's controls too: 44 px on the tablet, axe-core clean.
    expect(await smallTargets(floor, 'desk with a move and a deal')).toEqual([]);
    expect(await floor.accessibilityViolations()).toEqual([]);
    // 100 left to play for, off first place's 250: 150/150/100 shared; chip chop 100 each sure, the other 100 by
    // 3:1:1: 160, 120, 120. An amount the open places cannot leave shows no shares and says why.
    const leave = floor.byTestId('deal-form').getByLabel('Leave to play for');
    await leave.fill('100');
    await floor.byTestId(`deal-chop-${winner!.entryId}`).filter({ hasText: /^160$/ }).waitFor();
    for (const e of others) expect(await floor.byTestId(`deal-chop-${e.entryId}`).textContent()).toBe('120');
    await leave.fill('500');
    await floor.byTestId('deal-leave-note').filter({ hasText: 'Leave to play for: less than the 500 the open places pay.' }).waitFor();
    expect(await floor.byTestId(`deal-icm-${winner!.entryId}`).textContent()).toBe('—');
    await leave.fill('');
    await floor.byTestId(`deal-chop-${winner!.entryId}`).filter({ hasText: /^220$/ }).waitFor();
    await floor.byTestId('deal-chip-chop').click();
    expect(await floor.feedback('deal')).toMatch(/^Every player left must agree first: P\d, P\d, P\d have not\. Nothing was recorded\.$/);
    for (const box of await floor.byTestId('deal-form').getByRole('checkbox').all()) await box.check();
    await floor.byTestId('deal-chip-chop').click();
    const question = await floor.answerConfirmation('confirm');
    expect(question).toMatch(/^Record the chip chop\? (P\d (220|140)(, |\. )){3}The tournament ends with these prizes\.$/);
    expect(question).toContain(`${winner!.alias} 220`);
    await floor.byTestId(`entry-prize-${winner!.entryId}`).filter({ hasText: /^220$/ }).waitFor();
    expect(await floor.byTestId(`entry-place-${winner!.entryId}`).textContent()).toBe('1');
    const results = (await floorView(id)).results as { entryId: string; prize: number }[];
    expect(results.map((r) => r.prize).sort((a, b) => b - a)).toEqual([220, 140, 140, 0, 0]);
    expect(await floor.byTestId('money-pool').textContent()).toBe('500');
    expect(await floor.byTestId('money-house').textContent()).toBe('50');
  });

  it('records a deal that leaves an amount to play for, says what was agreed, and pays the winner the amount on top', async () => {
    const id = 'play-for';
    const payouts = [
      { minEntries: 1, places: [10000] },
      { minEntries: 2, places: [6000, 4000] },
    ];
    const structure = { ...REPORTED, payouts };
    await expectStatus(suite.api.http.post('/tournaments').send({ tournamentId: id, structure }), 201);
    await cmd(id, { type: 'AddTable', tableId: 'pf-t' });
    for (let i = 1; i <= 2; i++) await cmd(id, { type: 'Register', playerId: `pf-${i}`, alias: `Q${i}` });
    await cmd(id, { type: 'DrawSeats' });
    await cmd(id, { type: 'StartClock' });
    await cmd(id, { type: 'AdvanceLevel', fromStep: 0, early: true });
    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await desk(floor, id);
    // Prizes 120/80 of 200; 100 left, off first place: 80/20 shared, equal stacks: 50 each by either method.
    await floor.byTestId('deal-form').getByLabel('Leave to play for').fill('100');
    await floor.byTestId('deal-chop-pf-1#1').filter({ hasText: /^50$/ }).waitFor();
    for (const box of await floor.byTestId('deal-form').getByRole('checkbox').all()) await box.check();
    await floor.byTestId('deal-chip-chop').click();
    expect(await floor.answerConfirmation('confirm')).toBe(
      'Record the chip chop? Q1 50, Q2 50. 100 is left to play for: play goes on, the last player standing takes it.',
    );
    await floor
      .byTestId('deal-made')
      .filter({ hasText: 'chip chop made: Q1 50, Q2 50. 100 left to play for: the last player standing takes it.' })
      .waitFor();
    const seats = (await floorView(id)).entryList as { entryId: string; seat: { seat: number } }[];
    const stacks = seats.map((e) => ({ entryId: e.entryId, chips: e.entryId === 'pf-2#1' ? 20000 : 0 }));
    await cmd(id, { type: 'RecordHand', tableId: 'pf-t', button: seats[0]!.seat.seat, stacks });
    await floor.byTestId('entry-prize-pf-2#1').filter({ hasText: /^150$/ }).waitFor();
    expect(await floor.byTestId('entry-prize-pf-1#1').textContent()).toBe('50');
  });

  it('re-enters a busted player while registration is open: asks first with the price, then the receipt names the new seat', async () => {
    const id = 're-entry';
    await expectStatus(
      suite.api.http.post('/tournaments').send({ tournamentId: id, structure: { ...REPORTED, maxEntriesPerPlayer: 2 } }),
      201,
    );
    await cmd(id, { type: 'AddTable', tableId: 're-t' });
    for (let i = 1; i <= 3; i++) await cmd(id, { type: 'Register', playerId: `re-${i}`, alias: `R${i}` });
    await cmd(id, { type: 'DrawSeats' });
    await cmd(id, { type: 'StartClock' });
    const seats = (await floorView(id)).entryList.map(
      (e: { entryId: string; seat: { seat: number } }) => [e.entryId, e.seat.seat] as const,
    );
    const stacks = seats.map(([entryId]: readonly [string, number]) => ({
      entryId,
      chips: entryId === 're-1#1' ? 0 : entryId === 're-2#1' ? 20000 : 10000,
    }));
    await cmd(id, { type: 'RecordHand', tableId: 're-t', button: seats[1]![1], stacks });

    const floor = await suite.open({ viewport: TABLET });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await desk(floor, id);
    await floor.byTestId('re-enter-re-1#1').click();
    expect(await floor.answerConfirmation('confirm')).toBe('Re-enter R1 (re-1)? A new entry for 110, with 10000 chips, seated at once.');
    expect(await floor.feedback('entry-re-1#1')).toMatch(
      /^Receipt: entry re-1#2 \(R1\) paid 110 \(100 prize pool, 10 house, 0 staff\) for 10000 chips, seat [1-4] at table re-t\.$/,
    );
    await floor.byTestId('entry-status-re-1#2').filter({ hasText: 'seated' }).waitFor();
    await floor.byTestId('clock-entries').filter({ hasText: /^4$/ }).waitFor();
    // The busted entry offers no second re-entry: the player's entry is the new one.
    expect(await floor.byTestId('re-enter-re-1#1').count()).toBe(0);
  });

  it.each([
    ['tablet', TABLET],
    ['phone', PHONE],
  ])('gives every target on the %s 44 px each way; a dealer is led to the public clock only', async (name, viewport) => {
    const id = `targets-${name}`;
    await expectStatus(suite.api.http.post('/tournaments').send({ tournamentId: id, structure: REPORTED }), 201);
    await cmd(id, { type: 'AddTable', tableId: `${id}-t` });
    await cmd(id, { type: 'Register', playerId: `${id}-p`, alias: 'Dee' });
    const floor = await suite.open({ viewport });
    await floor.signIn('floor-fran', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.byTestId('nav-tournaments').click();
    await floor.byTestId(`tournament-row-${id}`).getByRole('link').click();
    await floor.byTestId('clock-board').waitFor();
    await floor.page.screenshot({ path: join(OUTPUT_DIR, `tournament-desk-${name}.png`) });
    expect(await smallTargets(floor, 'desk')).toEqual([]);
    expect(await floor.accessibilityViolations()).toEqual([]);
    await floor.page.goto(floor.page.url().replace(/#.*$/, '') + '#/tournaments');
    await floor.byTestId('tournament-structure').waitFor();
    expect(await smallTargets(floor, 'tournaments')).toEqual([]);

    // The list behind the screen is the floor's: a dealer is refused, and so is a request without a token.
    expect((await suite.api.as('dealer').get('/tournaments')).body.code).toBe('FORBIDDEN_ROLE');
    expect((await suite.api.anonymous.get('/tournaments')).status).toBe(401);
    const dealer = await suite.open({ viewport });
    await dealer.signIn('dealer-dan', PASSWORD);
    await dealer.byTestId('lobby-tables').waitFor();
    expect(await dealer.byTestId('nav-tournaments').isHidden()).toBe(true);
    await dealer.page.goto(dealer.page.url().replace(/#.*$/, '') + `#/tournament/${id}`);
    expect(await dealer.byTestId('tournament-clock-link').getAttribute('href')).toBe(`clock.html?tournament=${id}`);
    expect(await dealer.page.locator('main form, main input, main select').count()).toBe(0);
  });
});
