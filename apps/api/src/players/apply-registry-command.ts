import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventStore, StreamCommands, type RecordedEvent, type StreamKind } from '@felt/event-store';
import {
  exclusionDecider,
  listIdOf,
  playerDecider,
  playerIdOf,
  toNewPlayerEvent,
  type ExclusionCommand,
  type ExclusionEvent,
  type PlayerCommand,
  type PlayerEvent,
  type PlayerRejection,
} from '@felt/players';
import type { CommandMetadata } from '../tables/command-request';
import { keyReusedBy } from '../tables/request-fingerprint';
import { PlayerRegistry } from './player-registry';

export interface RegistryCommandRequest {
  /** "player-<id>" or "exclusions-<listId>" (libs/players streams.ts). */
  readonly streamId: string;
  readonly command: PlayerCommand | ExclusionCommand;
  readonly commandId: string;
  readonly commandIdGenerated?: boolean;
  readonly expectedVersion?: number;
  readonly metadata: CommandMetadata;
  /** The personal-data write (or erasure) the events stand for: done once the decider accepts, before the append. */
  readonly beforeAppend?: () => Promise<void>;
}

interface FoldedRegistryStream {
  readonly version: number;
}

export type RegistryOutcome =
  | { readonly kind: 'applied' | 'replayed'; readonly version: number; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'rejected'; readonly rejection: PlayerRejection }
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  | { readonly kind: 'command-id-reused'; readonly firstStreamId: string }
  | { readonly kind: 'key-in-flight' }
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

export class ApplyRegistryCommand extends Command<RegistryOutcome> {
  constructor(readonly request: RegistryCommandRequest) {
    super();
  }
}

/**
 * A registry command (a player's stream or an exclusion list's) through the one command path, StreamCommands: the
 * stream as the registry's index holds it, caught up from the store → the pure decider (libs/players) → the
 * personal-data write, if any → append at the version decided on. A refusal writes nothing, in the log or the store.
 */
@CommandHandler(ApplyRegistryCommand)
export class ApplyRegistryCommandHandler implements ICommandHandler<ApplyRegistryCommand, RegistryOutcome> {
  private readonly commands: StreamCommands<RegistryCommandRequest, FoldedRegistryStream, PlayerRejection>;

  constructor(
    @Inject(EventStore) store: EventStore,
    @Inject(PlayerRegistry) private readonly registry: PlayerRegistry,
  ) {
    const folded = async (streamId: string): Promise<FoldedRegistryStream> => {
      await this.registry.stream(streamId);
      return { version: this.registry.versionOf(streamId) };
    };
    const kind: StreamKind<RegistryCommandRequest, FoldedRegistryStream, PlayerRejection, never> = {
      current: folded,
      caughtUp: (streamId) => folded(streamId),
      mayStart: () => true,
      decide: async (request, stream) => {
        const decision = this.decide(request);
        if (!decision.ok) return { ok: false, refusal: decision.rejection };
        if (decision.events.length > 0) await request.beforeAppend?.();
        return {
          ok: true,
          events: decision.events.map(toNewPlayerEvent),
          advance: (version) => {
            this.registry.applyAppended(request.streamId, decision.events, stream.version + 1);
            return { version };
          },
        };
      },
      keyReusedBy: (first, request) => keyReusedBy(first, request.metadata),
    };
    this.commands = new StreamCommands(store, kind);
  }

  async execute({ request }: ApplyRegistryCommand): Promise<RegistryOutcome> {
    const outcome = await this.commands.handle(request.streamId, request);
    switch (outcome.kind) {
      case 'applied':
      case 'replayed':
        return { kind: outcome.kind, version: outcome.version, events: outcome.events };
      case 'refused':
        return { kind: 'rejected', rejection: outcome.refusal };
      case 'not-found':
        throw new Error('bug: every registry command may start its stream');
      default:
        return outcome;
    }
  }

  private decide(request: RegistryCommandRequest) {
    const { streamId, command } = request;
    const playerId = playerIdOf(streamId);
    if (playerId !== null)
      return playerDecider.decide(command as PlayerCommand, this.registry.index.player(playerId)) as
        { ok: true; events: readonly PlayerEvent[] } | { ok: false; rejection: PlayerRejection };
    return exclusionDecider.decide(command as ExclusionCommand, this.registry.index.list(listIdOf(streamId)!)) as
      { ok: true; events: readonly ExclusionEvent[] } | { ok: false; rejection: PlayerRejection };
  }
}
