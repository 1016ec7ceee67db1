import { Inject, Injectable } from '@nestjs/common';
import { EventStore } from '@felt/event-store';
import { deckSourceOf, isLiveCards, type TableRules } from '@felt/engine';
import type { AuditActor } from '@felt/regulator';
import {
  AuditLog,
  isStaffRefusal,
  requestWidening,
  WideningRequests,
  type PendingWidening,
  type Principal,
  type WideningAsked,
} from '@felt/staff';
import { ApiProblem } from '../http/status-mapping';
import type { CommandRequest } from './command-request';

export { APPROVAL_TTL_MS, type PendingWidening, type WideningAsked } from '@felt/staff';

/** What assigning a dealer to a table with these rules widens, or null. */
export function assignmentWidens(rules: TableRules | null): string | null {
  return rules?.dealerSeesHoleCards === true ? "the dealer sees this table's hole cards (dealerSeesHoleCards is on)" : null;
}

/**
 * What a table command widens of who sees or chooses cards (docs/security.md "Insiders", row 3), or null: turning
 * `dealerSeesHoleCards` on, or moving a deck table to a `training` or `shuffler` deck source. Narrowing is never a
 * widening. `before`: the table's rules now (null: not open yet).
 */
export function wideningOf(command: CommandRequest['command'], before: TableRules | null): string | null {
  if (command.type !== 'OpenTable' && command.type !== 'ChangeRules') return null;
  const rules = (command as { rules?: unknown }).rules as Partial<TableRules> | undefined;
  if (typeof rules !== 'object' || rules === null) return null; // the engine refuses it with its own answer
  const widens: string[] = [];
  if (rules.dealerSeesHoleCards === true && before?.dealerSeesHoleCards !== true)
    widens.push("the table's dealer sees hole cards (dealerSeesHoleCards)");
  const source = rules.deckSource;
  const sourceBefore = before === null || isLiveCards(before) ? 'house' : (deckSourceOf(before) ?? 'house');
  if ((source === 'training' || source === 'shuffler') && source !== sourceBefore)
    widens.push(`decks come from outside the house (deckSource ${source})`);
  return widens.length === 0 ? null : widens.join(' and ');
}

/**
 * Widening requests and their decisions, kept in the audit stream (WideningRequested, WideningApproved,
 * WideningRefused): both people are on record there, and every API process sees the same requests.
 */
@Injectable()
export class WideningApprovals {
  private readonly requests: WideningRequests;

  constructor(
    @Inject(EventStore) store: EventStore,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {
    this.requests = new WideningRequests(store);
  }

  /**
   * Records the request; nothing is applied. `command`: what the approval applies, a table command (with its command
   * id: two approvals racing apply it once, the second a replay) or a dealer assignment ({type: 'AssignDealer', userId}).
   */
  async request(
    tableId: string,
    command: Record<string, unknown> & { type: string },
    widens: string,
    actor: AuditActor,
    now = new Date(),
  ): Promise<WideningAsked> {
    return requestWidening(this.audit, tableId, command, widens, actor, now);
  }

  /** Every request still waiting, oldest first. */
  pending(now = new Date()): Promise<PendingWidening[]> {
    return this.requests.pending(now);
  }

  /** The request `approvalId` as `decider` may decide it, or the problem to answer. */
  async decidable(approvalId: string, decider: Principal, approving: boolean, now = new Date()): Promise<PendingWidening> {
    const pending = await this.requests.decidable(approvalId, decider.sub, approving, now);
    if (!isStaffRefusal(pending)) return pending;
    const kind = (
      { 'not-found': 'route-not-found', conflict: 'staff-conflict', forbidden: 'forbidden', invalid: 'invalid-request' } as const
    )[pending.kind];
    throw new ApiProblem(kind, pending.code, pending.message);
  }

  async refused(pending: PendingWidening, actor: AuditActor): Promise<void> {
    await this.audit.append(
      { type: 'WideningRefused', approvalId: pending.approvalId, tableId: pending.tableId, requestedBy: pending.requestedBy.id },
      actor,
    );
  }
}
