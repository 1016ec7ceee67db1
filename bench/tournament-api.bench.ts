/**
 * `npm run bench:tournament-api`: the issue's 600-entry, 60-table event played by bots through the API (issue 34,
 * "Speed and scale"). The built API and a built worker (the timer moves the clock; outbox relay on, projections off)
 * on a scratch PostgreSQL database and the machine's Redis (a queue prefix of its own). 600 players register, the
 * seats are drawn onto 60 engine tables of ten, the clock starts (one-minute levels, moved on by the timer), and a bot
 * per table plays hands through HTTP (StartHand, blinds, the house deal, random legal actions, showdown), a few cash
 * tables beside them at the same pace, until the target: players left, hands played, or minutes.
 *
 *   npm run bench:tournament-api -- --players-left 60 --hands 20000 --think-ms 150 --max-minutes 10
 *   TOURNAMENT_API_PLAYERS_LEFT=60 npx tsx bench/run.ts tournament-api --record      (the same through run.ts)
 *
 * Measured: each balance decision's time where it is made (the API times the decider when a listener is preloaded:
 * bench/tournament-decision-probe.js); table command latency at tournament tables against cash tables of the same run
 * (what a table waits because of the tournament); where a tournament hand end's time goes, step by step (timed in the
 * API: apps/api/src/tournaments/hand-end-timings.ts); each level change's landing at every table (defined in
 * tournament-api-figures.ts, `landings`); hands played, CPU by process, load average.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Client } from 'pg';
import { mulberry32 } from '@felt/engine';
import { createPostgresDatabase } from '../test/support/app-databases';
import { ApiProcess, ensureBuilt } from '../apps/api/test/test-support/api-process';
import { authHeaders, TEST_TIMER_PRIVATE_KEY } from '../apps/api/test/test-support/auth';
import { JsonHttpClient } from '../apps/api/test/test-support/http-client';
import { TIMER_QUEUE } from '../apps/worker/src/timer/timer-service';
import { obliterateShards } from '../apps/worker/test-support/redis';
import { databaseCpuByPid, databaseCpuSince, processCpuMs, thisProcessCpuMs } from './api.bench';
import { WorkerProcess } from './load/worker-process';
import type { HandEndTiming } from '../apps/api/src/tournaments/hand-end-timings';
import {
  commandTable,
  decisionTable,
  handEndTable,
  landings,
  landingTable,
  type ClockStep,
  type DecisionTiming,
} from './tournament-api-figures';
import { BotRecord, TableBot } from './tournament-bots';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PROBE = join(__dirname, 'tournament-decision-probe.js');
const TOURNAMENT = 'bench';
const SEATS = 10;
const CASH_RULES = { structure: { kind: 'no-limit' }, smallBlind: 100, bigBlind: 200, maxSeats: SEATS };
/** Blinds by level (big-blind ante from the fourth), a minute each: the timer moves the clock on during the run. */
const BLINDS = [100, 150, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000, 12000];

interface Options {
  readonly entries: number;
  readonly playersLeft: number;
  readonly hands: number;
  readonly thinkMs: number;
  readonly maxMinutes: number;
  readonly cashTables: number;
}

