/**
 * Projection rebuild benchmark: a million events in a scratch PostgreSQL database, each read model rebuilt from
 * position zero (felt projections rebuild: fresh tables, then the swap), beside a raw read of the same rows with the
 * same gap-safe reader in the same run. The goal: each rebuild at >= 40% of the raw read's events/s.
 *
 *   npm run bench:projections            (or: npx tsx bench/run.ts projections)
 *   FELT_BENCH_EVENTS=200000 ...         a smaller log
 *
 * The log is verify's (bench/verify.bench.ts: random legal play copied under 100 table ids), interleaved event by
 * event across the tables as a casino's log is, and inserted over one connection so the global order is that one.
 */
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { EventStore, openDatabase, positionOf, START, type RecordedEvent } from '@felt/event-store';
import { READ_MODELS, rebuildProjection } from '@felt/read-models';
import { createScratchDatabase } from './scratch-database';
import { benchStreams, insert } from './verify.bench';
import { migrations } from '../migrations';

const GOAL_SHARE = 0.4;
const BATCH = 20_000;

interface Measured {
  readonly events: number;
  readonly rows: number;
  readonly seconds: number;
  /** CPU seconds of this process (all its threads). */
  readonly cpuSeconds: number;
}

export interface ProjectionsBenchRow {
  readonly name: string;
  readonly raw: Measured;
  readonly rebuild: Measured;
}

async function measure(run: () => Promise<{ events: number; rows: number }>): Promise<Measured> {
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const { events, rows } = await run();
  const cpu = process.cpuUsage(cpu0);
  return { events, rows, seconds: (Date.now() - t0) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
}

/** Event i of every table, then event i + 1 of every table, ...: versions stay in order within each stream. */
function interleave(streams: readonly RecordedEvent[][]): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  const longest = Math.max(...streams.map((s) => s.length));
  for (let i = 0; i < longest; i++) for (const s of streams) if (i < s.length) out.push(s[i]!);
  return out;
}

export async function runProjectionsBench(
  options: { events?: number; log?: (line: string) => void } = {},
): Promise<{ rows: ProjectionsBenchRow[]; markdown: string }> {
  const total = options.events ?? Number(process.env.FELT_BENCH_EVENTS ?? 1_000_000);
  const say = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const tables = 100;
  const streams = benchStreams({ tables, distinct: 10, perTable: Math.ceil(total / tables), say });
  const log = interleave(streams);

  const { name, url, drop } = await createScratchDatabase('felt_bench_projections');
  try {
    await (await openDatabase({ databaseUrl: url, migrations })).close();
    const t0 = Date.now();
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await insert([client], streams, log);
      await client.query('ANALYZE events');
    } finally {
      await client.end();
    }
    say(`inserted ${log.length} events, tables interleaved, into ${name} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
    streams.length = 0;
    log.length = 0;

    const db = await openDatabase({ databaseUrl: url, migrations, postgres: { maxConnections: 4 } });
    const store = new EventStore(db);
    try {
      // Each rebuild beside a raw read measured just before it: the machine's load moves during a long run.
      const rows: ProjectionsBenchRow[] = [];
      for (const model of READ_MODELS) {
        const raw = await measure(async () => {
          let read = 0;
          for (let after = START; ;) {
            const page = await store.readAll({ after, limit: BATCH });
            if (page.length === 0) return { events: read, rows: 0 };
            read += page.length;
            after = positionOf(page[page.length - 1]!);
          }
        });
        const rebuilt = await measure(() => rebuildProjection(store, model, { batchSize: BATCH }));
        say(
          `raw read ${raw.events} events (${raw.seconds.toFixed(1)}s); rebuilt ${model.name}: ${rebuilt.events} events, ${rebuilt.rows} row writes (${rebuilt.seconds.toFixed(1)}s)`,
        );
        if (rebuilt.events !== raw.events)
          throw new Error(`${model.name} rebuilt from ${rebuilt.events} events, the log has ${raw.events}`);
        rows.push({ name: model.name, raw, rebuild: rebuilt });
      }

      const share = (r: ProjectionsBenchRow) => r.rebuild.events / r.rebuild.seconds / (r.raw.events / r.raw.seconds);
      const slowest = rows.reduce((a, b) => (share(a) < share(b) ? a : b));
      const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
      const rate = (m: Measured) => fmt(m.events / m.seconds);
      const markdown = [
        `${fmt(rows[0]!.raw.events)} events in ${tables} tables, interleaved, on PostgreSQL; each read model rebuilt from position zero into fresh tables ` +
          `and swapped in (batches of ${fmt(BATCH)} events, one transaction each), beside a raw read of the same rows with the same gap-safe reader ` +
          `(readAll, pages of ${fmt(BATCH)}) measured just before it. Goal: every rebuild at >= ${GOAL_SHARE * 100}% of the raw read's events/s.`,
        '',
        '| read model | row writes | raw read s (CPU s) | raw events/s | rebuild s (CPU s) | rebuild events/s | share of raw |',
        '|---|---:|---:|---:|---:|---:|---:|',
        ...rows.map(
          (r) =>
            `| ${r.name} | ${fmt(r.rebuild.rows)} | ${r.raw.seconds.toFixed(1)} (${r.raw.cpuSeconds.toFixed(1)}) | ${rate(r.raw)} | ` +
            `${r.rebuild.seconds.toFixed(1)} (${r.rebuild.cpuSeconds.toFixed(1)}) | ${rate(r.rebuild)} | ${Math.round(100 * share(r))}% |`,
        ),
        '',
        `${share(slowest) >= GOAL_SHARE ? 'Meets' : 'Misses'} the goal: the slowest, ${slowest.name}, rebuilds at ${(100 * share(slowest)).toFixed(1)}% of the raw read's rate. ` +
          `CPU s: this process only (the fold, JSON, the driver); PostgreSQL's work is beside it. ` +
          `Load average during the run: ${loadavg()
            .map((l) => l.toFixed(1))
            .join(', ')} on ${cpus().length} cores.`,
      ].join('\n');
      return { rows, markdown };
    } finally {
      await db.close();
    }
  } finally {
    await drop();
  }
}

if (require.main === module) {
  runProjectionsBench()
    .then((r) => console.log(r.markdown))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
