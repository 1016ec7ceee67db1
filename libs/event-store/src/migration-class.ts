/**
 * The migration contract: a class per schema change, written in plain SQL, run by migrate.ts in a transaction on
 * either backend. The event store's own are in ./migrations; an application passes its own to openDatabase.
 */

/** What a migration may do: run one SQL statement, with positional parameters ($1, $2, ...). */
export interface MigrationSql {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** One schema change. `name` ends in its 13-digit JavaScript timestamp, e.g. EventStore1700000000000. */
export interface SqlMigration {
  readonly name: string;
  up(sql: MigrationSql): Promise<void>;
  down(sql: MigrationSql): Promise<void>;
}

export type MigrationClass = new () => SqlMigration;

export interface NamedMigration {
  name: string;
  timestamp: number;
  instance: SqlMigration;
}

/** Instantiates and orders migrations by timestamp (the name's last 13 digits, as TypeORM recorded them). */
export function namedMigrations(classes: readonly MigrationClass[]): NamedMigration[] {
  return classes
    .map((Class) => {
      const instance = new Class();
      const name = instance.name;
      const timestamp = Number.parseInt(name.slice(-13), 10);
      if (!/^\d{13}$/.test(name.slice(-13))) throw new Error(`migration ${name} must end in a 13-digit JavaScript timestamp`);
      return { name, timestamp, instance };
    })
    .sort((a, b) => a.timestamp - b.timestamp);
}
