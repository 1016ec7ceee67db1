import type { KeyObject } from 'node:crypto';
import { z } from 'zod';
import { signEd25519Jwt, verifyEd25519Jwt, type TokenKeyId } from './ed25519-jwt';
import { ROLES, type Role } from './roles';

/** What a verified access token says: who (sub: the user id, name) and in which role. */
export interface Principal {
  readonly sub: string;
  readonly name: string;
  readonly role: Role;
  /** The registered device the sign-in was made on (the token's `dev` claim, docs/api.md "Devices"); none without. */
  readonly device?: string;
  /**
   * The user's token generation when the token was signed (the `gen` claim; docs/security.md "Insiders", row 5):
   * refused once the user's row has moved on. Absent in tokens of principals with no user row (the timer).
   */
  readonly generation?: number;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(128),
  name: z.string().min(1).max(128),
  role: z.enum(ROLES),
  dev: z.string().min(1).max(128).optional(),
  gen: z.number().int().min(0).optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});

/**
 * The longest a token may live, from its `iat` to its `exp`: 30 days (a service token from `felt token`; a sign-in
 * gets TOKEN_TTL_SECONDS, at most a day). A token that claims more was not made by Felt, or by a Felt that should not.
 */
export const MAX_TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
/** Clocks differ a little between machines; an `iat` further in the future than this is refused. */
const CLOCK_SKEW_SECONDS = 60;

/** The keys tokens are checked with: the API's staff key (public half) and the timer service's, when there is one. */
export interface TokenVerifyKeys {
  readonly staff: KeyObject;
  readonly timer?: KeyObject;
}

/**
 * Signs an Ed25519 (EdDSA) access token for `principal`, valid `ttlSeconds` from now (API login, `felt token`, the
 * tests). `kid` 'timer': the timer service's token, signed with its own key (the API takes such a token for the
 * timer role only).
 */
export function signAccessToken(
  privateKey: KeyObject,
  principal: Principal,
  ttlSeconds: number,
  kid: TokenKeyId = 'staff',
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  if (ttlSeconds > MAX_TOKEN_LIFETIME_SECONDS) throw new RangeError(`a token lives at most ${MAX_TOKEN_LIFETIME_SECONDS / 86400} days`);
  return signEd25519Jwt(privateKey, kid, {
    name: principal.name,
    role: principal.role,
    ...(principal.device === undefined ? {} : { dev: principal.device }),
    ...(principal.generation === undefined ? {} : { gen: principal.generation }),
    iat: nowSeconds,
    exp: nowSeconds + ttlSeconds,
    sub: principal.sub,
  });
}

/** The principal of a valid token and when it expires (ms since the epoch), or why it is not valid (bad signature, not EdDSA, expired, malformed, missing claims). */
export function verifyAccessToken(
  keys: TokenVerifyKeys,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): { ok: true; principal: Principal; expiresAt: number; kid: TokenKeyId } | { ok: false; reason: string } {
  const verified = verifyEd25519Jwt(keys, token);
  if (!verified.ok) return verified;
  const claims = claimsSchema.safeParse(verified.payload);
  if (!claims.success) return { ok: false, reason: 'token claims are not sub, name, role, iat, exp (and optionally dev, gen)' };
  const { sub, name, role, dev, gen, iat, exp } = claims.data;
  if (exp <= nowSeconds) return { ok: false, reason: 'token expired' };
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'token issued in the future (iat)' };
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS)
    return { ok: false, reason: `token lives longer than ${MAX_TOKEN_LIFETIME_SECONDS / 86400} days` };
  // The timer's key vouches for the timer and nothing else: a leaked worker cannot act as staff with it.
  if (verified.kid === 'timer' && (role !== 'timer' || dev !== undefined || gen !== undefined))
    return { ok: false, reason: `the timer service's key signs timer tokens only, not ${role}` };
  const principal: Principal = {
    sub,
    name,
    role,
    ...(dev === undefined ? {} : { device: dev }),
    ...(gen === undefined ? {} : { generation: gen }),
  };
  return { ok: true, principal, expiresAt: exp * 1000, kid: verified.kid };
}
