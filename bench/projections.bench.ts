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
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { EventStore, openDatabase, positionOf, START, type RecordedEvent } from '@felt/event-store';
import { READ_MODELS } from '../apps/worker/src/projections/read-models';
import { rebuildProjection } from '../apps/worker/src/projections/projection-rebuild';
import { asAdmin, benchStreams, insert, urlFor } from './verify.bench';

const GOAL_SHARE = 0.4;
const BATCH = 20_000;

export interface ProjectionsBenchRow {
  readonly name: string;
  readonly events: number;
  readonly rows: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
}

/** Event i of every table, then event i + 1 of every table, ...: versions stay in order within each stream. */
function interleave(streams: readonly RecordedEvent[][]): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  const longest = Math.max(...streams.map((s) => s.length));
  for (let i = 0; i < longest; i++) for (const s of streams) if (i < s.length) out.push(s[i]!);
  return out;
}

export async function runProjectionsBench(options: { events?: number; log?: (line: string) => void } = {}): Promise<{ rows: ProjectionsBenchRow[]; markdown: string }> {
  const total = options.events ?? Number(process.env.FELT_BENCH_EVENTS ?? 1_000_000);
  const say = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const tables = 100;
  const streams = benchStreams({ tables, distinct: 10, perTable: Math.ceil(total / tables), say });
  const log = interleave(streams);

  const name = `felt_bench_projections_${randomBytes(4).toString('hex')}`;
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = urlFor(name);
  try {
    await (await openDatabase({ databaseUrl: url })).close();
    let t0 = Date.now();
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

    const db = await openDatabase({ databaseUrl: url, postgres: { maxConnections: 4 } });
    const store = new EventStore(db);
    try {
      // Raw read: the same rows through the same gap-safe reader, in pages as large as the rebuild's, doing nothing.
      t0 = Date.now();
      let read = 0;
      for (let after = START; ; ) {
        const page = await store.readAll({ after, limit: BATCH });
        if (page.length === 0) break;
        read += page.length;
        after = positionOf(page[page.length - 1]!);
      }
      const rawSeconds = (Date.now() - t0) / 1000;
      say(`raw read ${read} events (${rawSeconds.toFixed(1)}s)`);
      const rows: ProjectionsBenchRow[] = [{ name: `raw read (readAll, pages of ${BATCH.toLocaleString('en-US')})`, events: read, rows: 0, seconds: rawSeconds, eventsPerSecond: read / rawSeconds }];

      for (const model of READ_MODELS) {
        t0 = Date.now();
        const result = await rebuildProjection(store, model, { batchSize: BATCH });
        const seconds = (Date.now() - t0) / 1000;
        say(`rebuilt ${model.name}: ${result.events} events, ${result.rows} row writes (${seconds.toFixed(1)}s)`);
        if (result.events !== read) throw new Error(`${model.name} rebuilt from ${result.events} events, the log has ${read}`);
        rows.push({ name: `rebuild ${model.name}`, events: result.events, rows: result.rows, seconds, eventsPerSecond: result.events / seconds });
      }

      const raw = rows[0]!.eventsPerSecond;
      const rebuilds = rows.slice(1);
      const slowest = rebuilds.reduce((a, b) => (a.eventsPerSecond < b.eventsPerSecond ? a : b));
      const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
      const markdown = [
        `${fmt(read)} events in ${tables} tables, interleaved, on PostgreSQL; each read model rebuilt from position zero into fresh tables ` +
          `and swapped in (batches of ${fmt(BATCH)} events, one transaction each). Goal: every rebuild at >= ${GOAL_SHARE * 100}% of the raw read's rate.`,
        '',
        '| | events | row writes | seconds | events/s | share of raw |',
        '|---|---:|---:|---:|---:|---:|',
        ...rows.map((r) => `| ${r.name} | ${fmt(r.events)} | ${fmt(r.rows)} | ${r.seconds.toFixed(1)} | ${fmt(r.eventsPerSecond)} | ${Math.round((100 * r.eventsPerSecond) / raw)}% |`),
        '',
        `${slowest.eventsPerSecond >= GOAL_SHARE * raw ? 'Meets' : 'Misses'} the goal: the slowest, ${slowest.name}, runs at ${Math.round((100 * slowest.eventsPerSecond) / raw)}% of the raw read. ` +
          `Load average during the run: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores.`,
      ].join('\n');
      return { rows, markdown };
    } finally {
      await db.close();
    }
  } finally {
    await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
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
