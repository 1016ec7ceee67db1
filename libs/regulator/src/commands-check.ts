import type { EventStore } from '@felt/event-store';
import type { Violation } from './violations';

/**
 * The commands table (idempotency: which versions each command wrote) against the streams. Every command's first
 * and last version must still hold an event appended by that command. A stream cut back at its tail, with its head
 * in the streams table rewound to match, passes the hash chain but leaves commands pointing past the new end.
 */
export async function checkCommands(store: EventStore, streamIds?: readonly string[]): Promise<Violation[]> {
  return (await store.danglingCommands(streamIds)).map((c) => {
    const version = c.firstOk ? c.lastVersion : c.firstVersion;
    return {
      streamId: c.streamId,
      version,
      kind: 'commands' as const,
      message: `command ${c.commandId} wrote versions ${c.firstVersion} to ${c.lastVersion}, but the event at version ${version} is missing or was appended by another command: events were removed or replaced`,
    };
  });
}
