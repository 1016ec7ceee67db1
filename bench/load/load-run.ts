import { randomBytes } from 'node:crypto';
import { mulberry32 } from '@felt/engine';
import { EventStore } from '@felt/event-store';
import { EventCounter } from './event-counter';
import {
  DELIVERY_RESUME_GOAL_MS,
  FAILOVER_FAULTS,
  FAULT_SPACING,
  injectFault,
  RESUME_LIMIT_MS,
  type FaultName,
  type FaultReport,
} from './faults';
import { HaServers, type FailoverTimings } from './ha-servers';
import { runChecks, type CheckResult } from './load-checks';
import { LoadCluster } from './load-cluster';
import { LoadStats, percentile } from './load-stats';
import { openLoadTable, TableBot } from './table-bots';

/**
 * How long the bots play: `seconds` (the benchmark's: a rate over a time), or until `commands` commands are applied
 * in all (the tests': the same work whatever the machine's speed, so a busy machine makes a run slower, not shorter).
 */
export type RunLength =
  { readonly seconds: number; readonly commands?: undefined } | { readonly commands: number; readonly seconds?: undefined };

export type LoadOptions = RunLength & LoadSettings;

export interface LoadSettings {
  readonly tables: number;
  readonly apiProcesses: number;
  readonly workers: number;
  /** Bots playing each table at once, each deciding on its own view (more than one makes 409s). */
  readonly botsPerTable: number;
  /** Each bot sends a command every intervalMs (0, the default: as soon as the last one is answered). */
  readonly intervalMs?: number;
  /**
   * Faults struck one after another while the load runs: the first at `faultAt`, each next one once the last has
   * resumed and FAULT_SPACING more commands are applied. A failover fault runs alone (it needs the replicated servers).
   */
  readonly faults?: readonly FaultName[];
  /** primary-failover, redis-failover: Patroni's and Sentinel's default failure detection, or the tuned set. */
  readonly failoverTimings?: FailoverTimings;
  /** When the first fault strikes, as a fraction of the run (its seconds or its commands; default 0.3). */
  readonly faultAt?: number;
  /**
   * postgres-restart, redis-restart: how long the stopped server stays down (default 2000 ms), or 'felt': until the
   * run has felt it (a command failed while PostgreSQL was down; a command applied, so an event recorded, while Redis
   * was), whatever that takes on the machine.
   */
  readonly downFor?: number | 'felt';
  /**
   * How long to wait after the fault's return for the first applied command (or published event) before calling the
   * service not resumed (default RESUME_WAIT_MS). The bots play on past `seconds` until then, so that a slow restart
   * on a busy machine is measured rather than cut off by the end of the run.
   */
  readonly resumeWaitMs?: number;
  readonly databaseUrl?: string;
  readonly redisUrl?: string;
  readonly seed: number;
  /** Called about once a second while the load runs. */
  readonly onProgress?: (progress: LoadProgress) => void;
  /** Called when the run moves on to its next phase (starting, opening tables, playing, checking). */
  readonly onPhase?: (phase: string) => void;
}

export interface LoadProgress {
  readonly elapsedSeconds: number;
  readonly commands: number;
  readonly commandsPerSecond: number;
  readonly conflicts: number;
  readonly failures: number;
}

export interface LoadReport {
  readonly options: Omit<LoadSettings, 'onProgress' | 'onPhase'> & RunLength;
  readonly seconds: number;
  readonly commands: number;
  readonly commandsPerSecond: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly replayed: number;
  readonly conflicts: number;
  readonly reads: number;
  readonly rejections: Record<string, number>;
  readonly failures: Record<string, number>;
  /** Commands never answered, even after the run (each is a failure of the run). */
  readonly unresolved: readonly string[];
  /** One report per fault, in the order they struck. */
  readonly faults: readonly FaultReport[];
  /** Failovers: p99 of applied commands' latency before the kill, from the kill until 10 s after service resumed, and after that. */
  readonly p99ByPhase?: { readonly before: number; readonly during: number; readonly after: number };
  /** Failovers: one-row commit latency on the replicated primary, synchronous standby vs its own flush only (ms). */
  readonly commitCost?: { readonly sync: { p50: number; p99: number }; readonly local: { p50: number; p99: number } };
  readonly checks: readonly CheckResult[];
  readonly ok: boolean;
  /** The last output of every API process and worker, when a check failed (to see why). */
  readonly processLogs?: Record<string, string>;
}

