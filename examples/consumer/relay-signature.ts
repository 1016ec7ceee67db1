import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * The relay's signature on every job (docs/events.md "Signed jobs"): Ed25519 over the canonical JSON of the job's
 * data without its `signature` member. Node only, so that a consumer outside Felt's repository can copy this file.
 * The public key is pinned here from the relay's `relay-signing.pub`, never taken from Redis or from a job.
 */
export interface RelayKey {
  readonly key: KeyObject;
  /** First 16 hex digits of SHA-256 over the raw 32-byte public key, as the job's `signature.keyId`. */
  readonly keyId: string;
}

/** The relay's public key (PEM, SPKI) from its file: `<DATA_DIR>/relay-signing.pub` of the worker, copied here. */
export function readRelayKey(file: string): RelayKey {
  return relayKey(createPublicKey(readFileSync(file, 'utf8')));
}

export function relayKey(key: KeyObject): RelayKey {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('the relay key must be an Ed25519 public key');
  const raw = key.export({ format: 'der', type: 'spki' }).subarray(-32);
  return { key, keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16) };
}

/** Object members sorted by name at every level, no spaces, arrays in order: the bytes the relay signed. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${members.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
}

/** Why this job's data is not the relay's (null: it is): unsigned, another key, or changed after signing. */
export function notFromTheRelay(data: unknown, keys: readonly RelayKey[]): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'the job has no data object';
  const { signature, ...signed } = data as { signature?: { alg?: unknown; keyId?: unknown; value?: unknown } };
  if (typeof signature !== 'object' || signature === null) return 'the job is not signed';
  if (signature.alg !== 'Ed25519' || typeof signature.value !== 'string') return 'the job is not signed with Ed25519';
  const pinned = keys.find((k) => k.keyId === signature.keyId);
  if (!pinned) return `the job names key ${String(signature.keyId)}, which is not the relay's`;
  const good = verify(null, Buffer.from(canonicalJson(signed), 'utf8'), pinned.key, Buffer.from(signature.value, 'base64'));
  return good ? null : 'the job was changed after the relay signed it, or signed by another key';
}
