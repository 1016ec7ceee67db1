import type { MigrationSql, SqlMigration } from '@felt/event-store';

/**
 * A token generation per user (docs/security.md "Insiders", row 5): every access token carries the generation its
 * user had when it was signed (`gen`); disabling, enabling, a role change and a password reset move the generation
 * on, so every token signed before is refused at once, on HTTP and on /live.
 */
export class TokenGeneration1700000001400 implements SqlMigration {
  readonly name = 'TokenGeneration1700000001400';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN token_generation integer NOT NULL DEFAULT 0 CHECK (token_generation >= 0)`);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query('ALTER TABLE users DROP COLUMN token_generation');
  }
}
