import type { MigrationSql, SqlMigration } from '../migration-class';

/**
 * Every transaction that appends events sends one NOTIFY on the channel felt_events (payload empty), so the outbox
 * relay and /live can wake at once instead of waiting for their next poll (libs/event-store/src/append-notifications.ts).
 * A statement-level trigger: one notification per INSERT statement, and PostgreSQL folds identical notifications
 * of one transaction into one, so a group-committed batch of appends costs one NOTIFY. It is sent at COMMIT, never
 * for a transaction rolled back. The poll stays as the fallback (a listener reconnecting, a notification queue full).
 */
export class AppendNotify1700000000700 implements SqlMigration {
  readonly name = 'AppendNotify1700000000700';

  async up(queryRunner: MigrationSql): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query('DROP TRIGGER events_notify_append ON events');
    await queryRunner.query('DROP FUNCTION events_notify_append()');
  }
}

const UP = [
  `CREATE FUNCTION events_notify_append() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('felt_events', '');
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER events_notify_append AFTER INSERT ON events FOR EACH STATEMENT EXECUTE FUNCTION events_notify_append()`,
];
