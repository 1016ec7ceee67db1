import type { RecordedEvent } from '@felt/event-store';

/**
 * What a consumer receives as BullMQ job data (the job's name is the event type, its id the event id).
 * docs/events.md is the contract; `data` follows the JSON Schema of `type` at `schemaVersion`.
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
    data: event.data,
    metadata: event.metadata,
  };
}
