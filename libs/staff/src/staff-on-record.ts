import type { Database, EventStore } from '@felt/event-store';
import { AUDIT_CATEGORY, type AuditActor, type AuditEvent } from '@felt/regulator';
import type { AuditLog } from './audit-log';

/**
 * The first start after the audit stream came (API or `felt users`): the users and dealer assignments that exist
 * already are put on record as they stand (UserOnRecord, DealerAssignmentOnRecord), once. Only while there is no
 * audit stream at all: afterwards a row without its events is what `felt verify` must flag (a user added behind
 * the API's back), not something a restart papers over. Processes starting together append it once (one command id).
 */
export async function putStaffOnRecord(db: Database, store: EventStore, audit: AuditLog, actor: AuditActor): Promise<number> {
  if ((await store.listStreams({ category: AUDIT_CATEGORY, limit: 1 })).length > 0) return 0;
  const users = await db.query<{ id: string; name: string; role: string; disabled: boolean; created_at: string }>(
    `SELECT id, name, role, disabled, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM users ORDER BY created_at, id`,
  );
  const assignments = await db.query<{ table_id: string; user_id: string; assigned_by: string; assigned_at: string }>(
    `SELECT table_id, user_id, assigned_by, to_char(assigned_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS assigned_at FROM dealer_assignments ORDER BY assigned_at, table_id, user_id`,
  );
  const events: AuditEvent[] = [
    ...users.rows.map((u): AuditEvent => ({
      type: 'UserOnRecord',
      userId: u.id,
      name: u.name,
      role: u.role,
      disabled: u.disabled,
      createdAt: u.created_at,
    })),
    ...assignments.rows.map((a): AuditEvent => ({
      type: 'DealerAssignmentOnRecord',
      tableId: a.table_id,
      userId: a.user_id,
      assignedBy: a.assigned_by,
      assignedAt: a.assigned_at,
    })),
  ];
  if (events.length === 0) return 0;
  await audit.append(events, actor, undefined, 'felt-staff-on-record');
  return events.length;
}
