import type { EventStore } from '../src/event-store';
import { StreamCommands, type StreamCommandRequest, type StreamKind } from '../src/stream-commands';

/** A counter as a stream kind for the command path's tests: a decider that adds, and refuses to go past 10. */
export interface Counter {
  readonly streamId: string;
  readonly total: number;
  readonly version: number;
}
export interface Add extends StreamCommandRequest {
  readonly add: number;
}

export function counters(store: EventStore): StreamCommands<Add, Counter, string> {
  const fold = async (streamId: string, from: Counter): Promise<Counter> => {
    const newer = await store.readStream(streamId, { fromVersion: from.version + 1 });
    return newer.reduce((c, e) => ({ streamId, total: c.total + (e.data as { add: number }).add, version: e.streamVersion }), from);
  };
  // As the tables keep them: the fold this process last made, which another process's appends leave behind.
  const known = new Map<string, Counter>();
  const remember = (streamId: string, c: Counter) => (known.set(streamId, c), c);
  const kind: StreamKind<Add, Counter, string, never> = {
    current: async (streamId) => known.get(streamId) ?? remember(streamId, await fold(streamId, { streamId, total: 0, version: 0 })),
    caughtUp: async (streamId, from) => remember(streamId, await fold(streamId, from)),
    mayStart: (request) => request.add > 0,
    decide: (request, counter) =>
      counter.total + request.add > 10
        ? { ok: false, refusal: `${counter.total} + ${request.add} is more than 10` }
        : {
            ok: true,
            events: [{ type: 'Added', schemaVersion: 1, data: { add: request.add } }],
            advance: (version) => remember(counter.streamId, { ...counter, total: counter.total + request.add, version }),
            fold: (version) => ({ ...counter, total: counter.total + request.add, version }),
          },
    keyReusedBy: (first, request) =>
      (first.actorId ?? null) !== ((request.metadata as { actorId?: string }).actorId ?? null) ? 'another-user' : null,
  };
  return new StreamCommands(store, kind);
}
