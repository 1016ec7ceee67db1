import { JwtService } from '@nestjs/jwt';
import { z } from 'zod';
import { ROLES, type Role } from './roles';

/** What a verified access token says: who (sub: the user id, name) and in which role. */
export interface Principal {
  readonly sub: string;
  readonly name: string;
  readonly role: Role;
}

const claimsSchema = z.object({
  sub: z.string().min(1).max(128),
  name: z.string().min(1).max(128),
  role: z.enum(ROLES),
  exp: z.number(),
});

/** Signs an HS256 access token for `principal`, valid `ttlSeconds` from now (API login, `felt token`, the tests). */
export function signAccessToken(secret: string, principal: Principal, ttlSeconds: number): string {
  return new JwtService().sign({ name: principal.name, role: principal.role }, { secret, algorithm: 'HS256', subject: principal.sub, expiresIn: ttlSeconds });
}

/** The principal of a valid token and when it expires (ms since the epoch), or why it is not valid (bad signature, expired, malformed, missing claims). */
export function verifyAccessToken(
  jwt: JwtService,
  secret: string,
  token: string,
): { ok: true; principal: Principal; expiresAt: number } | { ok: false; reason: string } {
  let payload: unknown;
  try {
    payload = jwt.verify(token, { secret, algorithms: ['HS256'] });
  } catch (error) {
    const name = (error as { name?: string }).name;
    return { ok: false, reason: name === 'TokenExpiredError' ? 'token expired' : `invalid token (${(error as Error).message})` };
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return { ok: false, reason: 'token claims are not sub, name, role, exp' };
  const { sub, name, role, exp } = claims.data;
  return { ok: true, principal: { sub, name, role }, expiresAt: exp * 1000 };
}
