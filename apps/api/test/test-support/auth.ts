import { randomBytes } from 'node:crypto';
import { signAccessToken } from '../../src/auth/access-token';
import type { Queryable } from '@felt/event-store';
import type { Role } from '../../src/auth/roles';
import { Users, type User } from '../../src/auth/users';

/** The secret the test API (startTestApi, ApiProcess) signs and checks tokens with. Never used outside tests. */
export const TEST_JWT_SECRET = 'felt-test-secret-not-for-production-0123456789';
/** The key that seals undealt decks in tests: made up per test process, as a deployment's FELT_SEAL_KEY would be. */
export const TEST_SEAL_KEY = randomBytes(32).toString('hex');

export interface TestTokenOptions {
  /** The user id (default `test-<role>`). */
  readonly sub?: string;
  /** The user name (default the sub). */
  readonly name?: string;
  /** Seconds until it expires (default one hour); negative: already expired. */
  readonly expiresIn?: number;
  /** Sign with another secret (a forged token). */
  readonly secret?: string;
  /** The registered device the token is bound to (its `dev` claim): a device registered through POST /devices. */
  readonly device?: string;
  /** The user's token generation (its `gen` claim; default 0, a new user's): a token of an older one is revoked. */
  readonly generation?: number;
}

/** A token for `role` as the test API accepts it: `Authorization: Bearer ${signTestToken('floor')}`. */
export function signTestToken(role: Role, options: TestTokenOptions = {}): string {
  const sub = options.sub ?? `test-${role}`;
  const principal = { sub, name: options.name ?? sub, role, ...(options.device === undefined ? {} : { device: options.device }), ...(options.generation === undefined ? {} : { generation: options.generation }) };
  return signAccessToken(options.secret ?? TEST_JWT_SECRET, principal, options.expiresIn ?? 3600);
}

/** The Authorization header for `signTestToken(role, options)`. */
export function authHeaders(role: Role, options: TestTokenOptions = {}): { Authorization: string } {
  return { Authorization: `Bearer ${signTestToken(role, options)}` };
}

/** Adds a user straight to the users table (as `felt users add` does); the password defaults to `<name>-password`. */
export async function addTestUser(db: Queryable, name: string, role: Role, password = `${name}-password`): Promise<User> {
  const user = await new Users(db).add(name, role, password);
  if (user === 'name-taken') throw new Error(`user ${name} exists already`);
  return user;
}
