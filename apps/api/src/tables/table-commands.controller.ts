import { Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiExcludeEndpoint, ApiOperation, ApiTags } from '@nestjs/swagger';
import { DeviceCommands, Roles } from '../auth/access-decorators';
import { rawCommandRequest } from '../auth/command-sender';
import { COMMAND_ROLES } from '@felt/staff';
import type { HttpRequest, HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { ApiCommandResponses, COMMAND_HEADERS, commandBodySchema, openTableBodySchema } from '../openapi/command-docs';
import { parseOpenTableRequest, parseTableCommandRequest, type CommandRequest } from './command-request';
import { tableCommandSchemas, tableIdSchema, type TableCommandSchemas } from './table-command-schema';
import { FoldedTables } from './folded-tables';
import { TableCommandRunner } from './table-command-runner';

/**
 * Commands in: validate (400), then TableCommandRunner (who may send it, two people for a widening, the CommandBus,
 * the answer). Dealers and floor supervisors only; the answer shows hole cards only to those who may see them.
 */
@ApiTags('commands')
@ApiBearerAuth()
@Controller('tables')
@Roles(...COMMAND_ROLES)
@DeviceCommands()
export class TableCommandsController {
  /** The commands of the engine this process runs (the default modules and FELT_HOUSE_RULES' casino modules). */
  private readonly commands: TableCommandSchemas;

  constructor(
    @Inject(TableCommandRunner) private readonly runner: TableCommandRunner,
    @Inject(FoldedTables) tables: FoldedTables,
  ) {
    this.commands = tableCommandSchemas(tables.engine);
  }

  @Post()
  @ApiOperation({
    summary: 'OpenTable: open a table with its rules',
    description:
      'The body is {tableId, rules} (and optionally commandId, expectedVersion). Rules that widen who sees or chooses cards (dealerSeesHoleCards, a training or shuffler deckSource) answer 202 APPROVAL_REQUIRED: another floor supervisor approves them (POST /approvals/{approvalId}/approve).',
  })
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
    return this.run(parseTableCommandRequest(knownTableId(tableId), rawCommandRequest(req), undefined, this.commands), req, res);
  }

  /** POST /tables/:tableId/raise and the like: documented one by one in the OpenAPI document (openapi/openapi.ts). */
  @Post(':tableId/:commandRoute')
  @ApiExcludeEndpoint()
  byRoute(@Param('tableId') tableId: string, @Param('commandRoute') route: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const type = this.commands.byRoute.get(route);
    if (!type) throw new ApiProblem('route-not-found', 'ROUTE_NOT_FOUND', `there is no command route "${route}"`);
    return this.run(parseTableCommandRequest(knownTableId(tableId), rawCommandRequest(req), type, this.commands), req, res);
  }

  private async run(parsed: CommandRequest, req: HttpRequest, res: HttpResponse): Promise<void> {
    await this.runner.run(parsed, req, res);
  }
}

/** A path id that cannot name a table is simply an unknown table. */
function knownTableId(tableId: string): string {
  if (!tableIdSchema.safeParse(tableId).success) throw ApiProblem.tableNotFound(tableId);
  return tableId;
}
