import { createSecretKey, type KeyObject } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { z } from 'zod';
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

const secretKeys = new Map<string, KeyObject>();

/**
 * The secret as a KeyObject, made once: given a string, jsonwebtoken first tries it as a private key (signing) or a
 * public key (verifying) and catches the error, about 0.44 ms of CPU per token against 8 µs with a KeyObject
 * (measured), and the API verifies a token on every request.
 */
function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (key === undefined) {
    if (secretKeys.size >= 16) secretKeys.clear(); // one secret in production; the tests forge a few more
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

/** Signs an HS256 access token for `principal`, valid `ttlSeconds` from now (API login, `felt token`, the tests). */
export function signAccessToken(secret: string, principal: Principal, ttlSeconds: number): string {
  if (ttlSeconds > MAX_TOKEN_LIFETIME_SECONDS) throw new RangeError(`a token lives at most ${MAX_TOKEN_LIFETIME_SECONDS / 86400} days`);
  const claims = {
    name: principal.name,
    role: principal.role,
    ...(principal.device === undefined ? {} : { dev: principal.device }),
    ...(principal.generation === undefined ? {} : { gen: principal.generation }),
  };
  return new JwtService().sign(claims, { privateKey: secretKey(secret), algorithm: 'HS256', subject: principal.sub, expiresIn: ttlSeconds });
}

/** The principal of a valid token and when it expires (ms since the epoch), or why it is not valid (bad signature, expired, malformed, missing claims). */
export function verifyAccessToken(
  jwt: JwtService,
  secret: string,
  token: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): { ok: true; principal: Principal; expiresAt: number } | { ok: false; reason: string } {
  let payload: unknown;
  try {
    // @nestjs/jwt types `secret` as a string or Buffer but hands it to jsonwebtoken as it is, which takes a KeyObject.
    payload = jwt.verify(token, { secret: secretKey(secret) as unknown as Buffer, algorithms: ['HS256'] });
  } catch (error) {
    const name = (error as { name?: string }).name;
    return { ok: false, reason: name === 'TokenExpiredError' ? 'token expired' : `invalid token (${(error as Error).message})` };
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return { ok: false, reason: 'token claims are not sub, name, role, iat, exp (and optionally dev, gen)' };
  const { sub, name, role, dev, gen, iat, exp } = claims.data;
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) return { ok: false, reason: 'token issued in the future (iat)' };
  if (exp - iat > MAX_TOKEN_LIFETIME_SECONDS) return { ok: false, reason: `token lives longer than ${MAX_TOKEN_LIFETIME_SECONDS / 86400} days` };
  const principal: Principal = { sub, name, role, ...(dev === undefined ? {} : { device: dev }), ...(gen === undefined ? {} : { generation: gen }) };
  return { ok: true, principal, expiresAt: exp * 1000 };
}
