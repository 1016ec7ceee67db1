import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { comparePositions, START } from '@felt/event-store';
import { useTestStore } from '../../../../test/support/app-databases';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { checkpointNameOf, READ_MODELS } from '@felt/read-models';
import { appendSession, headOfLog, randomSession, wholeLog } from '../../../../libs/read-models/test-support/random-session';
import { viewsFromEvents, viewsFromRows } from '../../../../libs/read-models/test-support/rows-and-fold';

const ROOT = join(__dirname, '..', '..', '..', '..');
const CHILD = join(__dirname, 'test-support', 'projection-child.ts');

function spawnTs(
  file: string,
  env: Record<string, string>,
): { child: ChildProcess; output: () => string; exited: Promise<NodeJS.Signals | number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  return { child, output: () => output, exited };
}

describe('projection process killed with SIGKILL mid-batch, then another started', () => {
  const database = useTestStore('postgres');

  it('loses the batch in flight whole (rows and checkpoint); the next process redoes it: no row missing, none twice', async () => {
    await appendSession(database.store, randomSession({ tables: 3, seed: 99, commands: 400 }));
    const events = await wholeLog(database.store);

    // Batches of 40: the table view goes to the head first; the hand history hangs in its 4th batch.
    const killed = spawnTs(CHILD, {
      DATABASE_URL: database.url,
      BATCH_SIZE: '40',
      HANG_IN: checkpointNameOf(READ_MODELS[1]!),
      HANG_AT_BATCH: '4',
    });
    await eventually(
      async () => killed.output(),
      (text) => text.includes('hanging in') || killed.child.exitCode !== null,
      45_000,
    );
    expect(killed.output()).toContain('hanging in projection:hand-history');
    killed.child.kill('SIGKILL');
    expect(await killed.exited).toBe('SIGKILL');

    // What the killed process committed is whole; what it had in flight left no trace.
    const views = await viewsFromRows(database.db);
    expect(views['table-view']).toEqual(viewsFromEvents(events)['table-view']);
    const handCheckpoint = await database.store.loadCheckpoint(checkpointNameOf(READ_MODELS[1]!));
    const done = events.filter((e) => comparePositions(e, handCheckpoint) <= 0);
    // Three batches committed (the gap-safe reader may return fewer than 40 while another database's transaction is open).
    expect(done.length).toBeGreaterThan(0);
    expect(done.length).toBeLessThanOrEqual(3 * 40);
    expect(views['hand-history']).toEqual(viewsFromEvents(done)['hand-history']);
    expect(await database.store.loadCheckpoint(checkpointNameOf(READ_MODELS[2]!))).toEqual(START);

    // A new process takes over once the killed session's lock is gone, and projects to the head.
    const restarted = spawnTs(CHILD, { DATABASE_URL: database.url, BATCH_SIZE: '40' });
    expect(await restarted.exited).toBe(0);
    expect(restarted.output()).toContain('projected to the head of the log');
    expect(await viewsFromRows(database.db)).toEqual(viewsFromEvents(events));
    const hands = await database.db.query<{ n: number; distinct: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT (table_id, hand_number))::int AS distinct FROM hand_histories',
    );
    expect(hands.rows[0]!.n).toBe(hands.rows[0]!.distinct);
    const head = await headOfLog(database.store);
    for (const model of READ_MODELS) expect(await database.store.loadCheckpoint(checkpointNameOf(model))).toEqual(head);
  }, 180_000);
});
