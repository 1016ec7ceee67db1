import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IN_MEMORY } from '@felt/event-store';

/** The staff signing key's file in the embedded default's data folder (PKCS#8 PEM, mode 0600). */
export const TOKEN_KEY_FILE = 'token.key';
/** The timer service's own key (PKCS#8 PEM): the worker signs with it, the API checks with its public half. */
export const TIMER_KEY_FILE = 'timer.key';
/** Its public half alone (SPKI PEM), where a deployment gives the API only that (docker-compose.yml). */
export const TIMER_PUBLIC_KEY_FILE = 'timer.pub';

export interface TokenKeySettings {
  /** FELT_TOKEN_PRIVATE_KEY: an Ed25519 private key, PKCS#8 PEM or its DER in base64 on one line. */
  readonly tokenPrivateKey: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}

/** The staff signing key, its public half, and where it came from (for the start-up log). */
export interface ResolvedTokenKey {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  readonly source: 'FELT_TOKEN_PRIVATE_KEY' | 'file' | 'created' | 'ephemeral';
  readonly file?: string;
}

/** An Ed25519 private key from PEM or one-line base64 DER (PKCS#8); anything else is refused, saying what it must be. */
export function ed25519PrivateKey(text: string, what: string): KeyObject {
  let key: KeyObject;
  try {
    key = text.includes('-----BEGIN')
      ? createPrivateKey(text)
      : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error(`${what} is not a private key: give an Ed25519 key as PKCS#8 PEM (\`openssl genpkey -algorithm ed25519\`)`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${what} is a ${key.asymmetricKeyType} key, not Ed25519 (\`openssl genpkey -algorithm ed25519\`)`);
  return key;
}

/** An Ed25519 public key from PEM (SPKI) or one-line base64 DER; a private key's public half is taken too. */
export function ed25519PublicKey(text: string, what: string): KeyObject {
  let key: KeyObject;
  try {
    key = text.includes('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'spki' });
  } catch {
    throw new Error(`${what} is not a public key: give an Ed25519 key as SPKI PEM (\`openssl pkey -pubout\`)`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`${what} is a ${key.asymmetricKeyType} key, not Ed25519`);
  return key;
}

/** A new Ed25519 private key as PKCS#8 PEM. */
export function newEd25519PrivateKeyPem(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
}

/**
 * The Ed25519 key staff tokens are signed with, which only the API (and `felt token`, on the API's host) holds:
 * FELT_TOKEN_PRIVATE_KEY; else `<DATA_DIR>/token.key`. The embedded default (no DATABASE_URL) creates that file
 * (mode 0600) on its first start, so `npm start` needs nothing set; with a DATABASE_URL it is read if it exists but
 * never created (several API processes must share one key), so the start fails and asks for the key. An in-memory
 * PGlite gets a key that lives as long as the process.
 */
export function resolveTokenKey(settings: TokenKeySettings): ResolvedTokenKey {
  const resolved = (privateKey: KeyObject, source: ResolvedTokenKey['source'], file?: string): ResolvedTokenKey => ({
    privateKey,
    publicKey: createPublicKey(privateKey),
    source,
    ...(file && { file }),
  });
  if (settings.tokenPrivateKey !== undefined)
    return resolved(ed25519PrivateKey(settings.tokenPrivateKey, 'FELT_TOKEN_PRIVATE_KEY'), 'FELT_TOKEN_PRIVATE_KEY');
  if (!settings.databaseUrl && settings.dataDir === IN_MEMORY)
    return resolved(ed25519PrivateKey(newEd25519PrivateKeyPem(), 'a new key'), 'ephemeral');
  const file = join(settings.dataDir, TOKEN_KEY_FILE);
  if (existsSync(file)) return resolved(ed25519PrivateKey(readFileSync(file, 'utf8'), file), 'file', file);
  if (settings.databaseUrl) {
    throw new Error(
      `FELT_TOKEN_PRIVATE_KEY is not set: with DATABASE_URL every API process must sign tokens with the same Ed25519 key. Set FELT_TOKEN_PRIVATE_KEY (\`openssl genpkey -algorithm ed25519\`) or put it in ${file}.`,
    );
  }
  return resolved(ed25519PrivateKey(writeNewKey(settings.dataDir, TOKEN_KEY_FILE), file), 'created', file);
}

/**
 * The timer service's public key, which the API checks timer tokens with (they may send expiries and nothing else):
 * FELT_TIMER_PUBLIC_KEY; else `<DATA_DIR>/timer.pub`; else the public half of `<DATA_DIR>/timer.key`, which the
 * embedded default creates beside its token key. None with a DATABASE_URL and neither: timer tokens are refused (the floor expires clocks by hand).
 */
export function resolveTimerPublicKey(settings: {
  readonly timerPublicKey: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}): KeyObject | undefined {
  if (settings.timerPublicKey !== undefined) return ed25519PublicKey(settings.timerPublicKey, 'FELT_TIMER_PUBLIC_KEY');
  if (settings.dataDir === IN_MEMORY) return undefined;
  const publicFile = join(settings.dataDir, TIMER_PUBLIC_KEY_FILE);
  if (existsSync(publicFile)) return ed25519PublicKey(readFileSync(publicFile, 'utf8'), publicFile);
  const file = join(settings.dataDir, TIMER_KEY_FILE);
  if (existsSync(file)) return createPublicKey(ed25519PrivateKey(readFileSync(file, 'utf8'), file));
  if (settings.databaseUrl) return undefined;
  return createPublicKey(ed25519PrivateKey(writeNewKey(settings.dataDir, TIMER_KEY_FILE), join(settings.dataDir, TIMER_KEY_FILE)));
}

/**
 * The timer service's private key, for the worker: FELT_TIMER_PRIVATE_KEY, else `<DATA_DIR>/timer.key` (the embedded
 * default's API makes it). Neither: the start stops, saying what to set.
 */
export function resolveTimerPrivateKey(settings: { readonly timerPrivateKey: string | undefined; readonly dataDir: string }): KeyObject {
  if (settings.timerPrivateKey !== undefined) return ed25519PrivateKey(settings.timerPrivateKey, 'FELT_TIMER_PRIVATE_KEY');
  const file = join(settings.dataDir, TIMER_KEY_FILE);
  if (existsSync(file)) return ed25519PrivateKey(readFileSync(file, 'utf8'), file);
  throw new Error(
    `the timer service has no key: set FELT_TIMER_PRIVATE_KEY (an Ed25519 key whose public half the API has as FELT_TIMER_PUBLIC_KEY) or put it in ${file}`,
  );
}

/** Writes a new key to `<dir>/<name>` (mode 0600, never over an existing file) and returns its PEM. */
function writeNewKey(dir: string, name: string): string {
  mkdirSync(dir, { recursive: true });
  const pem = newEd25519PrivateKeyPem();
  writeFileSync(join(dir, name), pem, { mode: 0o600, flag: 'wx' });
  return pem;
}
