import { describeCompleteHands } from './test-support/complete-hands';
import { baseUrlOf } from './test-support/http-agent';
import { signTestToken } from './test-support/auth';
import { LiveClient } from './test-support/live-client';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { totalEvents } from './test-support/test-api';

/**
 * The API on PGlite, the embedded default (`npm start` without DATABASE_URL). The API's other end-to-end suites run
 * on PostgreSQL (APP_BACKENDS): the API reaches either database only through the event store's Database port, whose
 * two sides the store's own int-specs test. Here, on one API: a sample of the example scripts over HTTP on a real
 * socket (the other in-process suites use Fastify's inject: test-support/http-agent.ts), and what
 * PGlite changes above the store — one connection for every request (concurrent commands serialised, no gap), /live
 * woken by the API's own commands (there is no LISTEN/NOTIFY), a replayed Idempotency-Key. The crash suite kills an
 * API on a PGlite folder.
 */
describeCompleteHands('pglite', {
  everyNth: 8,
  transport: 'socket',
  also: ({ api, database }) => {
    it('applies 20 concurrent commands one after another, and a console on /live gets each event once, in order', async () => {
      const baseUrl = await baseUrlOf(api().app);
      await openTableWithPlayers(api(), 'burst-1', 4);
      const opened = (await expectStatus(api().http.get('/tables/burst-1'), 200)).body.version as number;
      const client = await LiveClient.connect(baseUrl, signTestToken('floor'));
      try {
        client.subscribe('burst-1');
        await client.tableAt('burst-1', opened);
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            api()
              .http.post('/tables/burst-1/add-chips')
              .send({ seat: (i % 4) + 1, amount: 1 }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(20).fill(201));
        const versions = answers.map((a) => a.body.version as number).sort((a, b) => a - b);
        expect(versions).toEqual(Array.from({ length: 20 }, (_, i) => opened + 1 + i));
        const final = await client.tableAt('burst-1', opened + 20);
        expect(client.eventVersions('burst-1')).toEqual(versions);
        expect(final.view.seats.map((s: { stack: number }) => s.stack)).toEqual([105, 105, 105, 105]);
      } finally {
        await client.close();
      }
    });

    it('answers a resent Idempotency-Key with the first result and writes nothing more', async () => {
      await openTableWithPlayers(api(), 'resent-1', 2);
      const first = await expectStatus(
        api().http.post('/tables/resent-1/add-chips').set('Idempotency-Key', 'resent-1-a').send({ seat: 1, amount: 10 }),
        201,
      );
      const before = await totalEvents(database.db);
      const again = await expectStatus(
        api().http.post('/tables/resent-1/add-chips').set('Idempotency-Key', 'resent-1-a').send({ seat: 1, amount: 10 }),
        200,
      );
      expect(again.body.events.map((e: { eventId: string }) => e.eventId)).toEqual(
        first.body.events.map((e: { eventId: string }) => e.eventId),
      );
      expect(await totalEvents(database.db)).toBe(before);
    });
  },
});
