import { FAULTS } from './faults';
import { reportMarkdown, runLoad, type LoadOptions } from './load-run';

/**
 * The load benchmark recorded in docs/benchmarks.md (`npx tsx bench/run.ts loadtest`): 200 tables on one API
 * process, closed loop (the most it takes) and paced (latency at a steady load), the same on two API processes and
 * two workers, then each fault under a smaller load. LOADTEST_TABLES, LOADTEST_SECONDS, LOADTEST_FAULT_TABLES and LOADTEST_FAULT_SECONDS change the sizes.
 */
/** A command every two seconds per table: about ten times a live table's pace (a hand of ~15 commands in ~2 minutes). */
const PACE_MS = 2000;

/** The summary table is the recorded result; each run's own report (its checks) is in `details`. */
export async function runLoadBench(): Promise<{ markdown: string; details: string }> {
  const tables = Number(process.env.LOADTEST_TABLES ?? 200);
  const seconds = Number(process.env.LOADTEST_SECONDS ?? 60);
  const faultTables = Number(process.env.LOADTEST_FAULT_TABLES ?? 50);
  const faultSeconds = Number(process.env.LOADTEST_FAULT_SECONDS ?? 30);
  const runs: { title: string; options: LoadOptions }[] = [
    {
      title: `${tables} tables, one API process, one worker, closed loop (saturation)`,
      options: { tables, seconds, apiProcesses: 1, workers: 1, botsPerTable: 1, seed: 1 },
    },
    {
      title: `${tables} tables, one API process, one worker, a command every ${PACE_MS} ms per table`,
      options: { tables, seconds, apiProcesses: 1, workers: 1, botsPerTable: 1, intervalMs: PACE_MS, seed: 1 },
    },
    {
      title: `${tables} tables, two API processes, two workers, two bots per table, closed loop`,
      options: { tables, seconds, apiProcesses: 2, workers: 2, botsPerTable: 2, seed: 2 },
    },
    {
      title: `${tables} tables, two API processes, two workers, one bot per table, a command every ${PACE_MS} ms`,
      options: { tables, seconds, apiProcesses: 2, workers: 2, botsPerTable: 1, intervalMs: PACE_MS, seed: 2 },
    },
    ...FAULTS.map((fault) => ({
      title: `fault ${fault}, ${faultTables} tables`,
      options: { tables: faultTables, seconds: faultSeconds, apiProcesses: 1, workers: 1, botsPerTable: 1, seed: 3, faults: [fault] },
    })),
  ];
  const sections: string[] = [
    'Bots play random legal actions through HTTP against PostgreSQL (synchronous_commit on), all on one machine: the API, the worker, PostgreSQL, Redis and the bots share its cores (and, here, with other jobs). commands/s counts applied commands (201). In a closed loop every table sends its next command as soon as the last is answered, so latency is queueing (tables / throughput); the paced runs show latency at a steady load. `npm run loadtest -- --help` for the options.',
  ];
  const summary = [
    '| run | commands/s | p50 ms | p95 ms | p99 ms | 409 retried | resumed after the fault | checks |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
  ];
  const details: string[] = [];
  for (const run of runs) {
    console.error(`loadtest: ${run.title}…`);
    const report = await runLoad(run.options);
    const failed = report.checks.filter((c) => !c.ok).map((c) => c.name);
    const resumed = report.faults.map((f) => (f.resumeGapMs === undefined ? 'not within 10 s' : `${f.resumeGapMs} ms`)).join(', ');
    summary.push(
      `| ${run.title} | ${report.commandsPerSecond.toFixed(0)} | ${report.p50Ms.toFixed(1)} | ${report.p95Ms.toFixed(1)} | ${report.p99Ms.toFixed(1)} | ${report.conflicts} | ${resumed} | ${failed.length ? `FAILED: ${failed.join(', ')}` : 'all ok'} |`,
    );
    details.push(`### ${run.title}\n\n${reportMarkdown(report)}`);
  }
  return { markdown: [...sections, summary.join('\n')].join('\n\n'), details: details.join('\n\n') };
}
