import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * Who may use the API: users (name, role, scrypt password hash, disabled) and which dealer runs which table.
 * Plain SQL, one statement per query() call, like the event store's migration (run on PostgreSQL and PGlite alike).
 * Users are current state, not events: the events record who acted (metadata actorId/actorRole) either way.
 */
export class Users1700000000200 implements SqlMigration {
  readonly name = 'Users1700000000200';

  async up(queryRunner: MigrationSql): Promise<void> {
    for (const sql of UP) await queryRunner.query(sql);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    for (const sql of DOWN) await queryRunner.query(sql);
  }
}

const UP = [
  `CREATE TABLE users (
    id text PRIMARY KEY,
    name text NOT NULL CHECK (name ~ '^[A-Za-z0-9._@-]{1,64}$'),
    role text NOT NULL CHECK (role IN ('dealer', 'floor', 'regulator', 'service')),
    password_hash text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    disabled boolean NOT NULL DEFAULT false,
    CONSTRAINT users_name_key UNIQUE (name)
  )`,
  `CREATE TABLE dealer_assignments (
    table_id text NOT NULL,
    user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    assigned_by text NOT NULL,
    assigned_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (table_id, user_id)
  )`,
  `CREATE INDEX dealer_assignments_user_idx ON dealer_assignments (user_id)`,
  // The application role reads users and keeps assignments; it never deletes a user (disable instead).
  grantToApp(
    [
      ['SELECT, INSERT, UPDATE', 'users'],
      ['SELECT, INSERT, UPDATE, DELETE', 'dealer_assignments'],
    ],
    'users',
  ),
];

const DOWN = [
  `DO $$
  BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'felt_app') THEN
      REVOKE ALL ON users, dealer_assignments FROM felt_app;
    END IF;
  END
  $$`,
  `DROP TABLE dealer_assignments`,
  `DROP TABLE users`,
];
