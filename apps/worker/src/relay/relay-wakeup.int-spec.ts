import { AppendNotifications, EventStore } from '@felt/event-store';
import { useTestStore } from '../../../../test/support/app-databases';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { SHARED_REDIS_URL, obliterateShards, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { BullmqPublisher } from './event-publisher';
import { OutboxRelay, type RelayStep } from './outbox-relay';
import { RelayLoop } from './relay-loop';

const SHARDS = 2;
/** An idle poll far longer than any deadline below: only a notification can make the relay publish in time. */
const NO_POLL = { idleMs: 600_000 };

describe('the relay woken by append notifications (LISTEN/NOTIFY)', () => {
  const prefix = uniquePrefix();
  const database = useTestStore('postgres', { beforeDispose: () => obliterateShards(SHARED_REDIS_URL, prefix, SHARDS) });

  async function listening(): Promise<{
    loop: RelayLoop;
    published: RelayStep[];
    notifications: AppendNotifications;
    publisher: BullmqPublisher;
    stop(): Promise<void>;
  }> {
    const store = new EventStore(database.db);
    const publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix });
    const published: RelayStep[] = [];
    let idle = false;
    const relay = new OutboxRelay(store, publisher);
    const loop = new RelayLoop(relay, NO_POLL, {
      onStep: (step) => (step.kind === 'published' ? published.push(step) : (idle = true)),
    });
    const notifications = await AppendNotifications.listen(database.db, () => loop.wakeUp(), { reconnectMs: 100 });
    loop.start();
    await eventually(
      async () => idle,
      (x) => x,
      30_000,
    );
    return {
      loop,
      published,
      notifications,
      publisher,
      async stop() {
        await notifications.close();
        await loop.stop();
        await relay.close();
        await publisher.close();
      },
    };
  }

  const count = (steps: readonly RelayStep[]) => steps.reduce((n, s) => n + (s.kind === 'published' ? s.count : 0), 0);

  it('publishes an append at once, not at the next poll', async () => {
    const relay = await listening();
    try {
      expect(relay.notifications.listening).toBe(true);
      await appendInterleaved(database.store, 3, 2);
      expect(
        count(
          await eventually(
            async () => relay.published,
            (p) => count(p) >= 6,
            30_000,
          ),
        ),
      ).toBe(6);
      await appendInterleaved(database.store, 2, 1);
      expect(
        count(
          await eventually(
            async () => relay.published,
            (p) => count(p) >= 8,
            30_000,
          ),
        ),
      ).toBe(8);
    } finally {
      await relay.stop();
    }
  });

  it('listens again after its connection is killed, and catches up with what was appended meanwhile', async () => {
    const relay = await listening();
    try {
      const before = count(relay.published);
      const { rows } = await database.db.query<{ killed: boolean }>(
        `SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN felt_events'`,
      );
      expect(rows).toEqual([{ killed: true }]);
      await appendInterleaved(database.store, 2, 2);
      // Appended while it may not be listening: the reconnection's wake-up (or the notification) publishes them.
      expect(
        count(
          await eventually(
            async () => relay.published,
            (p) => count(p) >= before + 4,
            30_000,
          ),
        ),
      ).toBe(before + 4);
      await eventually(
        async () => relay.notifications.listening,
        (x) => x,
        30_000,
      );
      await appendInterleaved(database.store, 1, 1);
      expect(
        count(
          await eventually(
            async () => relay.published,
            (p) => count(p) >= before + 5,
            30_000,
          ),
        ),
      ).toBe(before + 5);
    } finally {
      await relay.stop();
    }
  });
});
