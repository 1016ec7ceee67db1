import type { RecordedEvent } from '@felt/event-store';
import { publicEventData } from '@felt/projections';
import type { JobSignature } from './job-signature';

/**
 * What a consumer receives as BullMQ job data (the job's name is the event type, its id the event id).
 * docs/events.md is the contract; `data` follows the JSON Schema of `type` at `schemaVersion`. The queue is public
 * (docs/security.md): `data` is the event as the public may see it (libs/projections publicEventData), so no job
 * holds a card before it is shown: HoleCardsDealt has `cards: null`, DeckSealed and DeckRevealed only `handNumber`,
 * an old log's HandStarted no deck and no seed. A tournament's events come to it already in their public form
 * (tournament-publication.ts, in the relay: entries under pseudonyms), which no table rule changes.
 */
export interface EventJob {
  eventId: string;
  type: string;
  schemaVersion: number;
  streamId: string;
  /** 1, 2, 3, ... without gaps within the stream: apply a table's events in this order. */
  streamVersion: number;
  /** The global log's order is (txId, globalPosition); both bigints as decimal strings. */
  globalPosition: string;
  txId: string;
  /** When the event was recorded (ISO 8601 UTC, milliseconds). */
  recordedAt: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /** The relay's Ed25519 signature over the rest of this object (job-signature.ts); absent only where no signer runs (tests). */
  signature?: JobSignature;
}

export function eventJob(event: RecordedEvent): EventJob {
  return {
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    streamId: event.streamId,
    streamVersion: event.streamVersion,
    globalPosition: event.globalPosition,
    txId: event.txId,
    recordedAt: event.recordedAt,
    data: publicEventData(event.type, event.data),
    metadata: event.metadata,
  };
}
