import { BOOK_STREAM_PREFIX, isDropTaken, tableDropKey, unmatchedTableDrops, type DropTaken, type MoneyEvent } from '@felt/accounting';
import type { StreamEvent } from '@felt/event-store';
import { TABLE_STREAM_PREFIX } from './table-stream';
import type { Violation } from './violations';

type DropCollected = Extract<MoneyEvent, { type: 'DropCollected' }>;

interface At {
  readonly streamId: string;
  readonly version: number;
}

/** What a DropCheck has read, as plain data: a verify worker's share, matched with the others' at the end. */
export interface DropCheckState {
  readonly taken: readonly { readonly tableId: string; readonly drop: DropTaken; readonly at: At }[];
  readonly collected: readonly { readonly event: DropCollected; readonly at: At }[];
  readonly tables: readonly string[];
}

/**
 * The tables' jackpot drops against the books (docs/money.md "The drops with the rake"): each DropTaken in a table's log has
 * its DropCollected of the same chips in a book, and no book collects a drop no table took (libs/accounting
 * unmatchedTableDrops). Only streams read whole count: a table's drops are checked when every book was read, a book's
 * collections only for the tables read, so verifying some streams alone reports no drop of the others.
 */
export class DropCheck {
  private readonly taken: { tableId: string; drop: DropTaken; at: At }[] = [];
  private readonly collected: { event: DropCollected; at: At }[] = [];
  private readonly tables = new Set<string>();

  /** What was read, for another thread's check (verifyStoreInWorkers pairs drops across every worker's streams). */
  state(): DropCheckState {
    return { taken: this.taken, collected: this.collected, tables: [...this.tables] };
  }

  /** Adds what another check read (a worker's share of the streams). */
  absorb(state: DropCheckState): void {
    this.taken.push(...state.taken);
    this.collected.push(...state.collected);
    for (const t of state.tables) this.tables.add(t);
  }

  /** An event of a stream read whole. */
  push(event: StreamEvent): void {
    const at = { streamId: event.streamId, version: event.streamVersion };
    if (event.streamId.startsWith(TABLE_STREAM_PREFIX)) {
      const tableId = event.streamId.slice(TABLE_STREAM_PREFIX.length);
      this.tables.add(tableId);
      const drop = { ...(event.data as object), type: event.type };
      if (isDropTaken(drop)) this.taken.push({ tableId, drop, at });
    } else if (event.streamId.startsWith(BOOK_STREAM_PREFIX) && event.type === 'DropCollected') {
      this.collected.push({ event: { ...(event.data as object), type: 'DropCollected' } as DropCollected, at });
    }
  }

  /** `allBooks`: every book of the store (or export) was read whole, so a drop missing from them is missing. */
  finish(allBooks: boolean): Violation[] {
    const book = this.collected.filter((c) => this.tables.has(c.event.tableId));
    const where = new Map<string, At>();
    for (const t of this.taken) where.set(tableDropKey({ tableId: t.tableId, ...t.drop }), t.at);
    const inBook = new Set(book.map((c) => tableDropKey(c.event)));
    for (const c of book) if (!where.has(tableDropKey(c.event))) where.set(tableDropKey(c.event), c.at);
    return unmatchedTableDrops(
      this.taken,
      book.map((c) => c.event),
    )
      .filter((m) => allBooks || inBook.has(tableDropKey(m)))
      .map((m) => ({
        ...where.get(tableDropKey(m))!,
        kind: 'conservation',
        message: `jackpot drop of hand ${m.handNumber} at table ${m.tableId} for fund ${m.fundId}: ${m.problem}`,
      }));
  }
}
