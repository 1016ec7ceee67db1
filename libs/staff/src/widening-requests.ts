import type { EventStore, RecordedEvent } from '@felt/event-store';
import { auditEventOf, auditStreamIdFor, type AuditActor, type AuditEvent } from '@felt/regulator';
import { staffRefusal as refusal, type StaffRefusal } from './staff-admin';

/** How long a widening request waits for its second floor supervisor. */
export const APPROVAL_TTL_MS = 60 * 60 * 1000;

/** A widening asked for and not yet approved, refused, withdrawn or expired. */
export interface PendingWidening {
  readonly approvalId: string;
  /** Empty for a staff request. */
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
 * The widening requests and their decisions as the audit stream holds them (WideningRequested, WideningApproved,
 * WideningRefused), for the API's approvals and `felt users approve`: both read the same requests.
 */
export class WideningRequests {
  constructor(private readonly store: EventStore) {}

  /** Every request still waiting, oldest first. */
  async pending(now = new Date()): Promise<PendingWidening[]> {
    const events = await this.recent(now);
    const decided = new Set(events.filter(isDecision).map((e) => (e.data as { approvalId: string }).approvalId));
    return events
      .filter((e) => e.type === 'WideningRequested')
      .map(pendingOf)
      .filter((p) => !decided.has(p.approvalId) && Date.parse(p.expiresAt) > now.getTime());
  }

  /** The request `approvalId` as the user `deciderId` may decide it, or why not. */
  async decidable(approvalId: string, deciderId: string, approving: boolean, now = new Date()): Promise<PendingWidening | StaffRefusal> {
    const events = await this.recent(now);
    const requested = events.find((e) => e.type === 'WideningRequested' && (e.data as { approvalId: string }).approvalId === approvalId);
    if (!requested) return refusal('not-found', 'APPROVAL_NOT_FOUND', `there is no widening request "${approvalId}" of the last two hours`);
    if (events.some((e) => isDecision(e) && (e.data as { approvalId: string }).approvalId === approvalId))
      return refusal('conflict', 'APPROVAL_DECIDED', 'this request was already approved, refused or withdrawn');
    const pending = pendingOf(requested);
    if (Date.parse(pending.expiresAt) <= now.getTime())
      return refusal('conflict', 'APPROVAL_EXPIRED', 'this request has expired: ask again');
    if (approving && pending.requestedBy.id === deciderId)
      return refusal('forbidden', 'APPROVER_IS_REQUESTER', 'another floor supervisor must approve this: the one who asked cannot');
    return pending;
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

/** The audit event that records an approval (with the change it approves, in one append). */
export function wideningApproved(pending: PendingWidening, version: number): AuditEvent {
  return {
    type: 'WideningApproved',
    approvalId: pending.approvalId,
    tableId: pending.tableId,
    requestedBy: pending.requestedBy.id,
    version,
  };
}

const WIDENING_TYPES: ReadonlySet<string> = new Set<AuditEvent['type']>(['WideningRequested', 'WideningApproved', 'WideningRefused']);

const isDecision = (e: RecordedEvent) => e.type === 'WideningApproved' || e.type === 'WideningRefused';

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
