import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicKey } from 'node:crypto';
import { Queue, type Job } from 'bullmq';
import type { RecordedEvent } from '@felt/event-store';
import { SHARED_REDIS_URL, obliterateShards, uniquePrefix } from '../../test-support/redis';
import { BullmqPublisher } from './event-publisher';
import { JobSigner, RELAY_PUBLIC_KEY_FILE, RELAY_SIGNING_KEY_FILE, jobSignatureProblem, resolveRelaySigningKey } from './job-signature';
import { queueName } from './shards';

/** Issue 30 row 8: jobs carry the relay's Ed25519 signature; a forged or altered job fails the consumer's check. */
describe('signed queue jobs (real Redis)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'felt-relay-key-'));
  const { signer } = resolveRelaySigningKey({ signingKey: undefined, dataDir: dir });
  const relayKeys = [createPublicKey(readFileSync(join(dir, RELAY_PUBLIC_KEY_FILE), 'utf8'))];
  let prefix: string;
  let publisher: BullmqPublisher;
  let queue: Queue;

  beforeEach(() => {
    prefix = uniquePrefix();
    publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: 1, prefix, signer });
    const url = new URL(SHARED_REDIS_URL);
    queue = new Queue(queueName(0), { connection: { host: url.hostname, port: Number(url.port) }, prefix });
  });

  afterEach(async () => {
    await queue.close();
    await publisher.close();
    await obliterateShards(SHARED_REDIS_URL, prefix, 1);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function chipsAdded(version: number, amount: number): RecordedEvent {
    return {
      eventId: randomUUID(),
      streamId: 'table-signed',
      streamVersion: version,
      globalPosition: String(version),
      txId: String(100 + version),
      type: 'ChipsAdded',
      schemaVersion: 1,
      data: { seat: 2, amount },
      metadata: { commandId: randomUUID(), userId: 'u-floor', role: 'floor' },
      recordedAt: new Date().toISOString(),
      prevHash: '0'.repeat(64),
      hash: '1'.repeat(64),
    } as RecordedEvent;
  }

  async function jobs(): Promise<Job[]> {
    return queue.getJobs(['waiting', 'prioritized', 'delayed']);
  }

  it('makes its key on the first start (mode 0600) and keeps it; the public key file names the key that signs', () => {
    expect(statSync(join(dir, RELAY_SIGNING_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(resolveRelaySigningKey({ signingKey: undefined, dataDir: dir }).signer.keyId).toBe(signer.keyId);
    const seed = 'ab'.repeat(32);
    const fromEnv = resolveRelaySigningKey({ signingKey: seed, dataDir: dir });
    expect(fromEnv.source).toBe('FELT_RELAY_SIGNING_KEY');
    expect(fromEnv.signer.keyId).not.toBe(signer.keyId);
    expect(() => resolveRelaySigningKey({ signingKey: 'not a key', dataDir: dir })).toThrow(/holds no Ed25519 key/);
  });

  it("every published job verifies with the relay's public key", async () => {
    await publisher.publish([chipsAdded(1, 500), chipsAdded(2, 700)]);
    const published = await jobs();
    expect(published).toHaveLength(2);
    for (const job of published) {
      expect(job.data.signature).toEqual({ alg: 'Ed25519', keyId: signer.keyId, value: expect.any(String) });
      expect(jobSignatureProblem(job.data, relayKeys)).toBeNull();
    }
  });

  it('a job altered in Redis after the relay signed it fails verification', async () => {
    await publisher.publish([chipsAdded(1, 500)]);
    const [job] = await jobs();
    await job!.updateData({ ...job!.data, data: { seat: 2, amount: 50_000 } });
    const [altered] = await jobs();
    expect(altered!.data.data).toEqual({ seat: 2, amount: 50_000 });
    expect(jobSignatureProblem(altered!.data, relayKeys)).toBe('the job was changed after the relay signed it, or signed by another key');
  });

  it('forged jobs written straight to Redis fail verification: unsigned, signed by another key, or with a copied signature', async () => {
    await publisher.publish([chipsAdded(1, 500)]);
    const [real] = await jobs();
    const forged = { ...real!.data, eventId: randomUUID(), streamVersion: 2, data: { seat: 3, amount: 10_000 } };
    const { signature: _none, ...unsigned } = forged;
    const stranger = new JobSigner(generateKeyPairSync('ed25519').privateKey);
    const strangerWithRelayId = {
      ...stranger.signed(unsigned),
      signature: { ...stranger.signed(unsigned).signature, keyId: signer.keyId },
    };
    await queue.add('ChipsAdded', unsigned, { jobId: 'forged-unsigned' });
    await queue.add('ChipsAdded', stranger.signed(unsigned), { jobId: 'forged-stranger' });
    await queue.add('ChipsAdded', strangerWithRelayId, { jobId: 'forged-stranger-claiming-relay-id' });
    await queue.add('ChipsAdded', forged, { jobId: 'forged-copied-signature' });
    const problems = Object.fromEntries((await jobs()).map((job) => [job.id, jobSignatureProblem(job.data, relayKeys)]));
    expect(problems).toEqual({
      [real!.id!]: null,
      'forged-unsigned': 'the job is not signed',
      'forged-stranger': `the job is signed with key ${stranger.keyId}, which is not one of the relay's`,
      'forged-stranger-claiming-relay-id': 'the job was changed after the relay signed it, or signed by another key',
      'forged-copied-signature': 'the job was changed after the relay signed it, or signed by another key',
    });
  });
});
