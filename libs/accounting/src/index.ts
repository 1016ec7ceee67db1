/**
 * @felt/accounting — the house's money as a pure decider (docs/money.md): jackpot and promotion funds, the tables'
 * cash and the dealer's tray, the end-of-shift count, and the reports a regulator reproduces from the log. Integer
 * cents throughout; no clock, no randomness, no I/O: time and the actor come in on commands.
 */
export { accountingDecider } from './accounting-decider';
export { decideBook, confirmationPreview, type MoneyDecision } from './decide';
export { evolveBook } from './evolve';
export {
  type MoneyCommand,
  type MoneyCommandType,
  type MoneyRequest,
  type MoneyRequestKind,
  type Actor,
  MONEY_COMMAND_TYPES,
} from './commands';
export { type MoneyEvent, type MoneyEventType, MONEY_EVENT_TYPES, MONEY_EVENT_SCHEMA_VERSION } from './events';
export { type MoneyRejection, type MoneyRejectionCode, MONEY_REJECTION_CODES, moneyRejection } from './rejections';
export {
  type BookState,
  type FundState,
  type TableShift,
  type PendingRequest,
  INITIAL_BOOK_STATE,
  DEFAULT_CENTS_PER_CHIP,
  centsPerChipOf,
  tableDropKey,
  tableShiftKey,
} from './state';
export { GrowingSet } from './growing-set';
export {
  type DropTaken,
  type DropMismatch,
  isDropTaken,
  collectTableDropCommand,
  unmatchedTableDrops,
  DROP_COLLECTOR,
} from './table-drops';
export {
  type FundKind,
  type FundRules,
  type FundRulesInput,
  type PayoutShare,
  FUND_KINDS,
  DEFAULT_FUND_RULES,
  normalizeFundRules,
  dropShares,
  badBeatShares,
  highHandShares,
} from './funds';
export { BOOK_STREAM_PREFIX, BOOK_STREAM_CATEGORY, bookStreamIdOf, toNewMoneyEvent, toMoneyEvent } from './book-stream';
export { finishedHands, foldHands, HANDS_FOLD_START, type HandsFold, type LoggedTableEvent } from './finished-hands';
export { foldRevenueHands, REVENUE_FOLD_START, type FoldedRevenueHand, type RevenueFold, type RevenueLogEvent } from './revenue-fold';
export { bookView, type BookView, type PendingView } from './book-view';
export { verifyBook, moneyCommandFor, type BookProblem } from './verify-book';
export {
  badBeatOf,
  badBeatShown,
  highHandsOf,
  qualifyingValue,
  bothHoleCardsPlay,
  type BadBeat,
  type BadBeatShown,
  type HighHand,
  type ShownHand,
} from './qualifying-hands';
export {
  bookOf,
  fundReport,
  fundHistory,
  countSheet,
  revenueReport,
  shiftAt,
  jackpotBoard,
  type FundReportRow,
  type JackpotBoardRow,
  type CountRow,
  type RevenueRow,
  type RevenueHand,
  revenueHandOf,
  type Shift,
} from './reports';
