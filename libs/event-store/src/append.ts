import { canonicalJson, type JsonValue } from './canonical-json';
import type { Queryable, Transaction } from './database';
import { eventIdFor } from './event-id';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import type { EventMetadata, NewEvent, RecordedEvent } from './event-types';

/** 'no-stream' (the stream has no event yet; 0 means the same), a version number, or 'any'. */
export type ExpectedVersion = 'no-stream' | 'any' | number;

export interface AppendOptions {
  expectedVersion: ExpectedVersion;
  events: readonly NewEvent[];
  /**
   * The client's id for the command these events answer. Event ids derive from it (eventIdFor), and a second
   * append with the same commandId writes nothing and returns the first result with `duplicate: true`.
   * A command id belongs to one stream for good.
   */
  commandId: string;
  /** Applied to every event (each event's own metadata is merged over it); `commandId` is filled in. */
  metadata?: EventMetadata;
  /** Append inside the caller's transaction (e.g. with an inline read model) instead of a transaction of its own. */
  tx?: Transaction;
}

export interface VersionConflict {
  streamId: string;
  expected: ExpectedVersion;
  /** The stream's current version (0 if it has no event). */
  actual: number;
}

export type AppendResult =
  | { ok: true; streamVersion: number; events: RecordedEvent[]; duplicate: boolean }
  | { ok: false; conflict: VersionConflict };

/** A command id was sent again for a different stream: a client bug, not a retry. */
export class CommandIdReusedError extends Error {
  override readonly name = 'CommandIdReusedError';
  constructor(
    readonly commandId: string,
    readonly firstStreamId: string,
    readonly streamId: string,
  ) {
    super(`command ${commandId} was already applied to stream ${firstStreamId}; it cannot also write to ${streamId}`);
  }
}

/** The stream's category: the text before its first '-' ('table-42' → 'table'), or the whole id. */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

interface PreparedEvent {
  type: string;
  schemaVersion: number;
  dataJson: string;
  metadataJson: string;
}

/** felt_append's answer (migrations/1700000000300-AppendFunction.ts). */
interface AppendRow {
  [column: string]: unknown;
  status: 'appended' | 'duplicate' | 'conflict' | 'command-reused';
  stream_version: number;
  first_version: number | null;
  owner_stream_id: string | null;
  recorded_at: string | null;
  global_positions: string[] | null;
  tx_id: string | null;
  prev_hash: string | null;
  hashes: string[] | null;
}

/**
 * One append as one statement (felt_append): under the stream's row lock it returns the first result if the
 * command was seen before, checks the expected version, then writes the events (consecutive versions, the hash
 * chain computed in the database from the canonical texts sent here), the command record and the stream's new
 * head. No write happens before the checks, so a conflict leaves the caller's transaction untouched. Outside a
 * transaction the statement commits on its own: one round trip per command.
 */
export async function appendToStream(db: Queryable, streamId: string, options: AppendOptions): Promise<AppendResult> {
  const { expectedVersion, commandId } = options;
  const prepared = prepareEvents(streamId, options);
  const eventIds = prepared.map((_, i) => eventIdFor(commandId, i));
  const { rows } = await db.query<AppendRow>(
    `SELECT status, stream_version, first_version, owner_stream_id, recorded_at, global_positions, tx_id, prev_hash, hashes
     FROM felt_append($1, $2, $3, $4, $5::uuid[], $6::text[], $7::integer[], $8::text[], $9::text[])`,
    [
      streamId,
      streamCategory(streamId),
      expectedVersion === 'any' ? null : expectedVersion === 'no-stream' ? 0 : expectedVersion,
      commandId,
      eventIds,
      prepared.map((e) => e.type),
      prepared.map((e) => e.schemaVersion),
      prepared.map((e) => e.dataJson),
      prepared.map((e) => e.metadataJson),
    ],
  );
  const row = rows[0];
  if (!row) throw new Error(`felt_append returned nothing for ${streamId}`);
  switch (row.status) {
    case 'conflict':
      return { ok: false, conflict: { streamId, expected: expectedVersion, actual: row.stream_version } };
    case 'command-reused':
      throw new CommandIdReusedError(commandId, row.owner_stream_id ?? '(unknown)', streamId);
    case 'duplicate':
      return {
        ok: true,
        duplicate: true,
        streamVersion: row.stream_version,
        events: await readCommandEvents(db, streamId, row.first_version!, row.stream_version),
      };
    case 'appended':
      return { ok: true, duplicate: false, streamVersion: row.stream_version, events: recordedEvents(streamId, eventIds, prepared, row) };
  }
}

/** The events as written: what was sent, with the versions, hashes, time and positions the database gave them. */
function recordedEvents(streamId: string, eventIds: readonly string[], prepared: readonly PreparedEvent[], row: AppendRow): RecordedEvent[] {
  const first = row.first_version!;
  const hashes = row.hashes!;
  const positions = row.global_positions!;
  return prepared.map((event, i) => ({
    eventId: eventIds[i]!,
    streamId,
    streamVersion: first + i,
    globalPosition: positions[i]!,
    txId: row.tx_id!,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: JSON.parse(event.dataJson) as JsonValue,
    metadata: JSON.parse(event.metadataJson) as EventMetadata,
    recordedAt: row.recorded_at!,
    prevHash: i === 0 ? row.prev_hash! : hashes[i - 1]!,
    hash: hashes[i]!,
  }));
}

function prepareEvents(streamId: string, options: AppendOptions): PreparedEvent[] {
  if (typeof streamId !== 'string' || streamId.length === 0) throw new TypeError('streamId must be a non-empty string');
  if (typeof options.commandId !== 'string' || options.commandId.length === 0) {
    throw new TypeError('commandId must be a non-empty string');
  }
  const expected = options.expectedVersion;
  if (expected !== 'any' && expected !== 'no-stream' && !(Number.isSafeInteger(expected) && expected >= 0)) {
    throw new TypeError(`expectedVersion must be 'no-stream', 'any' or a version >= 0, got ${String(expected)}`);
  }
  if (!Array.isArray(options.events) || options.events.length === 0) throw new TypeError('append needs at least one event');
  return options.events.map((event, i) => {
    if (typeof event.type !== 'string' || event.type.length === 0) throw new TypeError(`events[${i}].type must be a non-empty string`);
    if (!Number.isSafeInteger(event.schemaVersion) || event.schemaVersion < 1) {
      throw new TypeError(`events[${i}].schemaVersion must be an integer >= 1`);
    }
    const metadata = { ...options.metadata, ...event.metadata, commandId: options.commandId };
    return {
      type: event.type,
      schemaVersion: event.schemaVersion,
      dataJson: canonicalJson(event.data, `$.events[${i}].data`),
      metadataJson: canonicalJson(metadata, `$.events[${i}].metadata`),
    };
  });
}

async function readCommandEvents(db: Queryable, streamId: string, firstVersion: number, lastVersion: number): Promise<RecordedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3 ORDER BY stream_version`,
    [streamId, firstVersion, lastVersion],
  );
  if (rows.length !== lastVersion - firstVersion + 1) {
    throw new Error(`command's events ${firstVersion}..${lastVersion} of ${streamId} are incomplete`);
  }
  return rows.map(toRecordedEvent);
}
