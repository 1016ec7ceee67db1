import type { MigrationSql, SqlMigration } from '@felt/event-store';

/**
 * The table view and hand history rows hold only what the public may see since issue 15 (docs/security.md): no
 * undealt deck, no face-down hole card, no seed. Rows written before held them, and SQL cannot tell which cards were
 * shown, so they are emptied with their checkpoints: the worker folds both again from the start of the log (its
 * first run after this migration takes as long as `felt projections rebuild`).
 */
export class PublicReadModels1700000000600 implements SqlMigration {
  readonly name = 'PublicReadModels1700000000600';

  async up(queryRunner: MigrationSql): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(): Promise<void> {
    // Nothing to undo: the rows are folded again from the log either way.
  }
}

const UP = [
  `DELETE FROM table_views`,
  `DELETE FROM hand_histories`,
  `DELETE FROM checkpoints WHERE name IN ('projection:table-view', 'projection:hand-history')`,
];
