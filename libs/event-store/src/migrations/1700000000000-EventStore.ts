import type { MigrationSql, SqlMigration } from '../migration-class';

/**
 * The event store: events (append-only, hash-chained), streams, commands (idempotency), checkpoints, snapshots.
 * Plain SQL, one statement per query() call, on PostgreSQL and PGlite alike (the store's one runner, migrate.ts).
 * Needs PostgreSQL 13+ (xid8, pg_current_xact_id).
 */
export class EventStore1700000000000 implements SqlMigration {
  readonly name = 'EventStore1700000000000';

  async up(queryRunner: MigrationSql): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    // The felt_app role is shared by every database of the cluster, so it stays.
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const HEX_SHA256 = `'^[0-9a-f]{64}$'`;

const UP = [
  `CREATE TABLE streams (
    stream_id text PRIMARY KEY,
    category text NOT NULL,
    version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
    last_hash text NOT NULL CHECK (last_hash ~ ${HEX_SHA256}),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,
  `CREATE INDEX streams_category_idx ON streams (category, stream_id)`,

  `CREATE TABLE events (
    global_position bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_id uuid NOT NULL,
    stream_id text NOT NULL REFERENCES streams (stream_id),
    stream_version integer NOT NULL CHECK (stream_version >= 1),
    tx_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
    type text NOT NULL,
    schema_version integer NOT NULL CHECK (schema_version >= 1),
    data jsonb NOT NULL,
    metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
    recorded_at timestamptz NOT NULL,
    prev_hash text NOT NULL CHECK (prev_hash ~ ${HEX_SHA256}),
    hash text NOT NULL CHECK (hash ~ ${HEX_SHA256}),
    CONSTRAINT events_event_id_key UNIQUE (event_id),
    CONSTRAINT events_stream_version_key UNIQUE (stream_id, stream_version)
  )`,
  // The gap-safe global reader scans (tx_id, global_position) > checkpoint AND tx_id < xmin of open transactions.
  `CREATE INDEX events_tx_position_idx ON events (tx_id, global_position)`,

  // Append-only, enforced by the database for every role (the table owner and superusers must disable the trigger
  // explicitly, which is what a tamper test does). Statement-level, so even an UPDATE matching no row is refused.
  `CREATE FUNCTION events_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'events are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END
  $$`,
  `CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_refuse_change()`,
  // The reader's ordering relies on tx_id being the writer's own transaction id: no INSERT may choose it.
  `CREATE FUNCTION events_stamp_tx_id() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.tx_id := pg_current_xact_id();
    RETURN NEW;
  END
  $$`,
  `CREATE TRIGGER events_stamp_tx_id BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_stamp_tx_id()`,

  `CREATE TABLE commands (
    command_id text PRIMARY KEY,
    stream_id text NOT NULL REFERENCES streams (stream_id),
    first_version integer NOT NULL,
    last_version integer NOT NULL,
    result jsonb NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(),
    CHECK (1 <= first_version AND first_version <= last_version)
  )`,

  `CREATE TABLE checkpoints (
    name text PRIMARY KEY,
    tx_id xid8 NOT NULL,
    global_position bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  `CREATE TABLE snapshots (
    stream_id text PRIMARY KEY REFERENCES streams (stream_id),
    version integer NOT NULL CHECK (version >= 1),
    state jsonb NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
  )`,

  // The application's role: INSERT and SELECT on events, never UPDATE, DELETE or TRUNCATE. Roles belong to the
  // whole cluster, so another database's migration may be creating it at the same moment; a migration running
  // without the right to create roles leaves it out and says so.
  `DO $$
  BEGIN
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'felt_app') THEN
      BEGIN
        CREATE ROLE felt_app NOLOGIN;
      EXCEPTION
        WHEN duplicate_object OR unique_violation THEN NULL;
        WHEN insufficient_privilege THEN
          RAISE NOTICE 'felt_app role not created (no CREATEROLE privilege); grant rights to the application role by hand';
          RETURN;
      END;
    END IF;
    GRANT SELECT, INSERT ON events TO felt_app;
    GRANT SELECT, INSERT, UPDATE ON streams, checkpoints, snapshots TO felt_app;
    GRANT SELECT, INSERT ON commands TO felt_app;
  EXCEPTION
    WHEN insufficient_privilege THEN
      RAISE NOTICE 'felt_app grants skipped (insufficient privilege)';
  END
  $$`,
];

const DOWN = [
  `DO $$
  BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'felt_app') THEN
      REVOKE ALL ON events, streams, commands, checkpoints, snapshots FROM felt_app;
    END IF;
  END
  $$`,
  `DROP TABLE snapshots`,
  `DROP TABLE checkpoints`,
  `DROP TABLE commands`,
  `DROP TABLE events`,
  `DROP FUNCTION events_stamp_tx_id()`,
  `DROP FUNCTION events_refuse_change()`,
  `DROP TABLE streams`,
];
