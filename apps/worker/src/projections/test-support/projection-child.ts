/**
 * Projects every read model up to the head of the log in a process of its own. With HANG_IN=<checkpoint> and
 * HANG_AT_BATCH=N it hangs inside that projection's Nth batch, after its rows are written and before its
 * checkpoint, so a test can SIGKILL it in the worst place. Env: DATABASE_URL, BATCH_SIZE, HANG_IN, HANG_AT_BATCH.
 */
import { EventStore, openDatabase, type Position, type Transaction } from '@felt/event-store';
import { ProjectionRunner, READ_MODELS } from '@felt/read-models';
import { runUntilIdle } from '../../../../../libs/read-models/test-support/run-until-idle';
import { migrations } from '../../../../../migrations';

class HangingStore extends EventStore {
  private batches = 0;

  override async saveCheckpoint(name: string, position: Position, tx?: Transaction): Promise<void> {
    if (name === process.env.HANG_IN && ++this.batches === Number(process.env.HANG_AT_BATCH)) {
      process.stdout.write(`hanging in ${name} before position ${position.globalPosition}\n`);
      await new Promise(() => undefined); // rows written, transaction open, lock held: wait for the SIGKILL
    }
    return super.saveCheckpoint(name, position, tx);
  }
}

async function main(): Promise<void> {
  const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, migrations });
  const store = new HangingStore(db);
  for (const model of READ_MODELS) {
    await runUntilIdle(new ProjectionRunner(store, model, { batchSize: Number(process.env.BATCH_SIZE) }));
  }
  process.stdout.write('projected to the head of the log\n');
  await db.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
