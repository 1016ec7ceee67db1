import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { canonicalJson, type EventStore, type RecordedEvent } from '@felt/event-store';
import type { Violation } from './violations';

/**
 * Anchors: each stream's head (version and hash) at a moment, signed with an Ed25519 key whose public half the
 * regulator keeps. A later log must still hold, at each anchored version, the anchored hash; since verify checks
 * that every event links to the one before, the log then extends the anchor: nothing after it was cut off (a
 * truncated tail loses the anchored version or rewinds below it) and nothing up to it was rewritten (the hash at
 * the anchored version would differ).
 */
export const ANCHORS_FORMAT = 'felt-anchors/1';

export interface StreamAnchor {
  readonly streamId: string;
  readonly version: number;
  readonly hash: string;
}

export interface AnchorSet {
  readonly format: typeof ANCHORS_FORMAT;
  /** When the heads were read (ISO 8601); they were read in one statement, so they are one moment of the log. */
  readonly takenAt: string;
  readonly streams: readonly StreamAnchor[];
}

/** The file `felt anchors` writes: the set and the Ed25519 signature (base64) of its canonical JSON. */
export interface SignedAnchors {
  readonly anchors: AnchorSet;
  readonly signature: { readonly algorithm: 'ed25519'; readonly value: string };
}

/** Every stream's head, read from the streams table in one statement. */
export async function takeAnchors(store: EventStore, now: Date = new Date()): Promise<AnchorSet> {
  const streams = await store.listStreams();
  return {
    format: ANCHORS_FORMAT,
    takenAt: now.toISOString(),
    streams: streams.map((s) => ({ streamId: s.streamId, version: s.version, hash: s.lastHash })),
  };
}

export function signAnchors(anchors: AnchorSet, privateKeyPem: string): SignedAnchors {
  const key = createPrivateKey(privateKeyPem);
  assertEd25519(key);
  const value = sign(null, Buffer.from(canonicalJson(anchors)), key).toString('base64');
  return { anchors, signature: { algorithm: 'ed25519', value } };
}

/**
 * Reads a signed anchors file and checks its signature with the regulator's public key. Throws an Error with a
 * sentence when the file is not an anchors file or the signature does not match (the anchors cannot be trusted).
 */
export function openSignedAnchors(text: string, publicKeyPem: string): AnchorSet {
  let parsed: SignedAnchors;
  try {
    parsed = JSON.parse(text) as SignedAnchors;
  } catch (error) {
    throw new Error(`the anchors file is not JSON: ${(error as Error).message}`, { cause: error });
  }
  const set = parsed?.anchors;
  if (set?.format !== ANCHORS_FORMAT || !Array.isArray(set.streams) || typeof parsed.signature?.value !== 'string')
    throw new Error(`the anchors file is not a ${ANCHORS_FORMAT} file written by felt anchors`);
  for (const a of set.streams)
    if (typeof a?.streamId !== 'string' || !Number.isSafeInteger(a.version) || a.version < 0 || typeof a.hash !== 'string')
      throw new Error('the anchors file holds a stream without streamId, version or hash');
  const key = createPublicKey(publicKeyPem);
  assertEd25519(key);
  if (!verify(null, Buffer.from(canonicalJson(set)), key, Buffer.from(parsed.signature.value, 'base64')))
    throw new Error('the signature of the anchors file does not match the public key: the file was changed or signed with another key');
  return set;
}

/** A new Ed25519 key pair as PEM (PKCS#8 private, SPKI public): what `felt anchors --new-key` writes. */
export function newAnchorKeyPair(): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

function assertEd25519(key: KeyObject): void {
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the key is ${key.asymmetricKeyType ?? 'not an asymmetric key'}, not Ed25519`);
}

/** The hash an event holds at a version, or undefined when the log has no such event. */
export type HashAt = (streamId: string, version: number) => Promise<string | undefined> | string | undefined;

/**
 * Compares the anchors with the log: each anchored version must still be there with the anchored hash. Only the
 * streams `covered` says were verified are compared (all of them for `felt verify --all`).
 */
export async function checkAnchors(
  anchors: AnchorSet,
  hashAt: HashAt,
  covered: (streamId: string) => boolean = () => true,
): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const a of anchors.streams) {
    if (!covered(a.streamId) || a.version === 0) continue;
    const hash = await hashAt(a.streamId, a.version);
    const at = `the anchor of ${anchors.takenAt} holds version ${a.version} (hash ${short(a.hash)})`;
    if (hash === undefined)
      violations.push({
        streamId: a.streamId,
        version: a.version,
        kind: 'anchor',
        message: `${at}, but the log has no such event: the stream was cut back`,
      });
    else if (hash !== a.hash)
      violations.push({
        streamId: a.streamId,
        version: a.version,
        kind: 'anchor',
        message: `${at}, but the log's event there has hash ${short(hash)}: the stream was rewritten`,
      });
  }
  return violations;
}

/** HashAt over the store: one small indexed read per anchor. */
export function storeHashAt(store: EventStore): HashAt {
  return async (streamId, version) => (await store.readStream(streamId, { fromVersion: version, toVersion: version }))[0]?.hash;
}

/** HashAt over an export's events. */
export function eventsHashAt(events: readonly RecordedEvent[]): HashAt {
  const byKey = new Map(events.map((e) => [`${e.streamVersion} ${e.streamId}`, e.hash]));
  return (streamId, version) => byKey.get(`${version} ${streamId}`);
}

function short(hash: string): string {
  return hash.length > 12 ? `${hash.slice(0, 12)}…` : hash;
}
