import type { Database } from './database';
import { migrateDatabase } from './migrate';
import type { MigrationClass } from './migration-class';
import { PGliteDatabase } from './pglite-database';
import { PostgresDatabase, type PostgresDatabaseOptions } from './postgres-database';

export interface OpenDatabaseOptions {
  /** A postgres:// URL: use PostgreSQL. Without one, use PGlite in `dataDir`. */
  databaseUrl?: string;
  /** PGlite's data folder (default ./data), or IN_MEMORY. Ignored with a databaseUrl. */
  dataDir?: string;
  /**
   * The application's schema, run after the event store's own migrations (which are always run). Without it, only
   * the store's tables are brought up to date: a caller that reads the log alone needs nothing more.
   */
  migrations?: readonly MigrationClass[];
  /** PostgreSQL pool options. */
  postgres?: PostgresDatabaseOptions;
}

/**
 * Opens the database and brings its schema up to date (the store's migrations, then the application's, by one
 * runner on either backend): PostgreSQL when a URL is given, otherwise the embedded PGlite. See PGliteDatabase for
 * what the embedded database does and does not promise.
 */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  const db: Database = options.databaseUrl
    ? new PostgresDatabase(options.databaseUrl, options.postgres)
    : await PGliteDatabase.open(options.dataDir);
  try {
    await migrateDatabase(db, options.migrations ?? []);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
