import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrations } from '../../../migrations';
import { ADMIN_URL, BACKENDS, databaseUrlFor } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { openMigratedPglite } from '../test-support/pglite-template';
import { EventStore, IN_MEMORY, PGliteDatabase, PostgresDatabase, migrateDatabase, migratePostgres, openDatabase } from './index';
import { migrationSqlOver } from './migrate-pglite';

/** The event store's schema both runners must produce, column by column (other libraries' tables are theirs to test). */
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

const MIGRATION_NAMES = migrations.map((Migration) => new Migration().name);

describe.each(BACKENDS)('migrations (%s)', (backend) => {
  // From scratch: the other tests' PGlite starts from a migrated template, which would leave nothing to test here.
  const t = useTestStore(backend, { fromScratch: true });

  it('records each migration once in TypeORM’s migrations table', async () => {
    const { rows } = await t.db.query('SELECT timestamp::text AS timestamp, name FROM migrations ORDER BY id');
    expect(rows).toEqual(MIGRATION_NAMES.map((name) => ({ timestamp: name.slice(-13), name })));
    const again = backend === 'postgres' ? await migratePostgres(t.url, migrations) : await migrateDatabase(t.db, migrations);
    expect(again).toEqual([]);
    // Either runner reads what the other wrote: our migrator on the TypeORM-migrated database applies nothing.
    expect(await migrateDatabase(t.db, migrations)).toEqual([]);
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
    const { rows } = await t.db.query(`SELECT proname, count(*)::int AS n FROM pg_proc WHERE proname LIKE 'felt_append%' GROUP BY proname ORDER BY 1`);
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
        for (const Migration of [...migrations].reverse()) await new Migration().down(migrationSqlOver(tx));
        const { rows } = await tx.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`);
        throw Object.assign(new Error('roll back'), { tables: rows.map((r) => r.table_name) });
      })
      .catch((error: { tables?: string[] }) => error.tables);
    expect(undone).toEqual(['migrations']);
    expect(await new EventStore(t.db).listStreams()).toEqual([]);
  });
});

describe('PostgreSQL migrations under another role and another runner', () => {
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
      expect(await store.append(streamId, { expectedVersion: 'no-stream', commandId: `own-${streamId}`, events: sampleEvents(2) })).toMatchObject({ ok: true });
      await expect(db.query('DELETE FROM events')).rejects.toThrow(/append-only/);
    } finally {
      await db.close();
    }
  });

  it('is the same history whichever runner went first: TypeORM reads what our migrator recorded', async () => {
    const name = `felt_test_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    const db = new PostgresDatabase(databaseUrlFor(name));
    try {
      expect(await migrateDatabase(db, migrations)).toEqual(MIGRATION_NAMES);
      expect(await migratePostgres(databaseUrlFor(name), migrations)).toEqual([]);
    } finally {
      await db.close();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    }
  });
});

describe('upgrading a database migrated part-way', () => {
  const admin = new Client({ connectionString: ADMIN_URL });
  beforeAll(() => admin.connect());
  afterAll(() => admin.end());

  it('applies only the migrations it lacks, whichever runner recorded the first ones', async () => {
    for (const [first, then] of [
      [migratePostgres, migrateDatabase],
      [migrateDatabase, migratePostgres],
    ] as const) {
      const name = `felt_test_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const db = new PostgresDatabase(databaseUrlFor(name));
      const run = (runner: typeof first, classes: typeof migrations) => (runner === migratePostgres ? migratePostgres(databaseUrlFor(name), classes) : migrateDatabase(db, classes));
      try {
        expect(await run(first, migrations.slice(0, 3))).toEqual(MIGRATION_NAMES.slice(0, 3));
        expect(await run(then, migrations)).toEqual(MIGRATION_NAMES.slice(3));
        const { rows } = await db.query('SELECT timestamp::text AS timestamp, name FROM migrations ORDER BY id');
        expect(rows).toEqual(MIGRATION_NAMES.map((n) => ({ timestamp: n.slice(-13), name: n })));
      } finally {
        await db.close();
        await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      }
    }
  });
});

describe('PGlite in a data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'felt-pglite-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps events across a restart and does not migrate twice', async () => {
    const streamId = freshStreamId();
    const first = await openDatabase({ dataDir });
    const appended = await new EventStore(first).append(streamId, { expectedVersion: 'no-stream', commandId: `disk-${streamId}`, events: sampleEvents(3) });
    await first.close();

    const second = await openDatabase({ dataDir });
    try {
      const store = new EventStore(second);
      expect(appended.ok && (await store.readStream(streamId))).toEqual(appended.ok && appended.events);
      expect(await store.verifyChain(streamId)).toMatchObject({ ok: true, head: { version: 3 } });
      expect((await second.query('SELECT count(*)::int AS n FROM migrations')).rows).toEqual([{ n: migrations.length }]);
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
      appended = await new EventStore(original).append(streamId, { expectedVersion: 'no-stream', commandId: `dump-${streamId}`, events: sampleEvents(2) });
      writeFileSync(join(dir, 'dump.tar'), await original.dumpDataDir());
    } finally {
      await dispose();
    }
    const copy = await PGliteDatabase.open(IN_MEMORY, { loadDataDir: join(dir, 'dump.tar') });
    try {
      expect(await migrateDatabase(copy, migrations)).toEqual([]);
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
