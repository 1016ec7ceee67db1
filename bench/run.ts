/**
 * `npm run bench` (and bench:<name>): runs benchmarks, prints their tables and records them in
 * docs/benchmarks.md under a heading per benchmark, with the date and the machine.
 * Usage: tsx bench/run.ts [evaluator|engine|phh|relay|api|clock ...]   (no names: evaluator, engine, phh)
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

type Bench = { title: string; run: () => Promise<{ markdown: string }> | { markdown: string } };

const benches: Record<string, Bench> = {
  evaluator: { title: 'Hand evaluator (7 cards)', run: async () => (await import('./evaluator.bench')).runEvaluatorBench() },
  engine: { title: 'Engine: complete 6-max hands', run: async () => (await import('./engine.bench')).runEngineBench() },
  phh: { title: 'PHH replay of the conformance corpus', run: async () => (await import('./phh.bench')).runPhhBench() },
  verify: { title: 'felt verify', run: async () => (await import('./verify.bench')).runVerifyBench() },
  projections: { title: 'Projection rebuild', run: async () => (await import('./projections.bench')).runProjectionsBench() },
  relay: { title: 'Outbox relay to BullMQ', run: async () => (await import('./relay.bench')).runRelayBench() },
  api: { title: 'API: durable commands through HTTP on PostgreSQL', run: async () => (await import('./api.bench')).runApiBench() },
  loadtest: { title: 'Load test: tables, scale-out and faults (npm run loadtest)', run: async () => (await import('./load/load.bench')).runLoadBench() },
  live: { title: 'Live updates: command to console over WebSocket', run: async () => (await import('./live.bench')).runLiveBench() },
  lists: { title: 'List routes at 10,000 tables', run: async () => (await import('./lists.bench')).runListsBench() },
  clock: { title: 'Shot clocks: timer lateness at 500 concurrent clocks', run: async () => (await import('./clock.bench')).runClockBench() },
  json: { title: "The API's body parser", run: async () => (await import('./json-body.bench')).runJsonBodyBench() },
};

function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

function record(name: string, title: string, markdown: string): void {
  const file = join(process.cwd(), 'docs', 'benchmarks.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const section = `${start}\n## ${title}\n\n${new Date().toISOString().slice(0, 10)}, ${machine()}.\n\n${markdown}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  const next = i >= 0 && j > i ? doc.slice(0, i) + section + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  for (const name of names.length ? names : ['evaluator', 'engine', 'phh']) {
    const bench = benches[name];
    if (!bench) {
      console.error(`unknown benchmark "${name}"; choose from ${Object.keys(benches).join(', ')}`);
      process.exit(2);
    }
    console.error(`running ${name}…`);
    const { markdown } = await bench.run();
    console.log(`\n## ${bench.title}\n\n${markdown}`);
    // BENCH_RECORD=0: an exploratory run (a profile, a trial) that must not replace the recorded figures.
    if (process.env.BENCH_RECORD !== '0') record(name, bench.title, markdown);
  }
  if (process.env.BENCH_RECORD !== '0') console.error('recorded in docs/benchmarks.md');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
