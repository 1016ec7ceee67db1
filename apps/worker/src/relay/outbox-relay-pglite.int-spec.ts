import { EventStore, positionOf } from '@felt/event-store';
import { useTestStore } from '../../../../test/support/app-databases';
import { SHARED_REDIS_URL, obliterateShards, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { BullmqPublisher } from './event-publisher';
import { OutboxRelay } from './outbox-relay';

const SHARDS = 2;

/** PGlite has one session: the relay takes no lock and holds no transaction across the Redis round trip. */
describe('OutboxRelay on PGlite', () => {
  const prefix = uniquePrefix();
  let publisher: BullmqPublisher;
  const database = useTestStore('pglite', {
    beforeDispose: async () => {
      await publisher.close();
      await obliterateShards(SHARED_REDIS_URL, prefix, SHARDS);
    },
  });

  beforeAll(() => {
    publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix });
  });

  it('publishes every event once and moves its checkpoint; appends go on while it publishes', async () => {
    const store = new EventStore(database.db);
    await appendInterleaved(store, 3, 7);
    let failOnce = true;
    let appendsDuringPublish = 3;
    const relay = new OutboxRelay(
      store,
      {
        async publish(events) {
          // An append from the API in the middle of a publish must not wait for Redis.
          if (appendsDuringPublish-- > 0) await appendInterleaved(store, 1, 1);
          await publisher.publish(events);
          if (failOnce) {
            failOnce = false;
            throw new Error('killed after addBulk');
          }
        },
      },
      { batchSize: 10 },
    );
    await expect(relay.step()).rejects.toThrow('killed after addBulk');
    let published = 0;
    for (let step = await relay.step(); step.kind === 'published'; step = await relay.step()) published += step.count;
    const total = (await store.readAll({ limit: 1000 })).length;
    expect(total).toBe(21 + 3);
    expect(published).toBe(total);
    const waiting = await Promise.all(publisher.queues.map((queue) => queue.getJobCountByTypes('waiting')));
    expect(waiting.reduce((a, b) => a + b, 0)).toBe(total);
    await relay.close();
    expect(await relay.checkpoint()).toEqual(positionOf((await store.readAll({ limit: 1000 })).at(-1)!));
  });
});
