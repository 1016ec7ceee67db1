import { RESUME_LIMIT_MS, type FaultName } from '../../bench/load/faults';
import { runLoad, type LoadReport } from '../../bench/load/load-run';

async function runWithFault(fault: FaultName, apiProcesses = 1, workers = 1): Promise<LoadReport> {
  const report = await runLoad({ tables: 3, seconds: 8, apiProcesses, workers, botsPerTable: 1, seed: 7, fault, faultAt: 0.25 });
  for (const check of report.checks) expect({ check: check.name, ok: check.ok, problems: check.problems }).toEqual({ check: check.name, ok: true, problems: [] });
  expect(report.unresolved).toEqual([]);
  expect(report.rejections).toEqual({});
  // One bot per table decides on the version the API last told it: a 409 means the API told it a wrong one (say, a
  // resent command's replay answered with the table as it was before that command).
  expect(report.conflicts).toBe(0);
  expect(report.fault?.fault).toBe(fault);
  // Service resumed within the limit once the killed or stopped part was back.
  expect(report.fault?.resumeGapMs).toBeLessThanOrEqual(RESUME_LIMIT_MS);
  // Commands were applied after the return, not only before the fault.
  expect(report.fault?.resumedAt).toBeGreaterThanOrEqual(report.fault!.returnedAt);
  return report;
}

/** Requests that got no answer or a 5xx (each was sent again with its command id). */
function unanswered(report: LoadReport): number {
  return Object.values(report.failures).reduce((a, b) => a + b, 0);
}

/**
 * Faults while the load runs, each on a process or server the run started itself (the machine's shared PostgreSQL
 * and Redis are never stopped): nothing acknowledged is lost, no command id is applied twice, every table still
 * verifies and folds to the view the API serves, and service resumes within 10 s of the return.
 */
describe('faults under load (built API and worker)', () => {
  it('kill -9 of the only API process: bots resend the cut-off commands by id after the restart', async () => {
    const report = await runWithFault('api-kill');
    // The kill was felt: connections refused or reset while the process was down.
    expect(unanswered(report)).toBeGreaterThan(0);
  }, 120_000);

  it('kill -9 of one of two API processes: the other keeps applying commands while it is down', async () => {
    const report = await runWithFault('api-kill', 2);
    const outage = report.fault!.returnedAt - report.fault!.downAt;
    // Commands were applied during the outage: no stretch without one as long as the outage itself.
    expect(report.fault!.longestSilenceMs).toBeLessThan(outage);
  }, 120_000);

  it('kill -9 of the worker: the restarted relay publishes on from its checkpoint, every event exactly once', async () => {
    const report = await runWithFault('worker-kill');
    expect(report.checks.find((c) => c.name === 'every event published exactly once')?.ok).toBe(true);
  }, 120_000);

  it('PostgreSQL restart (-m immediate, the run\'s own server): commands fail while it is down and resume after', async () => {
    const report = await runWithFault('postgres-restart');
    expect(unanswered(report)).toBeGreaterThan(0);
    expect(report.fault!.longestSilenceMs).toBeGreaterThanOrEqual(report.fault!.returnedAt - report.fault!.downAt - 1000);
  }, 120_000);

  it('Redis restart (the run\'s own, no persistence): commands go on; events recorded from the stop on arrive exactly once', async () => {
    const report = await runWithFault('redis-restart');
    expect(report.checks.find((c) => c.name === 'every event published exactly once')?.detail).toMatch(/recorded before Redis had stopped/);
  }, 120_000);
});
