import { createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { signAccessToken, signEd25519Jwt, ed25519PrivateKey, newEd25519PrivateKeyPem, type Role, Users, type User } from '@felt/staff';
import type { Queryable } from '@felt/event-store';

/**
 * The Ed25519 key the test API (startTestApi, ApiProcess) signs and checks staff tokens with (PKCS#8 PEM): made up per
 * test process, as a deployment's FELT_TOKEN_PRIVATE_KEY would be. Never used outside tests.
 */
export const TEST_TOKEN_PRIVATE_KEY = newEd25519PrivateKeyPem();
const testTokenKey = ed25519PrivateKey(TEST_TOKEN_PRIVATE_KEY, 'the test token key');
/** The timer service's own key in tests (FELT_TIMER_PRIVATE_KEY for a worker; the API gets its public half). */
export const TEST_TIMER_PRIVATE_KEY = newEd25519PrivateKeyPem();
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
  if (expiresIn < 0)
    return signAccessToken(options.privateKey ?? testTokenKey, principal, 60, 'staff', Math.floor(Date.now() / 1000) + expiresIn - 60);
  return signAccessToken(options.privateKey ?? testTokenKey, principal, expiresIn);
}

/** A token with exactly these claims, signed with the test API's key: for tests of the claims' checks. */
export function signTestClaims(claims: Record<string, unknown>): string {
  return signEd25519Jwt(testTokenKey, 'staff', claims);
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
