import { Client } from 'pg';
import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { namedMigrations, type MigrationClass, type NamedMigration } from './migration-class';

/** pg_advisory_lock key held while migrating, so processes starting together migrate one after another. */
const MIGRATION_LOCK_KEY = 0x46454c54; // 'FELT'

/**
 * The one place TypeORM is used: runs pending migrations on PostgreSQL with TypeORM's DataSource (table
 * `migrations`, one transaction per migration), under a session advisory lock. Returns the names of the migrations
 * it applied. docs/architecture.md ("Migrations") says why TypeORM does this and nothing else.
 */
export async function migratePostgres(databaseUrl: string, classes: readonly MigrationClass[]): Promise<string[]> {
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
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
