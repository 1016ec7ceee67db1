import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { useTestStore } from '../../../../test/support/app-databases';
import { expectStatus, NO_LIMIT_1_2 } from '../../../api/test/test-support/table-setup';
import { startTestApi, type TestApi } from '../../../api/test/test-support/test-api';
import { uniquePrefix } from '../../test-support/redis';
import { obliterateTimerQueue, RunningTimer } from '../../test-support/running-timer';

/** The call's time runs out after 30 s (the least a house may set); the wait leaves room for a shared machine. */
const WAIT_MS = 120_000;

/**
 * Seat lock-ups (docs/players.md "Seat lock-ups"): a seat the floor calls a player to is held for them until the
 * call's response time runs out (the room's call, ⚙ callResponseSeconds); nobody else may take it meanwhile, at the
 * table or from the list; at the deadline the timer service records the no-show and the seat is free again.
 */
describe('seat lock-ups: a seat held for a called player, released when the call runs out (PostgreSQL, the API, real Redis)', () => {
  let api: TestApi;
  let apiUrl: string;
  let prefix: string | undefined;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await api.app.listen(0, '127.0.0.1');
    apiUrl = await api.app.getUrl();
  });

  afterAll(async () => {
    if (prefix) await obliterateTimerQueue(prefix);
  });

  const post = (path: string, body: object, status: number) => expectStatus(api.http.post(path).send(body), status);

  it('refuses the held seat to a walk-in and to the next on the list until the timer records the no-show', async () => {
    prefix = uniquePrefix();
    const timer = await new RunningTimer(api.store, apiUrl, prefix).start();
    try {
      const policies = { callResponseSeconds: 30, noShow: 'end-of-list' };
      await post(
        '/room/games',
        { gameId: 'lk', name: '1/2', stakes: '1/2', structure: 'no-limit', tableRules: NO_LIMIT_1_2, policies },
        201,
      );
      await post('/room/games/lk/tables', { tableId: 'lk-main' }, 201);
      await post('/room/games/lk/commands', { type: 'JoinList', playerId: 'card-1', alias: 'AA' }, 201);
      await post('/room/games/lk/commands', { type: 'JoinList', playerId: 'card-2', alias: 'BB' }, 201);
      const call = await post('/room/games/lk/commands', { type: 'CallPlayer', playerId: 'card-1', tableId: 'lk-main', seat: 1 }, 201);
      const respondBy = Date.parse(call.body.events[0].respondBy as string);

      // Held: a walk-in at the table and a call of the next listed player to the same seat are refused.
      const walkIn = await post('/tables/lk-main/seat-player', { seat: 1, playerId: 'walk-9', buyIn: 100 }, 422);
      expect(walkIn.body.code).toBe('SEAT_ALREADY_OFFERED');
      const next = await post('/room/games/lk/commands', { type: 'CallPlayer', playerId: 'card-2', tableId: 'lk-main', seat: 1 }, 422);
      expect(next.body.code).toBe('SEAT_ALREADY_OFFERED');

      // Released by the timer at the call's end: the no-show is recorded by the timer's principal, not before the deadline.
      const events = await eventually(
        () => api.store.readStream('game-lk'),
        (list) => list.some((e) => e.type === 'PlayerNoShow'),
        WAIT_MS,
      );
      const noShow = events.find((e) => e.type === 'PlayerNoShow')!;
      expect(noShow.data).toMatchObject({ playerId: 'card-1', tableId: 'lk-main', seat: 1, outcome: 'end-of-list' });
      expect(noShow.metadata).toMatchObject({ actorRole: 'timer' });
      expect(Date.parse(noShow.recordedAt)).toBeGreaterThanOrEqual(respondBy);
      // The seat is free again: the next on the list is called to it.
      await post('/room/games/lk/commands', { type: 'CallPlayer', playerId: 'card-2', tableId: 'lk-main', seat: 1 }, 201);
    } finally {
      await timer.stop();
    }
  }, 180_000);
});
