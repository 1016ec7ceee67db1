import type { BookView } from '@felt/accounting';
import type { FeedbackSlots } from './feedback-slots.js';

/** GET /money/book (libs/accounting's BookView). */
export type MoneyBook = BookView;

/** What a panel of the Money screen may do: send a money command, the reply said beside its form, then read the book again. */
export interface MoneyActions {
  readonly feedback: FeedbackSlots;
  readonly role: string;
  readonly userId: string;
  /** `doneIn`: where success is said, when `slot` goes with it (a confirmed request leaves the list). */
  send(slot: string, path: string, body: unknown, done: string, form?: HTMLFormElement, doneIn?: string): void;
  get<T>(path: string): Promise<T>;
}
