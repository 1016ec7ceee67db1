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

async function runWithFault(fault: FaultName, apiProcesses = 1, workers = 1): Promise<{ report: LoadReport; fault: FaultReport }> {
  // A short run, measured in commands, not seconds (the same work on a quiet or a busy machine): the fault strikes
  // after the first 30 commands applied, a stopped server stays down until the run has felt it, and the bots play on
  // to 120 commands and until service has resumed (or the wait above has passed).
  const report = await runLoad({
    tables: 3,
    commands: 120,
    apiProcesses,
    workers,
    botsPerTable: 1,
    seed: 7,
    fault,
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
  const injected = report.fault;
  if (injected?.fault !== fault)
    throw new Error(`the run reports fault ${String(injected?.fault)}, not ${fault}: the fault was not injected`);
  // Service resumed once the killed or stopped part was back: a command applied (or an event published) after it.
  if (injected.resumedAt === undefined) {
    const what = fault === 'worker-kill' || fault === 'redis-restart' ? 'no event reached the queues' : 'no command was applied';
    throw new Error(
      `service did not resume: ${what} within ${injected.resumeWaitMs} ms after the return (${injected.what}; down to back ${injected.returnedAt - injected.downAt} ms)`,
    );
  }
  expect(injected.resumedAt).toBeGreaterThanOrEqual(injected.returnedAt);
  return { report, fault: injected };
}

/** Requests that got no answer or a 5xx (each was sent again with its command id). */
function unanswered(report: LoadReport): number {
  return Object.values(report.failures).reduce((a, b) => a + b, 0);
}

/**
 * Faults while the load runs, each on a process or server the run started itself (the machine's shared PostgreSQL
 * and Redis are never stopped): nothing acknowledged is lost, no command id is applied twice, every table still
 * verifies and folds to the view the API serves, and service resumes once the failed part is back.
 */
describe('faults under load (built API and worker)', () => {
  it(
    'kill -9 of the only API process: bots resend the cut-off commands by id after the restart',
    async () => {
      const { report } = await runWithFault('api-kill');
      // The kill was felt: connections refused or reset while the process was down.
      expect(unanswered(report)).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'kill -9 of one of two API processes: the other keeps applying commands while it is down',
    async () => {
      const { fault } = await runWithFault('api-kill', 2);
      // Commands were applied while process 1 was down, through process 2.
      if (fault.appliedWhileDown === 0)
        throw new Error(
          `no command was applied in the ${fault.returnedAt - fault.goneAt} ms API process 1 was down: process 2 did not take over`,
        );
      expect(fault.appliedWhileDown).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'kill -9 of the worker: the restarted relay publishes on from its checkpoint, every event exactly once',
    async () => {
      const { report } = await runWithFault('worker-kill');
      expect(report.checks.find((c) => c.name === 'every event published exactly once')?.ok).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "PostgreSQL restart (-m immediate, the run's own server): commands fail while it is down and resume after",
    async () => {
      const { report } = await runWithFault('postgres-restart');
      expect(unanswered(report)).toBeGreaterThan(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    "Redis restart (the run's own, no persistence): commands go on; events recorded from the stop on arrive exactly once",
    async () => {
      const { report } = await runWithFault('redis-restart');
      expect(report.checks.find((c) => c.name === 'every event published exactly once')?.detail).toMatch(
        /recorded before Redis had stopped/,
      );
    },
    TEST_TIMEOUT_MS,
  );
});
