import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { IN_MEMORY, migrateDatabase, openDatabase, PostgresDatabase, type Database } from '../src';
import { migrationsFingerprint, oncePerKey, STORE_SCHEMA, type TestSchema } from './migrations-fingerprint';
import { openMigratedPglite } from './pglite-template';

export { STORE_SCHEMA, type TestSchema } from './migrations-fingerprint';

/** The server tests create their throwaway databases on (trust auth as a superuser). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Backend = 'postgres' | 'pglite';
/** Both: the event store's own int-specs run on each, since the store is where the two differ. */
export const BACKENDS: Backend[] = ['postgres', 'pglite'];
/**
 * The backend the apps' suites (the API end to end, the worker) run on. They reach the database only through the
 * store's Database port, whose two sides BACKENDS tests; the apps on PGlite have their own smoke suites
 * (apps/api/test/pglite-smoke.e2e-spec.ts, the crash suite, the projection rebuild, the console's shot clock).
 */
export const APP_BACKENDS: Backend[] = ['postgres'];

export interface TestDatabase {
  backend: Backend;
  db: Database;
  /** The fresh PostgreSQL database's URL (postgres only). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A migrated, empty database of its own: a fresh `felt_test_<random>` database on PostgreSQL copied from a migrated
 * template (below; dropped by dispose), or a PGlite in a copy of a migrated template folder (pglite-template.ts;
 * deleted by dispose; still half a second of CPU: create one per test file, in beforeAll). Shared by every library's and app's tests that need a real database.
 */
export async function createTestDatabase(
  backend: Backend,
  poolSize = 25,
  options: { fromScratch?: boolean; schema?: TestSchema } = {},
): Promise<TestDatabase> {
  const schema = options.schema ?? STORE_SCHEMA;
  if (backend === 'pglite') {
    // fromScratch: a new cluster migrated at open, the way the application opens one (the migrations' own tests).
    // Otherwise, as on PostgreSQL, a copy of a migrated template.
    if (options.fromScratch) {
      const db = await openDatabase({ dataDir: IN_MEMORY, migrations: schema.migrations });
      return { backend, db, dispose: () => db.close() };
    }
    return { backend, ...(await openMigratedPglite(schema)) };
  }
  // fromScratch: an empty database migrated at open; otherwise a copy of the migrated template, where open finds
  // nothing to apply (the check a process makes at each start).
  const { url, drop } = await createPostgresDatabase({ migrated: !options.fromScratch, schema });
  try {
    const db = await openDatabase({ databaseUrl: url, migrations: schema.migrations, postgres: { maxConnections: poolSize } });
    return {
      backend,
      db,
      url,
      async dispose() {
        await db.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

/**
 * A PostgreSQL database of its own and how to drop it: empty (no migrations run), or with `migrated` a copy of the
 * template migrated to `schema` (below; the store's tables alone by default), for a test whose subject is not a
 * process's first start on an empty database.
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean; schema?: TestSchema } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `felt_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? ` TEMPLATE ${await migratedTemplateOnce(options.schema ?? STORE_SCHEMA)}` : '';
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name}${template}`));
  return {
    url: databaseUrlFor(name),
    drop: () => asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

export function databaseUrlFor(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function asAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** pg_advisory_lock key held on the admin database while a template is made (jest workers and other runs race). */
const TEMPLATE_LOCK_KEY = 0x46454c55;

/** One template per schema (by fingerprint) per process. */
const madeTemplates = new Map<string, Promise<string>>();

/**
 * The migrated, empty database the tests' PostgreSQL databases are copied from (CREATE DATABASE ... TEMPLATE), made
 * once per server and schema by the migrations as production runs them (migrateDatabase), and named by a hash of
 * the migrations and their runner, so that a changed migration makes a new one.
 *
 * Why: migrating a new database costs the migrations' DDL in the server each time; a copy costs about 0.05 s, and
 * the suite makes about a hundred. The migrations themselves are still tested from an empty database (migrations.int-spec.ts, the API's first start in auth-process.e2e-spec.ts).
 */
async function migratedTemplate(schema: TestSchema, name: string): Promise<string> {
  const building = `${name}_building`;
  return asAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      if ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1) return name;
      // A run killed while building leaves the partial one: start again.
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const db = new PostgresDatabase(databaseUrlFor(building), { maxConnections: 1 });
      try {
        await migrateDatabase(db, schema.migrations);
      } finally {
        await db.close();
      }
      // Under its final name only when complete; the rename waits for the migration's connections to be gone.
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
}

function migratedTemplateOnce(schema: TestSchema): Promise<string> {
  return oncePerKey(madeTemplates, `felt_template_${migrationsFingerprint(schema)}`, (name) => migratedTemplate(schema, name));
}
