import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountingDecider, bookStreamIdOf, toNewMoneyEvent, type MoneyCommand, type MoneyRejection } from '@felt/accounting';
import { EventStore, StreamCommands, type RecordedEvent, type StreamKind } from '@felt/event-store';
import type { CommandMetadata } from '../tables/command-request';
import { keyReusedBy } from '../tables/request-fingerprint';
import { MoneyBooks, type FoldedBook } from './money-books';

export interface MoneyCommandRequest {
  readonly bookId: string;
  readonly command: MoneyCommand;
  readonly commandId: string;
  readonly commandIdGenerated?: boolean;
  readonly expectedVersion?: number;
  readonly metadata: CommandMetadata;
}

export type MoneyOutcome =
  | { readonly kind: 'applied' | 'replayed'; readonly book: FoldedBook; readonly events: readonly RecordedEvent[] }
  | { readonly kind: 'rejected'; readonly rejection: MoneyRejection }
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  | { readonly kind: 'command-id-reused'; readonly firstStreamId: string }
  | { readonly kind: 'key-in-flight' }
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

/** The CommandBus message: one command of the house's book with its envelope. */
export class ApplyMoneyCommand extends Command<MoneyOutcome> {
  constructor(readonly request: MoneyCommandRequest) {
    super();
  }
}

/**
 * One command of the book through the one command path (StreamCommands): the book's fold → the accounting decider
 * → append at the version the fold was made from. A refusal writes nothing; a retry with the same key returns the
 * first result.
 */
@CommandHandler(ApplyMoneyCommand)
export class ApplyMoneyCommandHandler implements ICommandHandler<ApplyMoneyCommand, MoneyOutcome> {
  private readonly commands: StreamCommands<MoneyCommandRequest, FoldedBook, MoneyRejection>;

  constructor(
    @Inject(EventStore) store: EventStore,
    @Inject(MoneyBooks) private readonly books: MoneyBooks,
  ) {
    const kind: StreamKind<MoneyCommandRequest, FoldedBook, MoneyRejection, never> = {
      current: (streamId) => this.books.caughtUp(streamId.slice(bookStreamIdOf('').length)),
      caughtUp: (_streamId, from) => this.books.caughtUp(from.bookId),
      mayStart: () => true,
      decide: (request, book) => {
        const decision = accountingDecider.decide(request.command, book.state);
        if (!decision.ok) return { ok: false, refusal: decision.rejection };
        return {
          ok: true,
          events: decision.events.map(toNewMoneyEvent),
          advance: (version) => this.books.advance(book, decision.events, version),
        };
      },
      keyReusedBy: (first, request) => keyReusedBy(first, request.metadata),
    };
    this.commands = new StreamCommands(store, kind);
  }

  async execute({ request }: ApplyMoneyCommand): Promise<MoneyOutcome> {
    const outcome = await this.commands.handle(bookStreamIdOf(request.bookId), request);
    switch (outcome.kind) {
      case 'applied':
      case 'replayed':
        return { kind: outcome.kind, book: outcome.folded, events: outcome.events };
      case 'refused':
        return { kind: 'rejected', rejection: outcome.refusal };
      case 'not-found':
        throw new Error('bug: every money command may start a book');
      default:
        return outcome;
    }
  }
}
