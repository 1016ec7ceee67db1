import { Inject } from '@nestjs/common';
import { Command, CommandHandler } from '@nestjs/cqrs';
import { gameIdOf, gameStreamIdOf, roomDecider, toNewRoomEvent, type RoomCommand, type RoomEvent, type RoomRejection } from '@felt/room';
import { EventStore, StreamCommandHandler, type StreamOutcome } from '@felt/event-store';
import type { StreamCommandRequest } from '../tables/command-envelope';
import { requestKeyReusedBy } from '../tables/request-fingerprint';
import { RoomGames, type FoldedGame } from './room-games';
import { RoomLive } from './room-live';

export interface RoomCommandRequest extends StreamCommandRequest<RoomCommand> {
  readonly gameId: string;
}

export type RoomOutcome = StreamOutcome<FoldedGame, RoomRejection>;

/** The CommandBus message: one room command with its envelope, as the tables' ApplyTableCommand. */
export class ApplyRoomCommand extends Command<RoomOutcome> {
  constructor(readonly request: RoomCommandRequest) {
    super();
  }
}

/**
 * One room command through the one command path (StreamCommandHandler): the game's fold (read fresh for every
 * command: a room has tens of games, each a few thousand events a night) → the room decider → append at the version
 * the fold was made from. A retry with the same command id returns the first result; a refusal writes nothing.
 */
@CommandHandler(ApplyRoomCommand)
export class ApplyRoomCommandHandler extends StreamCommandHandler<RoomCommandRequest, FoldedGame, RoomEvent, RoomRejection> {
  constructor(@Inject(EventStore) store: EventStore, @Inject(RoomGames) games: RoomGames, @Inject(RoomLive) live: RoomLive) {
    super(store, {
      streamIdOf: (request) => gameStreamIdOf(request.gameId),
      fold: (streamId) => games.caughtUp(gameIdOf(streamId)!),
      decide: (request, game) => roomDecider.decide(request.command, game.state),
      toNewEvent: toNewRoomEvent,
      advance: (game, events, version) => games.advance(game, events, version),
      applied: () => live.wake(),
      keyReusedBy: requestKeyReusedBy,
    });
  }
}
