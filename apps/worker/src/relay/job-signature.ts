import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * Proof of origin for queue jobs. Whoever can write to Redis can add a job; only the relay holds the Ed25519 private
 * key, so a consumer that checks each job's signature against the relay's public key refuses a job added or changed
 * by anyone else. The signature covers the job's data without its `signature` member, serialized canonically (object
 * members sorted by name, no spaces): the consumer rebuilds the same bytes from the job it received.
 */
export const JOB_SIGNATURE_ALGORITHM = 'Ed25519';

export interface JobSignature {
  alg: typeof JOB_SIGNATURE_ALGORITHM;
  /** First 16 hex digits of SHA-256 over the raw 32-byte public key: which key to check with (keys rotate). */
  keyId: string;
  /** Base64 of the 64-byte signature. */
  value: string;
}

/** The private key's file inside the worker's data folder when FELT_RELAY_SIGNING_KEY is not set. */
export const RELAY_SIGNING_KEY_FILE = 'relay-signing.key';
/** The public key, written beside it (PEM) for consumers to pin. */
export const RELAY_PUBLIC_KEY_FILE = 'relay-signing.pub';

/** PKCS #8 DER prefix of an Ed25519 private key: the 32-byte seed follows it (RFC 8410). */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** JSON with object members sorted by name at every level: the bytes a signature covers. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const members = Object.keys(value)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${members.join(',')}}`;
}

/** The raw public key's id (see JobSignature.keyId). */
export function publicKeyId(publicKey: KeyObject): string {
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

export class JobSigner {
  readonly publicKey: KeyObject;
  readonly keyId: string;

  constructor(private readonly privateKey: KeyObject) {
    if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('the relay signing key must be an Ed25519 key');
    this.publicKey = createPublicKey(privateKey);
    this.keyId = publicKeyId(this.publicKey);
  }

  /** The job's data with its signature added (a `signature` already there is replaced). */
  signed<T extends object>(data: T): T & { signature: JobSignature } {
    const { signature: _old, ...unsigned } = data as T & { signature?: unknown };
    const value = sign(null, Buffer.from(canonicalJson(unsigned), 'utf8'), this.privateKey).toString('base64');
    return { ...(unsigned as T), signature: { alg: JOB_SIGNATURE_ALGORITHM, keyId: this.keyId, value } };
  }

  publicKeyPem(): string {
    return this.publicKey.export({ format: 'pem', type: 'spki' }).toString();
  }
}

/**
 * Why a job's data does not carry a good signature by one of `publicKeys` (null: it does). A consumer drops (and
 * reports) a job this refuses: it did not come from the relay, or was changed after it.
 */
export function jobSignatureProblem(data: unknown, publicKeys: readonly KeyObject[]): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'the job has no data object';
  const { signature, ...unsigned } = data as { signature?: Partial<JobSignature> };
  if (typeof signature !== 'object' || signature === null) return 'the job is not signed';
  if (signature.alg !== JOB_SIGNATURE_ALGORITHM || typeof signature.value !== 'string')
    return `the job's signature is not ${JOB_SIGNATURE_ALGORITHM}`;
  const key = publicKeys.find((k) => publicKeyId(k) === signature.keyId);
  if (!key) return `the job is signed with key ${String(signature.keyId)}, which is not one of the relay's`;
  const ok = verify(null, Buffer.from(canonicalJson(unsigned), 'utf8'), key, Buffer.from(signature.value, 'base64'));
  return ok ? null : 'the job was changed after the relay signed it, or signed by another key';
}

/**
 * The relay's signing key: FELT_RELAY_SIGNING_KEY (the 32-byte Ed25519 seed as 64 hex digits, or a PKCS #8 PEM),
 * else `<dataDir>/relay-signing.key`, created with mode 0600 on the first start (an embedded default, so a worker
 * runs with nothing set; a deployment with several workers gives them all the same key). The public key is written
 * to `<dataDir>/relay-signing.pub` on every start, for consumers to pin.
 */
export function resolveRelaySigningKey(settings: { readonly signingKey: string | undefined; readonly dataDir: string }): {
  signer: JobSigner;
  source: string;
} {
  const folder = resolve(settings.dataDir);
  let signer: JobSigner;
  let source: string;
  if (settings.signingKey !== undefined) {
    signer = new JobSigner(privateKeyOf(settings.signingKey, 'FELT_RELAY_SIGNING_KEY'));
    source = 'FELT_RELAY_SIGNING_KEY';
  } else {
    const file = join(folder, RELAY_SIGNING_KEY_FILE);
    if (!existsSync(file)) writeNewKey(file);
    signer = new JobSigner(privateKeyOf(readFileSync(file, 'utf8'), file));
    source = file;
  }
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, RELAY_PUBLIC_KEY_FILE), signer.publicKeyPem(), { mode: 0o644 });
  return { signer, source };
}

function privateKeyOf(text: string, where: string): KeyObject {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed))
    return createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(trimmed, 'hex')]), format: 'der', type: 'pkcs8' });
  if (trimmed.startsWith('-----BEGIN PRIVATE KEY-----')) return createPrivateKey(trimmed);
  throw new Error(`${where} holds no Ed25519 key: 64 hex digits (the 32-byte seed, e.g. \`openssl rand -hex 32\`) or a PKCS #8 PEM`);
}

function writeNewKey(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  // 'wx': never over a key another worker wrote a moment ago.
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return;
    throw error;
  }
  try {
    writeSync(fd, pem);
  } finally {
    closeSync(fd);
  }
}