/** `--players-left 60` (or `--players-left=60`) on the command line, else TOURNAMENT_API_PLAYERS_LEFT, else the default. */
function option(name: string, fallback: number): number {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  const raw = i < 0 ? process.env[`TOURNAMENT_API_${name.toUpperCase().replace(/-/g, '_')}`] : (args[i]!.split('=')[1] ?? args[i + 1]);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number, got ${raw}`);
  return value;
}

function options(): Options {
  return {
    entries: option('entries', 600),
    playersLeft: option('players-left', 100),
    hands: option('hands', 20_000),
    thinkMs: option('think-ms', 150),
    maxMinutes: option('max-minutes', 8),
    cashTables: option('cash-tables', 6),
  };
}

const structure = {
  name: 'Bench main event',
  startingStack: 20_000,
  seatsPerTable: SEATS,
  levels: BLINDS.map((bigBlind, i) => ({
    kind: 'level',
    smallBlind: bigBlind / 2,
    bigBlind,
    ...(i >= 3 ? { ante: bigBlind, bigBlindAnte: true } : {}),
    minutes: 1,
  })),
  lateRegistrationLevel: 1,
  entry: { prizePool: 900, houseFee: 80, staffFee: 20 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 10, places: [5000, 3000, 2000] },
  ],
};

async function expect201(answer: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const a = await answer;
  if (a.status !== 201) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
}

/** The tournament created, its tables opened, the field registered and drawn; returns the tables' ids. */
async function setUpTournament(client: JsonHttpClient, entries: number): Promise<string[]> {
  const tables = Array.from({ length: Math.ceil(entries / SEATS) }, (_, i) => `t${i + 1}`);
  const cmd = (body: object) => expect201(client.post(`/tournaments/${TOURNAMENT}/commands`, body), JSON.stringify(body));
  await expect201(client.post('/tournaments', { tournamentId: TOURNAMENT, structure }), 'create');
  for (const tableId of tables) await cmd({ type: 'AddTable', tableId });
  for (let p = 1; p <= entries; p++) await cmd({ type: 'Register', playerId: `card-${p}`, alias: `P${p}` });
  console.error(`${entries} registered on ${tables.length} tables; drawing the seats…`);
  await cmd({ type: 'DrawSeats' });
  return tables;
}

async function openCashTables(client: JsonHttpClient, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `cash-${i + 1}`);
  for (const tableId of ids) {
    await expect201(client.post('/tables', { tableId, rules: CASH_RULES }), tableId);
    for (let seat = 1; seat <= SEATS; seat++)
      await expect201(client.post(`/tables/${tableId}/seat-player`, { seat, playerId: `${tableId}-p${seat}`, buyIn: 20_000 }), tableId);
    await expect201(client.post(`/tables/${tableId}/draw-for-button`, {}), tableId);
  }
  return ids;
}

interface Progress {
  playersLeft: number;
  tablesLeft: number;
}

/** The floor's view every five seconds: a progress line, and whether the target is reached. */
async function watch(
  client: JsonHttpClient,
  o: Options,
  record: BotRecord,
  tables: Set<string>,
  stopped: () => boolean,
): Promise<Progress> {
  const started = Date.now();
  const progress: Progress = { playersLeft: o.entries, tablesLeft: tables.size };
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const view = (await client.get(`/tournaments/${TOURNAMENT}`)).body as {
      status: string;
      level: { smallBlind?: number; bigBlind?: number } | null;
      entryList: { status: string; seat: { tableId: string } | null }[];
    };
    const seated = view.entryList.filter((e) => e.status === 'seated');
    progress.playersLeft = seated.length;
    progress.tablesLeft = new Set(seated.map((e) => e.seat!.tableId)).size;
    const hands = record.handsAt(true, tables);
    const seconds = (Date.now() - started) / 1000;
    console.error(
      `${seconds.toFixed(0)} s: ${hands} hands at the tournament's tables (${record.handsAt(false, tables)} cash), ` +
        `${progress.playersLeft} players on ${progress.tablesLeft} tables, blinds ${view.level?.smallBlind}/${view.level?.bigBlind}, ${record.commands.length} commands`,
    );
    if (
      stopped() ||
      view.status === 'finished' ||
      progress.playersLeft <= o.playersLeft ||
      hands >= o.hands ||
      seconds >= o.maxMinutes * 60
    )
      return progress;
  }
}

