import { Client } from 'pg';
import { namedMigrations, type MigrationClass } from './migration-class';

/** pg_advisory_lock key held while migrating, so processes starting together migrate one after another. */
const MIGRATION_LOCK_KEY = 0x46454c54; // 'FELT'

/**
 * Runs pending migrations on PostgreSQL with TypeORM's DataSource (table `migrations`, one transaction per
 * migration), under a session advisory lock. Returns the names of the migrations it applied.
 *
 * When the table already lists every migration (each restart of a process), it returns at once without loading
 * TypeORM: its module and DataSource cost a restarted worker about half a second of CPU before it can publish.
 */
export async function migratePostgres(databaseUrl: string, classes: readonly MigrationClass[]): Promise<string[]> {
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    if (await allApplied(lock, classes)) return [];
    const { DataSource } = await import('typeorm');
    const dataSource = new DataSource({
      type: 'postgres',
      url: databaseUrl,
      migrations: [...classes],
      migrationsTableName: 'migrations',
      migrationsTransactionMode: 'each',
      logging: false,
      poolSize: 1,
    });
    await dataSource.initialize();
    try {
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      return applied.map((migration) => migration.name);
    } finally {
      await dataSource.destroy();
    }
  } finally {
    await lock.end(); // ends the session, which releases the advisory lock
  }
}

/** Whether the `migrations` table lists every one of `classes` by name (false when there is no such table yet). */
async function allApplied(client: Client, classes: readonly MigrationClass[]): Promise<boolean> {
  if ((await client.query<{ found: boolean }>(`SELECT to_regclass('migrations') IS NOT NULL AS found`)).rows[0]?.found !== true) return false;
  const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations');
  const applied = new Set(rows.map((row) => row.name));
  return namedMigrations(classes).every((migration) => applied.has(migration.name));
}
