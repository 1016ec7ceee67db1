/**
 * Every way a command can be refused. The code is stable (clients and regulators key on it);
 * the sentence is written for a floor supervisor.
 */
import type { HouseRejectionCode } from './extensions';

/** The core's codes (an engine's whole list adds its modules' rejectionCodes: table-decider.ts rejectionCodes). */
export const CORE_REJECTION_CODES = [
  'TABLE_NOT_OPEN',
  'TABLE_ALREADY_OPEN',
  'TABLE_CLOSED',
  'INVALID_RULES',
  'INVALID_COMMAND',
  'SEAT_OUT_OF_RANGE',
  'SEAT_TAKEN',
  'SEAT_EMPTY',
  'PLAYER_ALREADY_SEATED',
  'INVALID_AMOUNT',
  'BUY_IN_OUT_OF_RANGE',
  'HAND_IN_PROGRESS',
  'HAND_NOT_IN_PROGRESS',
  'PLAYER_IN_HAND',
  'BUTTON_ALREADY_PLACED',
  'BUTTON_NOT_PLACED',
  'NOT_ENOUGH_PLAYERS',
  'INVALID_DECK',
  // The table's deck source rule (table/deck.ts deckSourceCheck).
  'DECK_SOURCE_HOUSE',
  'DECK_SOURCE_SHUFFLER',
  'BLINDS_PENDING',
  'BLIND_NOT_DUE',
  'NOT_YOUR_TURN',
  'NOT_IN_HAND',
  'CANNOT_CHECK',
  'NOTHING_TO_CALL',
  'BET_NOT_ALLOWED',
  'BET_BELOW_MINIMUM',
  'BET_ABOVE_MAXIMUM',
  'RAISE_NOT_ALLOWED',
  'RAISE_BELOW_MINIMUM',
  'RAISE_ABOVE_MAXIMUM',
  'BETTING_CAPPED',
  'BETTING_NOT_REOPENED',
  'INSUFFICIENT_CHIPS',
  'BETTING_OVER',
  'NOT_SHOWDOWN',
  'NOT_YOUR_TURN_TO_SHOW',
  // House options (rule modules): the generic refusals; each module declares its own (rejectionCodes).
  'OPTION_NOT_ENABLED',
  'OPTION_NOT_ALLOWED_NOW',
  'CONSENT_MISSING',
  'DEAL_PENDING',
  // Live cards (table/live-cards.ts).
  'DECK_NOT_ALLOWED',
  'NOT_A_LIVE_TABLE',
  'INVALID_CARD',
  'WRONG_CARD_COUNT',
  'CARD_ALREADY_SEEN',
  'BETTING_NOT_OVER',
  'BOARD_NOT_DUE',
  'CARDS_REQUIRED',
  'READER_CONFLICT',
  // Floor corrections (table/corrections.ts).
  'NO_ACTION_TO_CORRECT',
  'ACTION_NOT_FOUND',
  'CORRECTION_PAST_CARDS',
  'CORRECTION_PLAYER_LEFT',
] as const;

export type RejectionCode = (typeof CORE_REJECTION_CODES)[number] | HouseRejectionCode;

export interface Rejection {
  readonly code: RejectionCode;
  /** One sentence a floor supervisor understands. */
  readonly message: string;
  /** Which field of the command is at fault, when one is. */
  readonly field?: string;
}

export function rejection(code: RejectionCode, message: string, field?: string): Rejection {
  return field === undefined ? { code, message } : { code, message, field };
}
