import { canonicalJson, type JsonValue } from './canonical-json';
import type { Queryable, Transaction } from './database';
import { computeEventHash, GENESIS_HASH } from './event-hash';
import { eventIdFor } from './event-id';
import { EVENT_COLUMNS, isoTimestampSql, toRecordedEvent, type EventRow } from './event-rows';
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

interface StreamHead {
  version: number;
  last_hash: string;
  now: string;
}

interface CommandRow {
  [column: string]: unknown;
  stream_id: string;
  first_version: number;
  last_version: number;
  result: { streamVersion: number };
}

/**
 * One append, inside `tx`: lock the stream row (creating it for a new stream), return the first result if the
 * command was seen before, check the expected version, then write the events (consecutive versions, hash chain),
 * the command record and the stream's new head. No write happens before the checks, so a conflict leaves the
 * caller's transaction untouched.
 */
export async function appendToStream(tx: Queryable, streamId: string, options: AppendOptions): Promise<AppendResult> {
  const { expectedVersion, commandId } = options;
  const prepared = prepareEvents(streamId, options);

  let head = await lockStream(tx, streamId);
  if (!head) {
    if (typeof expectedVersion === 'number' && expectedVersion > 0) {
      return { ok: false, conflict: { streamId, expected: expectedVersion, actual: 0 } };
    }
    // Racing creators wait here for each other; the loser then locks the winner's row.
    await tx.query(
      `INSERT INTO streams (stream_id, category, version, last_hash) VALUES ($1, $2, 0, $3) ON CONFLICT (stream_id) DO NOTHING`,
      [streamId, streamCategory(streamId), GENESIS_HASH],
    );
    head = await lockStream(tx, streamId);
    if (!head) throw new Error(`stream ${streamId} vanished while being created`);
  }

  // Checked after the lock: a retry racing its first attempt sees the first attempt's command row here.
  const previous = await tx.query<CommandRow>(
    'SELECT stream_id, first_version, last_version, result FROM commands WHERE command_id = $1',
    [commandId],
  );
  const first = previous.rows[0];
  if (first) {
    if (first.stream_id !== streamId) throw new CommandIdReusedError(commandId, first.stream_id, streamId);
    return { ok: true, duplicate: true, streamVersion: first.result.streamVersion, events: await readCommandEvents(tx, first) };
  }

  if (!versionMatches(expectedVersion, head.version)) {
    return { ok: false, conflict: { streamId, expected: expectedVersion, actual: head.version } };
  }

  const events = chainEvents(streamId, commandId, head, prepared);
  const last = events[events.length - 1]!;
  const result: JsonValue = { streamVersion: last.streamVersion, eventIds: events.map((e) => e.eventId) };
  const recorded = await tx.query(
    `INSERT INTO commands (command_id, stream_id, first_version, last_version, result) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (command_id) DO NOTHING RETURNING command_id`,
    [commandId, streamId, events[0]!.streamVersion, last.streamVersion, JSON.stringify(result)],
  );
  if (recorded.rows.length === 0) {
    // Only a writer on another stream can have recorded it meanwhile (this stream is locked).
    const other = await tx.query<{ stream_id: string }>('SELECT stream_id FROM commands WHERE command_id = $1', [commandId]);
    throw new CommandIdReusedError(commandId, other.rows[0]?.stream_id ?? '(unknown)', streamId);
  }

  const written = await insertEvents(tx, streamId, head.now, events, prepared);
  await tx.query('UPDATE streams SET version = $2, last_hash = $3, updated_at = $4::timestamptz WHERE stream_id = $1', [
    streamId,
    last.streamVersion,
    last.hash,
    head.now,
  ]);
  return { ok: true, duplicate: false, streamVersion: last.streamVersion, events: written };
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

async function lockStream(tx: Queryable, streamId: string): Promise<StreamHead | undefined> {
  const { rows } = await tx.query<StreamHead & Record<string, unknown>>(
    `SELECT version, last_hash, ${isoTimestampSql("date_trunc('milliseconds', clock_timestamp())")} AS now
     FROM streams WHERE stream_id = $1 FOR UPDATE`,
    [streamId],
  );
  return rows[0];
}

function versionMatches(expected: ExpectedVersion, actual: number): boolean {
  if (expected === 'any') return true;
  if (expected === 'no-stream') return actual === 0;
  return expected === actual;
}

type ChainedEvent = Omit<RecordedEvent, 'globalPosition' | 'txId'>;

function chainEvents(streamId: string, commandId: string, head: StreamHead, prepared: PreparedEvent[]): ChainedEvent[] {
  let prevHash = head.last_hash;
  return prepared.map((event, i) => {
    const fields = {
      eventId: eventIdFor(commandId, i),
      streamId,
      streamVersion: head.version + 1 + i,
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: JSON.parse(event.dataJson) as JsonValue,
      metadata: JSON.parse(event.metadataJson) as EventMetadata,
      recordedAt: head.now,
    };
    const hash = computeEventHash(prevHash, fields);
    const chained = { ...fields, prevHash, hash };
    prevHash = hash;
    return chained;
  });
}

const PARAMS_PER_EVENT = 8;

async function insertEvents(
  tx: Queryable,
  streamId: string,
  recordedAt: string,
  events: ChainedEvent[],
  prepared: PreparedEvent[],
): Promise<RecordedEvent[]> {
  const params: unknown[] = [streamId, recordedAt];
  const rows = events.map((event, i) => {
    const p = 3 + i * PARAMS_PER_EVENT;
    params.push(
      event.eventId,
      event.streamVersion,
      event.type,
      event.schemaVersion,
      prepared[i]!.dataJson,
      prepared[i]!.metadataJson,
      event.prevHash,
      event.hash,
    );
    return `($${p}::uuid, $1, $${p + 1}::int, $${p + 2}, $${p + 3}::int, $${p + 4}::jsonb, $${p + 5}::jsonb, $2::timestamptz, $${p + 6}, $${p + 7})`;
  });
  const { rows: written } = await tx.query<{ event_id: string; global_position: string; tx_id: string }>(
    `INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, prev_hash, hash)
     VALUES ${rows.join(', ')}
     RETURNING event_id::text AS event_id, global_position::text AS global_position, tx_id::text AS tx_id`,
    params,
  );
  const byId = new Map(written.map((row) => [row.event_id, row]));
  return events.map((event) => {
    const row = byId.get(event.eventId);
    if (!row) throw new Error(`event ${event.eventId} was not returned by its INSERT`);
    return { ...event, globalPosition: row.global_position, txId: row.tx_id };
  });
}

async function readCommandEvents(tx: Queryable, command: CommandRow): Promise<RecordedEvent[]> {
  const { rows } = await tx.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3 ORDER BY stream_version`,
    [command.stream_id, command.first_version, command.last_version],
  );
  if (rows.length !== command.last_version - command.first_version + 1) {
    throw new Error(`command's events ${command.first_version}..${command.last_version} of ${command.stream_id} are incomplete`);
  }
  return rows.map(toRecordedEvent);
}
