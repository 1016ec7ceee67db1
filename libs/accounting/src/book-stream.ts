import type { NewEvent, RecordedEvent } from '@felt/event-store';
import { MONEY_EVENT_SCHEMA_VERSION, type MoneyEvent } from './events';

/**
 * How a book sits in the event store: one stream per book, "money-<bookId>" (category "money"; a room keeps one
 * book, "room"), beside the tables' and games' streams, in the same hash chain and exports.
 */
export const BOOK_STREAM_PREFIX = 'money-';
export const BOOK_STREAM_CATEGORY = 'money';

export function bookStreamIdOf(bookId: string): string {
  return BOOK_STREAM_PREFIX + bookId;
}

export function toNewMoneyEvent(event: MoneyEvent): NewEvent {
  const { type, ...data } = event;
  return { type, schemaVersion: MONEY_EVENT_SCHEMA_VERSION, data };
}

export function toMoneyEvent(recorded: RecordedEvent): MoneyEvent {
  if (recorded.schemaVersion !== MONEY_EVENT_SCHEMA_VERSION)
    throw new Error(
      `${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}, which the book does not read`,
    );
  return { ...(recorded.data as object), type: recorded.type } as MoneyEvent;
}
