import type { EventStore, RecordedEvent } from '@felt/event-store';

/**
 * Appends a recorded log (e.g. randomTableLog) to a store the way the application does: one append per command,
 * with its commandId, at the expected version. The store stamps its own times and hashes. For tests and demos.
 */
export async function appendTableLog(store: EventStore, recorded: readonly RecordedEvent[]): Promise<number> {
  let version = 0;
  for (let i = 0; i < recorded.length;) {
    const commandId = recorded[i]!.metadata.commandId!;
    let j = i;
    while (j < recorded.length && recorded[j]!.metadata.commandId === commandId) j++;
    const group = recorded.slice(i, j);
    const { commandId: _, ...metadata } = group[0]!.metadata;
    const result = await store.append(group[0]!.streamId, {
      expectedVersion: version,
      commandId,
      metadata,
      events: group.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
    });
    if (!result.ok) throw new Error(`append of ${commandId} conflicted at version ${result.conflict.actual}`);
    version = result.streamVersion;
    i = j;
  }
  return version;
}
