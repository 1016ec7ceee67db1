import type { JsonValue } from './canonical-json';
import type { EventMetadata, RecordedEvent } from './event-types';

/** ISO 8601 UTC with milliseconds, formatted by the server so pg and PGlite return the same text. */
export function isoTimestampSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The select list every event read uses (bigints and xid8 as text). */
export const EVENT_COLUMNS = `event_id::text AS event_id, stream_id, stream_version, global_position::text AS global_position,
  tx_id::text AS tx_id, type, schema_version, data, metadata, ${isoTimestampSql('recorded_at')} AS recorded_at, prev_hash, hash`;

export interface EventRow {
  [column: string]: unknown;
  event_id: string;
  stream_id: string;
  stream_version: number;
  global_position: string;
  tx_id: string;
  type: string;
  schema_version: number;
  data: JsonValue;
  metadata: EventMetadata;
  recorded_at: string;
  prev_hash: string;
  hash: string;
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    globalPosition: row.global_position,
    txId: row.tx_id,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}
