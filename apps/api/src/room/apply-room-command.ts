import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { gameIdOf, gameStreamIdOf, roomDecider, toNewRoomEvent, type RoomCommand, type RoomEvent, type RoomRejection } from '@felt/room';
import { EventStore, StreamCommands, type RecordedEvent, type StreamKind } from '@felt/event-store';
import type { CommandMetadata } from '../tables/command-request';
import { keyReusedBy } from '../tables/request-fingerprint';
import { RoomGames, type FoldedGame } from './room-games';
import { RoomLive } from './room-live';

export interface RoomCommandRequest {
  readonly gameId: string;
  readonly command: RoomCommand;
  readonly commandId: string;
  /** The server made the id up (no Idempotency-Key or commandId was sent): nobody can retry with it. */
  readonly commandIdGenerated?: boolean;
  readonly expectedVersion?: number;
  /** With `requestFingerprint` (RequestFingerprints.ofRoomRequest), which the key is bound to. */
  readonly metadata: CommandMetadata;
}

export type RoomOutcome =
  | { readonly kind: 'applied' | 'replayed'; readonly game: FoldedGame; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'rejected'; readonly rejection: RoomRejection }
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  | { readonly kind: 'command-id-reused'; readonly firstStreamId: string }
  | { readonly kind: 'key-in-flight' }
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

/** The CommandBus message: one room command with its envelope, as the tables' ApplyTableCommand. */
export class ApplyRoomCommand extends Command<RoomOutcome> {
  constructor(readonly request: RoomCommandRequest) {
    super();
  }
}

/**
 * One room command through the one command path (libs/event-store StreamCommands), as the tables': the game's
 * fold → the room decider → append at the version the fold was made from (one statement, the same hash chain as
 * the tables). A retry with the same command id returns the first result and writes nothing; a refusal writes nothing.
 */
@CommandHandler(ApplyRoomCommand)
export class ApplyRoomCommandHandler implements ICommandHandler<ApplyRoomCommand, RoomOutcome> {
  private readonly commands: StreamCommands<RoomCommandRequest, FoldedGame, RoomRejection>;

  constructor(
    @Inject(EventStore) store: EventStore,
    @Inject(RoomGames) private readonly games: RoomGames,
    @Inject(RoomLive) private readonly live: RoomLive,
  ) {
    // A game's fold is read fresh for every command (a room has tens of games, each a few thousand events a night).
    const kind: StreamKind<RoomCommandRequest, FoldedGame, RoomRejection, never> = {
      current: (streamId) => this.games.caughtUp(gameIdOf(streamId)!),
      caughtUp: (_streamId, from) => this.games.caughtUp(from.gameId),
      mayStart: () => true,
      decide: (request, game) => {
        const decision = roomDecider.decide(request.command, game.state);
        if (!decision.ok) return { ok: false, refusal: decision.rejection };
        return {
          ok: true,
          events: decision.events.map(toNewRoomEvent),
          advance: (version) => this.games.advance(game, decision.events as RoomEvent[], version),
        };
      },
      keyReusedBy: (first, request) => keyReusedBy(first, request.metadata),
    };
    this.commands = new StreamCommands(store, kind);
  }

  async execute({ request }: ApplyRoomCommand): Promise<RoomOutcome> {
    const outcome = await this.commands.handle(gameStreamIdOf(request.gameId), request);
    switch (outcome.kind) {
      case 'applied':
        this.live.wake();
        return { kind: 'applied', game: outcome.folded, events: outcome.events };
      case 'replayed':
        return { kind: 'replayed', game: outcome.folded, events: outcome.events };
      case 'refused':
        return { kind: 'rejected', rejection: outcome.refusal };
      case 'not-found':
        throw new Error('bug: every room command may start a game');
      default:
        return outcome;
    }
  }
}
