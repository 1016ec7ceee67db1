import type { Database, Queryable, Transaction } from './database';
import { namedMigrations, type MigrationClass, type MigrationSql, type NamedMigration } from './migration-class';
import { storeMigrations } from './migrations';

/**
 * Advisory lock key taken by every migration transaction, so processes starting together (the API and the worker)
 * migrate one after another. The same key TypeORM's runner held for the whole run before this one replaced it, so a
 * process of the previous release starting beside one of this release waits too.
 */
const MIGRATION_LOCK_KEY = 0x46454c54; // 'FELT'

/**
 * The one migration runner, on PostgreSQL and PGlite alike: the event store's own migrations (storeMigrations)
 * first, then the application's (`appMigrations`, each ordered by its name's 13-digit timestamp). Each pending
 * migration runs in its own transaction with its record in `migrations` (id, timestamp, name: the table TypeORM
 * created and filled on PostgreSQL until this runner replaced it, and this runner's own on PGlite), so every existing
 * database upgrades with nothing run twice. Returns the names of the migrations it applied.
 */
export async function migrateDatabase(db: Database, appMigrations: readonly MigrationClass[] = []): Promise<string[]> {
  const ordered = schemaMigrations(appMigrations);
  // Each restart of a process: one statement, no transaction, when everything is already recorded.
  if (await allApplied(db, ordered)) return [];
  await db.transaction(async (tx) => {
    await lockMigrations(tx);
    await tx.query(`CREATE TABLE IF NOT EXISTS migrations (
      id SERIAL NOT NULL PRIMARY KEY,
      timestamp bigint NOT NULL,
      name character varying NOT NULL
    )`);
  });
  const applied: string[] = [];
  for (const migration of ordered) {
    const ran = await db.transaction(async (tx) => {
      await lockMigrations(tx);
      const existing = await tx.query('SELECT 1 FROM migrations WHERE name = $1', [migration.name]);
      if (existing.rows.length > 0) return false;
      await migration.instance.up(migrationSqlOver(tx));
      await tx.query('INSERT INTO migrations (timestamp, name) VALUES ($1, $2)', [migration.timestamp, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}

/** The store's migrations, then the application's; a name given twice (an app listing a store migration) is refused. */
export function schemaMigrations(appMigrations: readonly MigrationClass[]): NamedMigration[] {
  const ordered = [...namedMigrations(storeMigrations), ...namedMigrations(appMigrations)];
  const names = new Set<string>();
  for (const { name } of ordered) {
    if (names.has(name))
      throw new Error(`migration ${name} is listed twice (the event store runs its own migrations; pass only the application's)`);
    names.add(name);
  }
  return ordered;
}

/** A migration's statements in the transaction; query() returns the rows. */
export function migrationSqlOver(tx: Transaction): MigrationSql {
  return { query: async (sql, params) => (await tx.query(sql, params ?? [])).rows };
}

function lockMigrations(tx: Transaction): Promise<unknown> {
  return tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
}

/** Whether `migrations` records every one of `ordered` by name (false when there is no such table yet). */
async function allApplied(db: Queryable, ordered: readonly NamedMigration[]): Promise<boolean> {
  const table = await db.query<{ found: boolean }>(`SELECT to_regclass('migrations') IS NOT NULL AS found`);
  if (table.rows[0]?.found !== true) return false;
  const { rows } = await db.query<{ name: string }>('SELECT name FROM migrations');
  const recorded = new Set(rows.map((row) => row.name));
  return ordered.every((migration) => recorded.has(migration.name));
}
