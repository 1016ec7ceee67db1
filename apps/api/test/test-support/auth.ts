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
}

/** A token for `role` as the test API accepts it: `Authorization: Bearer ${signTestToken('floor')}`. */
export function signTestToken(role: Role, options: TestTokenOptions = {}): string {
  const sub = options.sub ?? `test-${role}`;
  if (options.expiresIn !== undefined) return signAccessToken(options.secret ?? TEST_JWT_SECRET, { sub, name: options.name ?? sub, role }, options.expiresIn);
  // An hour's token is signed again only after five minutes (of the clock the API checks it by, fake or not): the
  // suites sign one per request, and each signing (jsonwebtoken tries the secret as a private key first: a thrown
  // error) cost the visibility matrix alone about 11 CPU-s. No check of ours depends on when a token was issued.
  const key = JSON.stringify([role, sub, options.name ?? sub, options.secret ?? TEST_JWT_SECRET]);
  const cached = recentTokens.get(key);
  const now = Date.now();
  if (cached && now >= cached.at && now - cached.at < 300_000) return cached.token;
  const token = signAccessToken(options.secret ?? TEST_JWT_SECRET, { sub, name: options.name ?? sub, role }, 3600);
  recentTokens.set(key, { token, at: now });
  return token;
}
const recentTokens = new Map<string, { token: string; at: number }>();

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
