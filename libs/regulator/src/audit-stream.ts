import type { EventMetadata, NewEvent, RecordedEvent } from '@felt/event-store';

/**
 * The audit streams: staff and security events (docs/events.md "The audit stream"), in the event store beside the
 * tables, hash-chained like them. One stream per UTC day, "audit-YYYY-MM-DD":
 * - a closed day never changes again, so its anchor (felt anchors) and its export are final, and the monthly
 *   routine takes the month's days;
 * - a stream stays a day long, so verifying or exporting a window reads only its days.
 * Write contention is that of one busy table: every append of the day locks the day's stream row, but appends
 * made at the same moment go out as one statement (the event store's group commit), and the dearest writer, a
 * sign-in, spends tens of milliseconds in scrypt before it appends.
 */
export const AUDIT_CATEGORY = 'audit';
export const AUDIT_STREAM_PREFIX = `${AUDIT_CATEGORY}-`;

/** The audit stream of the UTC day `at` falls on. */
export function auditStreamIdFor(at: Date): string {
  return AUDIT_STREAM_PREFIX + at.toISOString().slice(0, 10);
}

export function isAuditStream(streamId: string): boolean {
  return /^audit-\d{4}-\d{2}-\d{2}$/.test(streamId);
}

/** Why a sign-in was refused (never the password). */
export type SignInFailure = 'no-such-user' | 'wrong-password' | 'user-disabled' | 'unknown-device' | 'device-retired';

/**
 * What the audit streams record. Who did it (actorId, actorRole, actorName), from which device and through what
 * (via: api or cli) is in each event's metadata; a refused command carries its type, table and code, never its body
 * (no card, deck or seed is ever in an audit event).
 */
export type AuditEvent =
  | { type: 'UserCreated'; userId: string; name: string; role: string }
  /** A user that existed before the audit stream did, put on record as it stood (the first start after the upgrade). */
  | { type: 'UserOnRecord'; userId: string; name: string; role: string; disabled: boolean; createdAt: string }
  | { type: 'UserRoleChanged'; userId: string; name: string; from: string; to: string }
  | { type: 'UserDisabled'; userId: string; name: string }
  | { type: 'UserEnabled'; userId: string; name: string }
  /** The password was cleared and an enrollment code issued (or, on the CLI, a password set). */
  | { type: 'PasswordReset'; userId: string; name: string }
  /** The person set their own password with their enrollment code. */
  | { type: 'EnrollmentCompleted'; userId: string; name: string }
  | { type: 'DealerAssigned'; tableId: string; userId: string; name: string }
  | { type: 'DealerReleased'; tableId: string; userId: string; name: string }
  /** An assignment that existed before the audit stream did. */
  | { type: 'DealerAssignmentOnRecord'; tableId: string; userId: string; assignedBy: string; assignedAt: string }
  | { type: 'SignedIn'; userId: string; name: string; role: string; deviceId: string | null; address: string | null }
  | { type: 'SignInFailed'; name: string; reason: SignInFailure; address: string | null }
  /** A user name or an address reached its limit of sign-in attempts and is locked for `seconds`. */
  | { type: 'SignInLocked'; scope: 'user' | 'address'; name: string | null; address: string | null; seconds: number }
  | { type: 'TokenIssued'; userId: string; name: string; role: string; expiresInSeconds: number }
  /** A signed-in user's request refused for their role (403 FORBIDDEN_ROLE) before any table or command was read. */
  | { type: 'AccessRefused'; method: string; route: string; status: number; code: string }
  | { type: 'CommandRefused'; tableId: string; commandType: string; status: number; code: string }
  | { type: 'TableRulesChanged'; tableId: string; commandType: string; version: number }
  | { type: 'ExportPerformed'; scope: string; format: string; from: string | null; to: string | null }
  /**
   * A device the floor registered: a console (staff sign in on it), a card reader or a certified shuffler, these two
   * bound to one table (events written before kinds existed have neither member: a console).
   */
  | { type: 'DeviceRegistered'; deviceId: string; name: string; kind?: string; tableId?: string | null }
  | { type: 'DeviceRetired'; deviceId: string; name: string }
  /**
   * A live-cards table: a dealer's entry contradicted a reader's face-down record (which was set aside), or a reader
   * reported cards that conflict with the hand's records. The table and the hand only: never a card or a seat.
   */
  | { type: 'ReaderConflict'; tableId: string; handNumber: number }
  /**
   * A seat, list entry, call or move refused because the player is excluded (a house ban or an exclusion list,
   * docs/players.md): the pseudonymous player id, where (`table:<id>` or `game:<id>`) and the command; never a
   * name, a list entry or a reason (the floor reads those on the player's page).
   */
  | { type: 'PlayerSeatRefused'; playerId: string; where: string; commandType: string; code: string }
  /**
   * A player sat out longer than the house's absence limit (docs/players.md "The absence timer"): the floor is told,
   * and under the house's rule `release` the player was stood up (`outcome`). The pseudonymous id, the table and seat,
   * when they sat out (`since`: the PlayerSatOut's id) and the limit; no name.
   */
  | {
      type: 'PlayerAbsenceExpired';
      playerId: string;
      tableId: string;
      seat: number;
      since: string;
      satOutAt: string;
      limitSeconds: number;
      outcome: 'told' | 'released';
    }
  /**
   * Two people for a widening (docs/security.md "Insiders", row 3): a floor supervisor asked for a table command
   * that widens who sees or chooses cards; it takes effect only when another floor supervisor approves it. The
   * command is a table's rules (no card), kept so that the approval applies exactly what was asked.
   */
  | {
      type: 'WideningRequested';
      approvalId: string;
      tableId: string;
      commandType: string;
      widens: string;
      expiresAt: string;
      command: Record<string, unknown>;
    }
  | { type: 'WideningApproved'; approvalId: string; tableId: string; requestedBy: string; version: number }
  /** Refused by another floor supervisor, or withdrawn by the one who asked (the actor says which). */
  | { type: 'WideningRefused'; approvalId: string; tableId: string; requestedBy: string };

