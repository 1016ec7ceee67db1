import type { MigrationSql, SqlMigration } from '@felt/event-store';

/**
 * What a registered device is (docs/security.md "Insiders"): a `console` (staff sign in on it: every device before
 * this migration), a card `reader` (reports a live table's hole cards) or a certified `shuffler` (sends a shuffler
 * table's decks). A reader and a shuffler serve one table, `table_id`; a console none.
 */
export class DeviceKinds1700000001300 implements SqlMigration {
  readonly name = 'DeviceKinds1700000001300';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`ALTER TABLE devices
      ADD COLUMN kind text NOT NULL DEFAULT 'console' CHECK (kind IN ('console', 'reader', 'shuffler')),
      ADD COLUMN table_id text,
      ADD CONSTRAINT devices_table_by_kind CHECK ((kind = 'console') = (table_id IS NULL))`);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query('ALTER TABLE devices DROP CONSTRAINT devices_table_by_kind, DROP COLUMN table_id, DROP COLUMN kind');
  }
}
