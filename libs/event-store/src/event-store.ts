import { appendBatch, appendToStream, type AppendOptions, type AppendRequest, type AppendResult } from './append';
import { AppendNotifications, type AppendNotificationsOptions } from './append-notifications';
import * as checkpoints from './checkpoints';
import * as commandRecords from './command-records';
import type { Database, Queryable, Transaction } from './database';
import { verifyEvents, CHAIN_START, type ChainVerification } from './event-hash';
import { EVENT_COLUMNS, isoTimestampSql, toRecordedEvent, type EventRow } from './event-rows';
import type { RecordedEvent } from './event-types';
import { START, type Position } from './position';
import { GAP_SAFE_BOUND, readAllOfStreams, type PrefixedPage } from './gap-safe-read';
import { GroupCommit, type BatchOutcome, type GroupCommitOptions } from './group-commit';
import { PostgresDatabase } from './postgres-database';
import * as snapshots from './snapshots';
import { SessionLock } from './session-lock';
import { StreamCopyReader } from './stream-copy';
import { PagedStreamReader, type WholeStreamReader } from './whole-stream-reader';

export interface ReadStreamOptions {
  /** First version to return (default 1). */
  fromVersion?: number;
  /** Last version to return (default: the stream's end). */
  toVersion?: number;
  limit?: number;
  /** Only events of these types (default: all): a reader that needs a few kinds of a long stream reads only those. */
  types?: readonly string[];
  /** From this event of the stream on (a UUID; none when the stream has no such event), found by its unique index. */
  fromEventId?: string;
  tx?: Transaction;
}

export interface ReadAllOptions {
  /** Return events after this position (default START). */
  after?: Position;
  /** At most this many events (default 1000). */
  limit?: number;
  tx?: Transaction;
}

/** A page of a stream's events recorded within a time range (see readStreamRecordedBetween). */
export interface TimeRangePage {
  readonly events: RecordedEvent[];
  /** The fromVersion of the next page, or null when no later event of the range is left. */
  readonly nextFromVersion: number | null;
}

export interface StreamInfo {
  streamId: string;
  category: string;
  version: number;
  lastHash: string;
  createdAt: string;
  updatedAt: string;
}

const VERIFY_PAGE = 1000;

export { GAP_SAFE_BOUND };

/**
 * Group commit for appends outside a caller's transaction: at most this many append statements in flight; appends
 * made meanwhile go out together (see GroupCommit). Two lets one batch commit while the next is written, and lets
 * batches form under load (docs/benchmarks.md, API section, has the figures).
 */
export const APPEND_GROUP_COMMIT: GroupCommitOptions = { maxInFlight: 2, maxBatch: 64 };

/** Append-only event streams over the database port. Knows nothing of what the events mean. */
export class EventStore {
  private readonly appends: GroupCommit<AppendRequest, AppendResult>;

  /**
   * The database stays private: every statement on the store's tables (events, streams, commands, checkpoints,
   * snapshots) is a method here, so the apps hold no SQL of the log's and the schema can change in one place.
   */
  constructor(
    private readonly db: Database,
    groupCommit: GroupCommitOptions = APPEND_GROUP_COMMIT,
  ) {
    this.appends = new GroupCommit((requests) => appendBatch(db, requests), groupCommit);
  }

  /** Which engine holds the log: PGlite has one session (no advisory locks between processes, no NOTIFY across). */
  get backend(): Database['kind'] {
    return this.db.kind;
  }

  /**
   * Runs `fn` in one transaction (READ COMMITTED unless its first statement says otherwise). Pass `tx` to the
   * store's methods and use it for the caller's own tables, so that a read model's rows and its checkpoint, say,
   * commit or roll back together.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Calls `onAppend` after appends commit, from any process (PostgreSQL LISTEN; never on PGlite): see AppendNotifications. */
  listenForAppends(onAppend: () => void, options: AppendNotificationsOptions = {}): Promise<AppendNotifications> {
    return AppendNotifications.listen(this.db, onAppend, options);
  }

  /**
   * Appends events to a stream in one transaction (or in `options.tx`). A wrong expected version returns
   * `{ ok: false, conflict }` and writes nothing; a repeated commandId returns the first result with `duplicate: true`.
   * Without `options.tx` the append is one statement that commits on its own (one round trip), shared with the
   * appends made at the same moment (group commit: each is still checked and answered on its own).
   */
  append(streamId: string, options: AppendOptions): Promise<AppendResult> {
    if (options.tx) return appendToStream(options.tx, streamId, options);
    return this.appends.submit({ streamId, options });
  }

