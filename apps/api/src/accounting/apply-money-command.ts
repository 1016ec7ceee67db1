import { Inject } from '@nestjs/common';
import { Command, CommandHandler } from '@nestjs/cqrs';
import {
  accountingDecider,
  BOOK_STREAM_PREFIX,
  bookStreamIdOf,
  toNewMoneyEvent,
  type MoneyCommand,
  type MoneyEvent,
  type MoneyRejection,
} from '@felt/accounting';
import { EventStore, StreamCommandHandler, type StreamOutcome } from '@felt/event-store';
import type { StreamCommandRequest } from '../tables/command-envelope';
import { RoomLive } from '../room/room-live';
import { requestKeyReusedBy } from '../tables/request-fingerprint';
import { MoneyBooks, type FoldedBook } from './money-books';

export interface MoneyCommandRequest extends StreamCommandRequest<MoneyCommand> {
  readonly bookId: string;
}

export type MoneyOutcome = StreamOutcome<FoldedBook, MoneyRejection>;

/** The CommandBus message: one command of the house's book with its envelope. */
export class ApplyMoneyCommand extends Command<MoneyOutcome> {
  constructor(readonly request: MoneyCommandRequest) {
    super();
  }
}

/**
 * One command of the book through the one command path (StreamCommandHandler): the book's fold → the accounting
 * decider → append at the version the fold was made from. A refusal writes nothing; a retry with the same key returns
 * the first result.
 */
@CommandHandler(ApplyMoneyCommand)
export class ApplyMoneyCommandHandler extends StreamCommandHandler<MoneyCommandRequest, FoldedBook, MoneyEvent, MoneyRejection> {
  constructor(@Inject(EventStore) store: EventStore, @Inject(MoneyBooks) books: MoneyBooks, @Inject(RoomLive) live: RoomLive) {
    super(store, {
      streamIdOf: (request) => bookStreamIdOf(request.bookId),
      fold: (streamId) => books.caughtUp(streamId.slice(BOOK_STREAM_PREFIX.length)),
      decide: (request, book) => accountingDecider.decide(request.command, book.state),
      toNewEvent: toNewMoneyEvent,
      advance: (book, events, version) => books.advance(book, events, version),
      // The public board's jackpots follow at once (the log's tail would bring them within its poll too).
      applied: () => live.wake(['jackpots']),
      keyReusedBy: requestKeyReusedBy,
    });
  }
}
