import { generateKeyPairSync } from 'node:crypto';
import { Queue } from 'bullmq';
import { comparePositions, positionOf } from '@felt/event-store';
import { SESSION_FEED_QUEUE, sessionMarkSchema } from '@felt/players';
import { useTestStore } from '../../../../test/support/app-databases';
import { repeatUntil } from '../../../../libs/event-store/test-support/eventually';
import { SHARED_REDIS_URL, obliterateShards, uniquePrefix } from '../../test-support/redis';
import { BullmqPublisher } from './event-publisher';
import { JobSigner, jobSignatureProblem } from './job-signature';
import { OutboxRelay } from './outbox-relay';
import { redisConnectionOptions } from './redis-connection';

const SHARDS = 2;
const RULES = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };

/**
 * The sessions feed (docs/players.md "The sessions feed"): the relay publishes a mark for each table event that
 * starts, ends or pauses a session, on its own queue, in the batch of the events; closed objects with pseudonymous
 * ids only. Against real Redis and PostgreSQL.
 */
describe('the sessions feed on the queue (PostgreSQL, real Redis)', () => {
  const prefix = uniquePrefix();
  const signer = new JobSigner(generateKeyPairSync('ed25519').privateKey);
  const publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix, signer });
  const feed = new Queue(SESSION_FEED_QUEUE, { connection: redisConnectionOptions(SHARED_REDIS_URL), prefix });
  let relay: OutboxRelay | undefined;
  const database = useTestStore('postgres', {
    beforeDispose: async () => {
      await relay?.close();
      await publisher.close();
      await feed.close();
      await obliterateShards(SHARED_REDIS_URL, prefix, SHARDS);
    },
  });

  let commands = 0;
  async function append(streamId: string, type: string, data: Record<string, unknown>): Promise<void> {
    await database.store.append(streamId, {
      expectedVersion: 'any',
      commandId: `c-${++commands}`,
      events: [{ type, schemaVersion: 1, data }],
    });
  }

  it('publishes one closed mark per session event, with the event id as the job id, once', async () => {
    await append('table-t1', 'TableOpened', { tableId: 't1', rules: RULES });
    await append('table-t1', 'PlayerSeated', { seat: 1, playerId: 'C1001', buyIn: 100, postToEnter: false });
    await append('player-C1001', 'PlayerRegistered', { playerId: 'C1001', personalDigest: 'd', matchKey: null });
    await append('table-t1', 'ChipsAdded', { seat: 1, amount: 50 });
    await append('table-t1', 'PlayerSatOut', { seat: 1 });
    await append('game-g1', 'PlayerListed', { at: '2026-12-07T02:00:00.000Z', playerId: 'C1002', alias: 'Jane Doe' });
    await append('table-t1', 'PlayerSatIn', { seat: 1, waitForBigBlind: false });
    await append('table-t1', 'SeatChanged', { from: 1, to: 3, playerId: 'C1001', newPlayer: false, postToEnter: false });
    await append('table-t1', 'RulesChanged', { rules: { ...RULES, smallBlind: 2, bigBlind: 5 } });
    await append('table-t1', 'PlayerLeft', { seat: 3, playerId: 'C1001', cashOut: 180 });

    relay = new OutboxRelay(database.store, publisher, { batchSize: 3 });
    const r = relay;
    const recorded = (await database.store.readStream('table-t1')).filter((e) => e.type !== 'ChipsAdded');
    // Until the relay has passed the last event (the gap-safe log may hold it back a moment on a shared server).
    const last = positionOf(recorded.at(-1)!);
    await repeatUntil(
      () => r.step(),
      (step) => step.kind === 'published' && comparePositions(step.position, last) >= 0,
      (step) => step.kind === 'published',
    );
    const jobs = (await feed.getJobs(['waiting'])).sort((a, b) => Number(a.data.globalPosition) - Number(b.data.globalPosition));
    expect(jobs.map((j) => j.id)).toEqual(recorded.map((e) => e.eventId));
    expect(jobs.map((j) => j.data.kind)).toEqual([
      'stake-set',
      'sat-down',
      'break-started',
      'break-ended',
      'seat-changed',
      'stake-set',
      'stood-up',
    ]);
    for (const job of jobs) {
      expect(sessionMarkSchema.safeParse(job.data).success).toBe(true);
      expect(jobSignatureProblem(job.data, [signer.publicKey])).toBeNull();
    }
    expect(jobs[1]!.data).toMatchObject({ tableId: 't1', seat: 1, playerId: 'C1001', at: recorded[1]!.recordedAt });
    expect(jobs[5]!.data).toMatchObject({ stake: '2/5' });
    // Nothing but the pseudonymous id: no amount, no alias, no registry or room event.
    const text = JSON.stringify(jobs.map(({ data: { signature: _signature, ...data } }) => data));
    expect(text).not.toMatch(/buyIn|cashOut|Jane|alias|PlayerRegistered|C1002/);

    // The batch published again (a relay crash before its checkpoint): the same jobs, none added.
    await publisher.publish(await database.store.readAll({ limit: 100 }));
    expect(await feed.getJobCountByTypes('waiting')).toBe(jobs.length);
  });

  it('refuses a mark with a field the contract does not name (closed objects)', () => {
    const mark = {
      feed: 'felt.player-sessions',
      version: 1,
      markId: 'e1',
      tableId: 't1',
      at: '2026-12-07T02:00:00.000Z',
      streamVersion: 2,
      txId: '1',
      globalPosition: '2',
      kind: 'sat-down',
      seat: 1,
      playerId: 'C1001',
    };
    expect(sessionMarkSchema.safeParse(mark).success).toBe(true);
    expect(sessionMarkSchema.safeParse({ ...mark, name: 'Jane Doe' }).success).toBe(false);
    expect(sessionMarkSchema.safeParse({ ...mark, kind: 'break-started' }).success).toBe(false);
  });
});
