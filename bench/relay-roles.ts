/**
 * The processes around the relay in bench:relay's live pace, each in a process of its own as in production, so
 * none of them waits on another's event loop: `appender` is the API (64 tables, one append a second each), and
 * `consumers` the downstream service (one BullMQ worker per shard, concurrency 1). They report to the bench over
 * IPC with wall-clock times (performance.timeOrigin + now: sub-millisecond, the same clock in every process).
 *
 * appender: env DATABASE_URL, TABLES, SECONDS; sends { committed: [[eventId, at, recordedAt], ...] } per append,
 *   then { appended: n }.
 * consumers: env REDIS_URL, PREFIX, SHARDS; sends { ready: true }, then { received: [eventId, at, recordedAt] }
 *   per job; closes on the message "stop".
 */
import { randomUUID } from 'node:crypto';
import { Worker } from 'bullmq';
import { EventStore, openDatabase } from '@felt/event-store';
import type { EventJob } from '../apps/worker/src/relay/event-job';
import { queueName } from '../apps/worker/src/relay/shards';
import { migrations } from '../migrations';

const wallNow = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function appender(): Promise<void> {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, migrations });
  const store = new EventStore(db);
  const tables = Number(process.env.TABLES);
  const seconds = Number(process.env.SECONDS);
  const streams = Array.from({ length: tables }, () => `table-${randomUUID()}`);
  const total = tables * seconds;
  const inFlight = new Map<string, Promise<unknown>>();
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / tables - performance.now();
    if (wait > 0) await sleep(wait);
    const streamId = streams[i % tables]!;
    const version = Math.floor(i / tables);
    // A table's next command comes a second later: its previous append has long committed.
    await inFlight.get(streamId);
    inFlight.set(
      streamId,
      store
        .append(streamId, {
          expectedVersion: version,
          commandId: randomUUID(),
          events: [{ type: 'PlayerChecked', schemaVersion: 1, data: { seat: 1 } }],
        })
        .then((result) => {
          const at = wallNow();
          if (result.ok) send({ committed: result.events.map((e) => [e.eventId, at, Date.parse(e.recordedAt)]) });
        }),
    );
  }
  await Promise.all(inFlight.values());
  send({ appended: total });
  await db.close();
}

async function consumers(): Promise<void> {
  const url = new URL(process.env.REDIS_URL!);
  const connection = { host: url.hostname, port: Number(url.port || 6379), maxRetriesPerRequest: null };
  const workers = Array.from(
    { length: Number(process.env.SHARDS) },
    (_, shard) =>
      new Worker<EventJob>(
        queueName(shard),
        async (job) => {
          send({ received: [job.data.eventId, wallNow(), job.data.recordedAt] });
        },
        { connection, prefix: process.env.PREFIX, concurrency: 1 },
      ),
  );
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  process.on('message', (message) => {
    if (message === 'stop') void Promise.all(workers.map((w) => w.close())).then(() => process.exit(0));
  });
  send({ ready: true });
}

const role = process.argv[2];
(role === 'appender' ? appender() : role === 'consumers' ? consumers() : Promise.reject(new Error(`unknown role ${role}`))).catch(
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
