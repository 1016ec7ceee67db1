import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { deckSourceOf, isLiveCards, type TableRules } from '@felt/engine';
import { auditEventOf, auditStreamIdFor, type AuditActor, type AuditEvent } from '@felt/regulator';
import { APPROVAL_TTL_MS, AuditLog, requestWidening, type Principal, type WideningAsked } from '@felt/staff';
import { ApiProblem } from '../http/status-mapping';
import type { CommandRequest } from './command-request';

export { APPROVAL_TTL_MS, type WideningAsked } from '@felt/staff';

/** What assigning a dealer to a table with these rules widens, or null. */
export function assignmentWidens(rules: TableRules | null): string | null {
  return rules?.dealerSeesHoleCards === true ? "the dealer sees this table's hole cards (dealerSeesHoleCards is on)" : null;
}

/** A widening asked for and not yet approved, refused, withdrawn or expired. */
export interface PendingWidening {
  readonly approvalId: string;
  readonly tableId: string;
  readonly commandType: string;
  /** What it widens, in the floor's words. */
  readonly widens: string;
  readonly requestedBy: { readonly id: string; readonly name?: string };
  readonly requestedAt: string;
  readonly expiresAt: string;
  readonly command: Record<string, unknown>;
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
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

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
  async pending(now = new Date()): Promise<PendingWidening[]> {
    const events = await this.recent(now);
    const decided = new Set(
      events
        .filter((e) => e.type === 'WideningApproved' || e.type === 'WideningRefused')
        .map((e) => (e.data as { approvalId: string }).approvalId),
    );
    return events
      .filter((e) => e.type === 'WideningRequested')
      .map(pendingOf)
      .filter((p) => !decided.has(p.approvalId) && Date.parse(p.expiresAt) > now.getTime());
  }

  /** The request `approvalId` as `decider` may decide it, or the problem to answer. */
  async decidable(approvalId: string, decider: Principal, approving: boolean, now = new Date()): Promise<PendingWidening> {
    const events = await this.recent(now);
    const requested = events.find((e) => e.type === 'WideningRequested' && (e.data as { approvalId: string }).approvalId === approvalId);
    if (!requested)
      throw new ApiProblem('route-not-found', 'APPROVAL_NOT_FOUND', `there is no widening request "${approvalId}" of the last two hours`);
    if (
      events.some(
        (e) =>
          (e.type === 'WideningApproved' || e.type === 'WideningRefused') && (e.data as { approvalId: string }).approvalId === approvalId,
      )
    )
      throw new ApiProblem('staff-conflict', 'APPROVAL_DECIDED', 'this request was already approved, refused or withdrawn');
    const pending = pendingOf(requested);
    if (Date.parse(pending.expiresAt) <= now.getTime())
      throw new ApiProblem('staff-conflict', 'APPROVAL_EXPIRED', 'this request has expired: ask again');
    if (approving && pending.requestedBy.id === decider.sub)
      throw new ApiProblem('forbidden', 'APPROVER_IS_REQUESTER', 'another floor supervisor must approve this: the one who asked cannot');
    return pending;
  }

  async approved(pending: PendingWidening, version: number, actor: AuditActor): Promise<void> {
    await this.audit.append(
      { type: 'WideningApproved', approvalId: pending.approvalId, tableId: pending.tableId, requestedBy: pending.requestedBy.id, version },
      actor,
    );
  }

  async refused(pending: PendingWidening, actor: AuditActor): Promise<void> {
    await this.audit.append(
      { type: 'WideningRefused', approvalId: pending.approvalId, tableId: pending.tableId, requestedBy: pending.requestedBy.id },
      actor,
    );
  }

  /**
   * The audit events of the last two request lifetimes (today's stream, and yesterday's just after midnight): a
   * request just expired is still found, to be answered APPROVAL_EXPIRED rather than not found.
   */
  private async recent(now: Date): Promise<RecordedEvent[]> {
    const from = new Date(now.getTime() - 2 * APPROVAL_TTL_MS);
    const streams = [...new Set([auditStreamIdFor(from), auditStreamIdFor(now)])];
    const events: RecordedEvent[] = [];
    for (const streamId of streams) {
      let fromVersion = 0;
      for (;;) {
        const page = await this.store.readStreamRecordedBetween(streamId, { from: from.toISOString(), to: null, fromVersion, limit: 1000 });
        events.push(...page.events.filter((e) => WIDENING_TYPES.has(e.type)));
        if (page.nextFromVersion === null) break;
        fromVersion = page.nextFromVersion;
      }
    }
    return events;
  }
}

const WIDENING_TYPES: ReadonlySet<string> = new Set<AuditEvent['type']>(['WideningRequested', 'WideningApproved', 'WideningRefused']);

function pendingOf(recorded: RecordedEvent): PendingWidening {
  const event = auditEventOf(recorded) as Extract<AuditEvent, { type: 'WideningRequested' }>;
  const metadata = recorded.metadata as AuditActor;
  return {
    approvalId: event.approvalId,
    tableId: event.tableId,
    commandType: event.commandType,
    widens: event.widens,
    requestedBy: { id: metadata.actorId ?? 'unknown', ...(metadata.actorName === undefined ? {} : { name: metadata.actorName }) },
    requestedAt: recorded.recordedAt,
    expiresAt: event.expiresAt,
    command: event.command,
  };
}
