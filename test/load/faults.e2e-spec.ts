import type { FaultName, FaultReport } from '../../bench/load/faults';
import { runLoad, type LoadReport } from '../../bench/load/load-run';

/**
 * A generous wait for the first command applied after the failed part is back: these tests ask whether service
 * resumed, not how fast (the 10 s figure is `npm run loadtest`'s). On a busy machine a restarted process can take a
 * while to answer.
 */
const RESUME_WAIT_MS = 60_000;
/** Per test: starting the processes, the run, the wait above and the end checks, on a machine that may be busy. */
const TEST_TIMEOUT_MS = 300_000;

async function runWithFaults(faults: readonly FaultName[], apiProcesses: number): Promise<{ report: LoadReport; struck: FaultReport[] }> {
  // A short run, measured in commands, not seconds (the same work on a quiet or a busy machine): the first fault
  // strikes after the first 30 commands applied, each next one once the last has resumed and a few more commands are
  // applied; a stopped server stays down until the run has felt it, and the bots play on to 120 commands and until
  // service has resumed after the last fault (or the wait above has passed).
  const report = await runLoad({
    tables: 3,
    commands: 120,
    apiProcesses,
    workers: 1,
    botsPerTable: 1,
    seed: 7,
    faults,
    faultAt: 0.25,
    downFor: 'felt',
    resumeWaitMs: RESUME_WAIT_MS,
  });
  // Nothing acknowledged lost, nothing applied twice, every table verifies and folds to the view the API serves,
  // every event published exactly once: the end checks, each with its problems.
  for (const check of report.checks)
    expect({ check: check.name, ok: check.ok, problems: check.problems }).toEqual({ check: check.name, ok: true, problems: [] });
  expect(report.unresolved).toEqual([]);
  expect(report.rejections).toEqual({});
  // One bot per table decides on the version the API last told it: a 409 means the API told it a wrong one (say, a
  // resent command's replay answered with the table as it was before that command).
  expect(report.conflicts).toBe(0);
  expect(report.faults.map((f) => f.fault)).toEqual(faults);
  // Service resumed once each killed or stopped part was back: a command applied (or an event published) after it.
  for (const injected of report.faults) {
    if (injected.resumedAt === undefined) {
      const what =
        injected.fault === 'worker-kill' || injected.fault === 'redis-restart' ? 'no event reached the queues' : 'no command was applied';
      throw new Error(
        `service did not resume after ${injected.fault}: ${what} within ${injected.resumeWaitMs} ms after the return (${injected.what}; down to back ${injected.returnedAt - injected.downAt} ms)`,
      );
    }
    expect(injected.resumedAt).toBeGreaterThanOrEqual(injected.returnedAt);
  }
  return { report, struck: [...report.faults] };
}

/**
 * Faults while the load runs, each on a process or server the run started itself (the machine's shared PostgreSQL
 * and Redis are never stopped): nothing acknowledged is lost, no command id is applied twice, every table still
 * verifies and folds to the view the API serves, and service resumes once the failed part is back.
 */
describe('faults under load (built API and worker)', () => {
  it(
    'one API process and one worker, struck in turn by a Redis restart, kill -9 of the API, kill -9 of the worker and a PostgreSQL restart: nothing lost, service resumes after each',
    async () => {
      // Redis first: the Redis that restarts empty forgets what it held, so every event recorded from its stop on
      // must arrive exactly once (the end check), which covers the relay across the later faults.
      const { struck } = await runWithFaults(['redis-restart', 'api-kill', 'worker-kill', 'postgres-restart'], 1);
      const [redisRestart, apiKill, workerKill, postgresRestart] = struck;
      // Redis (the run's own, no persistence) stopped: commands went on while it was down.
      expect(redisRestart!.appliedWhileDown).toBeGreaterThan(0);
      // The API's kill was felt (connections refused or reset while it was down) and the bots resent the cut-off
      // commands by id after the restart (the end checks: none applied twice, none lost).
      expect(apiKill!.failedWhileDown).toBeGreaterThan(0);
      // The restarted relay published on from its checkpoint (the end check: every event exactly once), and an event
      // was consumed after the new worker's start.
      expect(workerKill!.deliveryResumeMs).toBeGreaterThanOrEqual(0);
      // PostgreSQL's stop (-m immediate, the run's own server) was felt: commands failed while it was down.
      expect(postgresRestart!.failedWhileDown).toBeGreaterThan(0);
    },
    4 * TEST_TIMEOUT_MS,
  );

  it(
    'kill -9 of one of two API processes: the other keeps applying commands while it is down',
    async () => {
      const { struck } = await runWithFaults(['api-kill'], 2);
      // Commands were applied while process 1 was down, through process 2.
      if (struck[0]!.appliedWhileDown === 0)
        throw new Error(
          `no command was applied in the ${struck[0]!.returnedAt - struck[0]!.goneAt} ms API process 1 was down: process 2 did not take over`,
        );
      expect(struck[0]!.appliedWhileDown).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );
});
