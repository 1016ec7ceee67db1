import { canonicalJson, type JsonValue } from './canonical-json';
import type { Queryable, Transaction } from './database';
import { eventIdFor } from './event-id';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import type { BatchOutcome } from './group-commit';
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
  { ok: true; streamVersion: number; events: RecordedEvent[]; duplicate: boolean } | { ok: false; conflict: VersionConflict };

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
  const append = preparedAppend(streamId, options);
  const { rows } = await db.query<AppendRow>(
    `SELECT status, stream_version, first_version, owner_stream_id, recorded_at, global_positions, tx_id, prev_hash, hashes
     FROM felt_append($1, $2, $3, $4, $5::uuid[], $6::text[], $7::integer[], $8::text[], $9::text[])`,
    [
      streamId,
      streamCategory(streamId),
      expectedVersionParameter(options.expectedVersion),
      options.commandId,
      append.eventIds,
      append.events.map((e) => e.type),
      append.events.map((e) => e.schemaVersion),
      append.events.map((e) => e.dataJson),
      append.events.map((e) => e.metadataJson),
    ],
    { statementName: 'felt_append' },
  );
  const row = rows[0];
  if (!row) throw new Error(`felt_append returned nothing for ${streamId}`);
  return appendResult(db, append, row);
}

/** One append of a batch: the stream and the options `EventStore.append` was called with. */
export interface AppendRequest {
  readonly streamId: string;
  readonly options: AppendOptions;
}

/**
 * Several appends as one statement and one transaction (felt_append_batch: group commit), each answered exactly as
 * `appendToStream` would answer it alone. A request that is malformed, or whose command id belongs to another
 * stream, fails alone. If the statement itself fails, every request is retried alone, so that an error lands only
 * on the request that caused it; that retry is safe even when the batch committed unseen (a connection lost after
 * the commit): each command id then answers with its first result.
 */
export async function appendBatch(db: Queryable, requests: readonly AppendRequest[]): Promise<BatchOutcome<AppendResult>[]> {
  if (requests.length === 1) return [await settled(appendToStream(db, requests[0]!.streamId, requests[0]!.options))];
  const outcomes: BatchOutcome<AppendResult>[] = new Array(requests.length);
  const sent: { readonly index: number; readonly append: PreparedAppend }[] = [];
  requests.forEach((request, index) => {
    try {
      sent.push({ index, append: preparedAppend(request.streamId, request.options) });
    } catch (error) {
      outcomes[index] = { error };
    }
  });
  if (sent.length === 0) return outcomes;
  let rows: (AppendRow & { item: number })[];
  try {
    ({ rows } = await db.query<AppendRow & { item: number }>(
      `SELECT item, status, stream_version, first_version, owner_stream_id, recorded_at, global_positions, tx_id, prev_hash, hashes
       FROM felt_append_batch($1::text[], $2::text[], $3::integer[], $4::text[], $5::integer[], $6::uuid[], $7::text[], $8::integer[], $9::text[], $10::text[])`,
      [
        sent.map((s) => s.append.streamId),
        sent.map((s) => streamCategory(s.append.streamId)),
        sent.map((s) => expectedVersionParameter(s.append.expectedVersion)),
        sent.map((s) => s.append.commandId),
        sent.map((s) => s.append.events.length),
        sent.flatMap((s) => s.append.eventIds),
        sent.flatMap((s) => s.append.events.map((e) => e.type)),
        sent.flatMap((s) => s.append.events.map((e) => e.schemaVersion)),
        sent.flatMap((s) => s.append.events.map((e) => e.dataJson)),
        sent.flatMap((s) => s.append.events.map((e) => e.metadataJson)),
      ],
      { statementName: 'felt_append_batch' },
    ));
  } catch {
    for (const { index } of sent) outcomes[index] = await settled(appendToStream(db, requests[index]!.streamId, requests[index]!.options));
    return outcomes;
  }
  for (const row of rows) {
    const { index, append } = sent[row.item - 1]!;
    outcomes[index] = await settled(appendResult(db, append, row));
  }
  for (const { index } of sent) outcomes[index] ??= { error: new Error(`felt_append_batch returned no answer for item ${index + 1}`) };
  return outcomes;
}

async function settled<T>(promise: Promise<T>): Promise<BatchOutcome<T>> {
  try {
    return { value: await promise };
  } catch (error) {
    return { error };
  }
}

function expectedVersionParameter(expected: ExpectedVersion): number | null {
  return expected === 'any' ? null : expected === 'no-stream' ? 0 : expected;
}

/** What felt_append's answer means for the caller. */
async function appendResult(db: Queryable, append: PreparedAppend, row: AppendRow): Promise<AppendResult> {
  const { streamId } = append;
  switch (row.status) {
    case 'conflict':
      return { ok: false, conflict: { streamId, expected: append.expectedVersion, actual: row.stream_version } };
    case 'command-reused':
      throw new CommandIdReusedError(append.commandId, row.owner_stream_id ?? '(unknown)', streamId);
    case 'duplicate':
      return {
        ok: true,
        duplicate: true,
        streamVersion: row.stream_version,
        events: await readCommandEvents(db, streamId, row.first_version!, row.stream_version),
      };
    case 'appended':
      return {
        ok: true,
        duplicate: false,
        streamVersion: row.stream_version,
        events: recordedEvents(streamId, append.eventIds, append.events, row),
      };
  }
}

/** The events as written: what was sent, with the versions, hashes, time and positions the database gave them. */
function recordedEvents(
  streamId: string,
  eventIds: readonly string[],
  prepared: readonly PreparedEvent[],
  row: AppendRow,
): RecordedEvent[] {
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

/** An append checked and serialised, ready for felt_append. */
interface PreparedAppend {
  readonly streamId: string;
  readonly commandId: string;
  readonly expectedVersion: ExpectedVersion;
  readonly eventIds: readonly string[];
  readonly events: readonly PreparedEvent[];
}

function preparedAppend(streamId: string, options: AppendOptions): PreparedAppend {
  const events = prepareEvents(streamId, options);
  const eventIds = events.map((_, i) => eventIdFor(options.commandId, i));
  return { streamId, commandId: options.commandId, expectedVersion: options.expectedVersion, eventIds, events };
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