/** The clock's steps the timer started (not the first), from the tournament's stream. */
async function clockSteps(url: string): Promise<{ steps: ClockStep[]; counts: Map<string, number> }> {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{ type: string; data: { step: number; endsAt: string | null; early?: boolean }; recorded_at: Date }>(
      `SELECT type, data, recorded_at FROM events WHERE stream_id = $1 ORDER BY global_position`,
      [`tournament-${TOURNAMENT}`],
    );
    const counts = new Map<string, number>();
    const steps: ClockStep[] = [];
    let dueAt: number | null = null;
    for (const row of rows) {
      counts.set(row.type, (counts.get(row.type) ?? 0) + 1);
      if (row.type === 'LevelStarted' && dueAt !== null && !row.data.early)
        steps.push({ step: row.data.step, dueAt, recordedAt: row.recorded_at.getTime(), bigBlind: BLINDS[row.data.step]! });
      if (row.type === 'ClockStarted' || row.type === 'LevelStarted') dueAt = row.data.endsAt ? Date.parse(row.data.endsAt) : null;
    }
    return { steps, counts };
  } finally {
    await db.end();
  }
}

/** The tables refused most often, with their count. */
function stuck(record: BotRecord): string {
  const worst = [...record.cannotDeal].sort((a, b) => b[1] - a[1]).slice(0, 5);
  return worst.length === 0 ? '' : ` (${worst.map(([t, n]) => `${t} ${n} times`).join(', ')})`;
}

function readDecisions(file: string): DecisionTiming[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as DecisionTiming);
}

interface RunFigures {
  readonly o: Options;
  readonly tables: readonly string[];
  readonly record: BotRecord;
  readonly progress: Progress;
  readonly counts: ReadonlyMap<string, number>;
  /** CPU milliseconds over the run, by process. */
  readonly cpu: { readonly api: number; readonly worker: number; readonly db: number; readonly bench: number };
  readonly seconds: number;
  readonly loads: readonly [readonly number[], readonly number[]];
  readonly decisions: readonly DecisionTiming[];
  readonly steps: readonly ClockStep[];
}

/** The run as recorded: what was played and on what, then the three measurements. */
function report({ o, tables, record, progress, counts, cpu, seconds, loads, decisions, steps }: RunFigures): string {
  const tournamentTables = new Set(tables);
  const cores = (ms: number) => (ms / 1000 / seconds).toFixed(2);
  const refusals = [...record.refusals].map(([code, n]) => `${code} ${n}`).join(', ') || 'none';
  return [
    `${o.entries} entries drawn onto ${tables.length} engine tables of ${SEATS}, and ${o.cashTables} cash tables of ${SEATS} beside them, a bot per table ` +
      `playing random legal hands through HTTP with ${o.thinkMs} ms between two commands; one-minute levels moved on by the worker's timer. ` +
      `One API process, one worker (timer and outbox relay; projections off), PostgreSQL and Redis, the bots in the benchmark's process, all on the ` +
      `same ${availableParallelism()} cores. ${seconds.toFixed(0)} s of play: ${record.handsAt(true, tournamentTables)} hands at the tournament's tables, ` +
      `${record.handsAt(false, tournamentTables)} at the cash tables; ${counts.get('PlayerBusted') ?? 0} busts, ${counts.get('PlayerMoved') ?? 0} players moved, ` +
      `${counts.get('TableBroken') ?? 0} tables broken (${progress.playersLeft} players on ${progress.tablesLeft} tables left). ` +
      `CPU in cores over the run: API ${cores(cpu.api)}, worker ${cores(cpu.worker)}, PostgreSQL ${cores(cpu.db)}, bots ${cores(cpu.bench)}. ` +
      `Load average ${loads[0].map((l) => l.toFixed(2)).join(' ')} at the start, ${loads[1].map((l) => l.toFixed(2)).join(' ')} at the end. ` +
      `Refusals (each followed by a re-read): ${refusals}. Tables that could not deal although two players or more sat there ` +
      `(StartHand refused NOT_ENOUGH_PLAYERS): ${record.cannotDeal.size}${stuck(record)}.`,
    '',
    ...decisionTable(decisions),
    '',
    ...commandTable(record),
    '',
    ...handEndTable(decisions.filter((d): d is DecisionTiming & HandEndTiming => d.type === 'HandEnd')),
    '',
    ...landingTable(landings(steps, record.handStarts)),
  ].join('\n');
}

