import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/access-decorators';
import { principalOf } from '../auth/principal';
import { READ_ROLES } from '@felt/staff';
import { TableAccess } from '../auth/table-access';
import type { HttpRequest, HttpResponse } from '../http/http-types';
import { LiveHands } from '../live/live-hands';
import { eventViewFor, tableViewFor } from '../live/live-visibility';
import { z } from 'zod';
import { ApiProblem } from '../http/status-mapping';
import { fieldIssues } from './command-request';
import { GetTableEventsQuery } from './get-table-events.query';
import { existingTable } from './get-table.query';
import { ListTablesQuery, tablePageSchema } from './list-tables.query';
import { tableIdSchema } from './table-command-schema';
import { streamIdOf } from './table-stream';

const listSchema = tablePageSchema(100, 1000);
const pageSchema = z.strictObject({
  fromVersion: z.coerce.number().int().min(1).max(2147483647).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

/**
 * Reads: the tables, one table's state and legal actions, one table's events page by page. Every role may read;
 * what of the cards each sees is the visibility rule's (live/live-visibility.ts, docs/security.md).
 */
@ApiTags('tables')
@ApiBearerAuth()
@Controller('tables')
@Roles(...READ_ROLES)
export class TableQueriesController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(LiveHands) private readonly hands: LiveHands,
  ) {}

  @Get()
  @ApiOperation({ summary: "The tables by id, a page at a time: id, version, opened and last changed; nextAfter is the next page's after" })
  @ApiQuery({ name: 'after', required: false, description: "The last table id of the page before (the previous answer's nextAfter)" })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000 (default 100)' })
  async list(@Query() query: Record<string, unknown>) {
    const parsed = listSchema.safeParse(query);
    if (!parsed.success) throw ApiProblem.invalidRequest(fieldIssues(parsed.error));
    return this.queryBus.execute(new ListTablesQuery(parsed.data.limit, parsed.data.after));
  }

  @Get(':tableId')
  @ApiOperation({ summary: "A table's state, the seat to act and its legal actions, and the version (also as ETag)" })
  @ApiResponse({ status: 404, description: 'No such table (problem+json, code TABLE_NOT_FOUND)' })
  async get(@Param('tableId') tableId: string, @Req() req: HttpRequest, @Res({ passthrough: true }) res: HttpResponse) {
    const table = await existingTable(this.queryBus, tableId);
    res.header('ETag', `"${table.version}"`);
    return tableViewFor(tableId, table, await this.access.audienceFor(principalOf(req), tableId, table.state.rules));
  }

  @Get(':tableId/events')
  @ApiOperation({ summary: "A table's events in version order, a page at a time" })
  @ApiQuery({ name: 'fromVersion', required: false, description: 'First version to return (default 1)' })
  @ApiQuery({ name: 'limit', required: false, description: 'At most this many events, 1 to 1000 (default 100)' })
  @ApiResponse({ status: 404, description: 'No such table (problem+json, code TABLE_NOT_FOUND)' })
  async events(@Param('tableId') tableId: string, @Query() query: Record<string, unknown>, @Req() req: HttpRequest) {
    const parsed = pageSchema.safeParse(query);
    if (!parsed.success) throw ApiProblem.invalidRequest(fieldIssues(parsed.error));
    const { fromVersion, limit } = parsed.data;
    const page = tableIdSchema.safeParse(tableId).success
      ? await this.queryBus.execute(new GetTableEventsQuery(tableId, fromVersion, limit))
      : null;
    if (!page) throw ApiProblem.tableNotFound(tableId);
    // The table after the page: whether each event's hand is over is judged no earlier than the event was read.
    const table = await existingTable(this.queryBus, tableId);
    const audience = await this.access.audienceFor(principalOf(req), tableId, table.state.rules);
    const liveHandFrom = await this.hands.from(streamIdOf(tableId), table, page.events);
    return {
      tableId,
      version: page.version,
      events: page.events.map((e) => eventViewFor(e, audience, liveHandFrom)),
      nextFromVersion: page.nextFromVersion,
    };
  }
}
