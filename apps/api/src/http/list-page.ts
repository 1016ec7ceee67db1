import { z } from 'zod';

/**
 * The paging of the staff lists (users, devices, the room's games): `?after=<the last key of the page before>&limit=N`,
 * answered with `nextAfter` (null on the last page). The default page is the largest, 1,000: these lists are a
 * room's staff, consoles and games, so one page is the whole list for the consoles that read it, and the bound
 * only keeps an answer from growing without end.
 */
export const STAFF_LIST_LIMIT = 1000;

export function listPageSchema(after: z.ZodString) {
  return z.strictObject({
    after: after.optional(),
    limit: z.coerce
      .number({ error: 'limit must be a whole number' })
      .int({ error: 'limit must be a whole number' })
      .min(1, { error: 'limit is at least 1' })
      .max(STAFF_LIST_LIMIT, { error: `limit is at most ${STAFF_LIST_LIMIT}` })
      .default(STAFF_LIST_LIMIT),
  });
}

/** A page from `limit + 1` rows read: the first `limit`, and the key to go on from when there were more. */
export function pageOf<T>(rows: readonly T[], limit: number, keyOf: (row: T) => string): { items: T[]; nextAfter: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextAfter: rows.length > limit ? keyOf(items[items.length - 1]!) : null };
}
