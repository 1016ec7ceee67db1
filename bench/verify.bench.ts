/**
 * `felt verify` benchmark: a million events in a scratch PostgreSQL database, verified (hash chain, versions, the
 * rules re-derived with the engine, chip conservation), beside a raw read of the same rows. The goal: under 10 s.
 *
 *   npm run bench:verify            (or: npx tsx bench/run.ts verify)
 *   FELT_BENCH_EVENTS=200000 ...    a smaller log
 *
 * The log is made quickly: distinct tables are played by random legal players (randomTableLog: the engine's
 * randomLegalCommand with a seeded mulberry32), then each is copied under other table ids with its hash chain
 * recomputed, and the rows are bulk-inserted with unnest() in batches (about 1.5 minutes for a million events, made
 * afresh each run: nothing is cached). The database is dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { EventStore, GENESIS_HASH, openDatabase, type RecordedEvent } from '@felt/event-store';
import { cpus, loadavg } from 'node:os';
import { fastEventHash, randomTableLog, verifyStore, verifyStoreInWorkers } from '@felt/regulator';
import { createScratchDatabase } from './scratch-database';
import { migrations } from '../migrations';

const GOAL_SECONDS = 10;

export interface VerifyBenchRow {
  readonly name: string;
  readonly events: number;
  readonly seconds: number;
  /** CPU seconds this process spent (all its threads): the wall time on a machine with nothing else to run. */
  readonly cpuSeconds: number;
  readonly eventsPerSecond: number;
}

const cpuSince = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
};

/** The same hands under another table id: stream id, TableOpened's tableId, command ids and the chain change. */
export function retarget(log: readonly RecordedEvent[], tableId: string): RecordedEvent[] {
  const streamId = `table-${tableId}`;
  let prevHash = GENESIS_HASH;
  return log.map((e) => {
    const data = e.type === 'TableOpened' ? { ...(e.data as object), tableId } : e.data;
    const commandId = `${streamId}/${e.metadata.commandId!.split('/').pop()}`;
    // Scratch data: a random event id is as unique as the store's derived one, and far cheaper to make.
    const fields = { ...e, streamId, eventId: randomUUID(), data: data as RecordedEvent['data'], metadata: { ...e.metadata, commandId } };
    const hash = fastEventHash(prevHash, fields);
    const out = { ...fields, prevHash, hash };
    prevHash = hash;
    return out;
  });
}

/**
 * Streams first (events reference them), then the events (`all`, stream after stream unless told) in batches of
 * 10,000 rows over `clients` connections. With one client the global log keeps the order of `all`.
 */
export async function insert(clients: Client[], streams: RecordedEvent[][], all: readonly RecordedEvent[] = streams.flat()): Promise<void> {
  for (const events of streams) {
    const last = events[events.length - 1]!;
    await clients[0]!.query(`INSERT INTO streams (stream_id, category, version, last_hash) VALUES ($1, 'table', $2, $3)`, [
      last.streamId,
      last.streamVersion,
      last.hash,
    ]);
  }
  const BATCH = 10000;
  let next = 0;
  await Promise.all(
    clients.map(async (client) => {
      // Each connection takes the next batch not yet taken.
      for (let i = next++ * BATCH; i < all.length; i = next++ * BATCH) {
        const rows = all.slice(i, i + BATCH);
        await client.query(
          `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, prev_hash, hash)
           SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::timestamptz[], $9::text[], $10::text[])`,
          [
            rows.map((r) => r.eventId),
            rows.map((r) => r.streamId),
            rows.map((r) => r.streamVersion),
            rows.map((r) => r.type),
            rows.map((r) => r.schemaVersion),
            rows.map((r) => JSON.stringify(r.data)),
            rows.map((r) => JSON.stringify(r.metadata)),
            rows.map((r) => r.recordedAt),
            rows.map((r) => r.prevHash),
            rows.map((r) => r.hash),
          ],
        );
      }
    }),
  );
}

/**
 * The benchmark log: `distinct` tables played by random legal players, copied under `tables` table ids
 * (bench-000 ...) with their hash chains recomputed, about `perTable` events each.
 */