/**
 * A load run: starts the cluster, opens the tables, lets the bots play for `seconds` or `commands` (the fault, if any,
 * strikes meanwhile), then checks the log, the views and the queues, and stops everything it started.
 */
export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const faults = options.faults ?? [];
  const needsWorker = faults.find((f) => f === 'worker-kill' || f === 'redis-restart' || f === 'redis-failover');
  if (options.workers === 0 && needsWorker) throw new Error(`--fault ${needsWorker} needs at least one worker`);
  const failover = faults.find((f) => FAILOVER_FAULTS.includes(f));
  if (failover && faults.length > 1) throw new Error(`--fault ${failover} runs alone: it needs the replicated servers of bench/ha`);
  const phase = options.onPhase ?? (() => undefined);
  let ha: HaServers | undefined;
  if (failover) {
    phase(`starting the replicated servers (bench/ha/up.sh, ${options.failoverTimings ?? 'defaults'} failure detection)`);
    ha = HaServers.start(options.failoverTimings);
  }
  phase(`starting ${options.apiProcesses} API process(es) and ${options.workers} worker(s)`);
  const commitCost = ha ? await ha.commitLatency().catch((error: unknown) => (ha!.dispose(), Promise.reject(error))) : undefined;
  const cluster = await LoadCluster.start({
    ha,
    apiProcesses: options.apiProcesses,
    workers: options.workers,
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    privatePostgres: faults.includes('postgres-restart'),
    privateRedis: faults.includes('redis-restart'),
  }).catch((error: unknown) => {
    ha?.dispose();
    throw error;
  });
  const counter = options.workers > 0 ? new EventCounter(cluster.redisUrl, cluster.prefix, cluster.shards, ha?.sentinel) : undefined;
  try {
    const stats = new LoadStats();
    phase(`opening ${options.tables} tables`);
    // Ids of the run's own, so that a run on a DATABASE_URL that already has tables (an earlier run's) opens new ones.
    const runId = randomBytes(3).toString('hex');
    const tableIds = Array.from({ length: options.tables }, (_, t) => `load-${runId}-${t}`);
    const views = await inBatches(tableIds, 8, (tableId, t) => openLoadTable(cluster.clients, t, tableId));

    let turn = 0;
    const pick = () => turn++;
    const bots = tableIds.flatMap((tableId, t) =>
      Array.from(
        { length: options.botsPerTable },
        (_, b) => new TableBot(tableId, `bot${b + 1}`, views[t]!, cluster.clients, stats, mulberry32(options.seed + t * 31 + b), pick),
      ),
    );
    phase(
      `playing ${options.tables} tables ${options.commands === undefined ? `for ${options.seconds} s` : `until ${options.commands} commands are applied`}`,
    );
    const began = Date.now();
    const end = began + (options.seconds ?? 0) * 1000;
    const played = () => (options.commands === undefined ? Date.now() >= end : stats.ackTimes.length >= options.commands);
    const tellProgress = () => {
      const elapsed = (Date.now() - began) / 1000;
      options.onProgress?.({
        elapsedSeconds: Math.min(elapsed, options.seconds ?? elapsed),
        commands: stats.ackTimes.length,
        commandsPerSecond: stats.ackTimes.length / Math.max(elapsed, 0.001),
        conflicts: stats.conflicts,
        failures: [...stats.failures.values()].reduce((a, b) => a + b, 0),
      });
    };
    const progress = setInterval(tellProgress, 1000);
    const faultAt = options.faultAt ?? 0.3;
    const firstFaultDue = () =>
      options.commands === undefined
        ? new Promise<void>((resolve) => setTimeout(resolve, options.seconds * 1000 * faultAt))
        : stats.whenApplied(Math.ceil(options.commands * faultAt));
    const faultsDone = (async () => {
      const reports: FaultReport[] = [];
      for (const [i, name] of faults.entries()) {
        await (i === 0 ? firstFaultDue() : stats.whenApplied(stats.ackTimes.length + FAULT_SPACING));
        reports.push(await injectFault(name, cluster, stats, counter, options.resumeWaitMs, options.downFor));
      }
      return reports;
    })();
    // The bots play until the end of the run and until the faults, if any, are over and measured (a restart slower
    // than the rest of the run would otherwise find no bot left to resume).
    let faultsOver = false;
    void faultsDone.then(
      () => (faultsOver = true),
      () => (faultsOver = true),
    );
    let struck: readonly FaultReport[] = [];
    try {
      // Paced bots start spread over one interval, so the tables do not all send at once.
      const interval = options.intervalMs ?? 0;
      await Promise.all(bots.map((bot, i) => bot.play(() => played() && faultsOver, interval, (i * interval) / bots.length)));
      struck = await faultsDone;
    } finally {
      clearInterval(progress);
      tellProgress();
    }
    const playedSeconds = (Date.now() - began) / 1000;

    phase('checking the log, the views and the queues');
    const db = await cluster.database();
    const checks: CheckResult[] = await runChecks({
      store: new EventStore(db),
      db,
      tableIds,
      stats,
      apiBaseUrls: cluster.apis.map((api) => api.baseUrl),
      counter,
      // A crashed process will not catch up: no point waiting the full time for it.
      publishWaitMs: cluster.crashes.length > 0 ? 3000 : undefined,
      // Events recorded once Redis had exited cannot have been published to the Redis that forgot them.
      publishedExactlyOnceAfter: struck.find((f) => f.fault === 'redis-restart')?.goneAt,
      inboxDropsRepeats: struck.some((f) => f.fault === 'redis-failover'),
    });
    // First, so that a crash is the first thing a failing run says.
    checks.unshift({
      name: 'no process crashed',
      ok: cluster.crashes.length === 0,
      detail: `${cluster.apis.length} API process(es), ${cluster.workers.length} worker(s)`,
      problems: cluster.crashes,
    });
    const failedOver = struck.find((f) => FAILOVER_FAULTS.includes(f.fault));
    if (failedOver) {
      // A lost primary is a reason to send again, which 503 says and 500 does not.
      const serverErrors = [...stats.failures]
        .filter(([kind]) => /^HTTP 5/.test(kind) && !kind.startsWith('HTTP 503'))
        .map(([kind, n]) => `${n} × ${kind}`);
      checks.push({
        name: 'failed commands answered 503 (retry), never 500',
        ok: serverErrors.length === 0,
        detail: `unanswered or refused: ${[...stats.failures].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`,
        problems: serverErrors,
      });
    }
    const unresolved = bots.flatMap((bot) => bot.unresolved);
    const faultsOk = struck.every((f) => f.resumeGapMs !== undefined && f.resumeGapMs <= RESUME_LIMIT_MS);
    const commands = stats.ackTimes.length;
    const { onProgress: _p, onPhase: _f, ...shown } = options;
    const ok = checks.every((c) => c.ok) && unresolved.length === 0 && faultsOk;
    const p99ByPhase =
      failedOver?.killToResumeMs !== undefined
        ? latencyByPhase(stats, failedOver.goneAt, failedOver.goneAt + failedOver.killToResumeMs + 10_000)
        : undefined;
    return {
      options: shown,
      seconds: playedSeconds,
      commands,
      commandsPerSecond: commands / playedSeconds,
      p50Ms: percentile(stats.latencies, 50),
      p95Ms: percentile(stats.latencies, 95),
      p99Ms: percentile(stats.latencies, 99),
      replayed: stats.replayed,
      conflicts: stats.conflicts,
      reads: stats.reads,
      rejections: Object.fromEntries(stats.rejections),
      failures: Object.fromEntries(stats.failures),
      unresolved,
      faults: struck,
      p99ByPhase,
      commitCost,
      checks,
      ok,
      processLogs: ok ? undefined : processLogs(cluster),
    };
  } catch (error) {
    for (const [name, log] of Object.entries(processLogs(cluster))) console.error(`${name}'s last output:\n${log}`);
    throw error;
  } finally {
    await counter?.close();
    await cluster.stop();
    ha?.dispose();
  }
}

