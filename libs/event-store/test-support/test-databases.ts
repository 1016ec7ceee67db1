import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { IN_MEMORY, openDatabase, type Database } from '../src';
import { openMigratedPglite } from './pglite-template';

/** The server tests create their throwaway databases on (trust auth as a superuser). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type Backend = 'postgres' | 'pglite';
export const BACKENDS: Backend[] = ['postgres', 'pglite'];

export interface TestDatabase {
  backend: Backend;
  db: Database;
  /** The fresh PostgreSQL database's URL (postgres only). */
  url?: string;
  dispose(): Promise<void>;
}

/**
 * A migrated, empty database of its own: a fresh `felt_test_<random>` database on PostgreSQL (dropped by dispose),
 * or an in-memory PGlite unpacked from a migrated template (pglite-template.ts; still a second or two: create one per
 * test file, in beforeAll). Shared by every library's and app's tests that need a real database.
 */
export async function createTestDatabase(backend: Backend, poolSize = 25, options: { fromScratch?: boolean } = {}): Promise<TestDatabase> {
  if (backend === 'pglite') {
    // fromScratch: a new cluster migrated at open, the way the application opens one (the migrations' own tests).
    const db = options.fromScratch ? await openDatabase({ dataDir: IN_MEMORY }) : await openMigratedPglite();
    return { backend, db, dispose: () => db.close() };
  }
  const { url, drop } = await createPostgresDatabase();
  try {
    const db = await openDatabase({ databaseUrl: url, postgres: { maxConnections: poolSize } });
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

/** An empty PostgreSQL database (no migrations run) and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `felt_test_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
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
