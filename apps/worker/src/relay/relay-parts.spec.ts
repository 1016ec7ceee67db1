import { backoffDelay } from './backoff';
import { redisConnectionOptions } from './redis-connection';
import { queueName, shardOf } from './shards';

describe('backoffDelay', () => {
  it('doubles from the base up to the cap, with jitter in the upper half', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay(attempt, 200, 1000, () => 1))).toEqual([200, 400, 800, 1000]);
    expect(backoffDelay(3, 200, 1000, () => 0)).toBe(400);
    expect(backoffDelay(50, 200, 30000, () => 1)).toBe(30000);
  });
});

describe('shardOf', () => {
  it('is stable, spreads tables over every shard, and names the queue', () => {
    expect(shardOf('table-42', 8)).toBe(shardOf('table-42', 8));
    const used = new Set(Array.from({ length: 200 }, (_, i) => shardOf(`table-${i}`, 8)));
    expect(used.size).toBe(8);
    expect(queueName(3)).toBe('felt-events-3');
    // The first 4 bytes of sha256("table-42") as a big-endian integer, mod 8: computable in any language.
    expect(shardOf('table-42', 1)).toBe(0);
  });
});

describe('redisConnectionOptions', () => {
  it('reads host, port, credentials and db from the URL and fails fast while Redis is away', () => {
    expect(redisConnectionOptions('redis://user:p%40ss@redis.example:6380/2')).toMatchObject({
      host: 'redis.example',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 2,
      enableOfflineQueue: false,
    });
  });
});
