import { verifyEvents } from '@felt/regulator';
import { TableClock } from '../src/tables/table-clock';
import { streamIdOf } from '../src/tables/table-stream';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { APP_BACKENDS } from './test-support/test-databases';
import { seedTestUsers } from './test-support/auth';
import { writtenRows, type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';

/**
 * The shot clock over HTTP (docs/house-options.md "Shot clock and time banks"): the API stamps every command with
 * its own time, the clock starts for the player to act, a time bank extends it, the floor pauses and resumes it,
 * the expiry folds the hand; every refusal (403, 400, 422) is checked to write nothing, and the stored log
 * re-verifies (the verifier decides again with the time kept in the metadata). The API's clock is moved by the
 * test, never waited on.
 */
describe.each(APP_BACKENDS)('the shot clock over HTTP (%s)', (backend) => {
  let api: TestApi;
  const database = useSharedApi(backend);
  let now = Date.UTC(2026, 11, 4, 18, 0, 0);
  const iso = () => new Date(now).toISOString();
  const seconds = (n: number) => (now += n * 1000);
  const CLOCKED = {
    structure: { kind: 'no-limit' },
    smallBlind: 1,
    bigBlind: 2,
    maxSeats: 6,
    houseOptions: { shotClock: { seconds: 30, timeBankExtensions: 1, timeBankSeconds: 20 } },
  };

  beforeAll(async () => {
    api = database.api;
    await seedTestUsers(database.db, [{ sub: 'dealer-1', role: 'dealer' }]);
    api.app.get(TableClock).now = () => new Date(now);
  });

  const command = (tableId: string, body: object, status = 201) =>
    expectStatus(api.http.post(`/tables/${tableId}/commands`).send(body), status);

  /** A clocked table of three with the blinds in: seat 1 to act, clock 1 started now. */
  async function firstDecision(tableId: string) {
    await openTableWithPlayers(api, tableId, 3, CLOCKED);
    await command(tableId, { type: 'StartHand' });
    await command(tableId, { type: 'PostBlind', seat: 2 });
    return (await command(tableId, { type: 'PostBlind', seat: 3 })).body;
  }

  it("starts a clock for the player to act, with the deadline from the API's time, and keeps that time in the metadata", async () => {
    const answer = await firstDecision('clock1');
    const started = answer.events.find((e: { type: string }) => e.type === 'ClockStarted');
    expect(started.data).toEqual({ seat: 1, clock: 1, seconds: 30, deadline: new Date(now + 30_000).toISOString() });
    expect(started.metadata.at).toBe(iso());
    expect(answer.table.clock).toEqual({ clock: 1, seat: 1, deadline: new Date(now + 30_000).toISOString(), remainingMs: null });
    expect(answer.table.legalActions).toContainEqual({ type: 'UseTimeBank', seat: 1, extensionsLeft: 1 });

    seconds(5);
    const called = (await command('clock1', { type: 'Call', seat: 1 })).body;
    expect(called.events.map((e: { type: string }) => e.type)).toEqual(['PlayerCalled', 'ClockStarted']);
    expect(called.table.clock).toMatchObject({ clock: 2, seat: 2, deadline: new Date(now + 30_000).toISOString() });
  });

  it('refuses, writing nothing: a dealer expiring or pausing a clock (403), a client-sent time or a bad clock (400), an expiry before the deadline or of another clock (422)', async () => {
    await firstDecision('clock2');
    const before = await writtenRows(database.db);
    const dealer = api.as('dealer', { sub: 'dealer-1' });
    const expire = await dealer.post('/tables/clock2/clock-expired').send({ clock: 1 });
    expect({ status: expire.status, code: expire.body.code }).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });
    const pause = await dealer.post('/tables/clock2/pause-clock').send({});
    expect({ status: pause.status, code: pause.body.code }).toEqual({ status: 403, code: 'FORBIDDEN_ROLE' });

    const timed = await api.http.post('/tables/clock2/commands').send({ type: 'ClockExpired', clock: 1, at: '2030-01-01T00:00:00.000Z' });
    expect({ status: timed.status, code: timed.body.code, path: timed.body.errors?.[0]?.path }).toEqual({
      status: 400,
      code: 'INVALID_REQUEST',
      path: 'at',
    });
    const foldAt = await api.http.post('/tables/clock2/fold').send({ seat: 1, at: '2030-01-01T00:00:00.000Z' });
    expect(foldAt.status).toBe(400);
    for (const clock of [0, 1.5, '1', null]) expect((await api.http.post('/tables/clock2/clock-expired').send({ clock })).status).toBe(400);
    expect((await api.http.post('/tables/clock2/clock-expired').send({})).status).toBe(400);
    expect((await api.http.post('/tables/clock2/use-time-bank').send({ seat: 'one' })).status).toBe(400);

    seconds(29);
    const early = await api.http.post('/tables/clock2/clock-expired').send({ clock: 1 });
    expect({ status: early.status, code: early.body.code }).toEqual({ status: 422, code: 'CLOCK_NOT_DUE' });
    const other = await api.http.post('/tables/clock2/clock-expired').send({ clock: 7 });
    expect({ status: other.status, code: other.body.code }).toEqual({ status: 422, code: 'CLOCK_STALE' });
    const notToAct = await api.http.post('/tables/clock2/use-time-bank').send({ seat: 2 });
    expect({ status: notToAct.status, code: notToAct.body.code }).toEqual({ status: 422, code: 'CLOCK_NOT_RUNNING' });
    expect(await writtenRows(database.db)).toEqual(before);
  });

  it('a time bank extends the clock, the floor pauses and resumes it, the expiry folds the hand once; a late or repeated expiry is stale', async () => {
    await firstDecision('clock3');
    const start = now;
    seconds(10);
    const banked = (await command('clock3', { type: 'UseTimeBank', seat: 1 })).body;
    expect(banked.events.map((e: { data: object }) => e.data)).toEqual([
      { seat: 1, clock: 1, seconds: 20, deadline: new Date(start + 50_000).toISOString(), extensionsLeft: 0 },
    ]);
    const empty = await api.http.post('/tables/clock3/use-time-bank').send({ seat: 1 });
    expect({ status: empty.status, code: empty.body.code }).toEqual({ status: 422, code: 'TIME_BANK_EMPTY' });

    seconds(10); // 20 of its 50 seconds gone: 30 left
    const paused = (await command('clock3', { type: 'PauseClock' })).body;
    expect(paused.events.map((e: { data: object }) => e.data)).toEqual([{ clock: 1, remainingMs: 30_000 }]);
    seconds(120);
    const whilePaused = await api.http.post('/tables/clock3/clock-expired').send({ clock: 1 });
    expect({ status: whilePaused.status, code: whilePaused.body.code }).toEqual({ status: 422, code: 'CLOCK_STALE' });
    const resumed = (await command('clock3', { type: 'ResumeClock' })).body;
    expect(resumed.events.map((e: { data: object }) => e.data)).toEqual([{ clock: 1, deadline: new Date(now + 30_000).toISOString() }]);

    seconds(30);
    const expired = await expectStatus(
      api.http.post('/tables/clock3/clock-expired').set('Idempotency-Key', 'timer-clock3-1').send({ clock: 1 }),
      201,
    );
    expect(expired.body.events.map((e: { type: string }) => e.type)).toEqual(['ClockExpired', 'PlayerFolded', 'ClockStarted']);
    expect(expired.body.events[0].data).toEqual({ seat: 1, clock: 1, outcome: 'fold' });
    // The timer's retry with the same key gets the first answer; any other expiry of clock 1 is stale.
    const retry = await expectStatus(
      api.http.post('/tables/clock3/clock-expired').set('Idempotency-Key', 'timer-clock3-1').send({ clock: 1 }),
      200,
    );
    expect(retry.body.version).toBe(expired.body.version);
    const before = await writtenRows(database.db);
    const stale = await api.http.post('/tables/clock3/clock-expired').send({ clock: 1 });
    expect({ status: stale.status, code: stale.body.code }).toEqual({ status: 422, code: 'CLOCK_STALE' });
    expect(await writtenRows(database.db)).toEqual(before);

    // Seat 2's clock runs out too: the big blind wins; the hand's end stops the clocks.
    seconds(30);
    const ended = (await command('clock3', { type: 'ClockExpired', clock: 2 })).body;
    expect(ended.events.map((e: { type: string }) => e.type)).toContain('HandEnded');
    expect(ended.table.clock).toBeNull();

    const events = await api.store.readStream(streamIdOf('clock3'));
    expect(events.filter((e) => e.type === 'ClockExpired')).toHaveLength(2);
    expect(verifyEvents(events).violations).toEqual([]);
  });
});
