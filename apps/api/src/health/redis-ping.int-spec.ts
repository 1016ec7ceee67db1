import { createServer } from 'node:net';
import { pingRedis } from './redis-ping';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('PING to Redis', () => {
  it('resolves when Redis answers PONG', async () => {
    await expect(pingRedis(REDIS_URL)).resolves.toBeUndefined();
  });

  it('rejects when nothing listens, and when the answer never comes', async () => {
    await expect(pingRedis('redis://127.0.0.1:1', 1000)).rejects.toThrow();
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      await expect(pingRedis(`redis://127.0.0.1:${port}`, 300)).rejects.toThrow(/no answer/);
    } finally {
      silent.close();
    }
  });

  it('rejects an error reply (AUTH refused)', async () => {
    await expect(pingRedis(REDIS_URL.replace('redis://', 'redis://:wrong-password@'))).rejects.toThrow(/Redis: /);
  });
});
