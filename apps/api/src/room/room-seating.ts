import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { TableRulesInput } from '@felt/engine';
import type { RoomCommand } from '@felt/room';
import { senderOf } from '../auth/command-sender';
import { ApiProblem, problemForOutcome } from '../http/status-mapping';
import { ApplyTableCommand, type ApplyOutcome } from '../tables/apply-table-command';
import type { CommandMetadata, CommandRequest } from '../tables/command-request';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf } from '../tables/table-stream';
import { ApplyRoomCommand, type RoomCommandRequest, type RoomOutcome } from './apply-room-command';
import { RoomClock } from './room-clock';
import { RoomGames } from './room-games';
import type { RoomEnvelope } from './room-request';

type TableCommand = CommandRequest['command'];

/**
 * The routes where the room and a table change together: a table joins a game (OpenTable, or the players already
 * there), a called player takes the seat (SeatPlayer; for a move, LeaveTable at the old table too), a seat opens
 * (LeaveTable). Order: the room's decision is checked first (nothing written), then the table's commands are
 * applied, then the room's event is appended. The table is where chips and seats are decided, so it goes first: a
 * table that refuses (buy-in out of range, a hand in progress) leaves the room untouched. Every step's command id
 * derives from the request's Idempotency-Key ("<key>.seat", "<key>.leave", ...), so a request cut short between the
 * table and the room is completed by sending it again with the same key: the table's steps answer with their first
 * result, and the room's event is appended then. docs/room.md "Keeping the room and the tables in step".
 */
