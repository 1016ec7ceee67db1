/**
 * Every way the book refuses a command. The code is stable (consoles key on it); the sentence is written for the
 * floor supervisor. A refusal writes nothing.
 */
export const MONEY_REJECTION_CODES = [
  'INVALID_COMMAND',
  'FUND_EXISTS',
  'FUND_UNKNOWN',
  'FUND_KIND_MISMATCH',
  'FUND_SHORT',
  'ALREADY_PAID',
  'HAND_NOT_QUALIFYING',
  'REQUEST_ID_TAKEN',
  'REQUEST_UNKNOWN',
  'SAME_PERSON',
  'ROLE_MAY_NOT',
  'SHIFT_COUNTED',
  'VARIANCE_NEEDS_REASON',
  'NOTHING_TO_PAY',
  'ALREADY_COLLECTED',
] as const;

export type MoneyRejectionCode = (typeof MONEY_REJECTION_CODES)[number];

export interface MoneyRejection {
  readonly code: MoneyRejectionCode;
  readonly message: string;
  /** The command field at fault, when there is one. */
  readonly field?: string;
}

export function moneyRejection(code: MoneyRejectionCode, message: string, field?: string): MoneyRejection {
  return field === undefined ? { code, message } : { code, message, field };
}
