import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Roles } from '../auth/access-decorators';
import { apiActor } from '@felt/staff';
import { DealerStaffing } from '../auth/dealer-staffing';
import { enrollmentAnswer, staffProblem } from '../auth/users.controller';
import { isStaffRefusal, StaffApprovals, wideningApproved } from '@felt/staff';
import { principalOf } from '../auth/principal';
import { requestIdOf, sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { existingTable } from './get-table.query';
import { parseOpenTableRequest, parseTableCommandRequest, type CommandRequest } from './command-request';
import { TableCommandRunner } from './table-command-runner';
import { WideningApprovals, type PendingWidening } from './widening-approvals';

/**
 * Two people for a widening (docs/security.md "Insiders", row 3; docs/api.md "Approvals"): the floor lists the
 * requests waiting, and a floor supervisor other than the one who asked approves one (the command is applied then,
 * as asked, with both people in its metadata) or refuses it; the one who asked may withdraw it.
 */
@ApiTags('approvals')
@ApiBearerAuth()
@Controller('approvals')
@Roles('floor')
export class ApprovalsController {
  constructor(
    @Inject(WideningApprovals) private readonly approvals: WideningApprovals,
    @Inject(TableCommandRunner) private readonly runner: TableCommandRunner,
    @Inject(DealerStaffing) private readonly staffing: DealerStaffing,
    @Inject(StaffApprovals) private readonly staffApprovals: StaffApprovals,
    @Inject(QueryBus) private readonly queryBus: QueryBus,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'The widening requests waiting for a second floor supervisor (floor only): who asked, for which table, what it widens, until when',
  })
  async list(): Promise<{ approvals: PendingWidening[] }> {
    return { approvals: await this.approvals.pending() };
  }

  @Post(':approvalId/approve')
  @ApiOperation({
    summary:
      'Approve a widening another floor supervisor asked for: the command is applied as asked (201, as the command route answers; a dealer assignment 200, as PUT /tables/{tableId}/dealers/{userId}; a new floor supervisor or regulator 201 with the enrollment code, as POST /users; a role change 200, as PATCH /users/{userId}); 403 APPROVER_IS_REQUESTER for the one who asked',
  })
  async approve(@Param('approvalId') approvalId: string, @Req() req: HttpRequest, @Res() res: HttpResponse): Promise<void> {
    const approver = principalOf(req);
    const pending = await this.approvals.decidable(approvalId, approver, true);
    const actor = apiActor(approver, requestIdOf(req));
    if (StaffApprovals.isStaffRequest(pending)) {
      // A new floor supervisor or regulator, or a role change to one: the approver's act, answered as POST/PATCH /users
      // would; WideningApproved commits with the change.
      const applied = await this.staffApprovals.apply(pending, { userId: approver.sub, audit: actor });
      if (isStaffRefusal(applied)) throw staffProblem(applied);
      const { user, enrollment, changes } = applied;
      return void sendJson(res, enrollment ? 201 : 200, enrollment ? enrollmentAnswer(user, enrollment) : { user, changes });
    }
    if (pending.commandType === 'AssignDealer') {
      // The assignment is the approver's act (its DealerAssigned names them); WideningRequested names who asked.
      // WideningApproved commits with the assignment.
      const user = await this.staffing.assignable(String(pending.command.userId));
      const table = await existingTable(this.queryBus, pending.tableId);
      const approved = wideningApproved(pending, table.version);
      return void sendJson(res, 200, await this.staffing.assign(pending.tableId, user, approver, requestIdOf(req), [approved]));
    }
    // The table's events, TableRulesChanged and WideningApproved in one transaction (TableCommandRunner).
    await this.runner.run(approvedRequest(pending, approver.sub, requestIdOf(req)), req, res, pending);
  }

  @Post(':approvalId/refuse')
  @ApiOperation({ summary: 'Refuse a widening request (another floor supervisor), or withdraw it (the one who asked): nothing is changed' })
  async refuse(@Param('approvalId') approvalId: string, @Req() req: HttpRequest, @Res() res: HttpResponse): Promise<void> {
    const decider = principalOf(req);
    const pending = await this.approvals.decidable(approvalId, decider, false);
    await this.approvals.refused(pending, apiActor(decider, requestIdOf(req)));
    sendJson(res, 200, { approvalId, refused: true, withdrawn: pending.requestedBy.id === decider.sub });
  }
}

/** The command as it was asked for, sent in the name of the one who asked and approved by `approverId`. */
function approvedRequest(pending: PendingWidening, approverId: string, requestId: string): CommandRequest {
  const { type, ...fields } = pending.command;
  const raw = { headers: {}, requestId, actor: { id: pending.requestedBy.id, role: 'floor' } };
  const parsed =
    type === 'OpenTable'
      ? parseOpenTableRequest({ ...raw, body: fields })
      : parseTableCommandRequest(pending.tableId, { ...raw, body: pending.command });
  return { ...parsed, metadata: { ...parsed.metadata, approvedBy: approverId } };
}
