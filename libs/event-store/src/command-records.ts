import type { Queryable } from './database';

/** Which versions of which stream a command wrote (the `commands` table: idempotency). */
export interface CommandRecord {
  readonly commandId: string;
  readonly streamId: string;
  readonly firstVersion: number;
  readonly lastVersion: number;
}

/** A command whose first or last version no longer holds an event appended by that command. */
export interface DanglingCommand extends CommandRecord {
  /** Whether the event at firstVersion (lastVersion) is there and carries this command id. */
  readonly firstOk: boolean;
  readonly lastOk: boolean;
}

/** The command's record, or null if it was never applied. */
export async function findCommand(db: Queryable, commandId: string): Promise<CommandRecord | null> {
  const { rows } = await db.query<{ stream_id: string; first_version: number; last_version: number }>(
    'SELECT stream_id, first_version, last_version FROM commands WHERE command_id = $1',
    [commandId],
  );
  const row = rows[0];
  return row ? { commandId, streamId: row.stream_id, firstVersion: row.first_version, lastVersion: row.last_version } : null;
}

/**
 * The commands (of these streams, or of all) whose first or last version no longer holds an event carrying their
 * command id, by stream and first version: what is left when events were removed or replaced behind the chain.
 */
export async function danglingCommands(db: Queryable, streamIds?: readonly string[]): Promise<DanglingCommand[]> {
  const params: unknown[] = [];
  let only = '';
  if (streamIds) {
    if (streamIds.length === 0) return [];
    params.push(streamIds);
    only = 'AND c.stream_id = ANY($1::text[])';
  }
  const { rows } = await db.query<{
    command_id: string;
    stream_id: string;
    first_version: number;
    last_version: number;
    first_ok: boolean;
    last_ok: boolean;
  }>(
    `SELECT c.command_id, c.stream_id, c.first_version, c.last_version,
        (f.metadata->>'commandId' IS NOT DISTINCT FROM c.command_id) AS first_ok,
        (l.metadata->>'commandId' IS NOT DISTINCT FROM c.command_id) AS last_ok
     FROM commands c
     LEFT JOIN events f ON f.stream_id = c.stream_id AND f.stream_version = c.first_version
     LEFT JOIN events l ON l.stream_id = c.stream_id AND l.stream_version = c.last_version
     WHERE (f.global_position IS NULL OR l.global_position IS NULL
        OR f.metadata->>'commandId' IS DISTINCT FROM c.command_id OR l.metadata->>'commandId' IS DISTINCT FROM c.command_id) ${only}
     ORDER BY c.stream_id, c.first_version`,
    params,
  );
  return rows.map((r) => ({
    commandId: r.command_id,
    streamId: r.stream_id,
    firstVersion: r.first_version,
    lastVersion: r.last_version,
    firstOk: r.first_ok,
    lastOk: r.last_ok,
  }));
}

/** An event that no `commands` row accounts for (what was added to a stream outside an append). */
export interface EventWithoutCommand {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly type: string;
  /** The command id its metadata names, if any. */
  readonly commandId: string | null;
}

/**
 * The events (of these streams, or of all) whose metadata names no command that the `commands` table records as
 * having written that stream at that version. Every append writes its commands row in the same transaction, so an
 * event without one was written behind the API: a forged event passes the hash chain when its hash is recomputed,
 * not this. By stream and version.
 */
export async function eventsWithoutCommand(db: Queryable, streamIds?: readonly string[]): Promise<EventWithoutCommand[]> {
  const params: unknown[] = [];
  let only = '';
  if (streamIds) {
    if (streamIds.length === 0) return [];
    params.push(streamIds);
    only = 'AND e.stream_id = ANY($1::text[])';
  }
  const { rows } = await db.query<{ stream_id: string; stream_version: number; type: string; command_id: string | null }>(
    `SELECT e.stream_id, e.stream_version, e.type, e.metadata->>'commandId' AS command_id
     FROM events e
     LEFT JOIN commands c ON c.command_id = e.metadata->>'commandId'
     WHERE (c.command_id IS NULL OR c.stream_id <> e.stream_id OR e.stream_version < c.first_version OR e.stream_version > c.last_version) ${only}
     ORDER BY e.stream_id, e.stream_version`,
    params,
  );
  return rows.map((r) => ({ streamId: r.stream_id, streamVersion: r.stream_version, type: r.type, commandId: r.command_id }));
}
