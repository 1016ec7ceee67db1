/**
 * Tournament events through the outbox relay: `npm run bench:relay-tournaments`.
 * Needs PostgreSQL (the tests' server: two throwaway databases) and Redis (BENCH_REDIS_URL, default
 * redis://127.0.0.1:6379: keys under prefixes of their own, deleted at the end).
 *
 * In one run, each beside its peer: the relay draining a log of table events, then a log of as many tournament
 * events (whole tournaments, each published in its public form), in alternating rounds (the median of each); the
 * public form alone per event beside signing a job; and a relay taking over in the middle of every tournament (its
 * pseudonym books empty, read again from each stream) beside a relay whose books are warm.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { Queue } from 'bullmq';
import { EventStore, positionOf, START, type RecordedEvent } from '@felt/event-store';
import { toNewTournamentEvent } from '@felt/tournament';
import { createTestDatabase } from '../test/support/app-databases';
import { wholeTournament } from '../libs/tournament/src/whole-tournament.test-support';
import { BullmqPublisher } from '../apps/worker/src/relay/event-publisher';
import { eventJob } from '../apps/worker/src/relay/event-job';
import { OutboxRelay } from '../apps/worker/src/relay/outbox-relay';
import { TournamentPublication } from '../apps/worker/src/relay/tournament-publication';
import { queueName } from '../apps/worker/src/relay/shards';
import { TEST_RELAY_SIGNER } from '../apps/worker/test-support/relay-keys';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SHARDS = 8;
const BATCH = 500;
const TOURNAMENTS = 40;
const ROUNDS = 3;

/** Each tournament appended as the API appends it: a few events per command. Returns how many events in all. */
async function appendTournaments(store: EventStore): Promise<number> {
  const counts = await Promise.all(
    Array.from({ length: TOURNAMENTS }, async (_, t) => {
      const id = `bench-${t}`;
      const events = wholeTournament((p) => ({ playerId: `C${1_000_000 * (t + 1) + p}`, alias: `Guest ${p}` }), id);
      for (let from = 0; from < events.length; from += 3) {
        const chunk = events.slice(from, from + 3).map(toNewTournamentEvent);
        await store.append(`tournament-${id}`, {
          expectedVersion: from,
          commandId: randomUUID(),
          events: chunk,
          metadata: { actorRole: 'floor' },
        });
      }
      return events.length;
    }),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/** As many table events, in as many streams, three per append. */
async function appendTables(store: EventStore, total: number): Promise<void> {
  const perTable = Math.ceil(total / TOURNAMENTS);
  await Promise.all(
    Array.from({ length: TOURNAMENTS }, async () => {
      const streamId = `table-${randomUUID()}`;
      for (let version = 0; version < perTable; version += 3) {
        const events = Array.from({ length: Math.min(3, perTable - version) }, (_, i) => ({
          type: 'PlayerCalled',
          schemaVersion: 1,
          data: { seat: (version + i) % 9, amount: 200, allIn: false },
        }));
        await store.append(streamId, { expectedVersion: version, commandId: randomUUID(), events, metadata: { actorRole: 'dealer' } });
      }
    }),
  );
}

/** The whole log (the gap-safe reader may hold the tail back while other databases' transactions are open). */
async function readLog(store: EventStore, total: number): Promise<RecordedEvent[]> {
  const log: RecordedEvent[] = [];
  const deadline = Date.now() + 120_000;
  while (log.length < total && Date.now() < deadline) {
    const last = log[log.length - 1];
    log.push(...(await store.readAll({ after: last ? positionOf(last) : START, limit: 5000 })));
  }
  if (log.length < total) throw new Error(`expected ${total} events in the log, read ${log.length}`);
  return log;
}

async function obliterate(prefix: string): Promise<void> {
  const url = new URL(REDIS_URL);
  for (let shard = 0; shard < SHARDS; shard++) {
    const queue = new Queue(queueName(shard), { connection: { host: url.hostname, port: Number(url.port || 6379) }, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

/** A relay draining the log from `checkpoint`: events a second, and each step's milliseconds. */
async function drain(store: EventStore, total: number, from = START): Promise<{ rate: number; steps: number[] }> {
  const prefix = `felt-bench-rt-${randomBytes(4).toString('hex')}`;
  const checkpointName = `bench-${prefix}`;
  await store.saveCheckpoint(checkpointName, from);
  const publisher = new BullmqPublisher({ redisUrl: REDIS_URL, shards: SHARDS, prefix, signer: TEST_RELAY_SIGNER });
  const relay = new OutboxRelay(store, publisher, { batchSize: BATCH, checkpointName });
  const steps: number[] = [];
  let published = 0;
  const started = performance.now();
  try {
    while (published < total) {
      const before = performance.now();
      const step = await relay.step();
      if (step.kind === 'published') {
        published += step.count;
        steps.push(performance.now() - before);
      }
    }
    return { rate: published / ((performance.now() - started) / 1000), steps };
  } finally {
    await relay.close();
    await publisher.close();
    await obliterate(prefix);
  }
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/** Microseconds an event of `run` over the log, the best of three passes. */
async function perEvent(log: readonly RecordedEvent[], run: () => Promise<unknown> | unknown): Promise<number> {
  let best = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const started = performance.now();
    await run();
    best = Math.min(best, ((performance.now() - started) * 1000) / log.length);
  }
  return best;
}

export async function runRelayTournamentsBench(): Promise<{ markdown: string }> {
  const loadAtStart = loadAverage();
  const tournamentsDb = await createTestDatabase('postgres');
  const tablesDb = await createTestDatabase('postgres');
  try {
    const tournaments = new EventStore(tournamentsDb.db);
    const tables = new EventStore(tablesDb.db);
    const total = await appendTournaments(tournaments);
    await appendTables(tables, total);
    const tournamentLog = await readLog(tournaments, total);
    const tableTotal = (await readLog(tables, total)).length;

    const tableRates: number[] = [];
    const tournamentRates: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      tableRates.push((await drain(tables, tableTotal)).rate);
      tournamentRates.push((await drain(tournaments, total)).rate);
    }

    const publication = new TournamentPublication(tournaments);
    await publication.publicForm(tournamentLog);
    const publicUs = await perEvent(tournamentLog, () => publication.publicForm(tournamentLog));
    const signUs = await perEvent(tournamentLog, () => tournamentLog.map((e) => TEST_RELAY_SIGNER.signed(eventJob(e))));

    // Take-over in the middle of every tournament: the first batch reads the books again; the next ones are warm.
    const half = positionOf(tournamentLog[Math.floor(total / 2) - 1]!);
    const firstSteps: number[] = [];
    const warmSteps: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const [first, ...warm] = (await drain(tournaments, total - Math.floor(total / 2), half)).steps;
      firstSteps.push(first!);
      warmSteps.push(...warm);
    }

    const t = median(tournamentRates);
    const b = median(tableRates);
    const rows = [
      [
        'relay, table events (read log, public data, sign, addBulk, checkpoint)',
        `${fmt(b)} events/s`,
        `${fmt(tableTotal)} events, ${TOURNAMENTS} tables; median of ${ROUNDS} rounds (${tableRates.map(fmt).join(', ')})`,
      ],
      [
        'relay, tournament events in their public form',
        `${fmt(t)} events/s`,
        `${fmt(total)} events, ${TOURNAMENTS} whole tournaments of 31 registrations; median of ${ROUNDS} rounds alternating with the tables' (${tournamentRates.map(fmt).join(', ')})`,
      ],
      ['tournament / table events', `${Math.round((t / b) * 100)}%`, 'same relay, same batches of 500, same signer'],
      [
        'public form alone (warm books), per event',
        `${publicUs.toFixed(1)} µs`,
        'TournamentPublication.publicForm over the whole log, best of 3',
      ],
      ['signing a job (eventJob + Ed25519), per event', `${signUs.toFixed(1)} µs`, 'its peer on the same events, best of 3'],
      [
        'take-over mid-tournament: first batch (median)',
        `${median(firstSteps).toFixed(0)} ms`,
        `${TOURNAMENTS} tournaments' registrations read again (one query each, in parallel) before ${BATCH} events are published; ${ROUNDS} take-overs (${firstSteps.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
      ],
      ['take-over mid-tournament: later batches (median)', `${median(warmSteps).toFixed(0)} ms`, 'books warm'],
    ];
    const markdown = [
      `Load average (1, 5, 15 min) at the start ${loadAtStart}, at the end ${loadAverage()} on ${cpus().length} cores (nproc).`,
      '',
      '| measure | value | note |',
      '|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
    ].join('\n');
    return { markdown };
  } finally {
    await tournamentsDb.dispose();
    await tablesDb.dispose();
  }
}

if (require.main === module) {
  runRelayTournamentsBench().then(
    (r) => console.log(r.markdown),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
