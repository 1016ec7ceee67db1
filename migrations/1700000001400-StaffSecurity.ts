import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * Staff security (docs/security.md "Insiders", rows 5 and 7):
 * - a token generation per user: every access token carries the generation its user had when it was signed (`gen`);
 *   disabling, enabling, a role change and a password reset move it on, so every token signed before is refused at
 *   once, on HTTP and on /live;
 * - `sign_in_throttle`, the failed sign-ins every API process on this database shares (rate-limiter-flexible's
 *   PostgreSQL store: its key, points used and when they expire, in ms). Keys hold a hash of the name typed, never
 *   the name;
 * - `enrollment_codes`: the one-time code a new user, or one whose password was reset, sets their own password with
 *   (the floor never learns anyone's password). Only a SHA-256 of the code is kept, with when it expires.
 */
export class StaffSecurity1700000001400 implements SqlMigration {
  readonly name = 'StaffSecurity1700000001400';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN token_generation integer NOT NULL DEFAULT 0 CHECK (token_generation >= 0)`);
    await queryRunner.query(
      `CREATE TABLE sign_in_throttle (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
    await queryRunner.query(`CREATE TABLE enrollment_codes (
      user_id text PRIMARY KEY REFERENCES users (id),
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
    // A good sign-in clears its (user, address) failures, and expired rows are swept: DELETE, unlike users.
    await queryRunner.query(
      grantToApp(
        [
          ['SELECT, INSERT, UPDATE, DELETE', 'sign_in_throttle'],
          ['SELECT, INSERT, UPDATE, DELETE', 'enrollment_codes'],
        ],
        'sign_in_throttle and enrollment_codes',
      ),
    );
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query('DROP TABLE enrollment_codes');
    await queryRunner.query('DROP TABLE sign_in_throttle');
    await queryRunner.query('ALTER TABLE users DROP COLUMN token_generation');
  }
}
