import { Inject, Injectable, type ExecutionContext } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerModule, type ThrottlerLimitDetail } from '@nestjs/throttler';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import type { HttpRequest } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { apiActor, AuditLog } from './audit-log';
import { SecurityLog } from './security-log';

const PER_ADDRESS = 'login-address';
const PER_USER = 'login-user';

/**
 * The brakes on guessing passwords at POST /auth/login, with @nestjs/throttler (its in-memory store: the limits hold
 * per API process):
 * - per address: LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE sign-ins a minute from one IP (an IPv6 /64 counts as one);
 *   more, and that address waits out the minute;
 * - per user name: LOGIN_FAILURES_BEFORE_LOCKOUT attempts within LOGIN_LOCKOUT_SECONDS lock that name for
 *   LOGIN_LOCKOUT_SECONDS, whatever the password and wherever the attempts come from. Every attempt counts, a good
 *   one too: floor staff sign in once a shift, so only guessing reaches the limit.
 * Refused with 429 LOGIN_THROTTLED and Retry-After, before the password is checked.
 */
export const loginThrottlerModule = ThrottlerModule.forRootAsync({
  inject: [API_CONFIG],
  useFactory: (config: ApiConfig) => ({
    setHeaders: false, // the problem's Retry-After says all a client needs
    ipv6SubnetPrefix: 64,
    throttlers: [
      { name: PER_ADDRESS, ttl: 60_000, limit: config.loginAttemptsPerAddressPerMinute },
      {
        name: PER_USER,
        ttl: config.loginLockoutSeconds * 1000,
        limit: config.loginFailuresBeforeLockout,
        blockDuration: config.loginLockoutSeconds * 1000,
        getTracker: (req: Record<string, unknown>) => `user:${userNameOf(req as unknown as HttpRequest)}`,
      },
    ],
  }),
});

/** The user name a sign-in is for (case-folded, as names are unique regardless of case), or the address without one. */
function userNameOf(req: HttpRequest): string {
  const name = (req.body as { username?: unknown } | undefined)?.username;
  return typeof name === 'string' ? name.trim().toLowerCase() : `address:${req.ip}`;
}

/** The guard on POST /auth/login: @nestjs/throttler's, answering with the API's problem and a security log line. */
@Injectable()
export class LoginThrottle extends ThrottlerGuard {
  @Inject(SecurityLog) private readonly securityLog!: SecurityLog;
  @Inject(AuditLog) private readonly audit!: AuditLog;
  /**
   * Tracker → when its lock ends: a lock is recorded in the audit stream once, when it starts, not for every attempt
   * refused while it lasts (a guesser would otherwise write an event per try). Per process, like the limits.
   */
  private readonly recordedLocks = new Map<string, number>();

  protected override async throwThrottlingException(context: ExecutionContext, limit: ThrottlerLimitDetail): Promise<void> {
    const req = context.switchToHttp().getRequest<HttpRequest>();
    const byUser = limit.tracker.startsWith('user:');
    const seconds = Math.max(1, limit.timeToBlockExpire);
    const problem = new ApiProblem(
      'too-many-requests',
      'LOGIN_THROTTLED',
      byUser
        ? `too many sign-in attempts for this user name: it is locked for ${seconds} s; a floor supervisor can help meanwhile`
        : `too many sign-in attempts from this address: wait ${seconds} s`,
      { retryAfterSeconds: seconds },
    );
    await this.recordLock(limit.tracker, byUser ? userNameOf(req) : null, req.ip ?? null, seconds);
    throw this.securityLog.refuse(req, problem, byUser ? 'login: user name locked' : 'login: address throttled', byUser ? { name: userNameOf(req) } : undefined);
  }

  private async recordLock(tracker: string, name: string | null, address: string | null, seconds: number): Promise<void> {
    const now = Date.now();
    if ((this.recordedLocks.get(tracker) ?? 0) > now) return;
    for (const [key, until] of this.recordedLocks) if (until <= now) this.recordedLocks.delete(key);
    this.recordedLocks.set(tracker, now + seconds * 1000);
    await this.audit.append({ type: 'SignInLocked', scope: name === null ? 'address' : 'user', name, address, seconds }, apiActor(undefined));
  }
}
