import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { TableRulesInput } from '@felt/engine';
import type { Transaction } from '@felt/event-store';
import type { AuditEvent } from '@felt/regulator';
import { type PendingWidening, type Principal, apiActor, AuditLog, wideningApproved } from '@felt/staff';
import { deviceOf, principalOf } from '../auth/principal';
import { SecurityLog } from '../auth/security-log';
import { TableAccess } from '../auth/table-access';
import { requestIdOf, sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { LiveHands } from '../live/live-hands';
import { ApplyTableCommand, type ApplyOutcome, type ReaderConflict } from './apply-table-command';
import { commandResponse, type CommandResponseBody } from './command-response';
import type { CommandRequest } from './command-request';
import { FoldedTables } from './folded-tables';
import { RequestFingerprints } from './request-fingerprint';
import { TableFollowUps } from './table-follow-ups';
import { streamIdOf } from './table-stream';
import { WideningApprovals, wideningOf } from './widening-approvals';
import { PlayerSeatGuard } from '../players/player-seat-guard';

/**
 * A table command from validation on: may this user send it to this table (403) → does it widen who sees or chooses
 * cards (202 APPROVAL_REQUIRED: recorded, not applied, until a second floor supervisor approves) → CommandBus → the
 * outcome as 201/200 or a problem. The table routes and the approval route both send through it.
 */
@Injectable()
export class TableCommandRunner {
  constructor(
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(LiveHands) private readonly hands: LiveHands,
    @Inject(RequestFingerprints) private readonly fingerprints: RequestFingerprints,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(TableFollowUps) private readonly followUps: TableFollowUps,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(WideningApprovals) private readonly approvals: WideningApprovals,
    @Inject(PlayerSeatGuard) private readonly players: PlayerSeatGuard,
  ) {}

  /**
   * A command refused for who sent it (403) or by the rules (422) is recorded in the audit stream before the answer
   * (type, table, code: never its body). A change of a table's rules is recorded there in the same transaction as
   * the table's events, with the approval (`approval`: WideningApproved) of a widening applied as asked (its
   * `parsed.metadata.approvedBy`): a failure leaves neither the change nor its record.
   */
  async run(parsed: CommandRequest, req: HttpRequest, res: HttpResponse, approval?: PendingWidening): Promise<void> {
    const principal = principalOf(req);
    const actor = apiActor(principal, requestIdOf(req));
    const commandType = parsed.command.type;
    let answer: { status: number; body: CommandResponseBody };
    try {
      await this.access.checkCommand(req, principal, parsed.tableId, commandType, this.tables.engine.modules);
      this.access.checkDevice(req, principal);
      // An excluded player is refused before anything is read or written for the command (docs/players.md).
      await this.players.checkTableCommand(req, parsed.tableId, parsed.command, async (seat) => {
        const at = (await this.tables.current(streamIdOf(parsed.tableId))).state.seats[seat - 1];
        return at?.playerId ?? null;
      });
      if (parsed.metadata.approvedBy === undefined && (await this.askedForApproval(parsed, req, res, principal))) return;
      const fromShuffler = deviceOf(req)?.kind === 'shuffler';
      const alongside = RULES_COMMANDS.has(commandType)
        ? (tx: Transaction, version: number) => this.audit.append(rulesRecord(parsed, version, approval), actor, tx).then(() => undefined)
        : undefined;
      const metadata = { ...parsed.metadata, requestFingerprint: this.fingerprints.of(parsed) };
      const request = { ...parsed, metadata, fromShuffler, ...(alongside ? { alongside } : {}) };
      await this.followUps.before(request);
      const outcome: ApplyOutcome = await this.commandBus.execute(new ApplyTableCommand(request));
      if ((outcome.kind === 'applied' || outcome.kind === 'rejected') && outcome.readerConflict)
        await this.readerConflict(req, principal, parsed.tableId, outcome.readerConflict);
      // The room follows a seat opened or changed here (same request; a retry hands the same events over again).
      if (outcome.kind === 'applied' || outcome.kind === 'replayed') await this.followUps.after(request, outcome.events);
      // Approved, with nothing to change (another approval changed it already): the decision is the only write.
      if (approval && outcome.kind === 'applied' && outcome.events.length === 0)
        await this.audit.append(wideningApproved(approval, outcome.version), actor);
      answer = await this.answer(request, outcome, principal);
    } catch (error) {
      if (error instanceof ApiProblem && !error.audited && (error.status === 403 || error.status === 422)) {
        await this.audit.append(
          { type: 'CommandRefused', tableId: parsed.tableId, commandType, status: error.status, code: error.code },
          actor,
        );
      }
      throw error;
    }
    const { status, body } = answer;
    res.header('ETag', `"${body.table.version}"`);
    sendJson(res, status, body);
  }

  /**
   * A widening asked for by one person (docs/security.md "Insiders", row 3): recorded in the audit stream, a
   * security alert for the floor, and answered 202 APPROVAL_REQUIRED with the request's id; nothing else written.
   */
  private async askedForApproval(parsed: CommandRequest, req: HttpRequest, res: HttpResponse, principal: Principal): Promise<boolean> {
    if (!RULES_COMMANDS.has(parsed.command.type)) return false;
    const before = parsed.command.type === 'OpenTable' ? null : (await this.tables.current(streamIdOf(parsed.tableId))).state.rules;
    const widens = wideningOf(parsed.command, before);
    if (widens === null) return false;
    // Rules the engine would refuse are refused now (422, audited), never queued for a second floor supervisor.
    const rules = this.tables.engine.normalizeRules((parsed.command as { rules: TableRulesInput }).rules);
    if (!rules.ok) throw ApiProblem.ruleRefused(rules.rejection);
    const command = { ...parsed.command, commandId: parsed.commandId } as Record<string, unknown> & { type: string };
    const asked = await this.approvals.request(parsed.tableId, command, widens, apiActor(principal, requestIdOf(req)));
    this.securityLog.alert(req, `widening requested at table ${parsed.tableId}: ${widens}`, principal);
    sendJson(res, 202, asked);
    return true;
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

/** A rules change's audit events: TableRulesChanged, and WideningApproved when it is an approved widening. */
function rulesRecord(parsed: CommandRequest, version: number, approval: PendingWidening | undefined): AuditEvent[] {
  const changed: AuditEvent = { type: 'TableRulesChanged', tableId: parsed.tableId, commandType: parsed.command.type, version };
  return approval ? [changed, wideningApproved(approval, version)] : [changed];
}

/** The commands that set a table's rules: the audit stream notes each time they are applied (the rules are in the table's stream). */
const RULES_COMMANDS: ReadonlySet<string> = new Set(['OpenTable', 'ChangeRules']);
