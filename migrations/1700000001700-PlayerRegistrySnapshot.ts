import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * The player registry's snapshot (docs/players.md "The seat check"): the index every API process folds from the
 * registry's streams, kept as JSON with the place in the log it was read up to and each stream's version, so a
 * process starting reads only what came after. One row; whichever process saves a later place wins.
 */
export class PlayerRegistrySnapshot1700000001700 implements SqlMigration {
  readonly name = 'PlayerRegistrySnapshot1700000001700';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`CREATE TABLE player_registry_snapshot (
      name text NOT NULL,
      tx_id xid8 NOT NULL,
      global_position bigint NOT NULL,
      state jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT player_registry_snapshot_pkey PRIMARY KEY (name)
    )`);
    await queryRunner.query(grantToApp([['SELECT, INSERT, UPDATE', 'player_registry_snapshot']], 'player_registry_snapshot'));
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS player_registry_snapshot`);
  }
}
