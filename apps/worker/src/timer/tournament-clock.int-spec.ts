import type { RecordedEvent } from '@felt/event-store';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { useTestStore } from '../../../../test/support/app-databases';
import { RoomClock } from '../../../api/src/room/room-clock';
import { expectStatus } from '../../../api/test/test-support/table-setup';
import { startTestApi, type TestApi } from '../../../api/test/test-support/test-api';
import { uniquePrefix } from '../../test-support/redis';
import { obliterateTimerQueue, RunningTimer } from '../../test-support/running-timer';

/** Conditions are waited on with room to spare: the machine is shared, and a deadline is only a lower bound. */
const WAIT_MS = 60_000;
const LEVEL_MINUTES = 20;
const STRUCTURE = {
  name: 'Timer test',
  startingStack: 10000,
  seatsPerTable: 9,
  levels: [
    { kind: 'level', smallBlind: 25, bigBlind: 50, minutes: LEVEL_MINUTES },
    { kind: 'level', smallBlind: 50, bigBlind: 100, minutes: LEVEL_MINUTES },
  ],
  lateRegistrationLevel: 1,
  entry: { prizePool: 80, houseFee: 15, staffFee: 5 },
  payouts: [{ minEntries: 1, places: [10000] }],
};

/**
 * A tournament's level clock on the timer's delayed jobs (real Redis, the API on a port): the level that runs out
 * moves on exactly once, though the service that scheduled it stopped before it was due and two others took over.
 */
describe('the tournament clock on the timer service (PostgreSQL, the API on a port, real Redis)', () => {
  let api: TestApi;
  let apiUrl: string;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });
  const prefix = uniquePrefix();

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await api.app.listen(0, '127.0.0.1');
    apiUrl = await api.app.getUrl();
  });

  afterAll(async () => {
    await obliterateTimerQueue(prefix);
  });

  const levelsStarted = async (tournamentId: string): Promise<RecordedEvent[]> =>
    (await api.store.readStream(`tournament-${tournamentId}`)).filter((e) => e.type === 'LevelStarted');

  it('advances a level once at its end, after a restart, with two services on one Redis', async () => {
    const tournamentId = `tc-${prefix.slice(-6)}`;
    await expectStatus(api.http.post('/tournaments').send({ tournamentId, structure: STRUCTURE }), 201);
    // The clock starts "20 minutes less 4 s ago" by the API's clock, so the first level ends 4 s from now.
    const clock = api.app.get(RoomClock);
    clock.now = () => new Date(Date.now() - LEVEL_MINUTES * 60_000 + 4_000);
    await expectStatus(api.http.post(`/tournaments/${tournamentId}/commands`).send({ type: 'StartClock' }), 201);
    clock.now = () => new Date();

    // The first service schedules the level's end, and stops before firing anything (a worker going down).
    const first = await new RunningTimer(api.store, apiUrl, prefix).start({ firing: false });
    await eventually(
      () => first.service.pendingJobs(),
      (n) => n >= 1,
      WAIT_MS,
    );
    await first.stop();
    expect(await levelsStarted(tournamentId)).toEqual([]);

    const timers = [await new RunningTimer(api.store, apiUrl, prefix).start(), await new RunningTimer(api.store, apiUrl, prefix).start()];
    try {
      const started = await eventually(
        () => levelsStarted(tournamentId),
        (list) => list.length >= 1,
        WAIT_MS,
      );
      expect(started[0]!.data).toMatchObject({ step: 1, early: false });
      expect(started[0]!.metadata).toMatchObject({ actorId: 'timer-service', actorRole: 'timer' });
    } finally {
      await Promise.all(timers.map((t) => t.stop()));
    }
    // Stopping waits for the jobs in flight: the count is final. The next level ends in 20 minutes: not fired here.
    expect(await levelsStarted(tournamentId)).toHaveLength(1);
    const applied = (await timers[0]!.count('applied')) + (await timers[1]!.count('applied'));
    expect(applied).toBe(1);
  }, 120_000);
});
