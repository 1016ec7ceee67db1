import type { MigrationInterface } from 'typeorm';

/** A TypeORM migration class whose name ends in its 13-digit JavaScript timestamp, e.g. EventStore1700000000000. */
export type MigrationClass = new () => MigrationInterface;

export interface NamedMigration {
  name: string;
  timestamp: number;
  instance: MigrationInterface;
}

/** Instantiates and orders migrations the way TypeORM does (name from `name` or the class, timestamp = last 13 digits). */
export function namedMigrations(classes: readonly MigrationClass[]): NamedMigration[] {
  return classes
    .map((Class) => {
      const instance = new Class();
      const name = instance.name ?? Class.name;
      const timestamp = Number.parseInt(name.slice(-13), 10);
      if (!/^\d{13}$/.test(name.slice(-13))) throw new Error(`migration ${name} must end in a 13-digit JavaScript timestamp`);
      return { name, timestamp, instance };
    })
    .sort((a, b) => a.timestamp - b.timestamp);
}
