import { environmentReader, redisSentinelSetting } from './index';

describe('redisSentinelSetting', () => {
  const read = (env: Record<string, string>) => redisSentinelSetting(environmentReader(env));

  it('reads the Sentinels and the master name', () => {
    expect(read({ REDIS_SENTINELS: '10.0.0.1:26379, sentinel-b:26380,[::1]:26381', REDIS_SENTINEL_NAME: 'felt' })).toEqual({
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: 'sentinel-b', port: 26380 },
        { host: '::1', port: 26381 },
      ],
      name: 'felt',
    });
  });

  it('is undefined without REDIS_SENTINELS (REDIS_URL alone)', () => {
    expect(read({ REDIS_URL: 'redis://127.0.0.1:6379' })).toBeUndefined();
  });

  it('refuses one without the other, and an address without a port, naming the variable', () => {
    expect(() => read({ REDIS_SENTINELS: '10.0.0.1:26379' })).toThrow('REDIS_SENTINELS is set without REDIS_SENTINEL_NAME');
    expect(() => read({ REDIS_SENTINEL_NAME: 'felt' })).toThrow('REDIS_SENTINEL_NAME is set without REDIS_SENTINELS');
    expect(() => read({ REDIS_SENTINELS: '10.0.0.1', REDIS_SENTINEL_NAME: 'felt' })).toThrow('REDIS_SENTINELS must be host:port');
    expect(() => read({ REDIS_SENTINELS: 'a:70000', REDIS_SENTINEL_NAME: 'felt' })).toThrow('got "a:70000"');
  });
});
