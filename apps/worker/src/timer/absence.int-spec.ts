import { readAuditLog } from '@felt/regulator';
import type { ApiConfig } from '../../../api/src/config/api-config';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { useTestStore } from '../../../../test/support/app-databases';
import { expectStatus, openTableWithPlayers, startHandWithBlinds } from '../../../api/test/test-support/table-setup';
import { startTestApi, type TestApi } from '../../../api/test/test-support/test-api';
import { uniquePrefix } from '../../test-support/redis';
import { obliterateTimerQueue, RunningTimer } from '../../test-support/running-timer';

const LIMIT_SECONDS = 2;
/** Conditions are waited on with room to spare: the machine is shared, and a deadline is only a lower bound. */
const WAIT_MS = 60_000;

/**
 * The absence timer (docs/players.md "The absence timer"): a player sitting out longer than the house's limit is
 * reported to the floor once (PlayerAbsenceExpired in the audit stream) and, under the rule `release`, stood up; a
 * player back in time is left alone. The timer's delayed jobs on real Redis, the API on a port, PostgreSQL.
 */
describe.each<ApiConfig['absenceRule']>(['release', 'tell'])('the absence timer, rule %s (PostgreSQL, the API, real Redis)', (rule) => {
  let api: TestApi;
  let apiUrl: string;
  const prefix = uniquePrefix();
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db, { absenceSeconds: LIMIT_SECONDS, absenceRule: rule });
    await api.app.listen(0, '127.0.0.1');
    apiUrl = await api.app.getUrl();
  });

  afterAll(() => obliterateTimerQueue(prefix));

  const send = (path: string, body: object) => api.http.post(path).send(body);
  const absences = async () =>
    (await readAuditLog(api.store, ['PlayerAbsenceExpired'])).map((e) => ({ data: e.data, role: e.metadata.actorRole }));

  it('tells the floor once when a player sits out past the limit, and leaves a player back in time alone', async () => {
    const timer = await new RunningTimer(api.store, apiUrl, prefix, { absenceMs: LIMIT_SECONDS * 1000 }).start();
    try {
      await openTableWithPlayers(api, 'ab', 3);
      await expectStatus(send('/tables/ab/commands', { type: 'SitOut', seat: 3 }), 201);
      const satOut = await expectStatus(send('/tables/ab/commands', { type: 'SitOut', seat: 2 }), 201);
      await expectStatus(send('/tables/ab/commands', { type: 'SitIn', seat: 3 }), 201);
      const since = (satOut.body.events as { type: string; eventId: string }[]).find((e) => e.type === 'PlayerSatOut')!.eventId;

      const told = await eventually(absences, (list) => list.length >= 1, WAIT_MS);
      const outcome = rule === 'release' ? 'released' : 'told';
      expect(told).toEqual([
        {
          data: expect.objectContaining({ playerId: 'player-2', tableId: 'ab', seat: 2, since, limitSeconds: LIMIT_SECONDS, outcome }),
          role: 'timer',
        },
      ]);
      const satOutAt = Date.parse((told[0]!.data as { satOutAt: string }).satOutAt);
      // The notice is written before the player is stood up (a second write): under `release`, wait for it.
      const table = await eventually(
        () => api.store.readStream('table-ab'),
        (events) => rule !== 'release' || events.some((e) => e.type === 'PlayerLeft'),
        WAIT_MS,
      );
      const left = table.filter((e) => e.type === 'PlayerLeft');
      if (rule === 'release') {
        expect(left.map((e) => e.data)).toEqual([expect.objectContaining({ seat: 2, playerId: 'player-2' })]);
        expect(Date.parse(left[0]!.recordedAt)).toBeGreaterThanOrEqual(satOutAt + LIMIT_SECONDS * 1000);
        // Over: the player left. Sent again, nothing more is written.
        const again = await send('/tables/ab/absence-expired', { seat: 2, since });
        expect({ status: again.status, code: again.body.code }).toEqual({ status: 422, code: 'ABSENCE_OVER' });
      } else {
        expect(left).toEqual([]);
        // Still sitting out: sent again (a lost answer), the floor's notice is not written twice.
        await expectStatus(send('/tables/ab/absence-expired', { seat: 2, since }), 201);
      }
      expect(await absences()).toHaveLength(1);
    } finally {
      await timer.stop();
    }
  }, 120_000);

  it('refuses an absence that is over, not due, malformed, or sent by a dealer, writing nothing', async () => {
    await openTableWithPlayers(api, 'ab2', 3);
    const satOut = await expectStatus(send('/tables/ab2/commands', { type: 'SitOut', seat: 1 }), 201);
    const since = (satOut.body.events as { type: string; eventId: string }[]).find((e) => e.type === 'PlayerSatOut')!.eventId;
    const cases: [object, number, string][] = [
      [{ seat: 2, since }, 422, 'ABSENCE_OVER'],
      [{ seat: 1, since: 'not-an-event' }, 422, 'ABSENCE_OVER'],
      [{ seat: 1, since, extra: 1 }, 400, 'INVALID_REQUEST'],
      [{ seat: 0, since }, 400, 'INVALID_REQUEST'],
    ];
    const before = (await api.store.readStream('table-ab2')).length;
    const notices = (await absences()).length;
    for (const [body, status, code] of cases) {
      const res = await send('/tables/ab2/absence-expired', body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({ body, status, code });
    }
    // Not due: sat out a moment ago (the timer of the first test is stopped; nobody else sends it).
    const early = await send('/tables/ab2/absence-expired', { seat: 1, since });
    if (early.status === 422) expect(early.body.code).toBe('ABSENCE_NOT_DUE');
    const dealer = await api.as('dealer').post('/tables/ab2/absence-expired').send({ seat: 1, since });
    expect(dealer.status).toBe(403);
    const missing = await send('/tables/nope/absence-expired', { seat: 1, since });
    expect(missing.status).toBe(404);
    if (early.status === 422) {
      expect((await api.store.readStream('table-ab2')).length).toBe(before);
      expect(await absences()).toHaveLength(notices);
    }
  });

  it('never takes a live hand: a player out too long while still in one keeps it and (release) is stood up when it ends', async () => {
    const timer = await new RunningTimer(api.store, apiUrl, prefix, { absenceMs: LIMIT_SECONDS * 1000 }).start();
    try {
      await openTableWithPlayers(api, 'ah', 3);
      await startHandWithBlinds(api, 'ah');
      // The big blind steps away with the hand running: still in it, sitting out from the next one.
      const satOut = await expectStatus(send('/tables/ah/commands', { type: 'SitOut', seat: 3 }), 201);
      const since = (satOut.body.events as { type: string; eventId: string }[]).find((e) => e.type === 'PlayerSatOut')!.eventId;
      const noticesOf = async () => (await absences()).filter((a) => (a.data as { since: string }).since === since);
      await eventually(noticesOf, (list) => list.length >= 1, WAIT_MS);
      const leaving = async () => (await api.store.readStream('table-ah')).filter((e) => e.type === 'PlayerLeft');
      expect(await leaving()).toEqual([]);
      // The timer fires this absence again every few seconds while the hand runs: a send that meets its firing in
      // flight (the same stand-up's command id) is told 409 and, like the timer, sends again.
      const meanwhile = await eventually(
        async () => send('/tables/ah/absence-expired', { seat: 3, since }),
        (res) => res.status !== 409,
        WAIT_MS,
      );
      const expected = rule === 'release' ? { status: 202, outcome: 'release-after-hand' } : { status: 201, outcome: 'told' };
      expect({ status: meanwhile.status, outcome: meanwhile.body.outcome }).toEqual(expected);

      await expectStatus(send('/tables/ah/fold', { seat: 1 }), 201);
      const ended = await expectStatus(send('/tables/ah/fold', { seat: 2 }), 201);
      if (rule === 'release') {
        // The timer, sent again while the hand ran, stands them up after it: with the pot they won (blinds 1 and 2).
        const left = await eventually(leaving, (list) => list.length >= 1, WAIT_MS);
        expect(left.map((e) => e.data)).toEqual([{ seat: 3, playerId: 'player-3', cashOut: 101 }]);
        expect(left[0]!.streamVersion).toBeGreaterThan(ended.body.version as number);
        expect(left[0]!.metadata).toMatchObject({ actorRole: 'timer' });
      } else {
        await expectStatus(send('/tables/ah/absence-expired', { seat: 3, since }), 201);
        expect(await leaving()).toEqual([]);
      }
      expect(await noticesOf()).toHaveLength(1);
    } finally {
      await timer.stop();
    }
  }, 120_000);
});
