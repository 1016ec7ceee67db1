import { runLoad, type LoadReport } from '../../bench/load/load-run';

/** Every end check held, and the run really played (a run that applied nothing would pass them vacuously). */
function expectSound(report: LoadReport): void {
  for (const check of report.checks)
    expect({ check: check.name, ok: check.ok, problems: check.problems }).toEqual({ check: check.name, ok: true, problems: [] });
  expect(report.unresolved).toEqual([]);
  expect(report.commands).toBeGreaterThan(20);
  // Bots choose among the legal actions: the rules never refuse one.
  expect(report.rejections).toEqual({});
  expect(report.ok).toBe(true);
}

/**
 * The short version of `npm run loadtest` (the long runs are benchmarks): the built API and worker as processes on
 * a throwaway PostgreSQL database and the shared Redis under a prefix of their own, bots playing legal actions until
 * a number of commands is applied (not for a time: the same work on a quiet or a busy machine).
 */
describe('load run (built API and worker, PostgreSQL, Redis)', () => {
  it('one API process, one worker: every check holds (verify, chips, views, command ids, exactly-once publishing)', async () => {
    const report = await runLoad({ tables: 4, commands: 120, apiProcesses: 1, workers: 1, botsPerTable: 1, seed: 1 });
    expectSound(report);
    expect(report.conflicts).toBe(0);
    expect(report.checks.find((c) => c.name === 'every event published exactly once')?.detail).toMatch(/^\d+ events checked/);
  }, 300_000);

  it('scale-out: two API processes and two workers, two bots per table spread over both; 409s are answered and retried, nothing diverges', async () => {
    const report = await runLoad({ tables: 3, commands: 120, apiProcesses: 2, workers: 2, botsPerTable: 2, seed: 2 });
    expectSound(report);
    // Two bots deciding on the same version: one wins, the other gets 409, re-reads and decides again.
    expect(report.conflicts).toBeGreaterThan(0);
    expect(report.reads).toBeGreaterThanOrEqual(report.conflicts);
    expect(report.checks.find((c) => c.name === 'API views equal a fresh fold')?.detail).toMatch(/^2 API process/);
  }, 300_000);
});
