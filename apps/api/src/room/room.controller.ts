import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { floorGame, type RoomCommand } from '@felt/room';
import { Roles } from '../auth/access-decorators';
import { principalOf } from '../auth/principal';
import { rawCommandRequest } from '../auth/command-sender';
import { TableAccess } from '../auth/table-access';
import { sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { ApiProblem, SUCCESS_STATUS } from '../http/status-mapping';
import { ApplyRoomCommand, type RoomOutcome } from './apply-room-command';
import { RoomClock } from './room-clock';
import { RoomGames } from './room-games';
import { RoomLive } from './room-live';
import type { z } from 'zod';
import { addTableSchema, gameIdSchema, listCommandSchema, openGameSchema, parseRoomRequest, seatSchema, vacateSchema, type RoomEnvelope } from './room-request';
import { RoomSeating } from './room-seating';

/**
 * The floor's room: games, their lists, calls, seating and must-move (docs/room.md, docs/api.md "The room").
 * Floor supervisors only: a list is the floor's to run (a player asks the floor, who acts for them). Refusals are
 * 422 with the room's code and sentence (libs/room rejections), malformed bodies 400; neither writes anything.
 */
@ApiTags('room')
@ApiBearerAuth()
@Controller('room')
@Roles('floor')
export class RoomController {
  constructor(
    @Inject(ApplyRoomCommand) private readonly room: ApplyRoomCommand,
    @Inject(RoomSeating) private readonly seating: RoomSeating,
    @Inject(RoomGames) private readonly games: RoomGames,
    @Inject(RoomLive) private readonly live: RoomLive,
    @Inject(RoomClock) private readonly clock: RoomClock,
    @Inject(TableAccess) private readonly access: TableAccess,
  ) {}

  @Get('games')
  @ApiOperation({ summary: 'Every game with its tables, list, calls, table changes and who is next for each open seat' })
  async list(@Res() res: HttpResponse) {
    sendJson(res, SUCCESS_STATUS.read, { games: await this.live.floorGames() });
  }

  @Get('games/:gameId')
  @ApiOperation({ summary: 'One game as the floor sees it' })
  async one(@Param('gameId') gameId: string, @Res() res: HttpResponse) {
    const game = await this.games.caughtUp(knownGameId(gameId));
    if (game.version === 0) throw gameNotFound(gameId);
    res.header('ETag', `"${game.version}"`);
    sendJson(res, SUCCESS_STATUS.read, { version: game.version, ...floorGame(game.state) });
  }

  @Post('games')
  @ApiOperation({ summary: 'OpenGame: a game (name, stakes, structure, table rules, ⚙ room policies)' })
  async open(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    const { body, envelope } = parseRoomRequest(openGameSchema, this.sent(req));
    const command = { type: 'OpenGame', at: this.clock.at(), ...body } as RoomCommand;
    this.answer(res, body.gameId, await this.room.apply({ gameId: body.gameId, command, ...envelope }));
  }

  @Post('games/:gameId/commands')
  @ApiOperation({ summary: 'JoinList, LeaveList, RequestTableChange, CancelTableChange, CallPlayer, NoShow, CloseGame' })
  command(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(gameId, listCommandSchema, req, res, (body, envelope) => this.room.apply({ gameId, command: { ...body, at: this.clock.at() } as RoomCommand, ...envelope }));
  }

  @Post('games/:gameId/tables')
  @ApiOperation({ summary: 'AddTable: a table joins the game (opened with the game\'s table rules when new); mustMove for a must-move table' })
  addTable(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(gameId, addTableSchema, req, res, (body, envelope) => this.seating.addTable(gameId, body, envelope));
  }

  @Post('games/:gameId/seat')
  @ApiOperation({ summary: 'TakeSeat: the called player sits down (SeatPlayer at the table; for a move, LeaveTable at the old one)' })
  seat(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(gameId, seatSchema, req, res, (body, envelope) => this.seating.takeSeat(gameId, body, envelope));
  }

  @Post('games/:gameId/vacate')
  @ApiOperation({ summary: 'VacateSeat: a player leaves a table of the game (LeaveTable at the table); a must-move table left empty breaks' })
  vacate(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(gameId, vacateSchema, req, res, (body, envelope) => this.seating.vacate(gameId, body, envelope));
  }

  /** A command to an existing game: its id (404), the body (400), the game (404), then `apply`'s outcome as the answer. */
  private async run<T>(gameId: string, schema: z.ZodType<T>, req: HttpRequest, res: HttpResponse, apply: (body: T, envelope: RoomEnvelope) => Promise<RoomOutcome>): Promise<void> {
    knownGameId(gameId);
    const { body, envelope } = parseRoomRequest(schema, this.sent(req));
    await this.exists(gameId);
    this.answer(res, gameId, await apply(body, envelope));
  }

  /** The request's body and sender; a room command writes like a table command, so a registered device is required alike. */
  private sent(req: HttpRequest) {
    this.access.checkDevice(req, principalOf(req));
    return rawCommandRequest(req);
  }

  private async exists(gameId: string): Promise<void> {
    if ((await this.games.caughtUp(gameId)).version === 0) throw gameNotFound(gameId);
  }

  private answer(res: HttpResponse, gameId: string, outcome: RoomOutcome): void {
    switch (outcome.kind) {
      case 'applied':
      case 'replayed':
        res.header('ETag', `"${outcome.game.version}"`);
        return sendJson(res, outcome.kind === 'applied' ? SUCCESS_STATUS.applied : SUCCESS_STATUS.replayed, {
          gameId,
          version: outcome.game.version,
          events: outcome.events.map((e) => ({ type: e.type, streamVersion: e.streamVersion, ...(e.data as object) })),
          game: floorGame(outcome.game.state),
        });
      case 'rejected':
        throw new ApiProblem('rule-refused', outcome.rejection.code, outcome.rejection.message, { gameId, ...(outcome.rejection.field === undefined ? {} : { field: outcome.rejection.field }) });
      case 'conflict':
        throw new ApiProblem('version-conflict', 'VERSION_CONFLICT', outcome.expectedVersion === undefined ? `game ${gameId} changed while this command was decided; read it and try again` : `game ${gameId} is at version ${outcome.currentVersion}, not ${outcome.expectedVersion}`, { gameId, currentVersion: outcome.currentVersion });
      case 'command-id-reused':
        throw new ApiProblem('command-id-reused', 'COMMAND_ID_REUSED', `this command id was already used on stream ${outcome.firstStreamId}`);
    }
  }
}

function knownGameId(gameId: string): string {
  if (!gameIdSchema.safeParse(gameId).success) throw gameNotFound(gameId);
  return gameId;
}

function gameNotFound(gameId: string): ApiProblem {
  return new ApiProblem('route-not-found', 'GAME_NOT_FOUND', `there is no game "${gameId}"; open it with POST /room/games`, { gameId });
}
