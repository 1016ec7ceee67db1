import { workerConfigFromEnv } from '../config/worker-config';
import { redisConnectionOptions } from './redis-connection';

describe('Redis connection options', () => {
  it("go to REDIS_URL's host and port without Sentinels, and wait for no replica", () => {
    const config = workerConfigFromEnv({ REDIS_URL: 'redis://:secret@cache:6380/2' });
    const options = redisConnectionOptions(config.redisUrl!, config.redisSentinel);
    expect(options).toMatchObject({ host: 'cache', port: 6380, password: 'secret', db: 2 });
    expect(options.sentinels).toBeUndefined();
    expect(config.redisReplicaAcks).toBe(0);
  });

  it("ask the Sentinels for the master when REDIS_SENTINELS is set, keeping REDIS_URL's password and db, and wait for one replica", () => {
    const config = workerConfigFromEnv({
      REDIS_URL: 'redis://:secret@ignored/1',
      REDIS_SENTINELS: 's1:26379,s2:26379,s3:26379',
      REDIS_SENTINEL_NAME: 'felt',
    });
    const options = redisConnectionOptions(config.redisUrl!, config.redisSentinel);
    expect(options).toMatchObject({
      name: 'felt',
      password: 'secret',
      db: 1,
      sentinels: [
        { host: 's1', port: 26379 },
        { host: 's2', port: 26379 },
        { host: 's3', port: 26379 },
      ],
    });
    expect(options.host).toBeUndefined();
    // A demoted master answers READONLY: reconnect, and Sentinel names the new one.
    expect((options.reconnectOnError as (e: Error) => boolean)(new Error("READONLY You can't write against a read only replica."))).toBe(
      true,
    );
    expect((options.reconnectOnError as (e: Error) => boolean)(new Error('ERR wrong number of arguments'))).toBe(false);
    expect(config.redisReplicaAcks).toBe(1);
    expect(
      workerConfigFromEnv({ REDIS_URL: 'redis://x', REDIS_SENTINELS: 's1:1', REDIS_SENTINEL_NAME: 'felt', REDIS_REPLICA_ACKS: '0' })
        .redisReplicaAcks,
    ).toBe(0);
  });
});
