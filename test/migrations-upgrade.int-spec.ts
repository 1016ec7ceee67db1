import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import {
  IN_MEMORY,
  migrateDatabase,
  openDatabase,
  PGliteDatabase,
  PostgresDatabase,
  storeMigrations,
  type Database,
  type MigrationClass,
} from '@felt/event-store';
import { migrations } from '../migrations';
import { ADMIN_URL, databaseUrlFor } from './support/app-databases';

/**
 * Databases made by the previous release upgrade under the one runner with nothing run twice. That release ran one
 * list, the store's and the apps' migrations interleaved by date, by TypeORM on PostgreSQL (its own `migrations`
 * table, DDL below as TypeORM wrote it) and by the store's PGlite migrator (its own DDL). Each fixture replays that:
 * the table as the old runner created it, each migration in the old order, recorded as the old runner recorded it.
 * Every migration's up() creates something, so a migration run twice would throw.
 */
const TYPEORM_TABLE = `CREATE TABLE "migrations" ("id" SERIAL NOT NULL, "timestamp" bigint NOT NULL, "name" character varying NOT NULL, CONSTRAINT "PK_8c82d7f526340ab734260ea46be" PRIMARY KEY ("id"))`;
const OLD_PGLITE_TABLE = `CREATE TABLE IF NOT EXISTS migrations (id SERIAL NOT NULL PRIMARY KEY, timestamp bigint NOT NULL, name character varying NOT NULL)`;

/** The previous release's list: every migration of the tree, ordered by the name's timestamp alone. */
const OLD_ORDER = [...storeMigrations, ...migrations]
  .map((Migration) => new Migration())
  .sort((a, b) => timestampOf(a.name) - timestampOf(b.name));
const NEW_ORDER = [...storeMigrations, ...migrations].map((Migration: MigrationClass) => new Migration().name);

function timestampOf(name: string): number {
  return Number(name.slice(-13));
}

/** The previous runner's work: its table, then the first `count` migrations of the old order, each with its record. */
async function migrateAsBefore(db: Database, table: string, count: number): Promise<void> {
  await db.query(table);
  for (const migration of OLD_ORDER.slice(0, count)) {
    await db.transaction(async (tx) => {
      await migration.up({ query: async (sql, params) => (await tx.query(sql, params ?? [])).rows });
      await tx.query('INSERT INTO migrations (timestamp, name) VALUES ($1, $2)', [timestampOf(migration.name), migration.name]);
    });
  }
}

/** What the schema holds: every column, function and trigger of the public schema. */
async function schemaOf(db: Database): Promise<string[]> {
  const { rows } = await db.query<{ item: string }>(
    `SELECT table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable AS item FROM information_schema.columns WHERE table_schema = 'public'
     UNION ALL SELECT 'function ' || proname || ' ' || coalesce(array_to_string(proconfig, ','), '') FROM pg_proc WHERE pronamespace = 'public'::regnamespace
     UNION ALL SELECT 'trigger ' || tgname FROM pg_trigger WHERE NOT tgisinternal
     ORDER BY 1`,
  );
  return rows.map((row) => row.item);
}

async function recordedNames(db: Database): Promise<string[]> {
  return (await db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id')).rows.map((row) => row.name);
}

describe('upgrading a PostgreSQL database migrated by TypeORM', () => {
  const admin = new Client({ connectionString: ADMIN_URL });
  const made: string[] = [];
  beforeAll(() => admin.connect());
  afterAll(async () => {
    for (const name of made) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  async function emptyDatabase(): Promise<string> {
    const name = `felt_test_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${name}`);
    made.push(name);
    return databaseUrlFor(name);
  }

  let fresh: string[];
  beforeAll(async () => {
    const db = await openDatabase({ databaseUrl: await emptyDatabase(), migrations });
    fresh = await schemaOf(db);
    await db.close();
  });

  it.each([0, 3, 6, 8, OLD_ORDER.length])(
    'after %i of the old order, applies only the rest and ends with the schema of a fresh database',
    async (count) => {
      const url = await emptyDatabase();
      const old = new PostgresDatabase(url, { maxConnections: 1 });
      await migrateAsBefore(old, TYPEORM_TABLE, count).finally(() => old.close());
      const before = OLD_ORDER.slice(0, count).map((migration) => migration.name);

      const db = await openDatabase({ databaseUrl: url, migrations });
      try {
        const names = await recordedNames(db);
        expect(names.slice(0, count)).toEqual(before);
        expect(names.slice(count)).toEqual(NEW_ORDER.filter((name) => !before.includes(name)));
        expect([...names].sort()).toEqual([...NEW_ORDER].sort());
        expect(await schemaOf(db)).toEqual(fresh);
      } finally {
        await db.close();
      }
      // Opened again (each restart of a process): nothing more.
      const again = await openDatabase({ databaseUrl: url, migrations });
      try {
        expect(await recordedNames(again)).toHaveLength(NEW_ORDER.length);
      } finally {
        await again.close();
      }
    },
  );
});

describe('upgrading a PGlite database migrated by the previous PGlite migrator', () => {
  it('after the old order stopped between the store’s migrations, applies only the rest', async () => {
    const db = await PGliteDatabase.open(IN_MEMORY);
    try {
      await migrateAsBefore(db, OLD_PGLITE_TABLE, 6); // up to AppendGenericPlans: PublicReadModels, AppendNotify, ... pending
      const before = OLD_ORDER.slice(0, 6).map((migration) => migration.name);
      expect(await migrateDatabase(db, migrations)).toEqual(NEW_ORDER.filter((name) => !before.includes(name)));
      expect([...(await recordedNames(db))].sort()).toEqual([...NEW_ORDER].sort());
      expect(await migrateDatabase(db, migrations)).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
