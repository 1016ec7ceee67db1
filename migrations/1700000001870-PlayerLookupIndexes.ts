import type { MigrationSql, SqlMigration } from '@felt/event-store';

/**
 * The floor's lookup (docs/players.md "Lookup"): the name and alias prefix indexes also ordered by player id, so the
 * first `limit` matches of a prefix are read in index order and the scan stops there, however many players share
 * the prefix (the first indexes made PostgreSQL fetch and sort every match: 521 rows for "ana smi" at 100,000 players).
 */
export class PlayerLookupIndexes1700000001870 implements SqlMigration {
  readonly name = 'PlayerLookupIndexes1700000001870';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`CREATE INDEX player_personal_name_id ON player_personal (lower(name) text_pattern_ops, player_id)`);
    await queryRunner.query(`CREATE INDEX player_personal_alias_id ON player_personal (lower(alias) text_pattern_ops, player_id)`);
    await queryRunner.query(`DROP INDEX player_personal_name`);
    await queryRunner.query(`DROP INDEX player_personal_alias`);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`CREATE INDEX player_personal_name ON player_personal (lower(name) text_pattern_ops)`);
    await queryRunner.query(`CREATE INDEX player_personal_alias ON player_personal (lower(alias) text_pattern_ops)`);
    await queryRunner.query(`DROP INDEX player_personal_name_id`);
    await queryRunner.query(`DROP INDEX player_personal_alias_id`);
  }
}
