import type { EventMetadata, NewEvent, RecordedEvent } from './event-types';
import type { EventStore } from './event-store';
import { StreamCommands, type FoldedStream, type StreamCommandRequest } from './stream-commands';

/**
 * A stream kind whose decider is pure (the room, the player registry, tournaments, the book): configured by how its
 * fold is read and advanced and how its decider is called, it runs through StreamCommands like the tables. The
 * tables build their own StreamKind (sealed events, the shuffler, corrections, a reader conflict's note).
 */

/** What a pure decider answers: its events, or its refusal. */
export type DeciderResult<E, R> = { readonly ok: true; readonly events: readonly E[] } | { readonly ok: false; readonly rejection: R };

export interface StreamHandlerConfig<Q extends StreamCommandRequest, F extends FoldedStream, E, R> {
  /** The stream the request is for. */
  streamIdOf(request: Q): string;
  /** The stream with every event the store has now (read when a command comes and after a lost race). */
  fold(streamId: string): Promise<F>;
  /** Whether this command may start a stream that has no event; every command may when absent. */
  mayStart?(request: Q): boolean;
  decide(request: Q, folded: F): Promise<DeciderResult<E, R>> | DeciderResult<E, R>;
  toNewEvent(event: E): NewEvent;
  /** The fold once `events` are appended as versions folded.version+1 .. version. */
  advance(folded: F, events: readonly E[], version: number, request: Q): F;
  /** After an append (to wake the ones waiting on the stream). */
  applied?(): void;
  /** A replay answers only the request that first used the key: who else sent it, or null. */
  keyReusedBy(first: EventMetadata, request: Q): 'another-user' | 'another-request' | null;
}

/** The answer to one command of such a stream kind. */
export type StreamOutcome<F, R> =
  | { readonly kind: 'applied' | 'replayed'; readonly version: number; readonly folded: F; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'rejected'; readonly rejection: R }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  | { readonly kind: 'command-id-reused'; readonly firstStreamId: string }
  | { readonly kind: 'key-in-flight' }
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

/** The CommandBus handler of one such stream kind: a subclass passes its configuration (and its own decorators). */
export class StreamCommandHandler<Q extends StreamCommandRequest, F extends FoldedStream, E, R> {
  private readonly commands: StreamCommands<Q, F, R>;

  constructor(
    store: EventStore,
    private readonly config: StreamHandlerConfig<Q, F, E, R>,
  ) {
    this.commands = new StreamCommands(store, {
      current: (streamId) => config.fold(streamId),
      caughtUp: (streamId) => config.fold(streamId),
      mayStart: (request) => config.mayStart?.(request) ?? true,
      decide: async (request, folded) => {
        const decision = await config.decide(request, folded);
        if (!decision.ok) return { ok: false, refusal: decision.rejection };
        return {
          ok: true,
          events: decision.events.map((e) => config.toNewEvent(e)),
          advance: (version) => config.advance(folded, decision.events, version, request),
        };
      },
      keyReusedBy: (first, request) => config.keyReusedBy(first, request),
    });
  }

  async execute({ request }: { readonly request: Q }): Promise<StreamOutcome<F, R>> {
    const outcome = await this.commands.handle(this.config.streamIdOf(request), request);
    switch (outcome.kind) {
      case 'applied':
        this.config.applied?.();
        return { kind: 'applied', version: outcome.version, folded: outcome.folded, events: outcome.events };
      case 'replayed':
        return { kind: 'replayed', version: outcome.version, folded: outcome.folded, events: outcome.events };
      case 'refused':
        return { kind: 'rejected', rejection: outcome.refusal };
      default:
        return outcome;
    }
  }
}
