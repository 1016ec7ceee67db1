import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import {
  ENROLLMENT_PENDING,
  hashPassword,
  type ScryptCost,
  signAccessToken,
  signEd25519Jwt,
  ed25519PrivateKey,
  newEd25519PrivateKeyPem,
  type Role,
  USER_ROLES,
  Users,
  type User,
} from '@felt/staff';
import type { Queryable } from '@felt/event-store';

/**
 * The Ed25519 key the test API (startTestApi, ApiProcess) signs and checks staff tokens with (PKCS#8 PEM): made up per
 * test process, as a deployment's FELT_TOKEN_PRIVATE_KEY would be. Never used outside tests.
 */
export const TEST_TOKEN_PRIVATE_KEY = newEd25519PrivateKeyPem();
const testTokenKey = ed25519PrivateKey(TEST_TOKEN_PRIVATE_KEY, 'the test token key');
/** The timer service's own key in tests (FELT_TIMER_PRIVATE_KEY for a worker; the API gets its public half). */
export const TEST_TIMER_PRIVATE_KEY = newEd25519PrivateKeyPem();
const testTimerKey = ed25519PrivateKey(TEST_TIMER_PRIVATE_KEY, 'the test timer key');
export const TEST_TIMER_PUBLIC_KEY = createPublicKey(TEST_TIMER_PRIVATE_KEY).export({ format: 'pem', type: 'spki' }).toString();
/** The key that seals undealt decks in tests: made up per test process, as a deployment's FELT_SEAL_KEY would be. */
export const TEST_SEAL_KEY = randomBytes(32).toString('hex');

export interface TestTokenOptions {
  /** The user id (default `test-<role>`). */
  readonly sub?: string;
  /** The user name (default the sub). */
  readonly name?: string;
  /** Seconds until it expires (default one hour); negative: already expired. */
  readonly expiresIn?: number;
  /** A forged token: HS256 with this shared secret, as tokens were signed before EdDSA (the API refuses it). */
  readonly secret?: string;
  /** Sign with another Ed25519 key (a key of another API, or the embedded default's `token.key`). */
  readonly privateKey?: KeyObject;
  /** The registered device the token is bound to (its `dev` claim): a device registered through POST /devices. */
  readonly device?: string;
  /** The user's token generation (its `gen` claim; default 0, a new user's): a token of an older one is revoked. */
  readonly generation?: number;
}

/** A token for `role` as the test API accepts it: `Authorization: Bearer ${signTestToken('floor')}`. */
export function signTestToken(role: Role, options: TestTokenOptions = {}): string {
  const sub = options.sub ?? `test-${role}`;
  const principal = {
    sub,
    name: options.name ?? sub,
    role,
    ...(options.device === undefined ? {} : { device: options.device }),
    ...(options.generation === undefined ? {} : { generation: options.generation }),
  };
  const expiresIn = options.expiresIn ?? 3600;
  if (options.secret !== undefined) {
    const claims = {
      name: principal.name,
      role,
      ...(options.device === undefined ? {} : { dev: options.device }),
      ...(options.generation === undefined ? {} : { gen: options.generation }),
    };
    return new JwtService().sign(claims, { secret: options.secret, algorithm: 'HS256', subject: sub, expiresIn });
  }
  // The timer has no user row: its token is signed with the timer's own key, as the worker signs it.
  const [key, kid] = options.privateKey
    ? [options.privateKey, 'staff' as const]
    : role === 'timer'
      ? [testTimerKey, 'timer' as const]
      : [testTokenKey, 'staff' as const];
  if (expiresIn < 0) return signAccessToken(key, principal, 60, kid, Math.floor(Date.now() / 1000) + expiresIn - 60);
  return signAccessToken(key, principal, expiresIn, kid);
}

/** A token with exactly these claims, signed with the test API's key: for tests of the claims' checks. */
export function signTestClaims(claims: Record<string, unknown>): string {
  return signEd25519Jwt(testTokenKey, 'staff', claims);
}

/** The Authorization header for `signTestToken(role, options)`. */
export function authHeaders(role: Role, options: TestTokenOptions = {}): { Authorization: string } {
  return { Authorization: `Bearer ${signTestToken(role, options)}` };
}

/**
 * scrypt's cost for the users tests add: 32 times cheaper than the product's (libs/staff passwords.ts), so that each
 * sign-in of a test user costs milliseconds, not a tenth of a CPU-second. The parameters travel with the hash and the
 * API verifies with them; the product's own cost is tested where it hashes (passwords.spec, felt users, enrollment).
 */
const TEST_USER_COST: ScryptCost = { N: 2 ** 10, r: 8, p: 1 };

/**
 * Adds a user straight to the users table (as `felt users add` does, but with a cheap hash: TEST_USER_COST); the
 * password defaults to `<name>-password`.
 */
export async function addTestUser(db: Queryable, name: string, role: Role, password = `${name}-password`): Promise<User> {
  const user = await new Users(db).addHashed(name, role, await hashPassword(password, TEST_USER_COST));
  if (user === 'name-taken') throw new Error(`user ${name} exists already`);
  return user;
}

/** The tests' second floor supervisor (test-support/approvals.ts SECOND_FLOOR), who approves what `test-floor` asks for. */
export const SECOND_FLOOR_SUB = 'test-floor-2';

/** The user rows behind the default test tokens (`test-<role>`, every role a user may have, and the second floor supervisor): the test APIs seed them. */
export const TEST_USERS: readonly TestUserRow[] = [
  ...USER_ROLES.map((role) => ({ sub: `test-${role}`, role })),
  { sub: SECOND_FLOOR_SUB, role: 'floor' },
];

export interface TestUserRow {
  readonly sub: string;
  readonly role: Role;
}

/**
 * Users rows for the subs tests sign tokens for (the API refuses a staff token whose sub has no row): id and name
 * the sub, token generation 0, no password (nobody signs in as them). A row already there is left as it is.
 */
export async function seedTestUsers(db: Queryable, users: readonly TestUserRow[]): Promise<void> {
  for (const { sub, role } of users) {
    await db.query(`INSERT INTO users (id, name, role, password_hash) VALUES ($1, $1, $2, $3) ON CONFLICT DO NOTHING`, [
      sub,
      role,
      ENROLLMENT_PENDING,
    ]);
  }
}
