import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { SESSION_FEED_QUEUE } from '@felt/players';
import { queueName } from '../src/relay/shards';

/** The machine's shared Redis; tests never stop it and keep to a key prefix of their own. */
export const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A BullMQ key prefix no other test uses. */
export function uniquePrefix(): string {
  return `felt-test-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key of the test's shard queues and of its sessions feed. */
export async function obliterateShards(redisUrl: string, prefix: string, shards: number): Promise<void> {
  const url = new URL(redisUrl);
  for (const name of [...Array.from({ length: shards }, (_, shard) => queueName(shard)), SESSION_FEED_QUEUE]) {
    const queue = new Queue(name, { connection: { host: url.hostname, port: Number(url.port) }, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

/**
 * The jobs in the test's shard queues: pending (waiting, active, delayed) and processed (completed, failed; kept a
 * day, EVENT_JOB_OPTIONS). Every job a relay ever added is one or the other: when none is pending, the consumers have
 * seen them all, and no late one can still arrive.
 */
export async function shardJobCounts(redisUrl: string, prefix: string, shards: number): Promise<{ pending: number; processed: number }> {
  const url = new URL(redisUrl);
  const counts = { pending: 0, processed: 0 };
  for (let shard = 0; shard < shards; shard++) {
    const queue = new Queue(queueName(shard), { connection: { host: url.hostname, port: Number(url.port) }, prefix });
    try {
      const c = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed');
      counts.pending += (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0) + (c['waiting-children'] ?? 0);
      counts.processed += (c.completed ?? 0) + (c.failed ?? 0);
    } finally {
      await queue.close();
    }
  }
  return counts;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A private redis-server on a free port in a temp folder, for tests that stop and start Redis. */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  private readonly dir = mkdtempSync(join(tmpdir(), 'felt-redis-'));

  private constructor(
    readonly port: number,
    private readonly appendOnly: boolean,
  ) {}

  /**
   * appendOnly: keep the data across a stop and start (AOF, as production Redis for BullMQ should be); without it a
   * restart comes back empty.
   */
  static async start(options: { appendOnly?: boolean } = {}): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await freePort(), options.appendOnly ?? false);
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async restart(): Promise<void> {
    if (this.child) return;
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', this.appendOnly ? 'yes' : 'no', '--dir', this.dir],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${output}`));
      });
    });
    child.stdout!.resume();
  }

  /** Stops this server only (SIGTERM to our own child, by its pid). */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
