import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import type { RecordedEvent } from '@felt/event-store';
import { waitUntil } from '../../../../libs/event-store/test-support/eventually';
import { freePort, obliterateShards, PrivateRedis, uniquePrefix } from '../../test-support/redis';
import { BullmqPublisher } from './event-publisher';
import { queueName } from './shards';

function event(streamVersion: number): RecordedEvent {
  return {
    eventId: randomUUID(),
    streamId: 'table-replica-acks',
    streamVersion,
    globalPosition: String(streamVersion),
    txId: String(1000 + streamVersion),
    type: 'TableOpened',
    schemaVersion: 1,
    data: {},
    metadata: {},
    recordedAt: new Date().toISOString(),
    prevHash: '0'.repeat(64),
    hash: '1'.repeat(64),
  };
}

const until = (condition: () => Promise<boolean>, what: string) => waitUntil(what, condition);

/**
 * The relay's publisher with REDIS_REPLICA_ACKS=1 (the default with Sentinels) on a private master and a replica of
 * its own: a batch is on the replica when publish() resolves, so a failover to the replica cannot lose a job the
 * relay's checkpoint has passed; while the replica does not confirm, publish() fails and the relay keeps the batch.
 */
describe('publishing with replica acknowledgements (Redis WAIT)', () => {
  let master: PrivateRedis;
  let replicaProcess: ChildProcess;
  let replica: Redis;
  let publisher: BullmqPublisher;
  const prefix = uniquePrefix();
  // The replica's own folder: a replica writes an RDB file when it syncs, whatever --save says.
  const replicaDir = mkdtempSync(join(tmpdir(), 'felt-redis-replica-'));

  beforeAll(async () => {
    master = await PrivateRedis.start();
    const port = await freePort();
    replicaProcess = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        replicaDir,
        '--replicaof',
        '127.0.0.1',
        String(master.port),
      ],
      { stdio: 'ignore' },
    );
    replica = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1, retryStrategy: () => 200 });
    replica.on('error', () => undefined);
    await until(async () => /master_link_status:up/.test(await replica.info('replication').catch(() => '')), 'the replica to sync');
    // The replica's side of the link comes up before the master counts it: the publisher asks the master (ROLE) how
    // many replicas it has, and with none listed it would publish alone.
    const masterClient = new Redis(master.url, { maxRetriesPerRequest: 1 });
    try {
      await until(
        async () => /slave0:.*state=online/.test(await masterClient.info('replication')),
        'the master to list its replica online',
      );
    } finally {
      masterClient.disconnect();
    }
    publisher = new BullmqPublisher({ redisUrl: master.url, shards: 1, prefix, replicaAcks: 1 });
  }, 60_000);

  afterAll(async () => {
    await publisher?.close();
    replica?.disconnect();
    if (replicaProcess && replicaProcess.exitCode === null && replicaProcess.signalCode === null) {
      replicaProcess.kill('SIGCONT');
      replicaProcess.kill('SIGTERM');
    }
    await obliterateShards(master.url, prefix, 1).catch(() => undefined);
    await master?.dispose();
    rmSync(replicaDir, { recursive: true, force: true });
  });

  it('resolves once the replica holds the jobs', async () => {
    const events = [event(1), event(2)];
    await publisher.publish(events);
    // Read on the replica at once, without waiting for it: WAIT already did.
    for (const e of events) expect(await replica.exists(`${prefix}:${queueName(0)}:${e.eventId}`)).toBe(1);
  });

  it('fails while the replica is connected but does not confirm (stopped), and the batch goes through once it does', async () => {
    const batch = [event(3)];
    replicaProcess.kill('SIGSTOP');
    try {
      await expect(publisher.publish(batch)).rejects.toThrow(/only 0 of 1 Redis replica\(s\) confirmed/);
    } finally {
      replicaProcess.kill('SIGCONT');
    }
    // The relay publishes the batch again from its checkpoint: the same job id, now confirmed.
    await publisher.publish(batch);
    expect(await replica.exists(`${prefix}:${queueName(0)}:${batch[0]!.eventId}`)).toBe(1);
  }, 30_000);

  it('goes on alone when the master has no replica left (the survivor of a failover)', async () => {
    replica.disconnect();
    replicaProcess.kill('SIGTERM');
    await until(async () => {
      const client = await publisher.queues[0]!.client;
      const role = (await (client as unknown as Redis).call('ROLE')) as [string, number, unknown[]];
      return role[2].length === 0;
    }, 'the master to drop the replica');
    await expect(publisher.publish([event(4)])).resolves.toBeUndefined();
  }, 30_000);
});
