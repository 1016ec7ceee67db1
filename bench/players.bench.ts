/**
 * The player registry at scale (issue 37): 100,000 registered players and an exclusion list of 50,000 entries on
 * PostgreSQL, the built API over them (dist/apps/api/src/main.js). Goals: a seat check under 5 ms p99, a lookup
 * under 50 ms p99.
 *
 *   npm run bench:players        (tsx bench/run.ts players [--record])
 *
 * The players and the list are written straight into the store (a PlayerRegistered per player stream, the list as
 * ExclusionEntriesAdded events of 5,000 entries, as ten imports would write them) and the personal rows into
 * player_personal; then the API starts (its registry folds them from the log) and, one request at a time:
 * - the seat check in the API: the same RegistryIndex folded here from the same events, timed per check (what
 *   the guard adds in front of every seat), and through HTTP a seat refused (403 PLAYER_EXCLUDED, its audit append
 *   included) and a seat accepted (201, the whole SeatPlayer);
 * - the lookups: GET /players?q=<a name's first letters>, ?q=<a card number>, GET /players/:id.
 * Environment: BENCH_DATABASE_URL, BENCH_PLAYERS (100,000), BENCH_EXCLUSIONS (50,000), BENCH_PLAYER_SAMPLES (300).
 */
import { availableParallelism, loadavg } from 'node:os';
import { EventStore, openDatabase, type RecordedEvent } from '@felt/event-store';
import { exclusionStreamIdOf, playerStreamIdOf, RegistryIndex, toNewPlayerEvent, toRegistryEvent } from '@felt/players';
import { ApiProcess, ensureBuilt } from '../apps/api/test/test-support/api-process';
import { authHeaders } from '../apps/api/test/test-support/auth';
import { createScratchDatabase } from './scratch-database';
import { migrations } from '../migrations';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 100_000);
const EXCLUSIONS = Number(process.env.BENCH_EXCLUSIONS ?? 50_000);
const SAMPLES = Number(process.env.BENCH_PLAYER_SAMPLES ?? 300);
const WRITERS = 16;
const CHUNK = 5_000;
export const GOAL_SEAT_CHECK_P99_MS = 5;
export const GOAL_LOOKUP_P99_MS = 50;

const FIRST = ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Finn', 'Gia', 'Hal', 'Ida', 'Jon', 'Kim', 'Lev', 'Mia', 'Ned', 'Ola', 'Pip'];
const LAST = ['Smith', 'Nguyen', 'Garcia', 'Kowalski', 'Okafor', 'Larsen', 'Rossi', 'Tanaka', 'Dubois', 'Silva', 'Khan', 'Meyer'];
const cardOf = (i: number) => `C${String(i).padStart(7, '0')}`;
const nameOf = (i: number) => `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`;

