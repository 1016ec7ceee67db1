import type { RedisOptions } from 'ioredis';
import type { RedisSentinelSetting } from '@felt/settings';

/**
 * Connection options for the relay's queues. No offline queue and one retry per command: while Redis is down an
 * addBulk fails at once (the relay backs off and the events wait in the log) instead of piling up in memory.
 */
export function redisConnectionOptions(redisUrl: string, sentinel?: RedisSentinelSetting): RedisOptions {
  const url = new URL(redisUrl);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  // Through Sentinel: ask the Sentinels for the master, and again whenever the connection drops or a demoted master
  // answers READONLY (a failover); REDIS_URL's host and port are not used then. No failoverDetector: its reconnect on
  // +switch-master can cut a reconnect already under way, which leaves ioredis (5.x) closed for good ("Connection
  // is closed", seen in the redis-failover load run); the dropped connection and READONLY cover the same cases.
  const where: RedisOptions = sentinel
    ? {
        sentinels: sentinel.sentinels.map((s) => ({ ...s })),
        name: sentinel.name,
        sentinelRetryStrategy: (times: number) => Math.min(100 * times, 2000),
        reconnectOnError: (error: Error) => error.message.startsWith('READONLY'),
      }
    : { host: url.hostname || '127.0.0.1', port: url.port ? Number(url.port) : 6379 };
  return {
    ...where,
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number.isSafeInteger(db) ? db : 0,
    tls: url.protocol === 'rediss:' ? {} : undefined,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // Reconnect quickly at first, then every 500 ms at most, forever: publishing resumes within about a second of
    // Redis's return (a connection attempt to a server that is down costs next to nothing).
    retryStrategy: (times: number) => Math.min(100 * times, 500),
  };
}
