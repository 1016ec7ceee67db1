import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * The player registry's personal data (docs/players.md): name, alias, contact, birth date and the floor's notes,
 * one row per player, outside the append-only log so that a player's erasure deletes it. The log holds only the
 * pseudonymous id and a salted digest of this row (`salt` is what makes the digest unlinkable once the row is gone).
 * Prefix lookups by name and alias use the two text_pattern_ops indexes.
 */
export class PlayerPersonal1700000001500 implements SqlMigration {
  readonly name = 'PlayerPersonal1700000001500';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`CREATE TABLE player_personal (
      player_id text NOT NULL,
      name text NOT NULL,
      alias text NOT NULL,
      birth_date text,
      contact jsonb NOT NULL DEFAULT '{}'::jsonb,
      notes jsonb NOT NULL DEFAULT '[]'::jsonb,
      salt text NOT NULL,
      updated_at timestamptz NOT NULL,
      CONSTRAINT player_personal_pkey PRIMARY KEY (player_id)
    )`);
    await queryRunner.query(`CREATE INDEX player_personal_name ON player_personal (lower(name) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX player_personal_alias ON player_personal (lower(alias) text_pattern_ops)`);
    await queryRunner.query(grantToApp([['SELECT, INSERT, UPDATE, DELETE', 'player_personal']], 'player_personal'));
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS player_personal`);
  }
}
