import { Inject, Injectable } from '@nestjs/common';
import type { Database } from '@felt/event-store';
import type { AuditEvent } from '@felt/regulator';
import { DATABASE } from '../database/database.module';
import { ApiProblem } from '../http/status-mapping';
import { type Principal, apiActor, AuditLog, Users, type User } from '@felt/staff';
import { DealerAssignments } from './dealer-assignments';

/**
 * Assigning dealers to tables: the checks and the write, for the dealers route and for an approved assignment to a
 * table whose dealer sees hole cards (tables/approvals.controller.ts).
 */
@Injectable()
export class DealerStaffing {
  constructor(
    @Inject(Users) private readonly users: Users,
    @Inject(DealerAssignments) private readonly assignments: DealerAssignments,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  /** An enabled dealer (by id or name), or the problem to answer. */
  async assignable(idOrName: string): Promise<User> {
    const user = await this.user(idOrName);
    if (user.role !== 'dealer' || user.disabled) {
      throw new ApiProblem(
        'not-a-dealer',
        'NOT_A_DEALER',
        user.disabled ? `user "${user.name}" is disabled` : `user "${user.name}" is a ${user.role}, not a dealer`,
        {
          userId: user.id,
        },
      );
    }
    return user;
  }

  /**
   * Assigns `user`: the row the commands check and its audit event (the actor `principal`), with `alsoRecorded` (an
   * approval's WideningApproved) in the same append, committed together.
   */
  async assign(tableId: string, user: User, principal: Principal, requestId: string, alsoRecorded: readonly AuditEvent[] = []) {
    const assignment = await this.db.transaction(async (tx) => {
      const assigned = await new DealerAssignments(tx).assign(tableId, user.id, principal.sub);
      const events: AuditEvent[] = [{ type: 'DealerAssigned', tableId, userId: user.id, name: user.name }, ...alsoRecorded];
      await this.audit.append(events, apiActor(principal, requestId), tx);
      return assigned;
    });
    return { tableId, assignment, dealers: await this.assignments.ofTable(tableId) };
  }

  /** By id, else by name (a floor supervisor knows names). */
  async user(idOrName: string): Promise<User> {
    const user = (await this.users.byId(idOrName)) ?? (await this.users.byName(idOrName));
    if (!user)
      throw new ApiProblem('user-not-found', 'USER_NOT_FOUND', `there is no user "${idOrName}"; add one with felt users add`, {
        userId: idOrName,
      });
    return user;
  }
}
