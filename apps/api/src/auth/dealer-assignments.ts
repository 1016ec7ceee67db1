import type { Queryable } from '@felt/event-store';

export interface DealerAssignment {
  readonly tableId: string;
  readonly userId: string;
  readonly name: string;
  readonly assignedBy: string;
  readonly assignedAt: string;
}

/** Which dealer may run which table (the dealer_assignments table); a floor supervisor keeps it. */
export class DealerAssignments {
  constructor(private readonly db: Queryable) {}

  /** Assigns (again: the newer assigner and time win). */
  async assign(tableId: string, userId: string, assignedBy: string): Promise<DealerAssignment> {
    await this.db.query(
      `INSERT INTO dealer_assignments (table_id, user_id, assigned_by) VALUES ($1, $2, $3)
       ON CONFLICT (table_id, user_id) DO UPDATE SET assigned_by = EXCLUDED.assigned_by, assigned_at = now()`,
      [tableId, userId, assignedBy],
    );
    return (await this.ofTable(tableId)).find((a) => a.userId === userId)!;
  }

  /** False when the dealer was not assigned to the table. */
  async unassign(tableId: string, userId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(`DELETE FROM dealer_assignments WHERE table_id = $1 AND user_id = $2`, [tableId, userId]);
    return rowCount > 0;
  }

  async ofTable(tableId: string): Promise<DealerAssignment[]> {
    const { rows } = await this.db.query<{ table_id: string; user_id: string; name: string; assigned_by: string; assigned_at: string }>(
      `SELECT a.table_id, a.user_id, u.name, a.assigned_by, a.assigned_at::text AS assigned_at
       FROM dealer_assignments a JOIN users u ON u.id = a.user_id WHERE a.table_id = $1 ORDER BY a.assigned_at, u.name`,
      [tableId],
    );
    return rows.map((r) => ({
      tableId: r.table_id,
      userId: r.user_id,
      name: r.name,
      assignedBy: r.assigned_by,
      assignedAt: r.assigned_at,
    }));
  }

  /** The tables one dealer is assigned to, by table id. */
  async tablesOf(userId: string): Promise<string[]> {
    const { rows } = await this.db.query<{ table_id: string }>(
      `SELECT table_id FROM dealer_assignments WHERE user_id = $1 ORDER BY table_id`,
      [userId],
    );
    return rows.map((r) => r.table_id);
  }

  async isAssigned(tableId: string, userId: string): Promise<boolean> {
    // Asked on every command a dealer sends: a named statement, planned once per connection.
    const { rows } = await this.db.query(`SELECT 1 FROM dealer_assignments WHERE table_id = $1 AND user_id = $2`, [tableId, userId], {
      statementName: 'felt_dealer_assigned',
    });
    return rows.length > 0;
  }
}
