import type { EventStore, Queryable } from '@felt/event-store';
import { applyAuditEvent, assignmentKey, auditEventOf, emptyStaffRecord, readAuditLog, type AuditEventType } from './audit-stream';
import type { Violation } from './violations';

/** Every audit event type Felt writes, with the members its data must have (a stranger is flagged). */
const AUDIT_SHAPES: Record<AuditEventType, readonly string[]> = {
  UserCreated: ['userId', 'name', 'role'],
  UserOnRecord: ['userId', 'name', 'role', 'disabled', 'createdAt'],
  UserRoleChanged: ['userId', 'name', 'from', 'to'],
  UserDisabled: ['userId', 'name'],
  UserEnabled: ['userId', 'name'],
  PasswordReset: ['userId', 'name'],
  EnrollmentCompleted: ['userId', 'name'],
  DealerAssigned: ['tableId', 'userId', 'name'],
  DealerReleased: ['tableId', 'userId', 'name'],
  DealerAssignmentOnRecord: ['tableId', 'userId', 'assignedBy', 'assignedAt'],
  SignedIn: ['userId', 'name', 'role', 'deviceId', 'address'],
  SignInFailed: ['name', 'reason', 'address'],
  SignInLocked: ['scope', 'name', 'address', 'seconds'],
  TokenIssued: ['userId', 'name', 'role', 'expiresInSeconds'],
  AccessRefused: ['method', 'route', 'status', 'code'],
  CommandRefused: ['tableId', 'commandType', 'status', 'code'],
  TableRulesChanged: ['tableId', 'commandType', 'version'],
  ExportPerformed: ['scope', 'format', 'from', 'to'],
  DeviceRegistered: ['deviceId', 'name'],
  DeviceRetired: ['deviceId', 'name'],
  ReaderConflict: ['tableId', 'handNumber'],
  PlayerSeatRefused: ['playerId', 'where', 'commandType', 'code'],
  PlayerAbsenceExpired: ['playerId', 'tableId', 'seat', 'since', 'satOutAt', 'limitSeconds', 'outcome'],
  WideningRequested: ['approvalId', 'tableId', 'commandType', 'widens', 'expiresAt', 'command'],
  WideningApproved: ['approvalId', 'tableId', 'requestedBy', 'version'],
  WideningRefused: ['approvalId', 'tableId', 'requestedBy'],
};

/**
 * The users and dealer_assignments tables against the audit streams: every user's name, role and disabled flag,
 * and the set of dealer assignments, must be what the audit events make of them (both are written in one
 * transaction by the API and the CLI). A row changed, added or deleted in SQL is caught here, as is an audit event
 * whose shape Felt never writes. Without a users table (a log copied without the application's tables): nothing.
 */
export async function checkStaff(store: EventStore, db: Queryable): Promise<Violation[]> {
  let users: { id: string; name: string; role: string; disabled: boolean }[];
  let assignments: { table_id: string; user_id: string }[];
  try {
    ({ rows: users } = await db.query(`SELECT id, name, role, disabled FROM users ORDER BY id`));
    ({ rows: assignments } = await db.query(`SELECT table_id, user_id FROM dealer_assignments ORDER BY table_id, user_id`));
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
  const violations: Violation[] = [];
  const log = await readAuditLog(store);
  const record = emptyStaffRecord();
  for (const recorded of log) {
    const shape = AUDIT_SHAPES[recorded.type as AuditEventType];
    const data = recorded.data as Record<string, unknown> | null;
    if (!shape || typeof data !== 'object' || data === null || shape.some((k) => !(k in data))) {
      violations.push({
        streamId: recorded.streamId,
        version: recorded.streamVersion,
        kind: 'staff',
        message: `${recorded.type} is not an audit event Felt writes (or lacks members)`,
      });
      continue;
    }
    applyAuditEvent(record, auditEventOf(recorded));
  }
  const last = log[log.length - 1];
  const at = { streamId: last?.streamId ?? 'audit', version: last?.streamVersion ?? 0 };
  const seen = new Set<string>();
  for (const u of users) {
    seen.add(u.id);
    const said = record.staff.get(u.id);
    if (!said) {
      violations.push({ ...at, kind: 'staff', message: `user "${u.name}" (${u.id}) is in the users table but no audit event created it` });
      continue;
    }
    const differ = (['name', 'role', 'disabled'] as const).filter((k) => said[k] !== u[k]);
    if (differ.length > 0) {
      violations.push({
        ...at,
        kind: 'staff',
        message: `user "${u.name}" (${u.id}): the users table says ${differ.map((k) => `${k} ${JSON.stringify(u[k])}`).join(', ')}, the audit stream ${differ.map((k) => JSON.stringify(said[k])).join(', ')}`,
      });
    }
  }
  for (const [id, said] of record.staff) {
    if (!seen.has(id))
      violations.push({
        ...at,
        kind: 'staff',
        message: `user "${said.name}" (${id}) is in the audit stream but not in the users table: the row was deleted`,
      });
  }
  const rows = new Set(assignments.map((a) => assignmentKey(a.table_id, a.user_id)));
  for (const key of rows) {
    if (!record.assignments.has(key))
      violations.push({ ...at, kind: 'staff', message: `dealer assignment ${key.replace('\u0000', ' / ')} has no DealerAssigned event` });
  }
  for (const key of record.assignments) {
    if (!rows.has(key))
      violations.push({
        ...at,
        kind: 'staff',
        message: `dealer assignment ${key.replace('\u0000', ' / ')} is in the audit stream but not in dealer_assignments: the row was deleted without a DealerReleased`,
      });
  }
  return violations;
}