export async function runTournamentApiBench(): Promise<{ markdown: string }> {
  const o = options();
  ensureBuilt();
  const { url, drop } = await createPostgresDatabase();
  const hex = randomBytes(4).toString('hex');
  const prefix = `felt-bench-tournament-${hex}`;
  const decisionsFile = join(tmpdir(), `felt-tournament-decisions-${hex}.jsonl`);
  let api: ApiProcess | undefined;
  let worker: WorkerProcess | undefined;
  let stop = false;
  try {
    api = await ApiProcess.start(
      { DATABASE_URL: url, LOG_LEVEL: 'warn', FELT_BENCH_DECISIONS_FILE: decisionsFile },
      { nodeArgs: ['--require', PROBE] },
    );
    worker = await WorkerProcess.start({
      DATABASE_URL: url,
      REDIS_URL,
      QUEUE_PREFIX: prefix,
      FELT_API_URL: api.baseUrl,
      FELT_TIMER_PRIVATE_KEY: TEST_TIMER_PRIVATE_KEY,
      PROJECTIONS: 'off',
    });
    const client = new JsonHttpClient(api.baseUrl, authHeaders('floor', { expiresIn: 24 * 3600 }));
    const tables = await setUpTournament(client, o.entries);
    const cash = await openCashTables(client, o.cashTables);
    await expect201(client.post(`/tournaments/${TOURNAMENT}/commands`, { type: 'StartClock' }), 'StartClock');

    const loadBefore = loadavg();
    const began = Date.now();
    const cpuBefore = {
      api: processCpuMs(api.child.pid),
      worker: processCpuMs(worker.child.pid),
      db: databaseCpuByPid(),
      bench: thisProcessCpuMs(),
    };
    const record = new BotRecord();
    const random = mulberry32(34);
    const bots = [...tables.map((t) => new TableBot(t, true, client, record, random, o.thinkMs))];
    bots.push(...cash.map((t) => new TableBot(t, false, client, record, random, o.thinkMs)));
    const playing = Promise.all(
      bots.map((bot) =>
        bot
          .play(() => stop)
          .catch((error: unknown) => {
            stop = true;
            throw error;
          }),
      ),
    );
    const progress = await watch(client, o, record, new Set(tables), () => stop);
    stop = true;
    await playing;
    const seconds = (Date.now() - began) / 1000;
    const cpu = {
      api: processCpuMs(api.child.pid) - cpuBefore.api,
      worker: processCpuMs(worker.child.pid) - cpuBefore.worker,
      db: databaseCpuSince(cpuBefore.db),
      bench: thisProcessCpuMs() - cpuBefore.bench,
    };
    const loadAfter = loadavg();
    client.close();
    await worker.stop();
    await api.stop(); // the probe writes its last timings as the API exits
    const { steps, counts } = await clockSteps(url);
    const decisions = readDecisions(decisionsFile);
    const markdown = report({ o, tables, record, progress, counts, cpu, seconds, loads: [loadBefore, loadAfter], decisions, steps });
    return { markdown };
  } catch (error) {
    if (api) console.error(`the API's last output:\n${api.log}`);
    if (worker) console.error(`the worker's last output:\n${worker.log}`);
    throw error;
  } finally {
    stop = true;
    await worker?.stop();
    await api?.stop();
    const redis = new URL(REDIS_URL);
    const queue = new Queue(TIMER_QUEUE, { connection: { host: redis.hostname, port: Number(redis.port || 6379) }, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await obliterateShards(REDIS_URL, prefix, 8); // the relay's queues (the worker's default EVENT_SHARDS)
    rmSync(decisionsFile, { force: true });
    await drop();
  }
}

if (require.main === module) {
  runTournamentApiBench()
    .then(({ markdown }) => console.log(markdown))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
