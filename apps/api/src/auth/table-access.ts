import { Inject, Injectable } from '@nestjs/common';
import { audienceOf, type Audience } from '@felt/projections';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import type { HttpRequest } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import type { Principal } from '@felt/staff';
import { commandSenders, timerCommands } from './command-senders';
import type { AnyRuleModule } from '@felt/engine';
import { DealerAssignments } from './dealer-assignments';
import { deviceOf } from './principal';
import { SecurityLog } from './security-log';

/**
 * The rules that need the table: a dealer sends commands only to the tables assigned to them and never the
 * floor-only ones; which audience of the visibility rule (libs/projections audience.ts, docs/security.md) a user is
 * at a table.
 */
@Injectable()
export class TableAccess {
  constructor(
    @Inject(DealerAssignments) private readonly assignments: DealerAssignments,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /**
   * Throws 403 when `principal` may not send `commandType` to `tableId`; checked before the command runs (a dealer
   * let through is assigned to the table: answerAudience says what the answer shows them). `modules`: the table
   * engine's, whose commands say who may send them (command-senders.ts).
   */
  async checkCommand(
    req: HttpRequest,
    principal: Principal,
    tableId: string,
    commandType: string,
    modules: readonly AnyRuleModule[],
  ): Promise<void> {
    this.checkDeviceKind(req, principal, tableId, commandType);
    if (principal.role === 'floor') return;
    const sentBy = commandSenders(modules, commandType);
    // The timer service's principal: the expiries that are due, on any table, and nothing else (docs/security.md).
    if (principal.role === 'timer' && sentBy === 'timer-and-floor') return;
    if (principal.role === 'timer') {
      const problem = new ApiProblem(
        'forbidden',
        'FORBIDDEN_ROLE',
        `the timer service may send only ${timerCommands(modules).join(', ') || 'expiries'}, not ${commandType}`,
        { role: principal.role, commandType },
      );
      throw this.securityLog.refuse(req, problem, `timer sent ${commandType}`, principal);
    }
    if (principal.role !== 'dealer') {
      throw this.securityLog.refuse(
        req,
        new ApiProblem('forbidden', 'FORBIDDEN_ROLE', `a ${principal.role} may not send commands`),
        'role not allowed',
        principal,
      );
    }
    if (sentBy === 'timer-and-floor') {
      const problem = new ApiProblem(
        'forbidden',
        'FORBIDDEN_ROLE',
        `a dealer may not send ${commandType}: the clock runs out by the timer service or the floor`,
        { role: principal.role, commandType },
      );
      throw this.securityLog.refuse(req, problem, `timer-only command ${commandType}`, principal);
    }
    if (sentBy === 'floor-only') {
      const problem = new ApiProblem(
        'forbidden',
        'FORBIDDEN_ROLE',
        `a dealer may not send ${commandType}: only a floor supervisor may; call the floor`,
        { role: principal.role, commandType },
      );
      throw this.securityLog.refuse(req, problem, `floor-only command ${commandType}`, principal);
    }
    if (!(await this.assignments.isAssigned(tableId, principal.sub))) {
      const problem = new ApiProblem(
        'forbidden',
        'NOT_ASSIGNED_TO_TABLE',
        `dealer "${principal.name}" is not assigned to table "${tableId}"; a floor supervisor assigns dealers`,
        {
          tableId,
        },
      );
      throw this.securityLog.refuse(req, problem, 'dealer not assigned to table', principal);
    }
  }

  /**
   * What the token's device may send (docs/security.md "Insiders", row 2): hole cards are reported only by the card
   * reader registered for the table, never entered by hand (the floor and dealers get READER_DEVICE_REQUIRED); a
   * reader sends nothing else, and a shuffler only the dealing commands, each at its own table (DEVICE_NOT_A_CONSOLE).
   * Who may send a deck to a shuffler table is decided with the table's rules (engine-command.ts).
   */
  private checkDeviceKind(req: HttpRequest, principal: Principal, tableId: string, commandType: string): void {
    const device = deviceOf(req);
    const kind = device?.kind ?? 'console';
    if (commandType === 'ReportHoleCards' && !(kind === 'reader' && device!.tableId === tableId)) {
      const problem = new ApiProblem(
        'forbidden',
        'READER_DEVICE_REQUIRED',
        `hole cards are reported only by the card reader registered for table "${tableId}", never entered by hand`,
        { tableId },
      );
      throw this.securityLog.refuse(req, problem, 'hole cards reported without a reader device', principal);
    }
    if (kind === 'console') return;
    const allowed = DEVICE_COMMANDS[kind];
    if (device!.tableId !== tableId || !allowed.has(commandType)) {
      const problem = new ApiProblem(
        'forbidden',
        'DEVICE_NOT_A_CONSOLE',
        `this token is signed in on the ${kind} of table "${device!.tableId}", which may send only ${[...allowed].join(', ')} there`,
        { tableId, commandType },
      );
      throw this.securityLog.refuse(req, problem, `${kind} device sent ${commandType}`, principal);
    }
  }

  /**
   * Throws 403 DEVICE_REQUIRED for a command from a token bound to no registered device, where
   * FELT_REQUIRE_DEVICE=1: every route that writes (the tables', the room's) asks here. The timer's principal is no
   * console: its token, signed by its own key for its role only, is its binding (it sends only the expiries).
   */
  checkDevice(req: HttpRequest, principal: Principal): void {
    if (!this.config.requireDevice || principal.device !== undefined || principal.role === 'timer') return;
    const problem = new ApiProblem(
      'forbidden',
      'DEVICE_REQUIRED',
      'commands are taken only from registered consoles: sign in on a device registered by the floor (POST /devices)',
    );
    throw this.securityLog.refuse(req, problem, 'no registered device', principal);
  }

  /** The audience of a command's answer: its sender passed checkCommand, so a dealer is assigned to the table. */
  answerAudience(principal: Principal, rules: TableSecrecyRules | null): Audience {
    return this.audienceWith(principal, rules, principal.role === 'dealer');
  }

  /**
   * The audience `principal` is at a table whose rules are `rules` (null: not opened). The dealer assignment is
   * read only where it matters (the table's rules let its dealers see hole cards).
   */
  async audienceFor(principal: Principal, tableId: string, rules: TableSecrecyRules | null): Promise<Audience> {
    const assigned =
      principal.role === 'dealer' && rules?.dealerSeesHoleCards === true && (await this.assignments.isAssigned(tableId, principal.sub));
    return this.audienceWith(principal, rules, assigned);
  }

  /** Whether user `userId` is assigned to deal `tableId` now. */
  isAssignedDealer(tableId: string, userId: string): Promise<boolean> {
    return this.assignments.isAssigned(tableId, userId);
  }

  audienceWith(principal: Principal, rules: TableSecrecyRules | null, assignedDealer: boolean): Audience {
    // The count team reads no table (403 at every table route); were one reached, it would see what the public sees.
    return audienceOf(principal.role === 'count' ? 'public' : principal.role, {
      assignedDealer,
      dealerSeesHoleCards: rules?.dealerSeesHoleCards === true,
      liveSurveillance: this.config.liveSurveillance,
    });
  }
}

/** The commands a reader's or a shuffler's sign-ins may send, at their own table only. */
const DEVICE_COMMANDS: Readonly<Record<'reader' | 'shuffler', ReadonlySet<string>>> = {
  reader: new Set(['ReportHoleCards']),
  shuffler: new Set(['StartHand', 'DrawForButton']),
};

/** What of a table's rules decides who sees its cards. */
export interface TableSecrecyRules {
  readonly dealerSeesHoleCards?: boolean;
}
