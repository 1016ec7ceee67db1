import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';
import type { RecordedEvent } from './event-types';

/** The `prevHash` of every stream's first event: 32 zero bytes, hex. */
export const GENESIS_HASH = '0'.repeat(64);

/** The fields of an event that its hash covers. */
export type HashedEventFields = Pick<
  RecordedEvent,
  'streamId' | 'streamVersion' | 'eventId' | 'type' | 'schemaVersion' | 'data' | 'metadata' | 'recordedAt'
>;

const HEX_HASH = /^[0-9a-f]{64}$/;

/**
 * The canonical text of an event: canonicalJson of the object
 * `{ data, eventId, metadata, recordedAt, schemaVersion, streamId, streamVersion, type }`
 * (keys in that sorted order; recordedAt as ISO 8601 UTC with milliseconds, e.g. "2026-01-02T03:04:05.678Z").
 * Positions and transaction ids are not covered: the database assigns them.
 */
export function canonicalEvent(event: HashedEventFields): string {
  return canonicalJson({
    data: event.data,
    eventId: event.eventId,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
    schemaVersion: event.schemaVersion,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    type: event.type,
  });
}

/**
 * hash = lowercase hex of sha256( the 32 bytes of prevHash || UTF-8 bytes of canonicalEvent(event) ).
 * Pure: a regulator's tool can recompute every hash of an exported stream with node:crypto alone.
 */
export function computeEventHash(prevHash: string, event: HashedEventFields): string {
  if (!HEX_HASH.test(prevHash)) throw new Error(`prevHash must be 64 lowercase hex characters, got ${JSON.stringify(prevHash)}`);
  return createHash('sha256').update(Buffer.from(prevHash, 'hex')).update(canonicalEvent(event), 'utf8').digest('hex');
}

/** Where a chain stands: the last verified version and its hash (version 0 and GENESIS_HASH before the first event). */
export interface ChainHead {
  version: number;
  hash: string;
}

export const CHAIN_START: ChainHead = { version: 0, hash: GENESIS_HASH };

export type ChainProblem = 'version-gap' | 'prev-hash-mismatch' | 'hash-mismatch' | 'stream-head-mismatch';

export type ChainVerification =
  { ok: true; head: ChainHead } | { ok: false; version: number; problem: ChainProblem; expected: string; actual: string };

/**
 * Checks that `events` (one stream, in version order) continue the chain at `from`: versions follow on without
 * gaps, each prevHash is the previous hash, and each stored hash equals the recomputed one.
 * Feed the returned head into the next call to verify a long stream page by page.
 */
export function verifyEvents(events: readonly RecordedEvent[], from: ChainHead = CHAIN_START): ChainVerification {
  let head = from;
  for (const event of events) {
    const version = head.version + 1;
    if (event.streamVersion !== version) {
      return { ok: false, version, problem: 'version-gap', expected: String(version), actual: String(event.streamVersion) };
    }
    if (event.prevHash !== head.hash) {
      return { ok: false, version, problem: 'prev-hash-mismatch', expected: head.hash, actual: event.prevHash };
    }
    const hash = computeEventHash(head.hash, event);
    if (event.hash !== hash) return { ok: false, version, problem: 'hash-mismatch', expected: hash, actual: event.hash };
    head = { version, hash };
  }
  return { ok: true, head };
}
