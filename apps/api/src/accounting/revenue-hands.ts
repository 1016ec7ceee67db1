import type { RevenueHand } from '@felt/accounting';
import type { Queryable } from '@felt/event-store';

/** A table's finished hand as the revenue report reads it, with the stream version its hand ended at. */
export interface KeptRevenueHand {
  readonly toVersion: number;
  readonly hand: RevenueHand;
}

/**
 * The revenue report's hands as kept (table revenue_hands, migrations/1700000001900): per table, oldest first. A
 * process starting folds each table's events only after the last hand kept (between hands a fold holds nothing).
 * The rows hold what the report sums (times, rake, fees), never a card; they are this API's cache, not a record:
 * a regulator's reports fold the log itself (docs/money.md "Reports").
 */
export async function loadRevenueHands(db: Queryable): Promise<Map<string, KeptRevenueHand[]>> {
  const { rows } = await db.query<{ table_id: string; to_version: number; hand: RevenueHand }>(
    'SELECT table_id, to_version, hand FROM revenue_hands ORDER BY table_id, to_version',
  );
  const kept = new Map<string, KeptRevenueHand[]>();
  for (const r of rows) {
    if (!kept.has(r.table_id)) kept.set(r.table_id, []);
    kept.get(r.table_id)!.push({ toVersion: r.to_version, hand: r.hand });
  }
  return kept;
}

/** Keeps a table's newly finished hands; one another process kept already stays as it is (the same fold of the same log). */
export async function saveRevenueHands(db: Queryable, tableId: string, hands: readonly KeptRevenueHand[]): Promise<void> {
  if (hands.length === 0) return;
  await db.query(
    `INSERT INTO revenue_hands (table_id, to_version, hand)
     SELECT $1, (h->>'toVersion')::integer, h->'hand' FROM jsonb_array_elements($2::jsonb) AS h
     ON CONFLICT (table_id, to_version) DO NOTHING`,
    [tableId, JSON.stringify(hands)],
  );
}
