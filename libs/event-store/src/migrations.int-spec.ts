import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { ADMIN_URL, BACKENDS, databaseUrlFor } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { openMigratedPglite } from '../test-support/pglite-template';
import {
  EventStore,
  IN_MEMORY,
  PGliteDatabase,
  PostgresDatabase,
  migrateDatabase,
  openDatabase,
  storeMigrations,
  type MigrationSql,
  type SqlMigration,
} from './index';
import { migrationSqlOver } from './migrate';

/** The event store's schema on both backends, column by column (the applications' tables are theirs to test). */
const EXPECTED_COLUMNS = [
  'checkpoints.global_position bigint',
  'checkpoints.name text',
  'checkpoints.tx_id xid8',
  'checkpoints.updated_at timestamp with time zone',
  'commands.command_id text',
  'commands.first_version integer',
  'commands.last_version integer',
  'commands.recorded_at timestamp with time zone',
  'commands.result jsonb',
  'commands.stream_id text',
  'events.data jsonb',
  'events.event_id uuid',
  'events.global_position bigint',
  'events.hash text',
  'events.metadata jsonb',
  'events.prev_hash text',
  'events.recorded_at timestamp with time zone',
  'events.schema_version integer',
  'events.stream_id text',
  'events.stream_version integer',
  'events.tx_id xid8',
  'events.type text',
  'migrations.id integer',
  'migrations.name character varying',
  'migrations.timestamp bigint',
  'snapshots.state jsonb',
  'snapshots.stream_id text',
  'snapshots.updated_at timestamp with time zone',
  'snapshots.version integer',
  'streams.category text',
  'streams.created_at timestamp with time zone',
  'streams.last_hash text',
  'streams.stream_id text',
  'streams.updated_at timestamp with time zone',
  'streams.version integer',
];

const STORE_NAMES = storeMigrations.map((Migration) => new Migration().name);

/** An application's migration, as an app passes it in: dated between the store's first two, run after all of them. */
class AppThings1700000000150 implements SqlMigration {
  readonly name = 'AppThings1700000000150';
  async up(sql: MigrationSql): Promise<void> {
    // Not idempotent on purpose: run twice, it fails. It needs the store's tables, which run first.
    await sql.query('CREATE TABLE app_things (stream_id text PRIMARY KEY REFERENCES streams (stream_id))');
  }
  async down(sql: MigrationSql): Promise<void> {
    await sql.query('DROP TABLE app_things');
  }
}

async function recorded(db: { query: PGliteDatabase['query'] }): Promise<{ timestamp: string; name: string }[]> {
  return (await db.query<{ timestamp: string; name: string }>('SELECT timestamp::text AS timestamp, name FROM migrations ORDER BY id'))
    .rows;
}

describe.each(BACKENDS)('migrations (%s)', (backend) => {
  // From scratch: the other tests' PGlite starts from a migrated template, which would leave nothing to test here.
  const t = useTestStore(backend, { fromScratch: true });

  it('records each of the store’s own migrations once, and a second run applies nothing', async () => {
    expect(await recorded(t.db)).toEqual(STORE_NAMES.map((name) => ({ timestamp: name.slice(-13), name })));
    expect(await migrateDatabase(t.db)).toEqual([]);
  });

  it('runs an application’s migrations after the store’s, whatever their dates, and records them once', async () => {
    expect(await migrateDatabase(t.db, [AppThings1700000000150])).toEqual(['AppThings1700000000150']);
    expect(await migrateDatabase(t.db, [AppThings1700000000150])).toEqual([]);
    expect((await recorded(t.db)).map((row) => row.name)).toEqual([...STORE_NAMES, 'AppThings1700000000150']);
  });

  it('refuses an application list that names a store migration, before writing anything', async () => {
    const before = await recorded(t.db);
    await expect(migrateDatabase(t.db, [storeMigrations[0]])).rejects.toThrow(/EventStore1700000000000 is listed twice/);
    expect(await recorded(t.db)).toEqual(before);
  });

  it('builds the same tables, columns and types', async () => {
    const { rows } = await t.db.query<{ col: string }>(
      `SELECT table_name || '.' || column_name || ' ' || data_type AS col FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name IN ('checkpoints', 'commands', 'events', 'migrations', 'snapshots', 'streams')
       ORDER BY 1`,
    );
    expect(rows.map((r) => r.col)).toEqual(EXPECTED_COLUMNS);
  });

  it('defines felt_append, the one-statement append, and felt_append_batch, its group commit', async () => {
    const { rows } = await t.db.query(
      `SELECT proname, count(*)::int AS n FROM pg_proc WHERE proname LIKE 'felt_append%' GROUP BY proname ORDER BY 1`,
    );
    expect(rows).toEqual([
      { proname: 'felt_append', n: 1 },
      { proname: 'felt_append_batch', n: 1 },
    ]);
  });

  it('has both append functions plan their statements once (generic plans), not on every call', async () => {
    const { rows } = await t.db.query(`SELECT proname, proconfig FROM pg_proc WHERE proname LIKE 'felt_append%' ORDER BY 1`);
    expect(rows).toEqual([
      { proname: 'felt_append', proconfig: ['plan_cache_mode=force_generic_plan'] },
      { proname: 'felt_append_batch', proconfig: ['plan_cache_mode=force_generic_plan'] },
    ]);
  });

  it('can be undone by down(), newest first', async () => {
    const undone = await t.db
      .transaction(async (tx) => {
        for (const Migration of [...storeMigrations, AppThings1700000000150].reverse()) await new Migration().down(migrationSqlOver(tx));
        const { rows } = await tx.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
        throw Object.assign(new Error('roll back'), { tables: rows.map((r) => r.table_name) });
      })
      .catch((error: { tables?: string[] }) => error.tables);
    expect(undone).toEqual(['migrations']);
    expect(await new EventStore(t.db).listStreams()).toEqual([]);
  });
});

