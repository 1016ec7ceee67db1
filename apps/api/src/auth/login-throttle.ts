import { createHash } from 'node:crypto';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Database } from '@felt/event-store';
import type { ApiConfig } from '../config/api-config';

/** What a sign-in must wait for before its password is even checked, and why (one (user, address) pair, or the address). */
export interface SignInWait {
  readonly scope: 'user' | 'address';
  readonly seconds: number;
}

/**
 * The brakes on guessing passwords at POST /auth/login (docs/security.md "Insiders", row 7), with
 * rate-limiter-flexible. Only failures count: a good sign-in costs nothing and clears its pair's failures, so six
 * good sign-ins in a row never wait.
 * - per (user name, address): LOGIN_FAILURES_BEFORE_LOCKOUT failures in a row make that name wait
 *   LOGIN_LOCKOUT_SECONDS **from that address**; the owner signing in from an address that has not been failing still
 *   gets in, so a guesser cannot lock the floor out before a shift;
 * - per address: LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE failures a minute, whatever the names, make the address wait
 *   out the minute (one machine guessing many names).
 * Shared by every API process on one PostgreSQL (the `sign_in_throttle` table); in memory on the embedded PGlite,
 * which one process alone opens. Keys hold a SHA-256 of the name typed (a password typed into the name field is
 * not kept), and the address (an IPv6 /64 counts as one).
 */
export class SignInThrottle {
  /** For the spec: the key an address counts under. */
  static readonly addressKey = addressKey;

  private readonly perUserAddress: RateLimiterAbstract;
  private readonly perAddress: RateLimiterAbstract;

  constructor(
    config: Pick<ApiConfig, 'loginFailuresBeforeLockout' | 'loginLockoutSeconds' | 'loginAttemptsPerAddressPerMinute'>,
    db: Database,
  ) {
    const userAddress = {
      keyPrefix: 'login-pair',
      points: config.loginFailuresBeforeLockout,
      duration: config.loginLockoutSeconds,
      blockDuration: config.loginLockoutSeconds,
    };
    const address = { keyPrefix: 'login-address', points: config.loginAttemptsPerAddressPerMinute, duration: 60, blockDuration: 60 };
    if (db.kind === 'pglite') {
      this.perUserAddress = new RateLimiterMemory(userAddress);
      this.perAddress = new RateLimiterMemory(address);
    } else {
      // rate-limiter-flexible's 'pool' client: anything with query({text, values}) answering {rows}; the table is the migration's.
      const storeClient = { query: (q: { text: string; values?: unknown[] }) => db.query(q.text, q.values ?? []) };
      const store = { storeClient, storeType: 'pool', tableName: 'sign_in_throttle', tableCreated: true, clearExpiredByTimeout: false };
      this.perUserAddress = new RateLimiterPostgres({ ...store, ...userAddress });
      this.perAddress = new RateLimiterPostgres({ ...store, ...address });
    }
  }

  /** Whether this sign-in must wait (checked before the password, so a waiting guesser learns nothing). */
  async waitFor(name: string, address: string | null): Promise<SignInWait | null> {
    const [pair, from] = await Promise.all([this.perUserAddress.get(pairKey(name, address)), this.perAddress.get(addressKey(address))]);
    const pairWait = blockedSeconds(pair, this.perUserAddress.points);
    if (pairWait > 0) return { scope: 'user', seconds: pairWait };
    const addressWait = blockedSeconds(from, this.perAddress.points);
    return addressWait > 0 ? { scope: 'address', seconds: addressWait } : null;
  }

  /** Counts a failed sign-in; says which wait it started, if it reached a limit (to be recorded once). */
  async failed(name: string, address: string | null): Promise<SignInWait | null> {
    const [pair, from] = await Promise.all([
      consume(this.perUserAddress, pairKey(name, address)),
      consume(this.perAddress, addressKey(address)),
    ]);
    if (pair.consumedPoints === this.perUserAddress.points) return { scope: 'user', seconds: Math.ceil(this.perUserAddress.blockDuration) };
    if (from.consumedPoints === this.perAddress.points) return { scope: 'address', seconds: Math.ceil(this.perAddress.blockDuration) };
    return null;
  }

  /** A good sign-in clears its pair's failures (the address's stay: other names may be being guessed from it). */
  async succeeded(name: string, address: string | null): Promise<void> {
    await this.perUserAddress.delete(pairKey(name, address));
  }
}

/** Seconds left of a block: the limiter blocks a key by holding more points than its limit until it expires. */
function blockedSeconds(res: RateLimiterRes | null, points: number): number {
  return res !== null && res.consumedPoints >= points ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
}

/** consume() rejects with the limiter's answer once over the limit: the count is what matters here, not the refusal. */
async function consume(limiter: RateLimiterAbstract, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    if (error instanceof RateLimiterRes) return error;
    throw error;
  }
}

function hashed(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 32);
}

/** Names are unique regardless of case: "VERA" is "vera". */
function pairKey(name: string, address: string | null): string {
  return `${hashed(name.trim().toLowerCase())}|${addressKey(address)}`;
}

/** An IPv6 address counts by its /64 (one host holds a whole /64); IPv4 (mapped too) by the address. */
function addressKey(address: string | null): string {
  if (address === null) return 'unknown';
  if (!address.includes(':') || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
