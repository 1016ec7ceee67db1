import type { RecordedEvent } from '@felt/event-store';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { useTestStore } from '../../../../test/support/app-databases';
import { expectStatus, openTableWithPlayers } from '../../../api/test/test-support/table-setup';
import { startTestApi, type TestApi } from '../../../api/test/test-support/test-api';
import { uniquePrefix } from '../../test-support/redis';
import { obliterateTimerQueue, RunningTimer } from '../../test-support/running-timer';

const CLOCKED = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions: { shotClock: { seconds: 5 } } };
/** Conditions are waited on with room to spare: the machine is shared, and a deadline is only a lower bound. */
const WAIT_MS = 60_000;

describe('the timer service (PostgreSQL, the API on a port, real Redis)', () => {
  let api: TestApi;
  let apiUrl: string;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });
  const prefixes: string[] = [];

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await api.app.listen(0, '127.0.0.1');
    apiUrl = await api.app.getUrl();
  });

  afterAll(async () => {
    for (const prefix of prefixes) await obliterateTimerQueue(prefix);
  });

  function freshPrefix(): string {
    const prefix = uniquePrefix();
    prefixes.push(prefix);
    return prefix;
  }

  /** Tables of three with the blinds in, seat 1's clock (clock 1) started by the API now: due in 5 s. */
  async function clockedTables(prefix: string, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, i) => `${prefix.slice(-6)}-${i}`);
    for (const tableId of ids) {
      await openTableWithPlayers(api, tableId, 3, CLOCKED);
      for (const body of [{ type: 'StartHand' }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 }]) {
        await expectStatus(api.http.post(`/tables/${tableId}/commands`).send(body), 201);
      }
    }
    return ids;
  }

  async function tableEvents(tableId: string): Promise<RecordedEvent[]> {
    return api.store.readStream(`table-${tableId}`);
  }

  /** Per table, the ClockExpired events of clock 1. */
  async function expiriesOfFirstClock(ids: readonly string[]): Promise<number[]> {
    return Promise.all(
      ids.map(
        async (id) => (await tableEvents(id)).filter((e) => e.type === 'ClockExpired' && (e.data as { clock: number }).clock === 1).length,
      ),
    );
  }

  it('two timer services on one Redis: every clock expires exactly once, fired by one or the other', async () => {
    const prefix = freshPrefix();
    const timers = [await new RunningTimer(api.store, apiUrl, prefix).start(), await new RunningTimer(api.store, apiUrl, prefix).start()];
    try {
      const ids = await clockedTables(prefix, 8);
      const expired = await eventually(
        () => expiriesOfFirstClock(ids),
        (counts) => counts.every((c) => c >= 1),
        WAIT_MS,
      );
      expect(expired).toEqual(ids.map(() => 1));
      // Every expiry folded seat 1 (the default outcome), recorded as the timer's doing.
      for (const id of ids) {
        const events = await tableEvents(id);
        const at = events.findIndex((e) => e.type === 'ClockExpired');
        expect(events[at]!.data).toEqual({ seat: 1, clock: 1, outcome: 'fold' });
        expect(events[at + 1]!.type).toBe('PlayerFolded');
        expect(events[at]!.metadata).toMatchObject({ actorId: 'timer-service', actorRole: 'timer' });
      }
      // Later clocks (seat 2's, 5 s after each fold) keep running out on a slow machine, so the count is compared with
      // the log once both services have stopped: stopping waits for the jobs in flight, whose answers are then back.
      await Promise.all(timers.map((t) => t.stop()));
      const expiries = (await Promise.all(ids.map(tableEvents))).flat().filter((e) => e.type === 'ClockExpired').length;
      const applied = (await timers[0]!.count('applied')) + (await timers[1]!.count('applied'));
      const replayed = (await timers[0]!.count('replayed')) + (await timers[1]!.count('replayed'));
      // Each expiry in the log was fired once (no stalled job ran twice here); a second firing would be a replay.
      expect(applied).toBe(expiries);
      expect(replayed).toBe(0);
    } finally {
      await Promise.all(timers.map((t) => t.stop()));
    }
  }, 120_000);

  it('a clock whose seat acted in time is not expired: its job is removed, or refused as stale and ends quietly', async () => {
    const prefix = freshPrefix();
    const timer = await new RunningTimer(api.store, apiUrl, prefix).start();
    try {
      const [tableId] = await clockedTables(prefix, 1);
      await expectStatus(api.http.post(`/tables/${tableId}/commands`).send({ type: 'Call', seat: 1 }), 201);
      // Clock 2 (seat 2's, started at the call by the API's real clock) runs out 5 s later and is expired.
      const events = await eventually(
        () => tableEvents(tableId!),
        (list) => list.some((e) => e.type === 'ClockExpired'),
        WAIT_MS,
      );
      expect(events.filter((e) => e.type === 'ClockExpired').map((e) => e.data)).toEqual([{ seat: 2, clock: 2, outcome: 'fold' }]);
      // The event is in the log as soon as the API appended it; the timer counts it when the API's answer is back.
      expect(
        await eventually(
          () => timer.count('applied'),
          (n) => n >= 1,
          WAIT_MS,
        ),
      ).toBe(1);
      const cancelled = (await timer.metrics.cancelled.get()).values[0]?.value ?? 0;
      // Removed before it was due, refused as stale, or never scheduled (the call came in the same batch of the log).
      expect(cancelled + (await timer.count('stale'))).toBeLessThanOrEqual(1);
    } finally {
      await timer.stop();
    }
  }, 120_000);

  it('a restarted timer re-derives the deadlines set while it was down from the log, and schedules the ones it had again without a second job', async () => {
    const prefix = freshPrefix();
    const first = await new RunningTimer(api.store, apiUrl, prefix).start();
    // Scheduled by the first service, due 5 s from now: the service stops before they are due.
    const early = await clockedTables(prefix, 2);
    await eventually(
      () => first.service.pendingJobs(),
      (n) => n >= 2,
      WAIT_MS,
    );
    await first.stop();
    // Deadlines set while no timer runs.
    const late = await clockedTables(`${prefix}x`, 3);
    const second = await new RunningTimer(api.store, apiUrl, prefix).start();
    try {
      const ids = [...early, ...late];
      const expired = await eventually(
        () => expiriesOfFirstClock(ids),
        (counts) => counts.every((c) => c >= 1),
        WAIT_MS,
      );
      expect(expired).toEqual(ids.map(() => 1));
    } finally {
      await second.stop();
    }
  }, 120_000);
});
