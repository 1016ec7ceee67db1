import type { JsonValue } from './canonical-json';

/**
 * Who and what caused an event. The store fills `commandId` from the append; the rest is the caller's.
 * Any other JSON members are kept as given.
 */
export interface EventMetadata {
  commandId?: string;
  actorId?: string;
  actorRole?: string;
  correlationId?: string;
  causationId?: string;
  /** The registered device the command came from; null: none (docs/api.md "Devices"). */
  device?: string | null;
  [key: string]: JsonValue | undefined;
}

/** An event to append. `data` must be JSON (see canonicalJson); the store never looks inside it. */
export interface NewEvent {
  type: string;
  schemaVersion: number;
  data: unknown;
  /** Merged over the append's metadata for this event only. */
  metadata?: EventMetadata;
}

/** An event as stored. Bigints (positions, transaction ids) are decimal strings; `recordedAt` is ISO 8601 UTC with milliseconds. */
export interface RecordedEvent {
  eventId: string;
  streamId: string;
  /** 1, 2, 3, ... without gaps within the stream. */
  streamVersion: number;
  /** Unique and increasing in insertion order, but with gaps and not in commit order: read the log by (txId, globalPosition). */
  globalPosition: string;
  /** The writing transaction's id (xid8). */
  txId: string;
  type: string;
  schemaVersion: number;
  data: JsonValue;
  metadata: EventMetadata;
  recordedAt: string;
  /** The previous event's hash in this stream (GENESIS_HASH for version 1), lowercase hex. */
  prevHash: string;
  /** sha256(prevHash bytes || canonical event), lowercase hex; see computeEventHash. */
  hash: string;
}
