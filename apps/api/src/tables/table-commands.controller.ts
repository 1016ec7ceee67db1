import { Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeviceCommands, Roles } from '../auth/access-decorators';
import { type Principal, apiActor, AuditLog, COMMAND_ROLES } from '@felt/staff';
import { deviceOf, principalOf } from '../auth/principal';
import { SecurityLog } from '../auth/security-log';
import { rawCommandRequest } from '../auth/command-sender';
import { TableAccess } from '../auth/table-access';
import { requestIdOf, sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { ApiCommandResponses, COMMAND_HEADERS, commandBodySchema, openTableBodySchema } from '../openapi/command-docs';
import { LiveHands } from '../live/live-hands';
import { ApplyTableCommand, type ApplyOutcome, type ReaderConflict } from './apply-table-command';
import { commandResponse, type CommandResponseBody } from './command-response';
import { parseOpenTableRequest, parseTableCommandRequest, type CommandRequest } from './command-request';
import { RequestFingerprints } from './request-fingerprint';
import { COMMAND_TYPE_BY_ROUTE, tableIdSchema } from './table-command-schema';
import { streamIdOf } from './table-stream';
import { TableFollowUps } from './table-follow-ups';

/**
 * Commands in: validate (400) → may this user send it to this table (403) → CommandBus → the outcome as 201/200 or
 * a problem. Dealers and floor supervisors only; the answer shows hole cards only to those who may see them.
 */
@ApiTags('commands')
@ApiBearerAuth()
@Controller('tables')
@Roles(...COMMAND_ROLES)
@DeviceCommands()
export class TableCommandsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(LiveHands) private readonly hands: LiveHands,
    @Inject(RequestFingerprints) private readonly fingerprints: RequestFingerprints,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(TableFollowUps) private readonly followUps: TableFollowUps,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
  ) {}

  @Post()
  @ApiOperation({ summary: 'OpenTable: open a table with its rules', description: 'The body is {tableId, rules} (and optionally commandId, expectedVersion).' })
  @ApiBody({ schema: openTableBodySchema() })
  @ApiCommandResponses(COMMAND_HEADERS)
  openTable(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(parseOpenTableRequest(rawCommandRequest(req)), req, res);
  }

  @Post(':tableId/commands')
  @ApiOperation({ summary: 'Any command but OpenTable, as in a table script: {"type": "Raise", "seat": 3, "to": 6}' })
  @ApiBody({ schema: commandBodySchema() })
  @ApiCommandResponses(COMMAND_HEADERS)
  command(@Param('tableId') tableId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(parseTableCommandRequest(knownTableId(tableId), rawCommandRequest(req)), req, res);
  }

  /** POST /tables/:tableId/raise and the like: documented one by one in the OpenAPI document (openapi/openapi.ts). */
  @Post(':tableId/:commandRoute')
  @ApiExcludeEndpoint()
  byRoute(@Param('tableId') tableId: string, @Param('commandRoute') route: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const type = COMMAND_TYPE_BY_ROUTE.get(route);
    if (!type) throw new ApiProblem('route-not-found', 'ROUTE_NOT_FOUND', `there is no command route "${route}"`);
    return this.run(parseTableCommandRequest(knownTableId(tableId), rawCommandRequest(req), type), req, res);
  }

  /**
   * A command refused for who sent it (403) or by the rules (422) is recorded in the audit stream before the answer
   * (type, table, code: never its body); a change of a table's rules too, after it is applied.
   */
  private async run(parsed: CommandRequest, req: HttpRequest, res: HttpResponse): Promise<void> {
    const principal = principalOf(req);
    const commandType = parsed.command.type;
    let answer: { status: number; body: CommandResponseBody };
    try {
      await this.access.checkCommand(req, principal, parsed.tableId, commandType);
      this.access.checkDevice(req, principal);
      const fromShuffler = deviceOf(req)?.kind === 'shuffler';
      const request = { ...parsed, metadata: { ...parsed.metadata, requestFingerprint: this.fingerprints.of(parsed) }, fromShuffler };
      await this.followUps.before(request);
      const outcome: ApplyOutcome = await this.commandBus.execute(new ApplyTableCommand(request));
      if ((outcome.kind === 'applied' || outcome.kind === 'rejected') && outcome.readerConflict) await this.readerConflict(req, principal, parsed.tableId, outcome.readerConflict);
      // The room follows a seat opened or changed here (same request; a retry hands the same events over again).
      if (outcome.kind === 'applied' || outcome.kind === 'replayed') await this.followUps.after(request, outcome.events);
      answer = await this.answer(request, outcome, principal);
    } catch (error) {
      if (error instanceof ApiProblem && (error.status === 403 || error.status === 422)) {
        await this.audit.append({ type: 'CommandRefused', tableId: parsed.tableId, commandType, status: error.status, code: error.code }, apiActor(principal, requestIdOf(req)));
      }
      throw error;
    }
    const { status, body } = answer;
    if (RULES_COMMANDS.has(commandType) && status === 201) {
      await this.audit.append({ type: 'TableRulesChanged', tableId: parsed.tableId, commandType, version: body.version }, apiActor(principal, requestIdOf(req)));
    }
    res.header('ETag', `"${body.table.version}"`);
    sendJson(res, status, body);
  }

  /**
   * A reader's record contradicted (docs/security.md "Insiders", row 2): a security event for the floor and
   * surveillance, in the audit stream before the answer, naming the table and the hand only; the answer itself is
   * what it would be without the record.
   */
  private async readerConflict(req: HttpRequest, principal: Principal, tableId: string, conflict: ReaderConflict): Promise<void> {
    await this.audit.append({ type: 'ReaderConflict', tableId, handNumber: conflict.handNumber }, apiActor(principal, requestIdOf(req)));
    this.securityLog.alert(req, `reader conflict at table ${tableId}, hand ${conflict.handNumber}`, principal);
  }

  /** The answer as its sender may see it (live/live-visibility.ts). */
  private async answer(request: CommandRequest, outcome: ApplyOutcome, principal: Principal) {
    if (outcome.kind !== 'applied' && outcome.kind !== 'replayed') return commandResponse(request, outcome, 'public', null);
    const audience = this.access.answerAudience(principal, outcome.table.state.rules);
    return commandResponse(request, outcome, audience, await this.hands.from(streamIdOf(request.tableId), outcome.table, outcome.events));
  }

}

/** The commands that set a table's rules: the audit stream notes each time they are applied (the rules are in the table's stream). */
const RULES_COMMANDS: ReadonlySet<string> = new Set(['OpenTable', 'ChangeRules']);

/** A path id that cannot name a table is simply an unknown table. */
function knownTableId(tableId: string): string {
  if (!tableIdSchema.safeParse(tableId).success) throw ApiProblem.tableNotFound(tableId);
  return tableId;
}
