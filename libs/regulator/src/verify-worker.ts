import { parentPort, workerData } from 'node:worker_threads';
import { EventStore, PostgresDatabase } from '@felt/event-store';
import { verifyStore } from './verify-log';

/**
 * A worker thread of verifyStoreInWorkers: verifies its share of the streams on a connection of its own and posts
 * progress and its report. Started by file name, so it runs compiled (dist) or under tsx, not inside Jest.
 */
interface Job {
  readonly databaseUrl: string;
  readonly streamIds: readonly string[];
}

async function run(job: Job): Promise<void> {
  const db = new PostgresDatabase(job.databaseUrl, { maxConnections: 2 });
  try {
    let reported = 0;
    const report = await verifyStore(new EventStore(db), {
      streamIds: job.streamIds,
      deferDrops: true,
      onProgress: (done) => {
        parentPort!.postMessage({ kind: 'progress', events: done - reported });
        reported = done;
      },
    });
    parentPort!.postMessage({ kind: 'report', report });
  } finally {
    await db.close();
  }
}

if (parentPort) {
  run(workerData as Job).catch((error: unknown) =>
    parentPort!.postMessage({ kind: 'error', message: (error as Error).stack ?? String(error) }),
  );
}
