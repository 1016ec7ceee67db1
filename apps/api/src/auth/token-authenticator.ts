import { Inject, Injectable } from '@nestjs/common';
import { verifyAccessToken, type Principal, type TokenKeyId, Users } from '@felt/staff';
import { TOKEN_KEYS, type TokenKeys } from './auth-secret';
import { Devices, type Device } from './devices';

/** Verified tokens kept (oldest dropped first): a signature check per request is a noticeable part of a command's CPU. */
const VERIFIED_TOKENS_KEPT = 10_000;

export type Authentication =
  /** `device`: the registered device the token is bound to (its kind and table decide what it may send). */
  | { readonly ok: true; readonly principal: Principal; readonly device?: Device }
  /** `reason` for the security log, `detail` for the caller; `who` when the token said who it was. */
  | {
      readonly ok: false;
      readonly reason: string;
      readonly detail: string;
      readonly who?: Principal;
      readonly code?: 'TOKEN_REVOKED' | 'UNKNOWN_USER';
    };

/**
 * Whether a bearer token lets its holder in: signature, expiry and claims, then the user's row, read on every call
 * so that disabling a user (or changing their role) stops their tokens at once; so is the row of the device a token
 * is bound to (retiring it stops them too). A staff-key token whose `sub` has no user row is refused, whatever its
 * role (docs/security.md "Insiders", row 6): whoever holds a signing key cannot invent a principal; a display or a
 * service is a user row too. Only the timer's own key vouches for a principal with no row (the timer, nothing else).
 * For HTTP (AccessGuard) and /live.
 */
@Injectable()
export class TokenAuthenticator {
  constructor(
    @Inject(TOKEN_KEYS) private readonly keys: TokenKeys,
    @Inject(Users) private readonly users: Users,
    @Inject(Devices) private readonly devices: Devices,
  ) {}

  /** Token → what its signature proved; the expiry and the user's row are still checked on every use. */
  private readonly verified = new Map<string, { principal: Principal; expiresAt: number; kid: TokenKeyId }>();

  async authenticate(token: string): Promise<Authentication> {
    const verified = this.verify(token);
    if (!verified.ok)
      return { ok: false, reason: verified.reason, detail: `the access token is not valid (${verified.reason}); sign in again` };
    const { principal } = verified;
    const found = await this.users.byIdWithGeneration(principal.sub);
    if (!found && verified.kid !== 'timer') {
      return {
        ok: false,
        code: 'UNKNOWN_USER',
        reason: 'no user row',
        detail: `this token is for "${principal.name}", who is not a user here: a token is for a user (felt users add, then sign in or felt token --user NAME)`,
        who: principal,
      };
    }
    const user = found?.user;
    if (user?.disabled) return { ok: false, reason: 'user disabled', detail: `user "${user.name}" is disabled`, who: principal };
    if (user && user.role !== principal.role) {
      return {
        ok: false,
        reason: 'role changed',
        detail: `user "${user.name}" is now ${user.role}, not ${principal.role}; sign in again`,
        who: principal,
      };
    }
    if (found && (principal.generation ?? 0) !== found.tokenGeneration) {
      return {
        ok: false,
        code: 'TOKEN_REVOKED',
        reason: 'token revoked',
        detail: `this token was signed before user "${found.user.name}" was disabled, enabled, given another role or a new password; sign in again`,
        who: principal,
      };
    }
    if (principal.device !== undefined) {
      const device = await this.devices.byId(principal.device);
      if (!device || device.retiredAt !== null) {
        return {
          ok: false,
          reason: 'device retired',
          detail: `the device this token was signed in on is ${device ? `retired ("${device.name}")` : 'unknown'}; sign in on a registered device`,
          who: principal,
        };
      }
      return { ok: true, principal, device };
    }
    return { ok: true, principal };
  }

  private verify(token: string): { ok: true; principal: Principal; kid: TokenKeyId } | { ok: false; reason: string } {
    const known = this.verified.get(token);
    if (known && known.expiresAt > Date.now()) return { ok: true, principal: known.principal, kid: known.kid };
    if (known) {
      this.verified.delete(token);
      return { ok: false, reason: 'token expired' };
    }
    const verified = verifyAccessToken(this.keys.verify, token);
    if (!verified.ok) return verified;
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { principal: verified.principal, expiresAt: verified.expiresAt, kid: verified.kid });
    return { ok: true, principal: verified.principal, kid: verified.kid };
  }
}
