import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * The house's money in the views (docs/money.md): the session ledger's drops per table (the jackpot and promotion
 * drops, apart from the rake), and the revenue report's hands kept per table (apps/api LoggedHands), so a process
 * starting folds only the events after the last finished hand it finds here.
 */
export class HouseMoney1700000001900 implements SqlMigration {
  readonly name = 'HouseMoney1700000001900';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`ALTER TABLE table_ledgers ADD COLUMN drops bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`CREATE TABLE revenue_hands (
      table_id text NOT NULL,
      to_version integer NOT NULL,
      hand jsonb NOT NULL,
      CONSTRAINT revenue_hands_pkey PRIMARY KEY (table_id, to_version)
    )`);
    await queryRunner.query(grantToApp([['SELECT, INSERT', 'revenue_hands']], 'revenue_hands'));
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS revenue_hands`);
    await queryRunner.query(`ALTER TABLE table_ledgers DROP COLUMN drops`);
  }
}
