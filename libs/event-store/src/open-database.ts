import { migrations as allMigrations } from '../../../migrations';
import type { Database } from './database';
import { migrateDatabase } from './migrate-pglite';
import { migratePostgres } from './migrate-postgres';
import type { MigrationClass } from './migration-class';
import { PGliteDatabase } from './pglite-database';
import { PostgresDatabase, type PostgresDatabaseOptions } from './postgres-database';

export interface OpenDatabaseOptions {
  /** A postgres:// URL: use PostgreSQL. Without one, use PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite's data folder (default ./data), or IN_MEMORY. Ignored with a databaseUrl. */
  dataDir?: string;
  /** The migrations to run at open (default: every migration in migrations/index.ts). */
  migrations?: readonly MigrationClass[];
  /** PostgreSQL pool options. */
  postgres?: PostgresDatabaseOptions;
}

/**
 * Opens the database and brings its schema up to date: PostgreSQL when a URL is given (migrations run by TypeORM),
 * otherwise the embedded PGlite (the same migration classes, run by migrateDatabase). See PGliteDatabase for what
 * the embedded database does and does not promise.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const migrations = options.migrations ?? allMigrations;
  if (options.databaseUrl) {
    await migratePostgres(options.databaseUrl, migrations);
    return new PostgresDatabase(options.databaseUrl, options.postgres);
  }
  const db = await PGliteDatabase.open(options.dataDir);
  try {
    await migrateDatabase(db, migrations);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
