import { Client } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { namedMigrations, type MigrationClass, type NamedMigration } from './migration-class';

/** pg_advisory_lock key held while migrating, so processes starting together migrate one after another. */
const MIGRATION_LOCK_KEY = 0x46454c54; // 'FELT'

/**
 * The one place TypeORM is used: runs pending migrations on PostgreSQL with TypeORM's DataSource (table
 * `migrations`, one transaction per migration), under a session advisory lock. Returns the names of the migrations
 * it applied. docs/architecture.md ("Migrations") says why TypeORM does this and nothing else.
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
      migrations: namedMigrations(classes).map(asTypeormMigration),
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

/** A migration as TypeORM runs it: its QueryRunner is all a MigrationSql is (checked here, with no cast). */
function asTypeormMigration(migration: NamedMigration): new () => MigrationInterface {
  const { instance } = migration;
  return class implements MigrationInterface {
    readonly name = migration.name;
    up(runner: QueryRunner): Promise<void> {
      return instance.up(runner);
    }
    down(runner: QueryRunner): Promise<void> {
      return instance.down(runner);
    }
  };
}

/** Whether the `migrations` table lists every one of `classes` by name (false when there is no such table yet). */
async function allApplied(client: Client, classes: readonly MigrationClass[]): Promise<boolean> {
  if ((await client.query<{ found: boolean }>(`SELECT to_regclass('migrations') IS NOT NULL AS found`)).rows[0]?.found !== true) return false;
  const { rows } = await client.query<{ name: string }>('SELECT name FROM migrations');
  const applied = new Set(rows.map((row) => row.name));
  return namedMigrations(classes).every((migration) => applied.has(migration.name));
}
