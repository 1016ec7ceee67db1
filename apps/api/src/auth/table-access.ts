import { Inject, Injectable } from '@nestjs/common';
import type { Audience } from '@felt/projections';
import type { HttpRequest } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import type { Principal } from './access-token';
import { DealerAssignments } from './dealer-assignments';
import { FLOOR_ONLY_COMMANDS } from './roles';
import { SecurityLog } from './security-log';

/**
 * The rules that need the table: a dealer sends commands only to the tables assigned to them and never the
 * floor-only ones; who sees the hole cards of a table (its assigned dealers and regulators).
 */
@Injectable()
export class TableAccess {
  constructor(
    @Inject(DealerAssignments) private readonly assignments: DealerAssignments,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
  ) {}

  /**
   * Throws 403 when `principal` may not send `commandType` to `tableId`; checked before the command runs. Returns
   * the audience the answer is for (a dealer let through is assigned, so sees the cards; the floor does not).
   */
  async checkCommand(req: HttpRequest, principal: Principal, tableId: string, commandType: string): Promise<Audience> {
    if (principal.role === 'floor') return 'public';
    if (principal.role !== 'dealer') {
      throw this.securityLog.refuse(req, new ApiProblem('forbidden', 'FORBIDDEN_ROLE', `a ${principal.role} may not send commands`), 'role not allowed', principal);
    }
    if (FLOOR_ONLY_COMMANDS.has(commandType)) {
      const problem = new ApiProblem('forbidden', 'FORBIDDEN_ROLE', `a dealer may not send ${commandType}: only a floor supervisor may; call the floor`, {
        role: principal.role,
        commandType,
      });
      throw this.securityLog.refuse(req, problem, `floor-only command ${commandType}`, principal);
    }
    if (!(await this.assignments.isAssigned(tableId, principal.sub))) {
      const problem = new ApiProblem('forbidden', 'NOT_ASSIGNED_TO_TABLE', `dealer "${principal.name}" is not assigned to table "${tableId}"; a floor supervisor assigns dealers`, {
        tableId,
      });
      throw this.securityLog.refuse(req, problem, 'dealer not assigned to table', principal);
    }
    return 'dealer';
  }

  /** Whose view of `tableId` `principal` gets: regulators and the table's dealers see hole cards, the rest do not. */
  async audienceFor(principal: Principal, tableId: string): Promise<Audience> {
    if (principal.role === 'regulator') return 'regulator';
    if (principal.role === 'dealer' && (await this.assignments.isAssigned(tableId, principal.sub))) return 'dealer';
    return 'public';
  }
}
