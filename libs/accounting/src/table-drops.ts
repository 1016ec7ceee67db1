import type { Actor, MoneyCommand } from './commands';
import type { MoneyEvent } from './events';
import { tableDropKey } from './state';

/**
 * The table's record of a jackpot drop (house-rules/jackpot-drop.js, whose zod schema is the event's contract):
 * chips taken from each pot for a fund of the book, before the pots were awarded.
 */
export interface DropTaken {
  readonly type: 'DropTaken';
  readonly handNumber: number;
  readonly fundId: string;
  readonly amount: number;
  readonly byPot: readonly number[];
}

/** A table event as the store gives it back: its type and data. */
export function isDropTaken(event: { readonly type: string }): event is DropTaken {
  const e = event as Partial<DropTaken>;
  return e.type === 'DropTaken' && typeof e.fundId === 'string' && Number.isSafeInteger(e.handNumber) && Number.isSafeInteger(e.amount);
}

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
