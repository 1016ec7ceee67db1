import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import type { RoomCommand } from '@felt/room';
import type { RecordedEvent } from '@felt/event-store';
import { senderOf } from '../auth/command-sender';
import { ApiProblem } from '../http/status-mapping';
import type { CommandRequest } from '../tables/command-request';
import { TableFollowUps, type TableFollowUp } from '../tables/table-follow-ups';
import { ApplyRoomCommand } from './apply-room-command';
import { RoomClock } from './room-clock';
import { RoomGames } from './room-games';
import { RoomSeating } from './room-seating';

/**
 * Seats opened or changed at a table of a room game, by a dealer or floor on /tables/... (LeaveTable, a busted
 * player leaving, CloseTable, ChangeSeat): the room records them in the same request, so the floor can call the
 * next player at once. One room command per table event (`PlayerLeft` → VacateSeat, `SeatChanged` → MoveSeat), its
 * command id derived from the table event's id: a retry of the table command (same key) hands over the same
 * events and the room answers with its first result, writing nothing. docs/room.md "Seats opened at the table".
 *
 * Why here and not a reader of the log: the floor sees the seat in the answer's wake rather than after a poll, a
 * seat change to a seat the floor has offered is refused before the table writes, and the room's own routes (which
 * write their room event themselves) do not go through /tables, so nothing is recorded twice.
 */
@Injectable()
export class RoomFollowsTables implements TableFollowUp, OnModuleInit {
  private readonly logger = new Logger('RoomFollowsTables');

  constructor(
    @Inject(TableFollowUps) private readonly followUps: TableFollowUps,
    @Inject(RoomGames) private readonly games: RoomGames,
    @Inject(ApplyRoomCommand) private readonly room: ApplyRoomCommand,
    @Inject(RoomSeating) private readonly seating: RoomSeating,
    @Inject(RoomClock) private readonly clock: RoomClock,
  ) {}

  onModuleInit(): void {
    this.followUps.register(this);
  }

  /** A seat change to a seat the room holds for a called player is refused before the table writes anything. */
  async before(request: CommandRequest): Promise<void> {
    const command = request.command as { type: string; from?: number; to?: number };
    if (command.type !== 'ChangeSeat' || typeof command.from !== 'number' || typeof command.to !== 'number') return;
    const game = await this.games.gameOfTable(request.tableId);
    if (!game) return;
    const { decision } = await this.room.preview(game.gameId, { type: 'MoveSeat', at: this.clock.at(), tableId: request.tableId, from: command.from, to: command.to });
    if (!decision.ok && decision.rejection.code === 'SEAT_ALREADY_OFFERED') {
      throw new ApiProblem('rule-refused', 'SEAT_ALREADY_OFFERED', `${decision.rejection.message} (game ${game.state.name})`, { tableId: request.tableId, gameId: game.gameId, field: 'to' });
    }
  }

  async after(request: CommandRequest, events: readonly RecordedEvent[]): Promise<void> {
    const followed = events.filter((e) => e.type === 'PlayerLeft' || e.type === 'SeatChanged');
    if (followed.length === 0) return;
    const game = await this.games.gameOfTable(request.tableId);
    if (!game) return;
    for (const event of followed) {
      const data = event.data as { seat?: number; from?: number; to?: number };
      const command: RoomCommand =
        event.type === 'PlayerLeft'
          ? { type: 'VacateSeat', at: this.clock.at(), tableId: request.tableId, seat: data.seat! }
          : { type: 'MoveSeat', at: this.clock.at(), tableId: request.tableId, from: data.from!, to: data.to! };
      const commandId = `${event.eventId}.room`;
      const outcome = await this.room.apply({ gameId: game.gameId, command, commandId, metadata: senderOf(request.metadata) });
      if (outcome.kind === 'rejected') {
        // The room did not know this seat as taken (a walk-in it was never told of): nothing of its own to change.
        this.logger.warn({ tableId: request.tableId, gameId: game.gameId, code: outcome.rejection.code }, `the room did not follow ${event.type}: ${outcome.rejection.message}`);
        continue;
      }
      if (outcome.kind === 'conflict') throw new ApiProblem('version-conflict', 'VERSION_CONFLICT', `table ${request.tableId} applied the command, but game ${game.gameId} kept changing; send the same request again (same Idempotency-Key) to record the seat in the room`, { gameId: game.gameId });
      if (outcome.kind === 'command-id-reused') throw new Error(`bug: room follow-up command id ${commandId} was used on ${outcome.firstStreamId}`);
      await this.seating.closeBroken(outcome, commandId, request.metadata);
    }
  }
}
