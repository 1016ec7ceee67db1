import type { Queryable } from '@felt/event-store';
import { applyAuditEvent, emptyStaffRecord, readAuditLog, type AuditEvent, type AuditLogReader } from './audit-stream';

/**
 * The staff roster that goes inside every export, so that the bare actor ids in the events' metadata (actorId,
 * actorRole) have a name and a role **as of each event's time**: each member's history (created, role changed,
 * disabled, enabled) comes from the audit stream (audit-stream.ts), every entry with the time it took effect. An
 * event's actor was the member's last entry at or before the event's recordedAt (staffAt below).
 */
export interface StaffMember {
  readonly id: string;
  /** As the member stands when the file is made. */
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
  readonly createdAt: string;
  /** The member as they stood from each time on (oldest first; recordedAt of the audit event). */
  readonly history: readonly StaffAtTime[];
}

export interface StaffAtTime {
  readonly from: string;
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
  /** The audit event that made the change (UserCreated, UserRoleChanged, ...). */
  readonly event: string;
}

export interface StaffRoster {
  readonly asOf: 'event-time';
  readonly note: string;
  readonly staff: readonly StaffMember[];
}

export const ROSTER_NOTE =
  "each member's name, role and disabled flag over time, from the audit stream: an event's actor is the member's last history entry whose `from` is at or before the event's recordedAt";

/** The audit events that change a member (the others are not read for the roster). */
const STAFF_TYPES = ['UserCreated', 'UserOnRecord', 'UserRoleChanged', 'UserDisabled', 'UserEnabled'];

/**
 * The roster from the users table and the audit streams, or null where the database has no users table (a log
 * copied without the application's tables). A user with no audit event (a row added behind the API's back, which
 * felt verify flags) has one history entry from its createdAt, marked "users-table".
 */
export async function readStaffRoster(db: Queryable, store: AuditLogReader): Promise<StaffRoster | null> {
  let users: { id: string; name: string; role: string; disabled: boolean; created_at: string }[];
  try {
    ({ rows: users } = await db.query(
      `SELECT id, name, role, disabled, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM users ORDER BY name`,
    ));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return null; // undefined_table
    throw error;
  }
  // The audit streams through the store (it alone reads the log's tables), in stream order: day by day.
  // Only the staff changes: the streams also hold every sign-in, refusal and export, read by every export otherwise.
  const audit = await readAuditLog(store, STAFF_TYPES);
  const histories = staffHistories(
    audit.map((e) => ({ event: { ...(e.data as Record<string, unknown>), type: e.type } as AuditEvent, recordedAt: e.recordedAt })),
  );
  return {
    asOf: 'event-time',
    note: ROSTER_NOTE,
    staff: users.map((u) => ({
      id: u.id,
      name: u.name,
      role: u.role,
      disabled: u.disabled,
      createdAt: u.created_at,
      history: histories.get(u.id) ?? [{ from: u.created_at, name: u.name, role: u.role, disabled: u.disabled, event: 'users-table' }],
    })),
  };
}

/** Each member's history from their audit events, in audit order. */
export function staffHistories(events: readonly { event: AuditEvent; recordedAt: string }[]): Map<string, StaffAtTime[]> {
  const record = emptyStaffRecord();
  const out = new Map<string, StaffAtTime[]>();
  for (const { event, recordedAt } of events) {
    if (!STAFF_TYPES.includes(event.type) || !('userId' in event)) continue;
    applyAuditEvent(record, event);
    const now = record.staff.get(event.userId);
    if (!now) continue;
    const list = out.get(event.userId) ?? [];
    list.push({
      from: event.type === 'UserOnRecord' ? event.createdAt : recordedAt,
      name: now.name,
      role: now.role,
      disabled: now.disabled,
      event: event.type,
    });
    out.set(event.userId, list);
  }
  return out;
}

/** Who `actorId` was at `at` (an event's recordedAt), by the roster; null for an id it does not know or before its first entry. */
export function staffAt(roster: StaffRoster, actorId: string, at: string): StaffAtTime | null {
  const member = roster.staff.find((m) => m.id === actorId);
  let found: StaffAtTime | null = null;
  for (const entry of member?.history ?? []) if (entry.from <= at) found = entry;
  return found;
}

/** The roster as the export's first JSONL line: it has no event field, and readJsonl keeps it apart. */
export function rosterJsonlLine(roster: StaffRoster): string {
  return JSON.stringify({ felt_roster: roster }) + '\n';
}
