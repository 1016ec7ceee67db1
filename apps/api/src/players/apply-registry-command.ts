import { Inject } from '@nestjs/common';
import { Command, CommandHandler } from '@nestjs/cqrs';
import { EventStore, StreamCommandHandler, type DeciderResult, type StreamOutcome } from '@felt/event-store';
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
import type { StreamCommandRequest } from '../tables/command-envelope';
import { requestKeyReusedBy } from '../tables/request-fingerprint';
import { PlayerRegistry } from './player-registry';

export interface RegistryCommandRequest extends StreamCommandRequest<PlayerCommand | ExclusionCommand> {
  /** "player-<id>" or "exclusions-<listId>" (libs/players streams.ts). */
  readonly streamId: string;
  /** The personal-data write (or erasure) the events stand for: done once the decider accepts, before the append. */
  readonly beforeAppend?: () => Promise<void>;
}

/** The registry's index holds the streams' state; the fold kept here is the version. */
interface FoldedRegistryStream {
  readonly version: number;
}

export type RegistryOutcome = StreamOutcome<FoldedRegistryStream, PlayerRejection>;

export class ApplyRegistryCommand extends Command<RegistryOutcome> {
  constructor(readonly request: RegistryCommandRequest) {
    super();
  }
}

type RegistryEvent = PlayerEvent | ExclusionEvent;

/**
 * A registry command (a player's stream or an exclusion list's) through the one command path (StreamCommandHandler):
 * the stream as the registry's index holds it, caught up from the store → the pure decider (libs/players) → the
 * personal-data write, if any → append at the version decided on. A refusal writes nothing, in the log or the store.
 */
@CommandHandler(ApplyRegistryCommand)
export class ApplyRegistryCommandHandler extends StreamCommandHandler<
  RegistryCommandRequest,
  FoldedRegistryStream,
  RegistryEvent,
  PlayerRejection
> {
  constructor(@Inject(EventStore) store: EventStore, @Inject(PlayerRegistry) registry: PlayerRegistry) {
    super(store, {
      streamIdOf: (request) => request.streamId,
      fold: async (streamId) => {
        await registry.stream(streamId);
        return { version: registry.versionOf(streamId) };
      },
      decide: async (request) => {
        const decision = decide(registry, request);
        if (decision.ok && decision.events.length > 0) await request.beforeAppend?.();
        return decision;
      },
      toNewEvent: toNewPlayerEvent,
      advance: (stream, events, version, request) => {
        registry.applyAppended(request.streamId, events, stream.version + 1);
        return { version };
      },
      keyReusedBy: requestKeyReusedBy,
    });
  }
}

function decide(registry: PlayerRegistry, { streamId, command }: RegistryCommandRequest): DeciderResult<RegistryEvent, PlayerRejection> {
  const playerId = playerIdOf(streamId);
  if (playerId !== null) return playerDecider.decide(command as PlayerCommand, registry.index.player(playerId));
  return exclusionDecider.decide(command as ExclusionCommand, registry.index.list(listIdOf(streamId)!));
}