interface Row {
  readonly what: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

export async function runPlayersBench(): Promise<{ markdown: string }> {
  ensureBuilt();
  const { url, drop } = await createScratchDatabase('felt_bench_players');
  let api: ApiProcess | undefined;
  try {
    const emptyAt = performance.now();
    api = await ApiProcess.start({ DATABASE_URL: url });
    const emptyMs = performance.now() - emptyAt;
    await api.stop();
    const began = performance.now();
    const index = await fill(url);
    const filledS = (performance.now() - began) / 1000;
    const startedAt = performance.now();
    api = await ApiProcess.start({ DATABASE_URL: url });
    const startMs = performance.now() - startedAt;
    // Started again: from the registry's snapshot, which the first start kept (docs/players.md "The snapshot").
    await api.stop();
    const restartedAt = performance.now();
    api = await ApiProcess.start({ DATABASE_URL: url });
    const restartMs = performance.now() - restartedAt;
    const rows = [checkInProcess(index), ...(await overHttp(api))];
    return { markdown: report(rows, filledS, { emptyMs, startMs, restartMs }, index) };
  } finally {
    await api?.stop();
    await drop();
  }
}

/** The players (every 2nd excluded by card, every 10th of those by name and birth date instead), and the list. */
async function fill(url: string): Promise<RegistryIndex> {
  const db = await openDatabase({ databaseUrl: url, migrations, postgres: { maxConnections: WRITERS } });
  const index = new RegistryIndex();
  try {
    const store = new EventStore(db);
    const at = new Date().toISOString();
    let next = 0;
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        for (let i = next++; i < PLAYERS; i = next++) {
          const event = { type: 'PlayerRegistered' as const, at, playerId: cardOf(i), personalDigest: `bench-${i}`, matchKey: `key-${i}` };
          const appended = await store.append(playerStreamIdOf(cardOf(i)), {
            expectedVersion: 'no-stream',
            commandId: `bench-player-${i}`,
            events: [toNewPlayerEvent(event)],
            metadata: { actorId: 'bench-players', actorRole: 'bench' },
          });
          if (!appended.ok) throw new Error(`${cardOf(i)}: append conflicted`);
        }
      }),
    );
    for (let from = 0; from < PLAYERS; from += 1000) {
      const ids = Array.from({ length: Math.min(1000, PLAYERS - from) }, (_, k) => from + k);
      await db.query(
        `INSERT INTO player_personal (player_id, name, alias, birth_date, salt, updated_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[])`,
        [
          ids.map(cardOf),
          ids.map(nameOf),
          ids.map((i) => `A${i % 100_000}`),
          ids.map(() => '1980-01-01'),
          ids.map(() => 'bench'),
          ids.map(() => at),
        ],
      );
    }
    for (let from = 0, version = 0; from < EXCLUSIONS; from += CHUNK, version++) {
      const entries = Array.from({ length: Math.min(CHUNK, EXCLUSIONS - from) }, (_, k) => {
        const i = (from + k) * 2;
        return i % 20 === 0
          ? { entryId: `S-${from + k}`, playerId: null, matchKey: `key-${i}` }
          : { entryId: `S-${from + k}`, playerId: cardOf(i), matchKey: null };
      });
      const appended = await store.append(exclusionStreamIdOf('state'), {
        expectedVersion: version === 0 ? 'no-stream' : version,
        commandId: `bench-list-${version}`,
        events: [toNewPlayerEvent({ type: 'ExclusionEntriesAdded', at, source: 'bench', entries })],
        metadata: { actorId: 'bench-players', actorRole: 'bench' },
      });
      if (!appended.ok) throw new Error('the list append conflicted');
    }
    // The index as the API folds it, from the same log.
    for (let after: RecordedEvent | undefined; ;) {
      const page = await store.readAll({
        ...(after ? { after: { txId: after.txId, globalPosition: after.globalPosition } } : {}),
        limit: 5000,
      });
      for (const e of page) {
        const parsed = toRegistryEvent(e);
        if (parsed?.kind === 'player') index.applyPlayer(parsed.id, parsed.event);
        else if (parsed?.kind === 'list') index.applyList(parsed.id, parsed.event);
      }
      if (page.length < 5000) break;
      after = page[page.length - 1];
    }
    return index;
  } finally {
    await db.close();
  }
}

/** What the guard adds in front of a seat: one check, timed one at a time over players excluded and not. */
function checkInProcess(index: RegistryIndex): Row {
  const times: number[] = [];
  const now = Date.now();
  let refused = 0;
  for (let k = 0; k < 100_000; k++) {
    const i = (k * 7919) % PLAYERS;
    const began = performance.now();
    if (index.seatCheck(cardOf(i), now) !== null) refused++;
    times.push(performance.now() - began);
  }
  if (refused === 0) throw new Error('no check refused: the list was not folded');
  return {
    what: `seat check in the API (RegistryIndex.seatCheck, 100,000 checks, ${refused.toLocaleString('en')} refused)`,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
  };
}

