import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * The consoles a floor supervisor registered (POST /devices): a sign-in that shows a device's credential binds the
 * device's id into its token, and every command's metadata carries it (docs/api.md "Devices"). Only a SHA-256 of
 * the credential's secret is kept: the secret is 32 random bytes, so a slow hash would add nothing. A device is
 * retired, never deleted, so that the ids in old events keep a name.
 */
export class Devices1700000000800 implements SqlMigration {
  name = 'Devices1700000000800';

  async up(queryRunner: MigrationSql): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query('DROP TABLE devices');
  }
}

const UP = [
  `CREATE TABLE devices (
    id text PRIMARY KEY,
    name text NOT NULL CHECK (name ~ '^[A-Za-z0-9._@ -]{1,64}$'),
    secret_hash text NOT NULL,
    registered_by text NOT NULL,
    registered_at timestamptz NOT NULL DEFAULT now(),
    retired_at timestamptz,
    CONSTRAINT devices_name_key UNIQUE (name)
  )`,
  grantToApp([['SELECT, INSERT, UPDATE', 'devices']], 'devices'),
];
