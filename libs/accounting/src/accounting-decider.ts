import type { Decider } from '@felt/engine';
import type { MoneyCommand } from './commands';
import { decideBook } from './decide';
import type { MoneyEvent } from './events';
import { evolveBook } from './evolve';
import type { MoneyRejection } from './rejections';
import { INITIAL_BOOK_STATE, type BookState } from './state';

/** The house's book (funds, the tables' cash, the count) as a decider: one stream per book. */
export const accountingDecider: Decider<MoneyCommand, BookState, MoneyEvent, MoneyRejection> = {
  initialState: INITIAL_BOOK_STATE,
  decide: decideBook,
  evolve: evolveBook,
};
