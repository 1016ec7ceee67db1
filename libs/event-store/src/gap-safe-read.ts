import type { Queryable } from './database';
import { EVENT_COLUMNS, toRecordedEvent, type EventRow } from './event-rows';
import type { RecordedEvent } from './event-types';
import { START, comparePositions, positionOf, type Position } from './position';

/**
 * The gap-safe reader's bound: the oldest transaction id still in progress in this statement's snapshot, leaving
 * out the transactions known to belong to another database of the server (pg_stat_activity: a session stays in its
 * database, so they can never append here); with none left, the snapshot's xmax. Transaction ids are cluster-wide,
 * so the plain snapshot xmin made every reader wait for any long transaction anywhere on the server (measured: up to
 * a second on a shared test server, docs/benchmarks.md). An in-progress transaction whose session is not seen (it
 * ended meanwhile, a prepared transaction, or a role without pg_read_all_stats that cannot see other roles'
 * backend_xid) still holds the bound, as before: it errs on the side of waiting.
 */
export const GAP_SAFE_BOUND = `SELECT coalesce(min(open.xid), pg_snapshot_xmax(pg_current_snapshot()))
  FROM pg_snapshot_xip(pg_current_snapshot()) AS open(xid)
  WHERE xid(open.xid) NOT IN (SELECT a.backend_xid FROM pg_stat_activity a
    WHERE a.backend_xid IS NOT NULL AND a.datname IS DISTINCT FROM current_database())`;

/** A page of the events of some streams, and the position past every event the read looked at. */
export interface PrefixedPage {
  readonly events: RecordedEvent[];
  readonly next: Position;
}

/**
 * The global log after `after` as the gap-safe reader reads it (in log order), but only the events of streams whose
 * id starts with one of `prefixes`, and where to continue: past every event the read looked at, matched or not. A
 * reader of a few streams (the player registry) then neither ships the tables' events nor scans them again. The end
 * is fixed first (the newest event the gap-safe bound lets through: everything up to it has committed), so the
 * filtered read that follows sees every event up to it.
 */
export async function readAllOfStreams(db: Queryable, prefixes: readonly string[], after: Position, limit: number): Promise<PrefixedPage> {
  const { rows: ends } = await db.query<{ tx_id: string; global_position: string }>(
    `SELECT events.tx_id::text AS tx_id, events.global_position::text AS global_position FROM events
     WHERE events.tx_id < (${GAP_SAFE_BOUND}) ORDER BY events.tx_id DESC, events.global_position DESC LIMIT 1`,
  );
  const end: Position = ends[0] ? { txId: ends[0].tx_id, globalPosition: ends[0].global_position } : START;
  if (comparePositions(end, after) <= 0 || prefixes.length === 0) return { events: [], next: after };
  // LIKE patterns: the prefix taken literally (its % and _ escaped), then anything.
  const patterns = prefixes.map((prefix) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const { rows } = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM events
     WHERE (events.tx_id, events.global_position) > ($1::xid8, $2::bigint)
       AND (events.tx_id, events.global_position) <= ($3::xid8, $4::bigint)
       AND events.stream_id LIKE ANY ($5::text[])
     ORDER BY events.tx_id, events.global_position
     LIMIT $6`,
    [after.txId, after.globalPosition, end.txId, end.globalPosition, patterns, limit],
  );
  const events = rows.map(toRecordedEvent);
  return { events, next: events.length === limit ? positionOf(events[events.length - 1]!) : end };
}
