import { Inject, Injectable } from '@nestjs/common';
import { accountingDecider, bookStreamIdOf, toMoneyEvent, type BookState, type MoneyEvent } from '@felt/accounting';
import { EventStore } from '@felt/event-store';

export interface FoldedBook {
  readonly bookId: string;
  readonly state: BookState;
  readonly version: number;
}

/** The room keeps one book (docs/money.md): every fund, table cash and count of the room is in "money-room". */
export const ROOM_BOOK = 'room';

/**
 * A book folded from its stream, kept in memory; `caughtUp` reads only the events after the cached version, so
 * another API process's appends are seen before a decision (as RoomGames does for games).
 */
@Injectable()
export class MoneyBooks {
  private readonly books = new Map<string, FoldedBook>();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async caughtUp(bookId: string): Promise<FoldedBook> {
    const cached = this.books.get(bookId) ?? { bookId, state: accountingDecider.initialState, version: 0 };
    const newer = await this.store.readStream(bookStreamIdOf(bookId), { fromVersion: cached.version + 1 });
    if (newer.length === 0) return cached;
    return this.advance(cached, newer.map(toMoneyEvent), newer[newer.length - 1]!.streamVersion);
  }

  advance(book: FoldedBook, events: readonly MoneyEvent[], version: number): FoldedBook {
    let state = book.state;
    for (const e of events) state = accountingDecider.evolve(state, e);
    const next = { bookId: book.bookId, state, version };
    const cached = this.books.get(book.bookId);
    if (!cached || cached.version < version) this.books.set(book.bookId, next);
    return next;
  }

  /** Every event of the book as recorded, with its time: what the reports fold (a regulator's replay folds the same). */
  async events(bookId: string): Promise<MoneyEvent[]> {
    return (await this.store.readStream(bookStreamIdOf(bookId))).map(toMoneyEvent);
  }
}
