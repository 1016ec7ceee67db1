/**
 * `npm run bench` (and bench:<name>): runs benchmarks and prints their tables; each result also goes to
 * tmp/bench/<name>.md (gitignored), with the date and the machine. `--record` (`npm run bench -- --record`, the same
 * for every bench:* script) also makes it the benchmark's current table in docs/benchmarks.md, replacing the one
 * there: the tracked tree changes only when asked (a profile, a trial or a run on a busy machine is not a figure).
 * Usage: tsx bench/run.ts [evaluator|engine|phh|relay|api|clock ...] [--record]   (no names: evaluator, engine, phh)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

/** `markdown`: the current table (what --record keeps); `details`: printed and written to tmp/bench only. */
type Result = { markdown: string; details?: string };
type Bench = { title: string; run: () => Promise<Result> | Result };

const benches: Record<string, Bench> = {
  evaluator: { title: 'Hand evaluator (7 cards)', run: async () => (await import('./evaluator.bench')).runEvaluatorBench() },
  engine: { title: 'Engine: complete 6-max hands', run: async () => (await import('./engine.bench')).runEngineBench() },
  phh: { title: 'PHH replay of the conformance corpus', run: async () => (await import('./phh.bench')).runPhhBench() },
  verify: { title: 'felt verify', run: async () => (await import('./verify.bench')).runVerifyBench() },
  projections: { title: 'Projection rebuild', run: async () => (await import('./projections.bench')).runProjectionsBench() },
  relay: { title: 'Outbox relay to BullMQ', run: async () => (await import('./relay.bench')).runRelayBench() },
  'relay-tournaments': {
    title: 'Outbox relay: tournament events in their public form',
    run: async () => (await import('./relay-tournaments.bench')).runRelayTournamentsBench(),
  },
  api: { title: 'API: durable commands through HTTP on PostgreSQL', run: async () => (await import('./api.bench')).runApiBench() },
  loadtest: {
    title: 'Load test: tables, scale-out and faults (npm run loadtest)',
    run: async () => (await import('./load/load.bench')).runLoadBench(),
  },
  live: { title: 'Live updates: command to console over WebSocket', run: async () => (await import('./live.bench')).runLiveBench() },
  lists: { title: 'List routes at 10,000 tables', run: async () => (await import('./lists.bench')).runListsBench() },
  players: {
    title: 'Players: seat check and lookup at 100,000 players and 50,000 exclusions',
    run: async () => (await import('./players.bench')).runPlayersBench(),
  },
  clock: {
    title: 'Shot clocks: timer lateness at 500 concurrent clocks',
    run: async () => (await import('./clock.bench')).runClockBench(),
  },
  json: { title: "The API's body parser", run: async () => (await import('./json-body.bench')).runJsonBodyBench() },
  tournament: {
    title: 'Tournament decisions: 600 entries, 60 tables',
    run: async () => (await import('./tournament.bench')).runTournamentBench(),
  },
  'tournament-api': {
    title: 'Tournament through the API: 600 entries, 60 tables, bots at every table',
    run: async () => (await import('./tournament-api.bench')).runTournamentApiBench(),
  },
};

function machine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

/** The section as recorded: the title, when and where it ran, the table. */
function section(title: string, markdown: string): string {
  return `## ${title}\n\n${new Date().toISOString().slice(0, 10)}, ${machine()}.\n\n${markdown}\n`;
}

/** Replaces the benchmark's section of docs/benchmarks.md (between its markers), or adds it at the end. */
function record(name: string, text: string): void {
  const file = join(process.cwd(), 'docs', 'benchmarks.md');
  const doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  const block = `${start}\n${text}${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  writeFileSync(file, i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const recording = args.includes('--record');
  const unknown = args.filter((a) => a.startsWith('-') && a !== '--record');
  if (unknown.length > 0) {
    console.error(
      `unknown option ${unknown.join(' ')}; the only one is --record (make the results the current figures in docs/benchmarks.md)`,
    );
    process.exit(2);
  }
  const names = args.filter((a) => !a.startsWith('-'));
  const outDir = join(process.cwd(), 'tmp', 'bench');
  mkdirSync(outDir, { recursive: true });
  for (const name of names.length ? names : ['evaluator', 'engine', 'phh']) {
    const bench = benches[name];
    if (!bench) {
      console.error(`unknown benchmark "${name}"; choose from ${Object.keys(benches).join(', ')}`);
      process.exit(2);
    }
    console.error(`running ${name}…`);
    const { markdown, details } = await bench.run();
    const text = section(bench.title, markdown);
    const full = details ? `${text}\n${details}\n` : text;
    console.log(`\n${full}`);
    const out = join(outDir, `${name}.md`);
    writeFileSync(out, full);
    console.error(`written to ${out}`);
    if (recording) {
      record(name, text);
      console.error(`recorded in docs/benchmarks.md`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
