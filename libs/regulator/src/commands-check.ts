import type { EventStore } from '@felt/event-store';
import type { Violation } from './violations';

/**
 * The commands table (idempotency: which versions each command wrote) against the streams. Every command's first
 * and last version must still hold an event appended by that command. A stream cut back at its tail, with its head
 * in the streams table rewound to match, passes the hash chain but leaves commands pointing past the new end. And
 * the other way: every event must lie within the versions a commands row of its own id gives (issue 30 row 9).
 */
export async function checkCommands(store: EventStore, streamIds?: readonly string[]): Promise<Violation[]> {
  const dangling = (await store.danglingCommands(streamIds)).map((c) => {
    const version = c.firstOk ? c.lastVersion : c.firstVersion;
    return {
      streamId: c.streamId,
      version,
      kind: 'commands' as const,
      message: `command ${c.commandId} wrote versions ${c.firstVersion} to ${c.lastVersion}, but the event at version ${version} is missing or was appended by another command: events were removed or replaced`,
    };
  });
  // Events -> commands: an event no command wrote was added behind the API (its hash may well be right).
  const orphans = (await store.eventsWithoutCommand(streamIds)).map((e) => ({
    streamId: e.streamId,
    version: e.streamVersion,
    kind: 'commands' as const,
    message: `${e.type} at version ${e.streamVersion} was written by no command: ${e.commandId === null ? 'its metadata names none' : `no commands row says command ${e.commandId} wrote this version of this stream`}; it was added or relabelled behind the API`,
  }));
  return [...dangling, ...orphans].sort((a, b) => a.streamId.localeCompare(b.streamId) || a.version - b.version);
}
