import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { IN_MEMORY, openDatabase, type Database } from '@felt/event-store';

/** The local PostgreSQL the e2e tests create their databases on (trust auth as a superuser). */
export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];

export interface TestDatabase {
  readonly backend: Backend;
  readonly db: Database;
  /** The fresh database's URL (PostgreSQL only). */
  readonly url?: string;
  dispose(): Promise<void>;
}

/** A fresh, migrated database: `felt_e2e_<random>` on PostgreSQL (dropped by dispose) or an in-memory PGlite. */
export async function createTestDatabase(backend: Backend, poolSize = 30): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const db = await openDatabase({ dataDir: IN_MEMORY });
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
  const name = `felt_e2e_${randomBytes(6).toString('hex')}`;
  await asAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
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