  /**
   * Several appends in one statement, in order (a later one may expect the version an earlier one leaves), each
   * answered as `append` answers it; in `tx` when given (a caller that needs all or none checks every answer there).
   */
  appendInOrder(requests: readonly AppendRequest[], tx?: Transaction): Promise<BatchOutcome<AppendResult>[]> {
    return appendBatch(this.on(tx), requests);
  }

  /**
   * A reader of whole streams for checks over the full log: by COPY on a connection of its own on PostgreSQL
   * (less than half the client CPU of pages), page by page (`pageSize` events) elsewhere. Close it when done.
   */
  async openWholeStreamReader(pageSize = 5000): Promise<WholeStreamReader> {
    if (this.db instanceof PostgresDatabase) return StreamCopyReader.open(this.db);
    return new PagedStreamReader((streamId, fromVersion, limit) => this.readStream(streamId, { fromVersion, limit }), pageSize);
  }

  /** The stream's events in version order (empty if the stream does not exist). */
  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromVersion ?? 1;
    const to = options.toVersion ?? 2147483647;
    assertCount('fromVersion', from, 0);
    assertCount('toVersion', to, 0);
    const params: unknown[] = [streamId, from, to];
    let sql = `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version BETWEEN $2 AND $3`;
    if (options.types !== undefined) sql += ` AND type = ANY($${params.push([...options.types])}::text[])`;
    if (options.fromEventId !== undefined)
      sql += ` AND stream_version >= (SELECT stream_version FROM events WHERE stream_id = $1 AND event_id = $${params.push(options.fromEventId)}::uuid)`;
    sql += ' ORDER BY stream_version';
    if (options.limit !== undefined) {
      assertCount('limit', options.limit, 0);
      params.push(options.limit);
      sql += ` LIMIT $${params.length}`;
    }
    const { rows } = await this.on(options.tx).query<EventRow>(sql, params);
    return rows.map(toRecordedEvent);
  }

  /**
   * Up to `limit` events of a stream recorded within [from, to] (ISO 8601; null leaves that end open), from
   * `fromVersion` on, in version order, and where the next page starts.
   */
  async readStreamRecordedBetween(
    streamId: string,
    range: { from: string | null; to: string | null; fromVersion: number; limit: number },
    tx?: Transaction,
  ): Promise<TimeRangePage> {
    assertCount('fromVersion', range.fromVersion, 0);
    assertCount('limit', range.limit, 1);
    // One row past the page says whether another page follows, and where.
    const { rows } = await this.on(tx).query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE stream_id = $1 AND stream_version >= $2
         AND ($3::timestamptz IS NULL OR events.recorded_at >= $3::timestamptz) AND ($4::timestamptz IS NULL OR events.recorded_at <= $4::timestamptz)
       ORDER BY events.stream_version LIMIT $5`,
      [streamId, range.fromVersion, range.from, range.to, range.limit + 1],
    );
    const next = rows.length > range.limit ? rows[range.limit]!.stream_version : null;
    return { events: rows.slice(0, range.limit).map(toRecordedEvent), nextFromVersion: next };
  }

  /** The version of the stream's last event of this type at or before `atOrBefore`, or null if there is none. */
  async lastVersionOfType(streamId: string, type: string, atOrBefore: number, tx?: Transaction): Promise<number | null> {
    assertCount('atOrBefore', atOrBefore, 0);
    const { rows } = await this.on(tx).query<{ stream_version: number }>(
      'SELECT stream_version FROM events WHERE stream_id = $1 AND type = $2 AND stream_version <= $3 ORDER BY stream_version DESC LIMIT 1',
      [streamId, type, atOrBefore],
    );
    return rows[0] ? Number(rows[0].stream_version) : null;
  }

  /** The stream's last version, 0 if it has no event. */
  async streamVersion(streamId: string, tx?: Transaction): Promise<number> {
    const { rows } = await this.on(tx).query<{ version: number }>('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
    return rows[0]?.version ?? 0;
  }

  /**
   * Every stream with at least one event, by id; optionally one category ('table' for 'table-42'). A page with
   * `after` (the last stream id of the page before) and `limit`: read along the primary key's index, so a page
   * costs the same with ten or a hundred thousand streams.
   */
  async listStreams(options: { category?: string; after?: string; limit?: number; tx?: Transaction } = {}): Promise<StreamInfo[]> {
    const params: unknown[] = [];
    let where = 'version > 0';
    if (options.category !== undefined) {
      params.push(options.category);
      where += ` AND category = $${params.length}`;
    }
    if (options.after !== undefined) {
      params.push(options.after);
      where += ` AND stream_id > $${params.length}`;
    }
    if (options.limit !== undefined) {
      params.push(options.limit);
      where += ` ORDER BY stream_id LIMIT $${params.length}`;
    } else where += ' ORDER BY stream_id';
    const { rows } = await this.on(options.tx).query<{
      stream_id: string;
      category: string;
      version: number;
      last_hash: string;
      created_at: string;
      updated_at: string;
    }>(
      `SELECT stream_id, category, version, last_hash, ${isoTimestampSql('created_at')} AS created_at,
        ${isoTimestampSql('updated_at')} AS updated_at FROM streams WHERE ${where}`,
      params,
    );
    return rows.map((row) => ({
      streamId: row.stream_id,
      category: row.category,
      version: row.version,
      lastHash: row.last_hash,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    }));
  }

  /**
   * The global log after `after`, in (txId, globalPosition) order, gap-safe: only events whose transaction is
   * older than every transaction still open that could append (GAP_SAFE_BOUND). An event committed out of order is
   * therefore returned later, never skipped; while an older transaction is open, newer events wait. Continue from
   * positionOf(the last event returned).
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const after = options.after ?? START;
    const limit = options.limit ?? 1000;
    assertCount('limit', limit, 1);
    // Qualified names: unqualified, ORDER BY would pick the text-cast output columns and sort '1000' before '995'.
    const { rows } = await this.on(options.tx).query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE (events.tx_id, events.global_position) > ($1::xid8, $2::bigint)
         AND events.tx_id < (${GAP_SAFE_BOUND})
       ORDER BY events.tx_id, events.global_position
       LIMIT $3`,
      [after.txId, after.globalPosition, limit],
      // Polled after every append by the relay and /live: prepared once per connection, it costs a fifth of the
      // parsed-and-planned statement (0.16 vs 0.8 ms on the benchmark machine).
      { statementName: 'felt_read_all' },
    );
    return rows.map(toRecordedEvent);
  }

  /**
   * The global log after `after` as readAll reads it, only the events of streams whose id starts with one of
   * `prefixes`, and where to continue (gap-safe-read.ts).
   */
  readAllOfStreams(prefixes: readonly string[], options: ReadAllOptions = {}): Promise<PrefixedPage> {
    const limit = options.limit ?? 1000;
    assertCount('limit', limit, 1);
    return readAllOfStreams(this.on(options.tx), prefixes, options.after ?? START, limit);
  }

  /**
   * Where a tail of the log starts reading new events: the last event of a transaction older than every one still
   * open (pg_snapshot_xmin). Events committed from now on all belong to transactions at or past that bound, so they
   * sort after it and readAll from here returns them; START when there is none.
   */
  tailStart(): Promise<Position> {
    return this.lastPosition('WHERE events.tx_id < pg_snapshot_xmin(pg_current_snapshot())');
  }

  /**
   * The newest event's position in log order, whether or not the gap-safe reader returns it yet (START when the
   * log is empty): how far the log reaches, for a consumer asking whether it has caught up.
   */
  newestPosition(): Promise<Position> {
    return this.lastPosition('');
  }

  /** The last event's position in log order among those `where` keeps (read backwards along the log's index). */
  private async lastPosition(where: string): Promise<Position> {
    const { rows } = await this.db.query<{ tx_id: string; global_position: string }>(
      `SELECT events.tx_id::text AS tx_id, events.global_position::text AS global_position FROM events ${where}
       ORDER BY events.tx_id DESC, events.global_position DESC LIMIT 1`,
    );
    const last = rows[0];
    return last ? { txId: last.tx_id, globalPosition: last.global_position } : START;
  }

  /**
   * How many events the log holds after `after` (committed, in log order), counting no further than `cap` when one
   * is given: a consumer's lag. From START it is the size of the log.
   */
  async countEventsAfter(after: Position, cap?: number): Promise<number> {
    if (cap !== undefined) assertCount('cap', cap, 0);
    const limit = cap === undefined ? '' : ` LIMIT ${cap}`;
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM (SELECT 1 FROM events WHERE (tx_id, global_position) > ($1::xid8, $2::bigint)${limit}) behind`,
      [after.txId, after.globalPosition],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /** The command's record (stream and versions it wrote), or null if it was never applied. */
  findCommand(commandId: string, tx?: Transaction): Promise<commandRecords.CommandRecord | null> {
    return commandRecords.findCommand(this.on(tx), commandId);
  }

  /**
   * Commands (of these streams, or all) whose first or last version no longer holds an event appended by that
   * command: events removed or replaced behind the hash chain's back (a tail cut with the head rewound passes the
   * chain but not this).
   */
  danglingCommands(streamIds?: readonly string[]): Promise<commandRecords.DanglingCommand[]> {
    return commandRecords.danglingCommands(this.db, streamIds);
  }
  /** Events no commands row accounts for (command-records.ts). */
  eventsWithoutCommand(streamIds?: readonly string[]): Promise<commandRecords.EventWithoutCommand[]> {
    return commandRecords.eventsWithoutCommand(this.db, streamIds);
  }

  /**
   * Moves a checkpoint forward only, without waiting for the WAL flush (checkpoints.advanceCheckpoint): for a
   * checkpoint whose loss only repeats work that is deduplicated downstream (the outbox relay's).
   */
  advanceCheckpoint(name: string, position: Position): Promise<void> {
    return checkpoints.advanceCheckpoint(this.db, name, position);
  }

  /**
   * A session-level advisory lock named `name`, on a connection of its own (session-lock.ts): one holder among
   * processes, lost with its connection. The outbox relay's leadership.
   */
  sessionLock(name: string): SessionLock {
    return SessionLock.on(this.db, name);
  }

  /** A consumer's saved position, or START. */
  loadCheckpoint(name: string, tx?: Transaction): Promise<Position> {
    return checkpoints.loadCheckpoint(this.on(tx), name);
  }

  /** Saves a consumer's position; pass the transaction that writes its read model so both commit together. */
  saveCheckpoint(name: string, position: Position, tx?: Transaction): Promise<void> {
    return checkpoints.saveCheckpoint(this.on(tx), name, position);
  }

  /** A consumer's saved position and when it last moved, or null if it has none. */
  checkpointRecord(name: string, tx?: Transaction): Promise<{ position: Position; updatedAt: string } | null> {
    return checkpoints.checkpointRecord(this.on(tx), name);
  }

  /** Forgets a consumer's position: it starts again from START. */
  deleteCheckpoint(name: string, tx?: Transaction): Promise<void> {
    return checkpoints.deleteCheckpoint(this.on(tx), name);
  }

  loadSnapshot(streamId: string, tx?: Transaction): Promise<snapshots.Snapshot | null> {
    return snapshots.loadSnapshot(this.on(tx), streamId);
  }

  /** Keeps folded state at `version` unless a later snapshot exists; returns whether it was written. */
  saveSnapshot(streamId: string, version: number, state: unknown, tx?: Transaction): Promise<boolean> {
    return snapshots.saveSnapshot(this.on(tx), streamId, version, state);
  }

  /**
   * Recomputes the stream's hash chain from its first event up to the head recorded in `streams` (read first, so
   * concurrent appends do not disturb the check) and compares the result with that head.
   */
  async verifyChain(streamId: string): Promise<ChainVerification> {
    const { rows } = await this.db.query<{ version: number; last_hash: string }>(
      'SELECT version, last_hash FROM streams WHERE stream_id = $1',
      [streamId],
    );
    const recorded = rows[0] ?? { version: 0, last_hash: CHAIN_START.hash };
    let head = CHAIN_START;
    while (head.version < recorded.version) {
      const page = await this.readStream(streamId, {
        fromVersion: head.version + 1,
        toVersion: recorded.version,
        limit: VERIFY_PAGE,
      });
      if (page.length === 0) {
        return { ok: false, version: head.version + 1, problem: 'version-gap', expected: String(head.version + 1), actual: 'missing' };
      }
      const verified = verifyEvents(page, head);
      if (!verified.ok) return verified;
      head = verified.head;
    }
    if (head.hash !== recorded.last_hash) {
      return { ok: false, version: recorded.version, problem: 'stream-head-mismatch', expected: head.hash, actual: recorded.last_hash };
    }
    return { ok: true, head };
  }

  private on(tx: Transaction | undefined): Queryable {
    return tx ?? this.db;
  }
}

function assertCount(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}, got ${value}`);
}
