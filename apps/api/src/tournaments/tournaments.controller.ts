import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { floorTournament, tableNeeds } from '@felt/tournament';
import type { z } from 'zod';
import { Roles } from '../auth/access-decorators';
import { rawCommandRequest, senderOf } from '../auth/command-sender';
import { DealerAssignments } from '../auth/dealer-assignments';
import { PlayerSeatGuard } from '../players/player-seat-guard';
import { principalOf } from '../auth/principal';
import { TableAccess } from '../auth/table-access';
import { sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { ApiProblem, SUCCESS_STATUS } from '../http/status-mapping';
import { sendStreamOutcome } from '../http/stream-answer';
import { roomBodySchema } from '../openapi/room-docs';
import { RoomClock } from '../room/room-clock';
import { splitEnvelope, validate } from '../tables/command-request';
import { RequestFingerprints } from '../tables/request-fingerprint';
import { tableIdSchema } from '../tables/table-command-schema';
import { ApplyTournamentCommand, type TournamentCommandInput, type TournamentOutcome } from './apply-tournament-command';
import { createTournamentSchema, tournamentCommandSchema, tournamentIdSchema, type TournamentCommandBody } from './tournament-request';
import { TournamentStreams } from './tournament-streams';
import { TournamentTables } from './tournament-tables';

/** The timer service moves the clock on when a level's time is up, and does nothing else (docs/security.md). */
const TIMER_COMMANDS: ReadonlySet<string> = new Set(['AdvanceLevel']);
/** The commands that enter a player (docs/players.md "The seat check"): an excluded player is refused first. */
const ENTERING_COMMANDS: ReadonlySet<string> = new Set(['Register', 'ReEnter']);
/** A dealer reports the hands of the tables assigned to them, and does nothing else. */
const DEALER_COMMANDS: ReadonlySet<string> = new Set(['RecordHand']);

/**
 * The floor's tournaments (docs/tournaments.md): create, add tables, register, draw seats, run the clock, record
 * hands, override moves, rebuys and add-ons. A dealer reads and reports their own table; the timer advances levels.
 * Refusals are 422 with the tournament's code and sentence, malformed bodies 400; neither writes anything.
 */
@ApiTags('tournaments')
@ApiBearerAuth()
@Controller('tournaments')
@Roles('floor')
export class TournamentsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TournamentStreams) private readonly streams: TournamentStreams,
    @Inject(RoomClock) private readonly clock: RoomClock,
    @Inject(RequestFingerprints) private readonly fingerprints: RequestFingerprints,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(DealerAssignments) private readonly assignments: DealerAssignments,
    @Inject(TournamentTables) private readonly tables: TournamentTables,
    @Inject(PlayerSeatGuard) private readonly players: PlayerSeatGuard,
  ) {}

  @Get(':tournamentId')
  @ApiOperation({ summary: 'One tournament as the floor sees it: entries, tables, moves, the money reconciled' })
  async one(@Param('tournamentId') tournamentId: string, @Res() res: HttpResponse) {
    const folded = await this.existing(tournamentId);
    res.header('ETag', `"${folded.version}"`);
    sendJson(res, SUCCESS_STATUS.read, { version: folded.version, ...floorTournament(folded.state, this.clock.at()) });
  }

  @Get(':tournamentId/tables/:tableId')
  @Roles('floor', 'dealer')
  @ApiOperation({
    summary: "A table's needs: the next hand's blinds, who sits where with what, who leaves and arrives (its dealer or the floor)",
  })
  async table(
    @Param('tournamentId') tournamentId: string,
    @Param('tableId') tableId: string,
    @Req() req: HttpRequest,
    @Res() res: HttpResponse,
  ) {
    const folded = await this.existing(tournamentId);
    if (!tableIdSchema.safeParse(tableId).success) throw tableNotFound(tournamentId, tableId);
    await this.dealerAssigned(req, tableId);
    const needs = tableNeeds(folded.state, tableId);
    if (!needs) throw tableNotFound(tournamentId, tableId);
    sendJson(res, SUCCESS_STATUS.read, { version: folded.version, ...needs });
  }

  @Post()
  @ApiBody({ schema: roomBodySchema(createTournamentSchema) })
  @ApiOperation({ summary: 'CreateTournament: its id and structure (levels, fees, payouts, guarantee...)' })
  async create(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    const { body, envelope } = this.parse('create', undefined, createTournamentSchema, req);
    const command = { type: 'CreateTournament' as const, at: this.clock.at(), ...body };
    this.answer(
      res,
      body.tournamentId,
      envelope.commandId,
      await this.commandBus.execute(new ApplyTournamentCommand({ tournamentId: body.tournamentId, command, ...envelope })),
    );
  }

  @Post(':tournamentId/commands')
  @Roles('floor', 'dealer', 'timer')
  @ApiBody({ schema: roomBodySchema(tournamentCommandSchema) })
  @ApiOperation({ summary: 'A tournament command (the floor: any; a dealer: RecordHand at their table; the timer: AdvanceLevel)' })
  async command(@Param('tournamentId') tournamentId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    knownId(tournamentId);
    const { body, envelope } = this.parse('commands', tournamentId, tournamentCommandSchema, req);
    await this.maySend(req, body);
    if (ENTERING_COMMANDS.has(body.type) && 'playerId' in body)
      await this.players.check(req, body.playerId, `tournament:${tournamentId}`, body.type);
    const folded = await this.existing(tournamentId);
    await this.tables.beforeTournamentCommand(body, folded.state);
    const command = { ...body, at: this.clock.at() } as TournamentCommandInput;
    const outcome = await this.commandBus.execute(new ApplyTournamentCommand({ tournamentId, command, ...envelope }));
    // Its tables follow (a retry with the same key follows again: the tables' command ids are the events').
    if (outcome.kind === 'applied' || outcome.kind === 'replayed')
      await this.tables.follow(outcome.events, outcome.folded.state, senderOf(envelope.metadata));
    this.answer(res, tournamentId, envelope.commandId, outcome);
  }

  private parse<T>(route: string, tournamentId: string | undefined, schema: z.ZodType<T>, req: HttpRequest) {
    this.access.checkDevice(req, principalOf(req));
    const { fields, envelope, issues } = splitEnvelope(rawCommandRequest(req));
    const body = validate(schema, fields, issues, 'INVALID_REQUEST');
    const id = tournamentId ?? (body as { tournamentId: string }).tournamentId;
    const requestFingerprint = this.fingerprints.ofRoomRequest(`tournament/${route}`, id, body);
    return { body, envelope: { ...envelope, metadata: { ...envelope.metadata, requestFingerprint } } };
  }

  /** Who may send what: the floor anything; a dealer RecordHand at a table assigned to them; the timer AdvanceLevel on time. */
  private async maySend(req: HttpRequest, body: TournamentCommandBody): Promise<void> {
    const { role } = principalOf(req);
    if (role === 'floor') return;
    const allowed =
      role === 'timer' ? TIMER_COMMANDS.has(body.type) && !(body.type === 'AdvanceLevel' && body.early) : DEALER_COMMANDS.has(body.type);
    if (!allowed)
      throw new ApiProblem(
        'forbidden',
        'FORBIDDEN_ROLE',
        `a ${role} may not send ${body.type}${body.type === 'AdvanceLevel' ? ' early' : ''} to a tournament`,
        { role },
      );
    if (body.type === 'RecordHand') await this.dealerAssigned(req, body.tableId);
  }

  private async dealerAssigned(req: HttpRequest, tableId: string): Promise<void> {
    const principal = principalOf(req);
    if (principal.role !== 'dealer') return;
    if (!(await this.assignments.isAssigned(tableId, principal.sub)))
      throw new ApiProblem('forbidden', 'NOT_ASSIGNED', `you are not assigned to table ${tableId}`, { tableId });
  }

  private async existing(tournamentId: string) {
    const folded = await this.streams.caughtUp(knownId(tournamentId));
    if (folded.version === 0) throw notFound(tournamentId);
    return folded;
  }

  private answer(res: HttpResponse, tournamentId: string, commandId: string, outcome: TournamentOutcome): void {
    sendStreamOutcome(res, commandId, outcome, {
      ids: { tournamentId },
      subject: `tournament ${tournamentId}`,
      notFound: () => notFound(tournamentId),
    });
  }
}

export function knownId(tournamentId: string): string {
  if (!tournamentIdSchema.safeParse(tournamentId).success) throw notFound(tournamentId);
  return tournamentId;
}

export function notFound(tournamentId: string): ApiProblem {
  return new ApiProblem(
    'route-not-found',
    'TOURNAMENT_NOT_FOUND',
    `there is no tournament "${tournamentId}"; create it with POST /tournaments`,
    {
      tournamentId,
    },
  );
}

function tableNotFound(tournamentId: string, tableId: string): ApiProblem {
  return new ApiProblem('route-not-found', 'TABLE_NOT_IN_TOURNAMENT', `tournament ${tournamentId} has no table "${tableId}"`, {
    tournamentId,
    tableId,
  });
}
