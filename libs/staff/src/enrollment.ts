import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '@felt/event-store';

/** A new user's, or a reset user's, stored "password": no password verifies against it until they enroll. */
export const ENROLLMENT_PENDING = 'enrollment-pending';
/** How long an enrollment code may be used: a day (a shift and the time to reach the console). */
export const ENROLLMENT_CODE_TTL_SECONDS = 24 * 3600;

/** What the floor hands over: the code, once, and until when it works. */
export interface EnrollmentCode {
  readonly code: string;
  readonly expiresAt: string;
}

function digest(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}

/**
 * One-time enrollment codes (docs/security.md "Insiders", row 3): the floor adds a user or resets a password and gets
 * a code, never a password; the person sets their own password with it (POST /auth/enroll). A code is 120 random
 * bits, kept only as a SHA-256 (it is long and random, so a plain hash suffices), used once, and expires.
 */
export class EnrollmentCodes {
  constructor(private readonly db: Queryable) {}

  /** A new code for the user, replacing any earlier one (inside the caller's transaction). */
  async issue(userId: string, now = Date.now()): Promise<EnrollmentCode> {
    const code = randomBytes(15).toString('base64url');
    const expiresAt = new Date(now + ENROLLMENT_CODE_TTL_SECONDS * 1000).toISOString();
    await this.db.query(
      `INSERT INTO enrollment_codes (user_id, code_hash, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET code_hash = EXCLUDED.code_hash, expires_at = EXCLUDED.expires_at`,
      [userId, digest(code).toString('base64'), expiresAt],
    );
    return { code, expiresAt };
  }

  /** Whether `code` is the user's current, unexpired code; when it is, it is used up (the row is locked until the transaction ends). */
  async redeem(userId: string, code: string, now = Date.now()): Promise<boolean> {
    const { rows } = await this.db.query<{ code_hash: string; expired: boolean }>(
      `SELECT code_hash, expires_at <= $2::timestamptz AS expired FROM enrollment_codes WHERE user_id = $1 FOR UPDATE`,
      [userId, new Date(now).toISOString()],
    );
    const row = rows[0];
    if (!row || row.expired) return false;
    const expected = Buffer.from(row.code_hash, 'base64');
    const given = digest(code);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
    await this.db.query(`DELETE FROM enrollment_codes WHERE user_id = $1`, [userId]);
    return true;
  }
}