export function benchStreams(options: {
  tables: number;
  distinct: number;
  perTable: number;
  say: (line: string) => void;
}): RecordedEvent[][] {
  const { tables, distinct, perTable, say } = options;
  let t0 = Date.now();
  const played = Array.from({ length: distinct }, (_, k) => randomTableLog({ tableId: `bench-${k}`, seed: 1000 + k, events: perTable }));
  say(`played ${distinct} distinct tables of ${perTable} events (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  t0 = Date.now();
  const streams = Array.from({ length: tables }, (_, i) => retarget(played[i % distinct]!, `bench-${String(i).padStart(3, '0')}`));
  say(
    `copied to ${tables} tables, ${streams.reduce((n, s) => n + s.length, 0)} events, chains recomputed (${((Date.now() - t0) / 1000).toFixed(1)}s)`,
  );
  return streams;
}

export async function runVerifyBench(
  options: { events?: number; log?: (line: string) => void } = {},
): Promise<{ rows: VerifyBenchRow[]; markdown: string }> {
  const total = options.events ?? Number(process.env.FELT_BENCH_EVENTS ?? 1_000_000);
  const say = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const tables = 100;
  const distinct = 10;
  const perTable = Math.ceil(total / tables);

  const streams = benchStreams({ tables, distinct, perTable, say });
  const events = streams.reduce((n, s) => n + s.length, 0);

  const { name, url, drop } = await createScratchDatabase('felt_bench_verify');
  try {
    const migrated = await openDatabase({ databaseUrl: url, migrations });
    await migrated.close();
    let t0 = Date.now();
    const clients = Array.from({ length: 3 }, () => new Client({ connectionString: url }));
    await Promise.all(clients.map((c) => c.connect()));
    try {
      await insert(clients, streams);
      await clients[0]!.query('ANALYZE events');
    } finally {
      await Promise.all(clients.map((c) => c.end()));
    }
    say(`inserted ${events} events into ${name} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
    streams.length = 0;

    const db = openDatabase({ databaseUrl: url, migrations });
    const store = new EventStore(await db);
    try {
      // Raw read: the same rows, page by page per stream, as verify reads them, doing nothing with them.
      t0 = Date.now();
      let cpu0 = process.cpuUsage();
      let read = 0;
      for (const s of await store.listStreams()) {
        for (let from = 1; ;) {
          const page = await store.readStream(s.streamId, { fromVersion: from, limit: 5000 });
          read += page.length;
          if (page.length < 5000) break;
          from = page[page.length - 1]!.streamVersion + 1;
        }
      }
      const rawSeconds = (Date.now() - t0) / 1000;
      const rawCpu = cpuSince(cpu0);
      say(`raw read ${read} events (${rawSeconds.toFixed(1)}s)`);

      // The rows as verify reads them on PostgreSQL (COPY, parsed into events), doing nothing with them: its floor.
      t0 = Date.now();
      cpu0 = process.cpuUsage();
      let copied = 0;
      const reader = await store.openWholeStreamReader();
      try {
        for (const s of await store.listStreams()) copied += await reader.read(s.streamId, () => undefined);
      } finally {
        reader.close();
      }
      const copySeconds = (Date.now() - t0) / 1000;
      const copyCpu = cpuSince(cpu0);
      say(`COPY read ${copied} events (${copySeconds.toFixed(1)}s)`);

      t0 = Date.now();
      cpu0 = process.cpuUsage();
      const report = await verifyStore(store);
      const verifySeconds = (Date.now() - t0) / 1000;
      const verifyCpu = cpuSince(cpu0);
      say(`verified ${report.events} events, ${report.hands} hands, ${report.violations.length} violations (${verifySeconds.toFixed(1)}s)`);
      if (report.violations.length > 0) throw new Error(`the benchmark log must verify: ${report.violations[0]!.message}`);

      const workers = Math.max(2, cpus().length);
      t0 = Date.now();
      cpu0 = process.cpuUsage();
      const threaded = await verifyStoreInWorkers(url, { workers });
      const threadedSeconds = (Date.now() - t0) / 1000;
      const threadedCpu = cpuSince(cpu0);
      say(
        `verified on ${workers} worker threads: ${threaded.events} events, ${threaded.violations.length} violations (${threadedSeconds.toFixed(1)}s)`,
      );
      if (threaded.violations.length > 0) throw new Error(`the benchmark log must verify: ${threaded.violations[0]!.message}`);

      const rows: VerifyBenchRow[] = [
        {
          name: 'raw read (readStream pages, 5,000 rows)',
          events: read,
          seconds: rawSeconds,
          cpuSeconds: rawCpu,
          eventsPerSecond: read / rawSeconds,
        },
        {
          name: 'raw read as verify reads (COPY, rows parsed)',
          events: copied,
          seconds: copySeconds,
          cpuSeconds: copyCpu,
          eventsPerSecond: copied / copySeconds,
        },
        {
          name: 'felt verify (chain + rules + chips)',
          events: report.events,
          seconds: verifySeconds,
          cpuSeconds: verifyCpu,
          eventsPerSecond: report.events / verifySeconds,
        },
        {
          name: `felt verify --workers ${workers}`,
          events: threaded.events,
          seconds: threadedSeconds,
          cpuSeconds: threadedCpu,
          eventsPerSecond: threaded.events / threadedSeconds,
        },
      ];
      const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
      const markdown = [
        `${fmt(events)} events in ${tables} tables (${fmt(report.hands)} hands) on PostgreSQL; goal: verify in under ${GOAL_SECONDS} s.`,
        '',
        '| | events | seconds | CPU seconds (this process) | events/s |',
        '|---|---:|---:|---:|---:|',
        ...rows.map(
          (r) => `| ${r.name} | ${fmt(r.events)} | ${r.seconds.toFixed(1)} | ${r.cpuSeconds.toFixed(1)} | ${fmt(r.eventsPerSecond)} |`,
        ),
        '',
        `Verify ${Math.min(verifySeconds, threadedSeconds) <= GOAL_SECONDS ? 'meets' : 'misses'} the goal: ${verifySeconds.toFixed(1)} s on one thread ` +
          `(${(verifySeconds / rawSeconds).toFixed(1)}× the raw read), ${threadedSeconds.toFixed(1)} s on ${workers} worker threads. ` +
          `Load average during the run: ${loadavg()
            .map((l) => l.toFixed(1))
            .join(', ')} on ${cpus().length} cores.`,
      ].join('\n');
      return { rows, markdown };
    } finally {
      await (await db).close();
    }
  } finally {
    await drop();
  }
}

if (require.main === module) {
  runVerifyBench()
    .then((r) => console.log(r.markdown))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
