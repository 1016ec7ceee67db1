import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { seatOf, type GameState, type RoomCommand } from '@felt/room';
import type { RecordedEvent } from '@felt/event-store';
import { senderOf } from '../auth/command-sender';
import { ApiProblem } from '../http/status-mapping';
import type { CommandRequest } from '../tables/command-request';
import { TableFollowUps, type TableFollowUp } from '../tables/table-follow-ups';
import { CommandBus } from '@nestjs/cqrs';
import { ApplyRoomCommand } from './apply-room-command';
import { RoomClock } from './room-clock';
import { RoomGames } from './room-games';
import { RoomSeating } from './room-seating';

/**
 * Seats opened, changed or taken at a table of a room game, by a dealer or floor on /tables/... (LeaveTable, a
 * busted player leaving, CloseTable, ChangeSeat, SeatPlayer for a walk-in): the room records them in the same
 * request, so the floor can call the next player at once. One room command per table event (`PlayerLeft` →
 * VacateSeat, `SeatChanged` → MoveSeat, `PlayerSeated` → SeatWalkIn), its command id derived from the table event's
 * id: a retry of the table command (same key) hands over the same events and the room answers with its first
 * result, writing nothing. docs/room.md "Seats opened at the table" and "Walk-ins".
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
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(RoomSeating) private readonly seating: RoomSeating,
    @Inject(RoomClock) private readonly clock: RoomClock,
  ) {}

  onModuleInit(): void {
    this.followUps.register(this);
  }

  /**
   * Refused before the table writes anything: a seat change to a seat the room holds for a called player, and a
   * walk-in who would take a seat somebody is owed (docs/room.md "Walk-ins").
   */
  async before(request: CommandRequest): Promise<void> {
    const command = request.command as { type: string; from?: unknown; to?: unknown; seat?: unknown; playerId?: unknown };
    const preview = previewOf(command, request.tableId, this.clock.at());
    if (!preview) return;
    const game = await this.games.gameOfTable(request.tableId);
    if (!game) return;
    // A retry of a walk-in the room already recorded: the table answers with its first result, nothing to check.
    if (preview.type === 'SeatWalkIn' && sitsThere(game.state, preview)) return;
    const { decision } = await this.games.preview(game.gameId, preview);
    if (!decision.ok && REFUSED_AT_THE_TABLE[preview.type].includes(decision.rejection.code)) {
      throw new ApiProblem('rule-refused', decision.rejection.code, `${decision.rejection.message} (game ${game.state.name})`, {
        tableId: request.tableId,
        gameId: game.gameId,
        field: preview.type === 'MoveSeat' ? 'to' : (decision.rejection.field ?? 'seat'),
      });
    }
  }

  async after(request: CommandRequest, events: readonly RecordedEvent[]): Promise<void> {
    const followed = events.filter((e) => e.type === 'PlayerLeft' || e.type === 'SeatChanged' || e.type === 'PlayerSeated');
    if (followed.length === 0) return;
    const game = await this.games.gameOfTable(request.tableId);
    if (!game) return;
    for (const event of followed) {
      const data = event.data as { seat?: number; from?: number; to?: number; playerId?: string };
      const at = this.clock.at();
      const command: RoomCommand =
        event.type === 'PlayerLeft'
          ? { type: 'VacateSeat', at, tableId: request.tableId, seat: data.seat! }
          : event.type === 'SeatChanged'
            ? { type: 'MoveSeat', at, tableId: request.tableId, from: data.from!, to: data.to! }
            : { type: 'SeatWalkIn', at, tableId: request.tableId, seat: data.seat!, playerId: data.playerId! };
      const commandId = `${event.eventId}.room`;
      const outcome = await this.commandBus.execute(
        new ApplyRoomCommand({ gameId: game.gameId, command, commandId, metadata: senderOf(request.metadata) }),
      );
      if (outcome.kind === 'rejected') {
        // The room did not know this seat as taken (a player seated before the room knew the table): nothing to change.
        this.logger.warn(
          { tableId: request.tableId, gameId: game.gameId, code: outcome.rejection.code },
          `the room did not follow ${event.type}: ${outcome.rejection.message}`,
        );
        continue;
      }
      if (outcome.kind === 'conflict')
        throw new ApiProblem(
          'version-conflict',
          'VERSION_CONFLICT',
          `table ${request.tableId} applied the command, but game ${game.gameId} kept changing; send the same request again (same Idempotency-Key) to record the seat in the room`,
          { gameId: game.gameId },
        );
      if (outcome.kind === 'command-id-reused')
        throw new Error(`bug: room follow-up command id ${commandId} was used on ${outcome.firstStreamId}`);
      await this.seating.closeBroken(outcome, commandId, request.metadata);
    }
  }
}

type FollowedPreview = Extract<RoomCommand, { type: 'MoveSeat' | 'SeatWalkIn' }>;

/** The room's refusals that stop the table's command (others, such as a seat the room thinks taken, leave it to the table). */
const REFUSED_AT_THE_TABLE: Record<FollowedPreview['type'], readonly string[]> = {
  MoveSeat: ['SEAT_ALREADY_OFFERED'],
  SeatWalkIn: ['SEAT_ALREADY_OFFERED', 'LIST_AHEAD', 'PLAYER_ALREADY_SEATED', 'PLAYER_ALREADY_CALLED'],
};

/** The room command a table command would become, to check before the table writes (malformed ones: the table refuses them). */
function previewOf(
  command: { type: string; from?: unknown; to?: unknown; seat?: unknown; playerId?: unknown },
  tableId: string,
  at: string,
): FollowedPreview | null {
  if (command.type === 'ChangeSeat' && typeof command.from === 'number' && typeof command.to === 'number')
    return { type: 'MoveSeat', at, tableId, from: command.from, to: command.to };
  if (command.type === 'SeatPlayer' && typeof command.seat === 'number' && typeof command.playerId === 'string')
    return { type: 'SeatWalkIn', at, tableId, seat: command.seat, playerId: command.playerId };
  return null;
}

function sitsThere(state: GameState, walkIn: Extract<RoomCommand, { type: 'SeatWalkIn' }>): boolean {
  const where = seatOf(state, walkIn.playerId);
  return where?.table.tableId === walkIn.tableId && where.holder.seat === walkIn.seat;
}
