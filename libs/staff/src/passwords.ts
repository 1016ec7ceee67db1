import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost parameters, written into each hash. */
export interface ScryptCost {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** scrypt's cost: N=2^15 (about 32 MiB and a few tens of ms per hash: cheap for a login, dear for a guesser). */
const COST = { N: 2 ** 15, r: 8, p: 1 } as const;
/** Enough for COST's 32 MiB (scrypt takes 128 * N * r bytes); a stored hash asking for more is refused by scrypt. */
const MAX_MEMORY = 64 * 1024 * 1024;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * `scrypt$N$r$p$salt$hash` (base64): the parameters travel with the hash, so they can be raised later. Every password
 * Felt stores is hashed at COST; `cost` is for test fixtures only (users a test adds straight to the table, whose
 * sign-ins need not pay COST each time).
 */
export async function hashPassword(password: string, cost: ScryptCost = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { ...cost, maxmem: MAX_MEMORY });
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Whether `password` is the one `stored` was made from (constant-time comparison; false for a malformed hash). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), maxmem: MAX_MEMORY });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A password for a user created without one: 18 random bytes, URL-safe base64 (24 characters). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
