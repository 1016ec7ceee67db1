import type { Database, Transaction } from './database';
import { namedMigrations, type MigrationClass, type MigrationSql } from './migration-class';

/**
 * Runs the migrations on any Database (used for PGlite, which TypeORM has no driver for), recording them in the
 * table TypeORM uses (`migrations`: id, timestamp, name), so either runner sees what the other applied. Each
 * pending migration runs in its own transaction with its record. Returns the names of the migrations it applied.
 */
export async function migrateDatabase(db: Database, classes: readonly MigrationClass[]): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS migrations (
    id SERIAL NOT NULL PRIMARY KEY,
    timestamp bigint NOT NULL,
    name character varying NOT NULL
  )`);
  const applied: string[] = [];
  for (const migration of namedMigrations(classes)) {
    const done = await db.transaction(async (tx) => {
      // Lock the table so two runners on one database apply each migration once.
      await tx.query('LOCK TABLE migrations IN EXCLUSIVE MODE');
      const existing = await tx.query('SELECT 1 FROM migrations WHERE name = $1', [migration.name]);
      if (existing.rows.length > 0) return true;
      await migration.instance.up(migrationSqlOver(tx));
      await tx.query('INSERT INTO migrations (timestamp, name) VALUES ($1, $2)', [migration.timestamp, migration.name]);
      return false;
    });
    if (!done) applied.push(migration.name);
  }
  return applied;
}

/** A migration's statements in the transaction; query() returns the rows, as TypeORM's QueryRunner does. */
export function migrationSqlOver(tx: Transaction): MigrationSql {
  return { query: async (sql, params) => (await tx.query(sql, params ?? [])).rows };
}
