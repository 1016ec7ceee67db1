import type { Browser } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../../../test/support/app-databases';
import { uniquePrefix } from '../../worker/test-support/redis';
import { obliterateTimerQueue, RunningTimer } from '../../worker/test-support/running-timer';
import { Users } from '@felt/staff';
import { startTestApi, type TestApi } from '../../api/test/test-support/test-api';
import { expectStatus, openTableWithPlayers, startHandWithBlinds } from '../../api/test/test-support/table-setup';
import { buildConsole, ConsoleUser, launchChromium } from './test-support/console-browser';

/**
 * The shot clock on the table screen in a real browser (docs/console.md "Shot clock"): the countdown of the seat to
 * act, read from the view's deadline on the server's clock; the time-bank button extending it; the floor's pause
 * and resume (ten-minute clocks, so no step can run into an expiry on a slow machine); and clocks running out on
 * screen, expired by a timer service (the worker's, in this process, on the machine's Redis). Conditions are waited
 * on, never a time window.
 */
const PASSWORD = 'correct horse battery staple';
/** The countdown's seconds, as an expression evaluated in the page (the server's program has no DOM types). */
const SECONDS_SHOWN = `Number(document.querySelector('[data-testid="shot-clock"]')?.getAttribute('data-seconds'))`;

describe('the shot clock in the console (chromium)', () => {
  let database: TestDatabase;
  let api: TestApi;
  let baseUrl: string;
  let browser: Browser;
  const people: ConsoleUser[] = [];
  const timerPrefix = uniquePrefix();

  const tableFromApi = async (tableId: string) => (await expectStatus(api.http.get(`/tables/${tableId}`), 200)).body;
  const secondsShown = async (user: ConsoleUser) => Number(await user.byTestId('shot-clock').getAttribute('data-seconds'));

  beforeAll(async () => {
    buildConsole();
    database = await createTestDatabase('pglite');
    api = await startTestApi(database.db);
    await api.app.listen(0, '127.0.0.1');
    baseUrl = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
    const added = await new Users(database.db).add('floor-flo', 'floor', PASSWORD);
    if (added === 'name-taken') throw new Error('floor-flo');
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    for (const person of people) await person.close().catch(() => undefined);
    await browser?.close();
    await api?.close();
    await database?.dispose();
    await obliterateTimerQueue(timerPrefix);
  });

  it('shows the countdown of the seat to act, a time bank extends it, the floor pauses and resumes it', async () => {
    const rules = {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 6,
      houseOptions: { shotClock: { seconds: 600, timeBankExtensions: 2, timeBankSeconds: 600 } },
    };
    await openTableWithPlayers(api, 'clocked-1', 3, rules);
    const { toAct } = await startHandWithBlinds(api, 'clocked-1');
    expect(toAct).toBe(1);

    const floor = await ConsoleUser.open(browser, baseUrl);
    people.push(floor);
    await floor.signIn('floor-flo', PASSWORD);
    await floor.byTestId('lobby-tables').waitFor();
    await floor.openTableFromLobby('clocked-1');
    expect(await floor.byTestId('house-options').textContent()).toBe('shot clock');

    // The countdown: seat 1's clock 1, at most its 600 seconds, and running down. The browser reads the server's
    // clock from Date headers, whole seconds (ServerTime: within half a second), so a fresh clock may read one more.
    const MOST_SHOWN = 600 + 1;
    const clock = floor.byTestId('shot-clock');
    await clock.and(floor.page.locator('[data-clock="1"][data-seat="1"]')).waitFor();
    expect(await floor.byTestId('shot-clock-time').textContent()).toMatch(/^Seat 1, player-1: \d+ s$/);
    const first = await secondsShown(floor);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(MOST_SHOWN);
    await floor.page.waitForFunction(`${SECONDS_SHOWN} < ${first}`);

    // The time bank: a button of the action bar; the clock gets 600 seconds more, and one extension is left.
    const bank = floor.byTestId('action-UseTimeBank-1');
    expect(await bank.textContent()).toBe('Time bank +600 s (2 left) — Seat 1, player-1');
    await bank.click();
    await floor.page.waitForFunction(`${SECONDS_SHOWN} > 600`);
    await floor.byTestId('action-UseTimeBank-1').filter({ hasText: '(1 left)' }).waitFor();
    const banked = await tableFromApi('clocked-1');
    expect(banked.seats.find((s: { seat: number }) => s.seat === 1).timeBanksUsed).toBe(1);

    // The floor pauses the clock: it stands still with the time it had; resumed, it runs again.
    await floor.byTestId('clock-pause').click();
    await clock.and(floor.page.locator('[data-paused="true"]')).waitFor();
    expect(await floor.byTestId('shot-clock-time').textContent()).toMatch(/^Seat 1, player-1: clock paused, \d+ s left$/);
    expect((await tableFromApi('clocked-1')).clock).toMatchObject({ clock: 1, seat: 1, deadline: null });
    expect(await floor.byTestId('clock-pause').isDisabled()).toBe(true);
    await floor.byTestId('clock-resume').click();
    await clock.and(floor.page.locator('[data-paused="false"]')).waitFor();
    expect((await tableFromApi('clocked-1')).clock.deadline).toEqual(expect.any(String));

    // The seat acts: its clock ends and the next seat's clock 2 counts down.
    await floor.byTestId('action-Call-1').click();
    await clock.and(floor.page.locator('[data-clock="2"][data-seat="2"]')).waitFor();
    expect(await secondsShown(floor)).toBeLessThanOrEqual(MOST_SHOWN);
  });

  it('a clock runs out on screen: the countdown reaches zero, the timer expires it, the screen shows the fold and the next seat on the clock', async () => {
    const rules = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions: { shotClock: { seconds: 5 } } };
    await openTableWithPlayers(api, 'clocked-2', 3, rules);
    // The timer reads the log and schedules every deadline, but fires nothing yet: the screen's zero cannot race the
    // expiry (a timer running late, as after a restart).
    const timer = await new RunningTimer(api.store, baseUrl, timerPrefix).start({ firing: false });
    try {
      const floor = await ConsoleUser.open(browser, baseUrl);
      people.push(floor);
      await floor.signIn('floor-flo', PASSWORD);
      await floor.byTestId('lobby-tables').waitFor();
      await floor.openTableFromLobby('clocked-2');
      // The seconds each clock showed, as the page drew them (kept in the page, read at the end).
      await floor.page.evaluate(`{
        const node = document.querySelector('[data-testid="shot-clock"]');
        window.secondsSeen = {};
        new MutationObserver(() => (window.secondsSeen[node.dataset.clock] ??= []).push(Number(node.dataset.seconds))).observe(node, { attributes: true, attributeFilter: ['data-seconds'] });
      }`);
      const { toAct } = await startHandWithBlinds(api, 'clocked-2');
      expect(toAct).toBe(1);

      // Seat 1's 5 seconds run down to zero; nothing has expired the clock yet, so the screen says the time is up.
      const clock = floor.byTestId('shot-clock');
      await clock.and(floor.page.locator('[data-clock="1"][data-seat="1"][data-seconds="0"]')).waitFor({ timeout: 60_000 });
      expect(await floor.byTestId('shot-clock-time').textContent()).toBe('Seat 1, player-1: time is up');
      await floor.byTestId('turn').filter({ hasText: 'Seat 1, player-1 to act' }).waitFor();

      // The timer fires: ClockExpired through the API; the screen shows the clock's fold and seat 2 on clock 2.
      timer.service.startFiring();
      const log = floor.byTestId('activity-log');
      await log.filter({ hasText: "Seat 1 (player-1)'s time ran out: the hand is dead" }).waitFor({ timeout: 60_000 });
      await log.filter({ hasText: 'Seat 1 (player-1) folded' }).waitFor();
      await floor.byTestId('turn').filter({ hasText: 'Seat 2, player-2 to act' }).waitFor();
      await clock.and(floor.page.locator('[data-clock="2"][data-seat="2"]')).waitFor();

      // Clock 2 runs with the timer firing as it does in service: it runs down and out, seat 2 folds, seat 3 wins.
      await log.filter({ hasText: "Seat 2 (player-2)'s time ran out: the hand is dead" }).waitFor({ timeout: 60_000 });
      await log.filter({ hasText: 'Hand 1 over' }).waitFor();
      await floor.byTestId('turn').filter({ hasText: 'Between hands' }).waitFor();
      expect(await clock.isHidden()).toBe(true);
      const seen = (await floor.page.evaluate('window.secondsSeen')) as Record<string, number[]>;
      // A 5-second clock, read on the server's clock as estimated from whole-second Date headers: one more at most.
      expect(Math.max(...seen['1']!)).toBeLessThanOrEqual(5 + 1);
      expect(seen['1']!.at(-1)).toBe(0);
      expect(Math.min(...seen['2']!)).toBeLessThan(Math.max(...seen['2']!));

      // In the log: each clock expired once, by the timer.
      const events = (await expectStatus(api.http.get('/tables/clocked-2/events?limit=1000'), 200)).body.events as {
        type: string;
        data: object;
      }[];
      expect(events.filter((e) => e.type === 'ClockExpired').map((e) => e.data)).toEqual([
        { seat: 1, clock: 1, outcome: 'fold' },
        { seat: 2, clock: 2, outcome: 'fold' },
      ]);
    } finally {
      await timer.stop();
    }
  }, 180_000);
});
