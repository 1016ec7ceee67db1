import { Controller, Get, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { floorGame, floorGameAt, type RoomCommand } from '@felt/room';
import { Roles } from '../auth/access-decorators';
import { principalOf } from '../auth/principal';
import { TIMER_ROOM_COMMANDS } from '@felt/staff';
import { sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { listPageSchema } from '../http/list-page';
import { parseInput } from '../http/parse-input';
import { ApiProblem, SUCCESS_STATUS } from '../http/status-mapping';
import { sendStreamOutcome } from '../http/stream-answer';
import { roomBodySchema } from '../openapi/room-docs';
import { RequestFingerprints } from '../tables/request-fingerprint';
import { rawCommandRequest } from '../auth/command-sender';
import { TableAccess } from '../auth/table-access';
import { CommandBus } from '@nestjs/cqrs';
import { ApplyRoomCommand, type RoomOutcome } from './apply-room-command';
import { RoomClock } from './room-clock';
import { RoomGames } from './room-games';
import { RoomLive } from './room-live';
import type { z } from 'zod';
import {
  addTableSchema,
  gameIdSchema,
  listCommandSchema,
  openGameSchema,
  parseRoomRequest,
  seatSchema,
  vacateSchema,
  type RoomEnvelope,
} from './room-request';
import { RoomSeating } from './room-seating';
import { PlayerSeatGuard, SEATING_ROOM_COMMANDS } from '../players/player-seat-guard';

const gamePageSchema = listPageSchema(gameIdSchema);

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
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(RoomSeating) private readonly seating: RoomSeating,
    @Inject(RoomGames) private readonly games: RoomGames,
    @Inject(RoomLive) private readonly live: RoomLive,
    @Inject(RoomClock) private readonly clock: RoomClock,
    @Inject(RequestFingerprints) private readonly fingerprints: RequestFingerprints,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(PlayerSeatGuard) private readonly players: PlayerSeatGuard,
  ) {}

  @Get('games')
  @ApiOperation({
    summary: 'The games by id, a page at a time, each with its tables, list, calls, table changes and who is next for each open seat',
  })
  @ApiQuery({ name: 'after', required: false, description: "The last gameId of the page before (the previous answer's nextAfter)" })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000 (default 1000)' })
  async list(@Query() query: Record<string, unknown>, @Res() res: HttpResponse) {
    const { after, limit } = parseInput(gamePageSchema, query);
    sendJson(res, SUCCESS_STATUS.read, await this.live.floorGamesPage(limit, after));
  }

  @Get('games/:gameId')
  @ApiOperation({ summary: 'One game as the floor sees it' })
  async one(@Param('gameId') gameId: string, @Res() res: HttpResponse) {
    const game = await this.games.caughtUp(knownGameId(gameId));
    if (game.version === 0) throw gameNotFound(gameId);
    res.header('ETag', `"${game.version}"`);
    sendJson(res, SUCCESS_STATUS.read, floorGameAt(game.state, game.version));
  }

  @Post('games')
  @ApiBody({ schema: roomBodySchema(openGameSchema) })
  @ApiOperation({ summary: 'OpenGame: a game (name, stakes, structure, table rules, ⚙ room policies)' })
  async open(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    const { body, envelope } = this.parse('games', undefined, openGameSchema, req);
    const command = { type: 'OpenGame', at: this.clock.at(), ...body } as RoomCommand;
    this.answer(
      res,
      body.gameId,
      envelope.commandId,
      await this.commandBus.execute(new ApplyRoomCommand({ gameId: body.gameId, command, ...envelope })),
    );
  }

  @Post('games/:gameId/commands')
  @ApiBody({ schema: roomBodySchema(listCommandSchema) })
  @Roles('floor', 'timer')
  @ApiOperation({
    summary: 'JoinList, LeaveList, RequestTableChange, CancelTableChange, CallPlayer, NoShow, CloseGame (the timer service: NoShow only)',
  })
  command(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    timerMaySend(req);
    return this.run('commands', gameId, listCommandSchema, req, res, (body, envelope) =>
      this.commandBus.execute(new ApplyRoomCommand({ gameId, command: { ...body, at: this.clock.at() } as RoomCommand, ...envelope })),
    );
  }

  @Post('games/:gameId/tables')
  @ApiBody({ schema: roomBodySchema(addTableSchema) })
  @ApiOperation({
    summary: "AddTable: a table joins the game (opened with the game's table rules when new); mustMove for a must-move table",
  })
  addTable(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('tables', gameId, addTableSchema, req, res, (body, envelope) => this.seating.addTable(gameId, body, envelope));
  }

  @Post('games/:gameId/seat')
  @ApiBody({ schema: roomBodySchema(seatSchema) })
  @ApiOperation({ summary: 'TakeSeat: the called player sits down (SeatPlayer at the table; for a move, LeaveTable at the old one)' })
  seat(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('seat', gameId, seatSchema, req, res, (body, envelope) => this.seating.takeSeat(gameId, body, envelope));
  }

  @Post('games/:gameId/vacate')
  @ApiBody({ schema: roomBodySchema(vacateSchema) })
  @ApiOperation({
    summary: 'VacateSeat: a player leaves a table of the game (LeaveTable at the table); a must-move table left empty breaks',
  })
  vacate(@Param('gameId') gameId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run('vacate', gameId, vacateSchema, req, res, (body, envelope) => this.seating.vacate(gameId, body, envelope));
  }

  /** A command to an existing game: its id (404), the body (400), the game (404), then `apply`'s outcome as the answer. */
  private async run<T>(
    route: string,
    gameId: string,
    schema: z.ZodType<T>,
    req: HttpRequest,
    res: HttpResponse,
    apply: (body: T, envelope: RoomEnvelope) => Promise<RoomOutcome>,
  ): Promise<void> {
    knownGameId(gameId);
    const { body, envelope } = this.parse(route, gameId, schema, req);
    await this.exists(gameId);
    // Listing, calling, a table change or a seat for an excluded player: refused before the room decides (docs/players.md).
    const { type, playerId } = body as { type?: string; playerId?: unknown };
    const commandType = route === 'seat' ? 'TakeSeat' : (type ?? route);
    if (SEATING_ROOM_COMMANDS.has(commandType) && typeof playerId === 'string')
      await this.players.check(req, playerId, `game:${gameId}`, commandType);
    this.answer(res, gameId, envelope.commandId, await apply(body, envelope));
  }

  /** The body and the envelope, its metadata carrying the request's fingerprint (which an Idempotency-Key is bound to). */
  private parse<T>(route: string, gameId: string | undefined, schema: z.ZodType<T>, req: HttpRequest): { body: T; envelope: RoomEnvelope } {
    const { body, envelope } = parseRoomRequest(schema, this.sent(req));
    const requestFingerprint = this.fingerprints.ofRoomRequest(route, gameId ?? (body as { gameId: string }).gameId, body);
    return { body, envelope: { ...envelope, metadata: { ...envelope.metadata, requestFingerprint } } };
  }

  /** The request's body and sender; a room command writes like a table command, so a registered device is required alike. */
  private sent(req: HttpRequest) {
    this.access.checkDevice(req, principalOf(req));
    return rawCommandRequest(req);
  }

  private async exists(gameId: string): Promise<void> {
    if ((await this.games.caughtUp(gameId)).version === 0) throw gameNotFound(gameId);
  }

  private answer(res: HttpResponse, gameId: string, commandId: string, outcome: RoomOutcome): void {
    sendStreamOutcome(res, commandId, outcome, {
      ids: { gameId },
      subject: `game ${gameId}`,
      view: (game) => ({ game: floorGame(game.state) }),
    });
  }
}

/** The timer service's principal records a no-show when a call runs out, and nothing else (docs/security.md). */
function timerMaySend(req: HttpRequest): void {
  const { role } = principalOf(req);
  if (role !== 'timer') return;
  const body = jsonBody(req) as { type?: unknown } | null;
  const type = typeof body === 'object' && body !== null ? body.type : undefined;
  if (typeof type === 'string' && TIMER_ROOM_COMMANDS.has(type)) return;
  throw new ApiProblem(
    'forbidden',
    'FORBIDDEN_ROLE',
    `the timer service may send only ${[...TIMER_ROOM_COMMANDS].join(', ')} to a game, not ${typeof type === 'string' ? type.slice(0, 64) : 'this'}`,
    { role },
  );
}

function knownGameId(gameId: string): string {
  if (!gameIdSchema.safeParse(gameId).success) throw gameNotFound(gameId);
  return gameId;
}

function gameNotFound(gameId: string): ApiProblem {
  return new ApiProblem('route-not-found', 'GAME_NOT_FOUND', `there is no game "${gameId}"; open it with POST /room/games`, { gameId });
}
