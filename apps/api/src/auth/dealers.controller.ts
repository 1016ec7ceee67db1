import { Controller, Delete, Get, Inject, Param, Put, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Database } from '@felt/event-store';
import { DATABASE } from '../database/database.module';
import { requestIdOf, type HttpRequest } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { existingTable } from '../tables/get-table.query';
import { Roles } from './access-decorators';
import { apiActor, AuditLog, Users, type User } from '@felt/staff';
import { DealerAssignments } from './dealer-assignments';
import { principalOf } from './principal';

/** Which dealers run a table: a floor supervisor assigns and releases them. */
@ApiTags('dealers')
@Controller('tables/:tableId/dealers')
@Roles('floor')
export class DealersController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(Users) private readonly users: Users,
    @Inject(DealerAssignments) private readonly assignments: DealerAssignments,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @Get()
  @ApiOperation({ summary: "The dealers assigned to a table (floor only)" })
  async list(@Param('tableId') tableId: string) {
    await existingTable(this.queryBus, tableId);
    return { tableId, dealers: await this.assignments.ofTable(tableId) };
  }

  @Put(':userId')
  @ApiOperation({ summary: 'Assign a dealer (user id or name) to a table (floor only); assigning again refreshes who and when' })
  @ApiResponse({ status: 404, description: 'No such table (TABLE_NOT_FOUND) or user (USER_NOT_FOUND)' })
  @ApiResponse({ status: 422, description: 'The user is not a dealer, or is disabled (NOT_A_DEALER)' })
  async assign(@Param('tableId') tableId: string, @Param('userId') userId: string, @Req() req: HttpRequest) {
    await existingTable(this.queryBus, tableId);
    const user = await this.user(userId);
    if (user.role !== 'dealer' || user.disabled) {
      throw new ApiProblem('not-a-dealer', 'NOT_A_DEALER', user.disabled ? `user "${user.name}" is disabled` : `user "${user.name}" is a ${user.role}, not a dealer`, {
        userId: user.id,
      });
    }
    // The row is the read model the commands check; the audit event, committed with it, is the record.
    const principal = principalOf(req);
    const assignment = await this.db.transaction(async (tx) => {
      const assigned = await new DealerAssignments(tx).assign(tableId, user.id, principal.sub);
      await this.audit.append({ type: 'DealerAssigned', tableId, userId: user.id, name: user.name }, apiActor(principal, requestIdOf(req)), tx);
      return assigned;
    });
    return { tableId, assignment, dealers: await this.assignments.ofTable(tableId) };
  }

  @Delete(':userId')
  @ApiOperation({ summary: 'Release a dealer from a table (floor only); `removed` says whether they were assigned' })
  async unassign(@Param('tableId') tableId: string, @Param('userId') userId: string, @Req() req: HttpRequest) {
    await existingTable(this.queryBus, tableId);
    const user = await this.user(userId);
    const removed = await this.db.transaction(async (tx) => {
      const gone = await new DealerAssignments(tx).unassign(tableId, user.id);
      if (gone) await this.audit.append({ type: 'DealerReleased', tableId, userId: user.id, name: user.name }, apiActor(principalOf(req), requestIdOf(req)), tx);
      return gone;
    });
    return { tableId, removed, dealers: await this.assignments.ofTable(tableId) };
  }

  /** By id, else by name (a floor supervisor knows names). */
  private async user(idOrName: string): Promise<User> {
    const user = (await this.users.byId(idOrName)) ?? (await this.users.byName(idOrName));
    if (!user) throw new ApiProblem('user-not-found', 'USER_NOT_FOUND', `there is no user "${idOrName}"; add one with felt users add`, { userId: idOrName });
    return user;
  }
}
