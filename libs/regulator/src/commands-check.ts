import type { EventStore } from '@felt/event-store';
import type { Violation } from './violations';

/**
 * The commands table (idempotency: which versions each command wrote) against the streams. Every command's first
 * and last version must still hold an event appended by that command. A stream cut back at its tail, with its head
 * in the streams table rewound to match, passes the hash chain but leaves commands pointing past the new end.
 */
export async function checkCommands(store: EventStore, streamIds?: readonly string[]): Promise<Violation[]> {
  const params: unknown[] = [];
  let only = '';
  if (streamIds) {
    if (streamIds.length === 0) return [];
    params.push(streamIds);
    only = 'AND c.stream_id = ANY($1::text[])';
  }
  const { rows } = await store.db.query<{ command_id: string; stream_id: string; first_version: number; last_version: number; first_ok: boolean; last_ok: boolean }>(
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
  return rows.map((r) => {
    const version = r.first_ok ? r.last_version : r.first_version;
    return {
      streamId: r.stream_id,
      version,
      kind: 'commands' as const,
      message: `command ${r.command_id} wrote versions ${r.first_version} to ${r.last_version}, but the event at version ${version} is missing or was appended by another command: events were removed or replaced`,
    };
  });
}