@Injectable()
export class RoomSeating {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(RoomGames) private readonly games: RoomGames,
    @Inject(RoomClock) private readonly clock: RoomClock,
  ) {}

  /** The room's step, through the CommandBus as every command. */
  private apply(request: RoomCommandRequest): Promise<RoomOutcome> {
    return this.commandBus.execute(new ApplyRoomCommand(request));
  }

  /** A table joins the game: opened with the game's table rules when new, else taken as it is (its players too). */
  async addTable(
    gameId: string,
    body: { tableId: string; seats?: number; mustMove?: boolean; aliases?: Record<string, string> },
    envelope: RoomEnvelope,
  ): Promise<RoomOutcome> {
    const at = this.clock.at();
    const game = await this.games.caughtUp(gameId);
    const other = await this.games.gameOfTable(body.tableId, gameId);
    if (other)
      throw new ApiProblem(
        'rule-refused',
        'TABLE_IN_ANOTHER_GAME',
        `table ${body.tableId} belongs to game ${other.state.name}; a table runs one game`,
        { field: 'tableId' },
      );
    // The room's own checks first (game open, table id new), on a stand-in command.
    const check = await this.games.preview(gameId, {
      type: 'AddTable',
      at,
      tableId: body.tableId,
      ...(body.seats ? { seats: body.seats } : {}),
    });
    if (!check.decision.ok) return this.apply({ gameId, command: { type: 'AddTable', at, tableId: body.tableId }, ...envelope });
    // A stale If-Match is answered before the table is opened, so that the refused request writes nothing.
    if (envelope.expectedVersion !== undefined && envelope.expectedVersion !== game.version) {
      return { kind: 'conflict', expectedVersion: envelope.expectedVersion, currentVersion: game.version };
    }

    let table = await this.tables.caughtUp(streamIdOf(body.tableId));
    if (table.version === 0) {
      const rules = game.state.tableRules;
      if (!rules)
        throw new ApiProblem(
          'rule-refused',
          'NO_TABLE_RULES',
          `game ${game.state.name} has no table rules to open table ${body.tableId} with; open the table with POST /tables first, then add it`,
          { field: 'tableId' },
        );
      const seats = body.seats ?? (rules as { maxSeats?: number }).maxSeats ?? game.state.seatsPerTable;
      await this.table(
        body.tableId,
        { type: 'OpenTable', tableId: body.tableId, rules: { ...(rules as unknown as TableRulesInput), maxSeats: seats } } as TableCommand,
        `${envelope.commandId}.open`,
        envelope,
      );
      table = await this.tables.caughtUp(streamIdOf(body.tableId));
    }
    const seated = table.state.seats.flatMap((s) =>
      s ? [{ seat: s.seat, playerId: s.playerId, alias: body.aliases?.[s.playerId] ?? aliasFor(s.playerId) }] : [],
    );
    const command: RoomCommand = {
      type: 'AddTable',
      at,
      tableId: body.tableId,
      seats: table.state.rules?.maxSeats ?? body.seats ?? game.state.seatsPerTable,
      mustMove: body.mustMove ?? false,
      seated,
    };
    return this.apply({ gameId, command, ...envelope });
  }

  /** A called player takes the seat: SeatPlayer at the table (and LeaveTable at the old one for a move), then SeatTaken. */
  async takeSeat(
    gameId: string,
    body: { playerId: string; buyIn?: number; postToEnter?: boolean },
    envelope: RoomEnvelope,
  ): Promise<RoomOutcome> {
    const command: RoomCommand = { type: 'TakeSeat', at: this.clock.at(), playerId: body.playerId };
    const { decision } = await this.games.preview(gameId, command);
    // Refused by the room (or a retry whose room event is already written): the room's answer, nothing else done.
    if (!decision.ok) return this.apply({ gameId, command, ...envelope });
    const taken = decision.events.find((e) => e.type === 'SeatTaken')!;
    if (taken.type !== 'SeatTaken') throw new Error('bug: TakeSeat without SeatTaken');

    let buyIn = body.buyIn;
    if (taken.from) {
      const old = await this.tables.caughtUp(streamIdOf(taken.from.tableId));
      const leaving = this.tables.engine.decide({ type: 'LeaveTable', seat: taken.from.seat }, old.state);
      if (!leaving.ok)
        throw new ApiProblem(
          'rule-refused',
          leaving.rejection.code,
          `table ${taken.from.tableId}: ${leaving.rejection.message}; move the player once they may leave`,
        );
      buyIn ??= old.state.seats[taken.from.seat - 1]?.stack;
    }
    if (buyIn === undefined)
      throw ApiProblem.invalidRequest([{ path: 'buyIn', message: 'buyIn is required to seat a player from the list' }]);
    await this.table(
      taken.tableId,
      {
        type: 'SeatPlayer',
        seat: taken.seat,
        playerId: taken.playerId,
        buyIn,
        ...(body.postToEnter === undefined ? {} : { postToEnter: body.postToEnter }),
      } as TableCommand,
      `${envelope.commandId}.seat`,
      envelope,
    );
    if (taken.from)
      await this.table(
        taken.from.tableId,
        { type: 'LeaveTable', seat: taken.from.seat } as TableCommand,
        `${envelope.commandId}.leave`,
        envelope,
      );
    const outcome = await this.apply({ gameId, command, ...envelope });
    await this.closeBroken(outcome, envelope.commandId, envelope.metadata);
    return outcome;
  }

  /** A player leaves a table of the game: LeaveTable (unless the table has already seen them go), then SeatVacated. */
  async vacate(gameId: string, body: { tableId: string; seat: number }, envelope: RoomEnvelope): Promise<RoomOutcome> {
    const command: RoomCommand = { type: 'VacateSeat', at: this.clock.at(), tableId: body.tableId, seat: body.seat };
    const { decision } = await this.games.preview(gameId, command);
    if (!decision.ok) return this.apply({ gameId, command, ...envelope });
    const table = await this.tables.caughtUp(streamIdOf(body.tableId));
    if (table.state.seats[body.seat - 1])
      await this.table(body.tableId, { type: 'LeaveTable', seat: body.seat } as TableCommand, `${envelope.commandId}.leave`, envelope);
    const outcome = await this.apply({ gameId, command, ...envelope });
    await this.closeBroken(outcome, envelope.commandId, envelope.metadata);
    return outcome;
  }

  /**
   * A must-move table the room broke (its last player moved or left) is closed at the table too. A refusal there
   * (the table already closed) changes nothing: the room's event stands.
   */
  async closeBroken(outcome: RoomOutcome, commandId: string, metadata: CommandMetadata): Promise<void> {
    if (outcome.kind !== 'applied' && outcome.kind !== 'replayed') return;
    for (const e of outcome.events) {
      if (e.type !== 'TableBroken') continue;
      const tableId = (e.data as { tableId: string }).tableId;
      await this.commandBus.execute(
        new ApplyTableCommand(
          this.request(tableId, { type: 'CloseTable' } as TableCommand, `${commandId}.close.${tableId}`, {
            commandIdGenerated: false,
            metadata,
          }),
        ),
      );
    }
  }

  /** One table command; a refusal becomes the table's problem (422 with the engine's code), naming the table. */
  private async table(tableId: string, command: TableCommand, commandId: string, envelope: RoomEnvelope): Promise<void> {
    const outcome: ApplyOutcome = await this.commandBus.execute(new ApplyTableCommand(this.request(tableId, command, commandId, envelope)));
    if (outcome.kind === 'applied' || outcome.kind === 'replayed') return;
    const problem = problemForOutcome(tableId, commandId, outcome);
    throw new ApiProblem(problem.kind, problem.code, `table ${tableId}: ${problem.detail}`, { ...problem.extensions, tableId });
  }

  private request(
    tableId: string,
    command: TableCommand,
    commandId: string,
    envelope: Pick<RoomEnvelope, 'commandIdGenerated' | 'metadata'>,
  ): CommandRequest {
    return { tableId, command, commandId, commandIdGenerated: envelope.commandIdGenerated, metadata: senderOf(envelope.metadata) };
  }
}

/** A table player's id as the floor's alias when none was given (the public board never shows seated players). */
function aliasFor(playerId: string): string {
  const cleaned = playerId.replace(/[^\p{L}\p{N} .'_-]/gu, '').slice(0, 16);
  return /^[\p{L}\p{N}]/u.test(cleaned) ? cleaned : `P${cleaned}`.slice(0, 16);
}
