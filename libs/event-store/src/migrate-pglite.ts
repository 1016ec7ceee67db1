import type { QueryRunner } from 'typeorm';
import type { Database, Transaction } from './database';
import { namedMigrations, type MigrationClass } from './migration-class';

/**
 * Runs TypeORM migration classes on any Database (used for PGlite, where TypeORM's own drivers are not safe here),
 * recording them in the table TypeORM uses (`migrations`: id, timestamp, name), so either runner sees what the
 * other applied. Each pending migration runs in its own transaction with its record.
 * Migrations may only call `queryRunner.query(sql, params?)`: that is all the adapter offers.
 * Returns the names of the migrations it applied.
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
      await migration.instance.up(queryRunnerOver(tx));
      await tx.query('INSERT INTO migrations (timestamp, name) VALUES ($1, $2)', [migration.timestamp, migration.name]);
      return false;
    });
    if (!done) applied.push(migration.name);
  }
  return applied;
}

/** Just enough of a TypeORM QueryRunner for SQL-bodied migrations: query() returns the rows. */
function queryRunnerOver(tx: Transaction): QueryRunner {
  const runner = {
    query: async (sql: string, params?: unknown[]) => (await tx.query(sql, params ?? [])).rows,
  };
  return runner as unknown as QueryRunner;
}
