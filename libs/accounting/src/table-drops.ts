import type { Actor, MoneyCommand } from './commands';
import type { MoneyEvent } from './events';
import { tableDropKey } from './state';
import type { DropTaken } from '@felt/projections';

// The DropTaken event's shape lives with the views that read it (libs/projections house-drops.ts).
export { type DropTaken, isDropTaken } from '@felt/projections';

/** Who collects the tables' drops into the book: the service reading their logs, never a person. */
export const DROP_COLLECTOR: Actor = Object.freeze({ id: 'drop-collector', role: 'service' });

/** The book's command for a table's drop, at the time the table recorded it. */
export function collectTableDropCommand(tableId: string, drop: DropTaken, at: string): MoneyCommand {
  return {
    type: 'CollectTableDrop',
    at,
    by: DROP_COLLECTOR,
    fundId: drop.fundId,
    tableId,
    handNumber: drop.handNumber,
    chips: drop.amount,
  };
}

/** A table drop without its collection in the book, or a collection no table recorded. */
export interface DropMismatch {
  readonly tableId: string;
  readonly handNumber: number;
  readonly fundId: string;
  readonly problem: string;
}

/**
 * Every drop the tables recorded against the book's collections from the tables (a regulator's check, and the
 * e2e's): each DropTaken has its DropCollected of the same chips, and no such collection lacks its DropTaken.
 */
export function unmatchedTableDrops(
  tables: readonly { readonly tableId: string; readonly drop: DropTaken }[],
  book: readonly MoneyEvent[],
): DropMismatch[] {
  const collected = new Map<string, number>();
  for (const e of book) if (e.type === 'DropCollected' && e.chips !== undefined) collected.set(tableDropKey(e), e.chips);
  const problems: DropMismatch[] = [];
  for (const { tableId, drop } of tables) {
    const key = tableDropKey({ tableId, handNumber: drop.handNumber, fundId: drop.fundId });
    const chips = collected.get(key);
    const where = { tableId, handNumber: drop.handNumber, fundId: drop.fundId };
    if (chips === undefined) problems.push({ ...where, problem: `the table took ${drop.amount} chips; the book has no collection` });
    else if (chips !== drop.amount)
      problems.push({ ...where, problem: `the table took ${drop.amount} chips; the book collected ${chips}` });
    collected.delete(key);
  }
  for (const e of book)
    if (e.type === 'DropCollected' && e.chips !== undefined && collected.has(tableDropKey(e)))
      problems.push({
        tableId: e.tableId,
        handNumber: e.handNumber,
        fundId: e.fundId,
        problem: 'collected, but the table recorded no such drop',
      });
  return problems;
}
