import { sign, verify, type KeyObject } from 'node:crypto';

/**
 * JWTs signed with Ed25519 (JWS `alg: EdDSA`, RFC 8037), with Node's own crypto: jsonwebtoken 9 (under @nestjs/jwt)
 * has no EdDSA, and the other well-kept library, jose, signs asynchronously only. The format is the JWS compact
 * serialisation: base64url(header).base64url(payload).base64url(signature over the first two).
 */

/** The `kid` header names which key signed: the API's staff key or the timer service's own. */
export type TokenKeyId = 'staff' | 'timer';

export function signEd25519Jwt(privateKey: KeyObject, kid: TokenKeyId, payload: Record<string, unknown>): string {
  const head = Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid })).toString('base64url');
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = sign(null, Buffer.from(`${head}.${body}`), privateKey).toString('base64url');
  return `${head}.${body}.${signature}`;
}

const PART = /^[A-Za-z0-9_-]+$/;

/**
 * The payload of a token whose signature `keys[kid]` verifies, or why not. Only `alg: EdDSA` is taken: an HS256
 * token (signed with a shared secret, as tokens were before) or `alg: none` is refused before any key is used.
 */
export function verifyEd25519Jwt(
  keys: Partial<Record<TokenKeyId, KeyObject>>,
  token: string,
): { ok: true; kid: TokenKeyId; payload: unknown } | { ok: false; reason: string } {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => PART.test(p))) return { ok: false, reason: 'invalid token (not a signed JWT)' };
  const [head, body, signature] = parts as [string, string, string];
  let header: { alg?: unknown; kid?: unknown };
  let payload: unknown;
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as typeof header;
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid token (its header or claims are not JSON)' };
  }
  if (header === null || typeof header !== 'object' || header.alg !== 'EdDSA')
    return { ok: false, reason: `invalid token (signed ${JSON.stringify(header?.alg ?? null)}, not EdDSA)` };
  const kid: TokenKeyId = header.kid === 'timer' ? 'timer' : 'staff';
  const key = keys[kid];
  if (key === undefined) return { ok: false, reason: `invalid token (no ${kid} key to check it with)` };
  if (!verify(null, Buffer.from(`${head}.${body}`), key, Buffer.from(signature, 'base64url')))
    return { ok: false, reason: 'invalid token (invalid signature)' };
  return { ok: true, kid, payload };
}