async function overHttp(api: ApiProcess): Promise<Row[]> {
  const headers = { ...authHeaders('floor'), 'content-type': 'application/json' };
  const send = async (method: string, path: string, body?: object, expected = 200) => {
    const began = performance.now();
    const res = await fetch(api.baseUrl + path, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    await res.arrayBuffer();
    if (res.status !== expected) throw new Error(`${method} ${path}: ${res.status}`);
    return performance.now() - began;
  };
  await send(
    'POST',
    '/tables',
    { tableId: 'bench', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 10 } },
    201,
  );
  const rows: Row[] = [];
  const sample = async (what: string, one: (k: number) => Promise<number>) => {
    await one(-1);
    const times: number[] = [];
    for (let k = 0; k < SAMPLES; k++) times.push(await one(k));
    rows.push({ what, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) });
  };
  await sample('POST /tables/:id/seat-player, an excluded player (403, with its audit append)', (k) =>
    send('POST', '/tables/bench/seat-player', { seat: 1, playerId: cardOf(((k + 10) * 2 * 7) % PLAYERS), buyIn: 100 }, 403),
  );
  await sample('POST seat-player and leave-table, a player not excluded (201 each; the pair timed)', async (k) => {
    const i = (((k + 10) * 2 * 7) % PLAYERS) + 1;
    return (
      (await send('POST', '/tables/bench/seat-player', { seat: 2, playerId: cardOf(i), buyIn: 100 }, 201)) +
      (await send('POST', '/tables/bench/leave-table', { seat: 2 }, 201))
    );
  });
  await sample('GET /players?q=<first name and the start of a last name> (20 rows)', (k) =>
    send('GET', `/players?q=${encodeURIComponent(`${FIRST[Math.abs(k) % FIRST.length]} ${LAST[Math.abs(k) % LAST.length]!.slice(0, 3)}`)}`),
  );
  await sample('GET /players?q=<a card number>', (k) => send('GET', `/players?q=${cardOf((Math.abs(k) * 7919) % PLAYERS)}`));
  await sample("GET /players/:id (the floor's page)", (k) => send('GET', `/players/${cardOf((Math.abs(k) * 7919) % PLAYERS)}`));
  // The floor under them on the machine as it is: one round trip to the database (SELECT 1); a lookup makes two (the user's row, the query).
  await sample('GET /health/ready (the floor: one `SELECT 1`)', () => send('GET', '/health/ready'));
  return rows;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function report(
  rows: readonly Row[],
  filledS: number,
  starts: { emptyMs: number; startMs: number; restartMs: number },
  index: RegistryIndex,
): string {
  const { emptyMs, startMs, restartMs } = starts;
  const { players, entries } = index.size;
  const seat = rows[0]!;
  const lookups = rows.filter((r) => r.what.startsWith('GET /players'));
  const worstLookup = Math.max(...lookups.map((r) => r.p99Ms));
  return [
    `${players.toLocaleString('en')} players, ${entries.toLocaleString('en')} exclusion entries in force, on PostgreSQL (written in ${filledS.toFixed(0)} s); the API started over them in ${(startMs / 1000).toFixed(1)} s (its registry folds the log, then keeps a snapshot) and again in ${(restartMs / 1000).toFixed(1)} s (from the snapshot; ${(emptyMs / 1000).toFixed(1)} s the first start on the empty database, migrations included). One request at a time, ${SAMPLES} samples after a first call.`,
    '',
    '| what | p50 | p99 |',
    '|---|---:|---:|',
    ...rows.map((r) => `| ${r.what} | ${fmt(r.p50Ms)} | ${fmt(r.p99Ms)} |`),
    '',
    `Load average when done: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} (${availableParallelism()} cores).`,
    '',
    `Goals: a seat check under ${GOAL_SEAT_CHECK_P99_MS} ms p99: **${seat.p99Ms < GOAL_SEAT_CHECK_P99_MS ? 'met' : 'not met'}** (${fmt(seat.p99Ms)}); a lookup under ${GOAL_LOOKUP_P99_MS} ms p99: **${worstLookup < GOAL_LOOKUP_P99_MS ? 'met' : 'not met'}** (worst ${fmt(worstLookup)}).`,
  ].join('\n');
}

function fmt(ms: number): string {
  return ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`;
}
