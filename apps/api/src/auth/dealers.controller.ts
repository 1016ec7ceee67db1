import { Controller, Delete, Get, Inject, Param, Put, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Database } from '@felt/event-store';
import { DATABASE } from '../database/database.module';
import { requestIdOf, type HttpRequest, type HttpResponse } from '../http/http-types';
import { existingTable } from '../tables/get-table.query';
import { assignmentWidens, WideningApprovals } from '../tables/widening-approvals';
import { Roles } from './access-decorators';
import { apiActor, AuditLog } from '@felt/staff';
import { DealerAssignments } from './dealer-assignments';
import { DealerStaffing } from './dealer-staffing';
import { principalOf } from './principal';

/** Which dealers run a table: a floor supervisor assigns and releases them. */
@ApiTags('dealers')
@Controller('tables/:tableId/dealers')
@Roles('floor')
export class DealersController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(DealerStaffing) private readonly staffing: DealerStaffing,
    @Inject(DealerAssignments) private readonly assignments: DealerAssignments,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(WideningApprovals) private readonly approvals: WideningApprovals,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The dealers assigned to a table (floor only)' })
  async list(@Param('tableId') tableId: string) {
    await existingTable(this.queryBus, tableId);
    return { tableId, dealers: await this.assignments.ofTable(tableId) };
  }

  @Put(':userId')
  @ApiOperation({ summary: 'Assign a dealer (user id or name) to a table (floor only); assigning again refreshes who and when' })
  @ApiResponse({ status: 404, description: 'No such table (TABLE_NOT_FOUND) or user (USER_NOT_FOUND)' })
  @ApiResponse({ status: 422, description: 'The user is not a dealer, or is disabled (NOT_A_DEALER)' })
  @ApiResponse({
    status: 202,
    description:
      'APPROVAL_REQUIRED: the table shows its dealer hole cards (dealerSeesHoleCards); another floor supervisor approves the assignment (POST /approvals/{approvalId}/approve)',
  })
  async assign(
    @Param('tableId') tableId: string,
    @Param('userId') userId: string,
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) res: HttpResponse,
  ) {
    const table = await existingTable(this.queryBus, tableId);
    const user = await this.staffing.assignable(userId);
    // A dealer who would see hole cards takes two floor supervisors (docs/security.md "Insiders", row 3).
    const widens = assignmentWidens(table.state.rules);
    const principal = principalOf(req);
    if (widens !== null && !(await this.assignments.isAssigned(tableId, user.id))) {
      res.status(202);
      return this.approvals.request(tableId, { type: 'AssignDealer', userId: user.id }, widens, apiActor(principal, requestIdOf(req)));
    }
    return this.staffing.assign(tableId, user, principal, requestIdOf(req));
  }

  @Delete(':userId')
  @ApiOperation({ summary: 'Release a dealer from a table (floor only); `removed` says whether they were assigned' })
  async unassign(@Param('tableId') tableId: string, @Param('userId') userId: string, @Req() req: HttpRequest) {
    await existingTable(this.queryBus, tableId);
    const user = await this.staffing.user(userId);
    const removed = await this.db.transaction(async (tx) => {
      const gone = await new DealerAssignments(tx).unassign(tableId, user.id);
      if (gone)
        await this.audit.append(
          { type: 'DealerReleased', tableId, userId: user.id, name: user.name },
          apiActor(principalOf(req), requestIdOf(req)),
          tx,
        );
      return gone;
    });
    return { tableId, removed, dealers: await this.assignments.ofTable(tableId) };
  }
}