/** p99 of the applied commands' latencies before `from`, between `from` and `to`, and after `to`. */
function latencyByPhase(stats: LoadStats, from: number, to: number): { before: number; during: number; after: number } {
  const phases = { before: [] as number[], during: [] as number[], after: [] as number[] };
  stats.ackTimes.forEach((t, i) => phases[t < from ? 'before' : t <= to ? 'during' : 'after'].push(stats.latencies[i]!));
  return { before: percentile(phases.before, 99), during: percentile(phases.during, 99), after: percentile(phases.after, 99) };
}

function processLogs(cluster: LoadCluster): Record<string, string> {
  return Object.fromEntries([
    ...cluster.apis.map((api, i) => [`API ${i + 1}`, api.log.slice(-4000)]),
    ...cluster.workers.map((worker, i) => [`worker ${i + 1}`, worker.log.slice(-4000)]),
  ]);
}

/** Runs `fn` over `items`, `size` at a time, keeping the results in order. */
async function inBatches<T, R>(items: readonly T[], size: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map((item, i) => fn(item, start + i)))));
  }
  return results;
}

/** The report as markdown (the CLI prints it; docs/benchmarks.md records it). */
export function reportMarkdown(report: LoadReport): string {
  const o = report.options;
  const ms = (n: number) => (Number.isNaN(n) ? '-' : n.toFixed(1));
  const counts = (m: Record<string, number>) =>
    Object.entries(m)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ') || 'none';
  const lines = [
    `| tables | bots/table | pace | API processes | workers | fault | seconds | commands | commands/s | p50 ms | p95 ms | p99 ms | 409 retried |`,
    `|---:|---:|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|`,
    `| ${o.tables} | ${o.botsPerTable} | ${o.intervalMs ? `1 per ${o.intervalMs} ms` : 'closed loop'} | ${o.apiProcesses} | ${o.workers} | ${o.faults?.join(', ') || 'none'} | ${report.seconds.toFixed(1)} | ${report.commands} | ${report.commandsPerSecond.toFixed(0)} | ${ms(report.p50Ms)} | ${ms(report.p95Ms)} | ${ms(report.p99Ms)} | ${report.conflicts} |`,
    '',
    `Rejections by code: ${counts(report.rejections)}. Unanswered requests sent again: ${counts(report.failures)}; found applied on retry (200): ${report.replayed}; never answered: ${report.unresolved.length}.`,
  ];
  for (const f of report.faults) {
    lines.push(
      '',
      `Fault: ${f.what}. Service resumed ${f.resumeGapMs === undefined ? `NOT within ${f.resumeWaitMs} ms` : `${f.resumeGapMs} ms`} after the return (limit ${RESUME_LIMIT_MS} ms); down to back ${f.returnedAt - f.downAt} ms; longest stretch without an applied command ${f.longestSilenceMs} ms.`,
    );
    if (f.deliveryResumeMs !== undefined) {
      const from = f.fault === 'worker-kill' ? 'the new worker process started' : 'Redis was back';
      const resumed = f.deliveryResumeMs;
      lines.push(
        '',
        `Delivery: the first event consumed ${resumed} ms after ${from} (goal < ${DELIVERY_RESUME_GOAL_MS} ms: ${resumed < DELIVERY_RESUME_GOAL_MS ? 'met' : 'NOT met'}).`,
      );
    }
    if (f.killToResumeMs !== undefined) {
      const p = report.p99ByPhase;
      lines.push(
        '',
        `Failover: ${f.killToResumeMs} ms from the kill to the first ${f.fault === 'redis-failover' ? 'event taken from the new master' : 'command applied on the new primary'}.${p ? ` p99 ms before the kill ${ms(p.before)}, from the kill to 10 s after resuming ${ms(p.during)}, after ${ms(p.after)}.` : ''}`,
      );
    }
  }
  if (report.commitCost) {
    const c = report.commitCost;
    lines.push(
      '',
      `One-row commit on the primary, same run: synchronous standby p50 ${ms(c.sync.p50)} ms / p99 ${ms(c.sync.p99)} ms; its own flush only (a single server) p50 ${ms(c.local.p50)} ms / p99 ${ms(c.local.p99)} ms.`,
    );
  }
  lines.push('', '| check | result | |', '|---|---|---|');
  // One line per row: a problem's own line breaks and pipes would break the table.
  const cell = (text: string) => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|');
  for (const c of report.checks)
    lines.push(
      `| ${c.name} | ${c.ok ? 'ok' : 'FAILED'} | ${cell(`${c.detail}${c.problems.length ? `: ${c.problems.join('; ')}` : ''}`)} |`,
    );
  return lines.join('\n');
}
