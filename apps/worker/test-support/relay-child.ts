/**
 * A relay in a process of its own that publishes one batch and then hangs before saving its checkpoint, so a
 * test can SIGKILL it in the worst place. Env: DATABASE_URL, REDIS_URL, QUEUE_PREFIX, EVENT_SHARDS, FELT_RELAY_SIGNING_KEY (a PEM).
 */
import { createPrivateKey } from 'node:crypto';
import { EventStore, openDatabase } from '@felt/event-store';
import { BullmqPublisher } from '../src/relay/event-publisher';
import { JobSigner } from '../src/relay/job-signature';
import { OutboxRelay } from '../src/relay/outbox-relay';

async function main(): Promise<void> {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  const publisher = new BullmqPublisher({
    redisUrl: process.env.REDIS_URL!,
    shards: Number(process.env.EVENT_SHARDS),
    prefix: process.env.QUEUE_PREFIX,
    signer: new JobSigner(createPrivateKey(process.env.FELT_RELAY_SIGNING_KEY!)),
  });
  const relay = new OutboxRelay(
    new EventStore(db),
    {
      async publish(events) {
        await publisher.publish(events);
        process.stdout.write(`published ${events.length}\n`);
        await new Promise(() => undefined); // wait here, lock held and checkpoint unsaved, for the SIGKILL
      },
    },
    { batchSize: 10_000 },
  );
  await relay.step();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