export type AuditEventType = AuditEvent['type'];

export const AUDIT_SCHEMA_VERSION = 1;

/** Who wrote an audit event, as its metadata says. */
export interface AuditActor extends EventMetadata {
  actorId?: string;
  actorRole?: string;
  actorName?: string;
  /** The registered device the actor's token is bound to; null: none. */
  device?: string | null;
  via?: 'api' | 'cli';
}

export function newAuditEvent(event: AuditEvent): NewEvent {
  const { type, ...data } = event;
  return { type, schemaVersion: AUDIT_SCHEMA_VERSION, data };
}

export function auditEventOf(recorded: Pick<RecordedEvent, 'type' | 'data'>): AuditEvent {
  return { ...(recorded.data as object), type: recorded.type } as AuditEvent;
}

/** A user as the audit events say they stood at a moment. */
export interface StaffState {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
}

/** What the audit events make of the staff and the dealer assignments: the users and assignment rows should agree. */
export interface StaffRecord {
  readonly staff: Map<string, StaffState>;
  /** "tableId\u0000userId" of every dealer assigned now. */
  readonly assignments: Set<string>;
}

export function emptyStaffRecord(): StaffRecord {
  return { staff: new Map(), assignments: new Set() };
}

export function assignmentKey(tableId: string, userId: string): string {
  return `${tableId}\u0000${userId}`;
}

/** Applies one audit event to the record (events that say nothing of staff or assignments leave it as it is). */
export function applyAuditEvent(record: StaffRecord, event: AuditEvent): void {
  const { staff } = record;
  const change = (userId: string, patch: Partial<StaffState>) => {
    const before = staff.get(userId);
    if (before) staff.set(userId, { ...before, ...patch });
  };
  switch (event.type) {
    case 'UserCreated':
      staff.set(event.userId, { id: event.userId, name: event.name, role: event.role, disabled: false });
      return;
    case 'UserOnRecord':
      staff.set(event.userId, { id: event.userId, name: event.name, role: event.role, disabled: event.disabled });
      return;
    case 'UserRoleChanged':
      return change(event.userId, { role: event.to });
    case 'UserDisabled':
      return change(event.userId, { disabled: true });
    case 'UserEnabled':
      return change(event.userId, { disabled: false });
    case 'DealerAssigned':
    case 'DealerAssignmentOnRecord':
      record.assignments.add(assignmentKey(event.tableId, event.userId));
      return;
    case 'DealerReleased':
      record.assignments.delete(assignmentKey(event.tableId, event.userId));
      return;
    default:
      return;
  }
}

/** Audit events in their order: day streams by day, each by version. */
export function auditOrder(
  a: Pick<RecordedEvent, 'streamId' | 'streamVersion'>,
  b: Pick<RecordedEvent, 'streamId' | 'streamVersion'>,
): number {
  return a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : a.streamVersion - b.streamVersion;
}

/** What reading the audit streams takes: the store's listing and reading of streams. */
export interface AuditLogReader {
  listStreams(o: { category: string }): Promise<{ streamId: string }[]>;
  readStream(id: string, options?: { types?: readonly string[] }): Promise<RecordedEvent[]>;
}

/** Every audit event in the store (or those of `types`), in audit order: day by day. */
export async function readAuditLog(store: AuditLogReader, types?: readonly string[]): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (const { streamId } of await store.listStreams({ category: AUDIT_CATEGORY })) {
    if (isAuditStream(streamId)) out.push(...(await store.readStream(streamId, types === undefined ? {} : { types })));
  }
  return out;
}
