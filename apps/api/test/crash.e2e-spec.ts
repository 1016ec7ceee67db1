import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chipsOnTable, mulberry32, tableDecider, type TableEvent, type TableState } from '@felt/engine';
import { EventStore, openDatabase, type Database } from '@felt/event-store';
import { eventually } from '../../../libs/event-store/test-support/eventually';
import { fillPgliteFolderFromTemplate } from '../../../test/support/app-databases';
import { streamIdOf } from '../src/tables/table-stream';
import { ApiProcess, ensureBuilt, seedTestUsersInFolder } from './test-support/api-process';
import { authHeaders } from './test-support/auth';
import { JsonHttpClient } from './test-support/http-client';
import { nextCommand, type PlayerView } from './test-support/table-player';
import { createPostgresDatabase, type Backend } from './test-support/test-databases';

const TABLES = 8;
/** The burst lasts until this many commands were acknowledged (or BURST_MAX_MS passed); the kill comes mid-flight. */
const BURST_ACKS = 300;
const BURST_MAX_MS = 15000;

const RULES = [
  { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 },
  { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions: { rake: { percent: 5, cap: 4 } } },
  { structure: { kind: 'pot-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 6, houseOptions: { straddle: true } },
  { structure: { kind: 'fixed-limit' }, smallBlind: 2, bigBlind: 4, maxSeats: 6, houseOptions: { rake: { percent: 10, cap: 3 } } },
];

interface Acknowledged {
  readonly tableId: string;
  readonly commandId: string;
  readonly version: number;
}

interface InFlight {
  readonly tableId: string;
  readonly commandId: string;
  readonly body: Record<string, unknown>;
}

/**
 * Durability of acknowledged commands: the built API runs as a child process (`node dist/apps/api/src/main.js`),
 * tables play random legal hands in a burst, the process is killed with SIGKILL mid-burst, and a new process
 * starts on the same database. Every command that got a 201 must be in the log at the version it was given; every
 * table must fold to a state whose chips (on the table plus raked) equal what was bought in; the commands cut off
 * in flight, sent again with the same id, are applied exactly once. On PostgreSQL, and on PGlite in a folder (which
 * promises exactly this much: a killed process loses nothing acknowledged; an OS crash is another matter).
 */
describe.each<Backend>(['postgres', 'pglite'])('kill -9 in the middle of a burst (%s, built API)', (backend) => {
  let env: Record<string, string>;
  let cleanUp: () => Promise<void>;
  let api: ApiProcess | undefined;
  let client: JsonHttpClient | undefined;
  let db: Database | undefined;

  beforeAll(async () => {
    ensureBuilt();
    if (backend === 'postgres') {
      // Migrated already, as the PGlite folder below.
      const database = await createPostgresDatabase({ migrated: true });
      env = { DATABASE_URL: database.url, SNAPSHOT_EVERY: '50' };
      cleanUp = database.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'felt-crash-'));
      // Migrated already: the API's first start on an empty folder is auth-process.e2e-spec's; this one is about the kill.
      await fillPgliteFolderFromTemplate(dir);
      await seedTestUsersInFolder(dir); // the rows behind the test tokens
      env = { DATA_DIR: dir, SNAPSHOT_EVERY: '50' };
      cleanUp = async () => rmSync(dir, { recursive: true, force: true });
    }
  }, 300_000);
  afterAll(async () => {
    client?.close();
    await api?.stop();
    await db?.close();
    await cleanUp?.();
  });

  it('keeps every acknowledged command and folds every table to a valid state', async () => {
    api = await ApiProcess.start(env);
    client = new JsonHttpClient(api.baseUrl, authHeaders('floor'));
    const random = mulberry32(20261130);
    const views = new Map<string, PlayerView>();
    for (let t = 0; t < TABLES; t++) {
      const tableId = `crash-${t}`;
      expect((await client.post('/tables', { tableId, rules: RULES[t % RULES.length] })).status).toBe(201);
      for (let seat = 1; seat <= 4 + (t % 3); seat++) {
        expect((await client.post(`/tables/${tableId}/seat-player`, { seat, playerId: `p${t}-${seat}`, buyIn: 200 })).status).toBe(201);
      }
      const placed = await client.post(`/tables/${tableId}/draw-for-button`, {});
      expect(placed.status).toBe(201);
      views.set(tableId, placed.body.table);
    }

    // The burst: every table plays as fast as its answers come back, one command in flight per table.
    const acknowledged: Acknowledged[] = [];
    const inFlight = new Map<string, InFlight>();
    let killed = false;
    let counter = 0;
    const play = async (tableId: string) => {
      while (!killed) {
        const body = nextCommand(views.get(tableId)!, random);
        const commandId = `${tableId}/${++counter}`;
        inFlight.set(tableId, { tableId, commandId, body });
        let answer;
        try {
          answer = await client!.post(`/tables/${tableId}/commands`, body, { 'Idempotency-Key': commandId, 'X-Actor-Id': 'bot' });
        } catch {
          return; // the connection died with the process: this command is in flight
        }
        inFlight.delete(tableId);
        if (answer.status !== 201)
          throw new Error(`${tableId}: ${JSON.stringify(body)} got ${answer.status} ${JSON.stringify(answer.body)}`);
        acknowledged.push({ tableId, commandId, version: answer.body.version });
        views.set(tableId, answer.body.table);
      }
    };
    const players = [...views.keys()].map(play);
    await eventually(
      async () => acknowledged.length,
      (n) => n >= BURST_ACKS,
      BURST_MAX_MS,
    );
    // The tables keep sending until the process is gone, so the kill lands with commands in flight however slow
    // the machine: stopping them first let every answer come back before a busy machine delivered the signal.
    const exit = await api.kill9();
    killed = true;
    expect(exit).toMatchObject({ signal: 'SIGKILL' });
    await Promise.all(players);
    client.close();
    expect(acknowledged.length).toBeGreaterThan(50);
    expect(inFlight.size).toBeGreaterThan(0);

    // Restart on the same database; the test reads the log itself (for PGlite, once the API has let go of the folder).
    const readLog = async <T>(read: (db: Database) => Promise<T>): Promise<T> => {
      if (backend === 'postgres') {
        db ??= await openDatabase({ databaseUrl: env.DATABASE_URL });
        return read(db);
      }
      const local = await openDatabase({ dataDir: env.DATA_DIR });
      try {
        return await read(local);
      } finally {
        await local.close();
      }
    };
    const log = await readLog(async (db) => {
      const store = new EventStore(db);
      const commands = await db.query<{ command_id: string; last: number }>(
        `SELECT metadata->>'commandId' AS command_id, max(stream_version) AS last FROM events GROUP BY 1`,
      );
      const tables = new Map<string, { events: TableEvent[]; chainOk: boolean }>();
      for (const tableId of views.keys()) {
        const streamId = streamIdOf(tableId);
        tables.set(tableId, {
          chainOk: (await store.verifyChain(streamId)).ok,
          events: (await store.readStream(streamId)).map((e) => ({ ...(e.data as object), type: e.type }) as TableEvent),
        });
      }
      return { commands: commands.rows, tables };
    });
    api = await ApiProcess.start(env);
    client = new JsonHttpClient(api.baseUrl, authHeaders('floor'));

    // 1. Every acknowledged command is in the log, ending at the version it was acknowledged with.
    const lastVersion = new Map(log.commands.map((r) => [r.command_id, Number(r.last)]));
    const missing = acknowledged.filter((a) => lastVersion.get(a.commandId) !== a.version);
    expect(missing).toEqual([]);

    // 2. The commands cut off in flight, sent again with their ids: applied once (201) or found applied (200).
    for (const cut of inFlight.values()) {
      const again = await client.post(`/tables/${cut.tableId}/commands`, cut.body, { 'Idempotency-Key': cut.commandId });
      expect([200, 201]).toContain(again.status);
      if (lastVersion.has(cut.commandId)) expect(again.status).toBe(200);
    }

    // 3. Every table: intact chain, a fold that conserves chips, the restarted API agreeing with the fold, and play goes on.
    for (const [tableId, { events, chainOk }] of log.tables) {
      expect({ tableId, chainOk }).toEqual({ tableId, chainOk: true });
      const state = events.reduce<TableState>((s, e) => tableDecider.evolve(s, e), tableDecider.initialState);
      let boughtIn = 0;
      for (const e of events) {
        if (e.type === 'PlayerSeated') boughtIn += e.buyIn;
        if (e.type === 'ChipsAdded') boughtIn += e.amount;
        if (e.type === 'PlayerLeft') boughtIn -= e.cashOut;
      }
      expect({ tableId, chips: chipsOnTable(state) + state.rakeCollected }).toEqual({ tableId, chips: boughtIn });

      const view = await client.get(`/tables/${tableId}`);
      expect(view.status).toBe(200);
      // Re-sent in-flight commands may have added to the log since it was read.
      expect(view.body.version).toBeGreaterThanOrEqual(events.length);
      if (view.body.version === events.length) expect(view.body.chipsOnTable).toBe(chipsOnTable(state));
      let current: PlayerView = view.body;
      for (let i = 0; i < 5; i++) {
        const next = await client.post(`/tables/${tableId}/commands`, nextCommand(current, random), {
          'Idempotency-Key': `${tableId}/after/${i}`,
        });
        expect(next.status).toBe(201);
        current = next.body.table;
      }
    }
  }, 300_000);
});
