import { Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiBody, ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/access-decorators';
import type { Principal } from '../auth/access-token';
import { principalOf } from '../auth/principal';
import { COMMAND_ROLES } from '../auth/roles';
import { TableAccess } from '../auth/table-access';
import { requestIdOf, sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { ApiProblem } from '../http/status-mapping';
import { ApiCommandResponses, COMMAND_HEADERS, commandBodySchema, openTableBodySchema } from '../openapi/command-docs';
import { LiveHands } from '../live/live-hands';
import { ApplyTableCommand, type ApplyOutcome } from './apply-table-command';
import { commandResponse } from './command-response';
import { parseOpenTableRequest, parseTableCommandRequest, type CommandRequest, type RawCommandRequest } from './command-request';
import { COMMAND_TYPE_BY_ROUTE, tableIdSchema } from './table-command-schema';
import { streamIdOf } from './table-stream';

/**
 * Commands in: validate (400) → may this user send it to this table (403) → CommandBus → the outcome as 201/200 or
 * a problem. Dealers and floor supervisors only; the answer shows hole cards only to those who may see them.
 */
@ApiTags('commands')
@ApiBearerAuth()
@Controller('tables')
@Roles(...COMMAND_ROLES)
export class TableCommandsController {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(LiveHands) private readonly hands: LiveHands,
  ) {}

  @Post()
  @ApiOperation({ summary: 'OpenTable: open a table with its rules', description: 'The body is {tableId, rules} (and optionally commandId, expectedVersion).' })
  @ApiBody({ schema: openTableBodySchema() })
  @ApiCommandResponses(COMMAND_HEADERS)
  openTable(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(parseOpenTableRequest(rawRequest(req)), req, res);
  }

  @Post(':tableId/commands')
  @ApiOperation({ summary: 'Any command but OpenTable, as in a table script: {"type": "Raise", "seat": 3, "to": 6}' })
  @ApiBody({ schema: commandBodySchema() })
  @ApiCommandResponses(COMMAND_HEADERS)
  command(@Param('tableId') tableId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    return this.run(parseTableCommandRequest(knownTableId(tableId), rawRequest(req)), req, res);
  }

  /** POST /tables/:tableId/raise and the like: documented one by one in the OpenAPI document (openapi/openapi.ts). */
  @Post(':tableId/:commandRoute')
  @ApiExcludeEndpoint()
  byRoute(@Param('tableId') tableId: string, @Param('commandRoute') route: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const type = COMMAND_TYPE_BY_ROUTE.get(route);
    if (!type) throw new ApiProblem('route-not-found', 'ROUTE_NOT_FOUND', `there is no command route "${route}"`);
    return this.run(parseTableCommandRequest(knownTableId(tableId), rawRequest(req), type), req, res);
  }

  private async run(request: CommandRequest, req: HttpRequest, res: HttpResponse): Promise<void> {
    const principal = principalOf(req);
    await this.access.checkCommand(req, principal, request.tableId, request.command.type);
    const outcome = await this.commandBus.execute(new ApplyTableCommand(request));
    const { status, body } = await this.answer(request, outcome, principal);
    res.header('ETag', `"${body.table.version}"`);
    sendJson(res, status, body);
  }

  /** The answer as its sender may see it (live/live-visibility.ts). */
  private async answer(request: CommandRequest, outcome: ApplyOutcome, principal: Principal) {
    if (outcome.kind !== 'applied' && outcome.kind !== 'replayed') return commandResponse(request, outcome, 'public', null);
    const audience = this.access.answerAudience(principal, outcome.table.state.rules);
    return commandResponse(request, outcome, audience, await this.hands.from(streamIdOf(request.tableId), outcome.table, outcome.events));
  }

}

function rawRequest(req: HttpRequest): RawCommandRequest {
  const { sub, role } = principalOf(req);
  return { body: jsonBody(req), headers: req.headers, requestId: requestIdOf(req), actor: { id: sub, role } };
}

/** A path id that cannot name a table is simply an unknown table. */
function knownTableId(tableId: string): string {
  if (!tableIdSchema.safeParse(tableId).success) throw ApiProblem.tableNotFound(tableId);
  return tableId;
}