describe('PostgreSQL migrations under another role, and by two processes at once', () => {
  const suffix = randomBytes(5).toString('hex');
  const role = `felt_owner_${suffix}`;
  const database = `felt_test_owner_${suffix}`;
  const admin = new Client({ connectionString: ADMIN_URL });

  beforeAll(async () => {
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEROLE`);
    await admin.query(`CREATE DATABASE ${database} OWNER ${role}`);
  });
  afterAll(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${role}`);
    await admin.end();
  });

  it('run as a non-superuser database owner, and that owner still cannot change events', async () => {
    const url = new URL(databaseUrlFor(database));
    url.username = role;
    const db = await openDatabase({ databaseUrl: url.toString() });
    try {
      const store = new EventStore(db);
      const streamId = freshStreamId();
      expect(
        await store.append(streamId, { expectedVersion: 'no-stream', commandId: `own-${streamId}`, events: sampleEvents(2) }),
      ).toMatchObject({ ok: true });
      await expect(db.query('DELETE FROM events')).rejects.toThrow(/append-only/);
    } finally {
      await db.close();
    }
  });

  it('applies each migration once when two processes open an empty database together', async () => {
    const name = `felt_test_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const [one, two] = [new PostgresDatabase(databaseUrlFor(name)), new PostgresDatabase(databaseUrlFor(name))];
    try {
      const applied = await Promise.all([migrateDatabase(one, [AppThings1700000000150]), migrateDatabase(two, [AppThings1700000000150])]);
      expect([...applied[0], ...applied[1]].sort()).toEqual([...STORE_NAMES, 'AppThings1700000000150'].sort());
      expect((await recorded(one)).map((row) => row.name)).toEqual([...STORE_NAMES, 'AppThings1700000000150']);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  });
});

describe('PGlite in a data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'felt-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps events across a restart and does not migrate twice', async () => {
    const streamId = freshStreamId();
    const first = await openDatabase({ dataDir });
    const appended = await new EventStore(first).append(streamId, {
      expectedVersion: 'no-stream',
      commandId: `disk-${streamId}`,
      events: sampleEvents(3),
    });
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      const store = new EventStore(second);
      expect(appended.ok && (await store.readStream(streamId))).toEqual(appended.ok && appended.events);
      expect(await store.verifyChain(streamId)).toMatchObject({ ok: true, head: { version: 3 } });
      expect((await second.query('SELECT count(*)::int AS n FROM migrations')).rows).toEqual([{ n: storeMigrations.length }]);
    } finally {
      await second.close();
    }
  });
});

describe('PGlite unpacked from a dump', () => {
  const dir = mkdtempSync(join(tmpdir(), 'felt-pglite-dump-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('holds what was dumped, chain and migrations included, and goes on appending', async () => {
    const streamId = freshStreamId();
    // From the template (the migrations' first run on a new cluster is the suites' above): this is about the dump.
    const { db: original, dispose } = await openMigratedPglite();
    let appended;
    try {
      appended = await new EventStore(original).append(streamId, {
        expectedVersion: 'no-stream',
        commandId: `dump-${streamId}`,
        events: sampleEvents(2),
      });
      writeFileSync(join(dir, 'dump.tar'), await original.dumpDataDir());
    } finally {
      await dispose();
    }
    const copy = await PGliteDatabase.open(IN_MEMORY, { loadDataDir: join(dir, 'dump.tar') });
    try {
      expect(await migrateDatabase(copy)).toEqual([]);
      const store = new EventStore(copy);
      expect(appended.ok && (await store.readStream(streamId))).toEqual(appended.ok && appended.events);
      const more = await store.append(streamId, { expectedVersion: 2, commandId: `dump-more-${streamId}`, events: sampleEvents(1) });
      expect(more.ok).toBe(true);
      expect(await store.verifyChain(streamId)).toMatchObject({ ok: true, head: { version: 3 } });
    } finally {
      await copy.close();
    }
  });
});
