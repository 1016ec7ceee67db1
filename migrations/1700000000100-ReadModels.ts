import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * The read models the worker's projection runner keeps (apps/worker/src/projections, docs/projections.md).
 * Rows are keyed so that one event touches few of them: a table's view, its hand in progress, the sessions seated
 * at it, its lobby entry. Each row holds the view as jsonb beside the columns queries filter on. The positions
 * these rows reflect are the runner's checkpoints ("projection:<name>"), written in the same transaction.
 * Plain SQL, one statement per query() call, so it runs on PostgreSQL and PGlite alike.
 */
export class ReadModels1700000000100 implements SqlMigration {
  readonly name = 'ReadModels1700000000100';

  async up(queryRunner: MigrationSql): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const UP = [
  // The table view: what the floor sees (view, hole cards included: the API filters per audience) and the engine
  // state the fold continues from (deck included: never sent anywhere).
  `CREATE TABLE table_views (
    table_id text NOT NULL,
    stream_version integer NOT NULL,
    status text NOT NULL,
    view jsonb NOT NULL,
    engine jsonb NOT NULL,
    as_of timestamptz NOT NULL,
    CONSTRAINT table_views_pkey PRIMARY KEY (table_id)
  )`,

  // One row per hand; the hand in progress has status 'in-progress' and no ended_at.
  `CREATE TABLE hand_histories (
    table_id text NOT NULL,
    hand_number integer NOT NULL,
    status text NOT NULL,
    started_at timestamptz NOT NULL,
    ended_at timestamptz,
    from_version integer NOT NULL,
    to_version integer NOT NULL,
    record jsonb NOT NULL,
    CONSTRAINT hand_histories_pkey PRIMARY KEY (table_id, hand_number)
  )`,
  `CREATE INDEX hand_histories_ended_at_idx ON hand_histories (ended_at)`,
  // The runner reloads a table's hand in progress when that table's events arrive.
  `CREATE INDEX hand_histories_in_progress_idx ON hand_histories (table_id) WHERE status = 'in-progress'`,

  // A player's stay at a table, numbered from 0 per table in the order players sat down; its per-hand results are
  // rows of their own (session_hands), so a long session is not rewritten whole after every hand.
  `CREATE TABLE player_sessions (
    table_id text NOT NULL,
    session_number integer NOT NULL,
    player_id text NOT NULL,
    seat integer NOT NULL,
    buy_in bigint NOT NULL,
    cash_out bigint,
    seated_at timestamptz NOT NULL,
    left_at timestamptz,
    session jsonb NOT NULL,
    CONSTRAINT player_sessions_pkey PRIMARY KEY (table_id, session_number)
  )`,
  `CREATE INDEX player_sessions_player_idx ON player_sessions (player_id, seated_at)`,
  // The runner reloads only the sessions still open when a table's events arrive.
  `CREATE INDEX player_sessions_open_idx ON player_sessions (table_id) WHERE left_at IS NULL`,
  `CREATE TABLE session_hands (
    table_id text NOT NULL,
    session_number integer NOT NULL,
    hand_number integer NOT NULL,
    net bigint NOT NULL,
    voided boolean NOT NULL,
    CONSTRAINT session_hands_pkey PRIMARY KEY (table_id, session_number, hand_number)
  )`,
  `CREATE TABLE table_ledgers (
    table_id text NOT NULL,
    rake bigint NOT NULL,
    sessions integer NOT NULL,
    CONSTRAINT table_ledgers_pkey PRIMARY KEY (table_id)
  )`,

  `CREATE TABLE lobby_tables (
    table_id text NOT NULL,
    status text NOT NULL,
    seats_free integer NOT NULL,
    lobby jsonb NOT NULL,
    CONSTRAINT lobby_tables_pkey PRIMARY KEY (table_id)
  )`,
  `CREATE INDEX lobby_tables_status_idx ON lobby_tables (status, table_id)`,

  grantToApp(
    [['SELECT, INSERT, UPDATE, DELETE', 'table_views, hand_histories, player_sessions, session_hands, table_ledgers, lobby_tables']],
    'the read models',
  ),
];

const DOWN = [
  `DROP TABLE lobby_tables`,
  `DROP TABLE table_ledgers`,
  `DROP TABLE session_hands`,
  `DROP TABLE player_sessions`,
  `DROP TABLE hand_histories`,
  `DROP TABLE table_views`,
  `DELETE FROM checkpoints WHERE name LIKE 'projection:%'`,
];
