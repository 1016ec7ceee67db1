/**
 * `npm run loadtest`: N tables played by bots through the HTTP API for T seconds, against PostgreSQL (DATABASE_URL,
 * else a throwaway database on 127.0.0.1:5432) and Redis (REDIS_URL, else 127.0.0.1:6379, under a key prefix of its
 * own), with optional scale-out and one injected fault; then the end checks. Exits 1 when a check fails.
 *
 *   npm run loadtest -- --tables 200 --seconds 60
 *   npm run loadtest -- --tables 200 --seconds 60 --interval-ms 2000     (a command every 2 s per table)
 *   npm run loadtest -- --tables 50 --seconds 30 --api-processes 2 --workers 2
 *   npm run loadtest -- --tables 20 --seconds 20 --fault postgres-restart
 *   npm run loadtest -- --tables 50 --seconds 60 --fault primary-failover [--failover-timings tuned]   (bench/ha)
 *   npm run loadtest -- --tables 50 --seconds 60 --fault redis-failover [--failover-timings tuned]
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import { FAULTS, type FaultName } from './faults';
import { reportMarkdown, runLoad } from './load-run';

function whole(min: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw new InvalidArgumentError(`a whole number >= ${min}`);
    return n;
  };
}

const program = new Command('loadtest')
  .description('Load, scale-out and fault runs against the built API and worker (npm run loadtest builds them first)')
  .option('--tables <n>', 'tables played at once', whole(1), 200)
  .option('--seconds <n>', 'how long the bots play', whole(1), 60)
  .option('--api-processes <n>', "API processes on one database; every table's commands go to all of them in turn", whole(1), 1)
  .option('--workers <n>', 'outbox relay workers (0: no queues, no publish check)', whole(0), 1)
  .option('--interval-ms <n>', 'each bot sends a command every n ms (0: as soon as the last one is answered)', whole(0), 0)
  .option('--bots-per-table <n>', 'bots deciding on each table at once (default 1, or 2 with several API processes)', whole(1))
  .addOption(new Option('--fault <fault>', 'inject one fault while the load runs').choices(FAULTS))
  .addOption(
    new Option(
      '--failover-timings <set>',
      "primary-failover, redis-failover: Patroni's and Sentinel's default failure detection or a tuned set (bench/ha/up.sh)",
    )
      .choices(['defaults', 'tuned'])
      .default('defaults'),
  )
  .option('--seed <n>', "seed of the bots' choices", whole(0), 20261130)
  .option('--json', 'print the report as JSON rather than markdown');

async function main(): Promise<void> {
  program.parse();
  const o = program.opts<{
    tables: number;
    seconds: number;
    apiProcesses: number;
    workers: number;
    botsPerTable?: number;
    intervalMs: number;
    fault?: FaultName;
    failoverTimings: 'defaults' | 'tuned';
    seed: number;
    json?: boolean;
  }>();
  const bar = new SingleBar(
    { format: '{bar} {value}/{total} s | {commands} commands, {rate}/s | 409 {conflicts} | resent {failures}', hideCursor: true },
    Presets.shades_classic,
  );
  let barStarted = false;
  const report = await runLoad({
    tables: o.tables,
    seconds: o.seconds,
    apiProcesses: o.apiProcesses,
    workers: o.workers,
    botsPerTable: o.botsPerTable ?? (o.apiProcesses > 1 ? 2 : 1),
    intervalMs: o.intervalMs,
    faults: o.fault ? [o.fault] : [],
    failoverTimings: o.failoverTimings,
    seed: o.seed,
    databaseUrl: process.env.DATABASE_URL || undefined,
    redisUrl: process.env.REDIS_URL || undefined,
    onPhase: (phase) => {
      if (barStarted) {
        bar.stop();
        barStarted = false;
      }
      console.error(`${phase}…`);
      if (phase.startsWith('playing')) {
        bar.start(o.seconds, 0, { commands: 0, rate: 0, conflicts: 0, failures: 0 });
        barStarted = true;
      }
    },
    onProgress: (p) =>
      bar.update(Math.floor(p.elapsedSeconds), {
        commands: p.commands,
        rate: p.commandsPerSecond.toFixed(0),
        conflicts: p.conflicts,
        failures: p.failures,
      }),
  });
  if (barStarted) bar.stop();
  console.log(o.json ? JSON.stringify({ ...report, processLogs: undefined }, null, 2) : reportMarkdown(report));
  if (!report.ok) {
    for (const [name, log] of Object.entries(report.processLogs ?? {})) console.error(`--- ${name}'s last output ---\n${log}`);
    console.error('loadtest: a check failed (see above)');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
