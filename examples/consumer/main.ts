/**
 * The reference consumer: npx tsx examples/consumer/main.ts
 * CONSUMER_DATABASE_URL (its own database), REDIS_URL, EVENT_SHARDS (as the relay's), QUEUE_PREFIX,
 * RELAY_PUBLIC_KEY (the relay's relay-signing.pub, copied from the worker's data folder).
 */
import { startConsumer } from './consumer';
import { readRelayKey } from './relay-signature';

async function main(): Promise<void> {
  const databaseUrl = process.env.CONSUMER_DATABASE_URL;
  if (!databaseUrl) throw new Error("set CONSUMER_DATABASE_URL to the consumer's own PostgreSQL database");
  const keyFile = process.env.RELAY_PUBLIC_KEY;
  if (!keyFile) throw new Error("set RELAY_PUBLIC_KEY to the relay's public key file (relay-signing.pub in the worker's data folder)");
  const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const consumer = await startConsumer({
    databaseUrl,
    connection: {
      host: redis.hostname,
      port: Number(redis.port || 6379),
      password: redis.password || undefined,
      maxRetriesPerRequest: null,
    },
    shards: Number(process.env.EVENT_SHARDS ?? 8),
    prefix: process.env.QUEUE_PREFIX,
    relayKeys: [readRelayKey(keyFile)],
    onRefused: (jobId, reason) => console.error(`REFUSED job ${jobId ?? '?'}: ${reason}`),
    onApplied: (job, outcome) => console.log(`${outcome} ${job.streamId} v${job.streamVersion} ${job.type}`),
  });
  const stop = () => void consumer.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
