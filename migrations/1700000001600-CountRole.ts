import type { MigrationSql, SqlMigration } from '@felt/event-store';

/** The count team's role (libs/staff roles.ts, docs/money.md "Two people"): a user may be a count team member. */
export class CountRole1700000001600 implements SqlMigration {
  readonly name = 'CountRole1700000001600';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check,
      ADD CONSTRAINT users_role_check CHECK (role IN ('dealer', 'floor', 'regulator', 'service', 'count'))`);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check,
      ADD CONSTRAINT users_role_check CHECK (role IN ('dealer', 'floor', 'regulator', 'service'))`);
  }
}
