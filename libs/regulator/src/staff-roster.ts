import type { Queryable } from '@felt/event-store';

/**
 * The staff roster that goes inside every export, so that the bare actor ids in the events' metadata (actorId,
 * actorRole) have a name and a role. Users are current state in the users table (migrations/1700000000200-Users.ts):
 * their history (renames, role changes, disabling) is not recorded yet, so the roster is the table as it stands
 * when the export is made, and says so; that history belongs to an audit stream.
 */
export interface StaffMember {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly disabled: boolean;
  readonly createdAt: string;
}

export interface StaffRoster {
  readonly asOf: 'export';
  readonly history: string;
  readonly staff: readonly StaffMember[];
}

export const ROSTER_HISTORY_NOTE =
  'names, roles and disabled flags as they stood when this file was exported, not at each event: their history is not recorded yet';

/** The roster, or null where the database has no users table (a log copied without the application's tables). */
export async function readStaffRoster(db: Queryable): Promise<StaffRoster | null> {
  try {
    const { rows } = await db.query<{ id: string; name: string; role: string; disabled: boolean; created_at: string }>(
      `SELECT id, name, role, disabled, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at FROM users ORDER BY name`,
    );
    return { asOf: 'export', history: ROSTER_HISTORY_NOTE, staff: rows.map((r) => ({ id: r.id, name: r.name, role: r.role, disabled: r.disabled, createdAt: r.created_at })) };
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return null; // undefined_table
    throw error;
  }
}

/** The roster as the export's first JSONL line: it has no event field, and readJsonl keeps it apart. */
export function rosterJsonlLine(roster: StaffRoster): string {
  return JSON.stringify({ felt_roster: roster }) + '\n';
}
