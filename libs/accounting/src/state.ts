import type { Actor, MoneyRequest } from './commands';
import type { FundRules } from './funds';
import { GrowingSet } from './growing-set';

/** A fund's totals, all cents. balance + backup = collected + seededByHouse − paid, always (the property test's invariant). */
export interface FundState {
  readonly fundId: string;
  readonly rules: FundRules;
  /** Every drop collected for it, backup part included. */
  readonly collected: number;
  /** The part of the drops held back for the backup fund. */
  readonly heldBack: number;
  readonly seededByHouse: number;
  readonly seededFromBackup: number;
  readonly paid: number;
  readonly balance: number;
  readonly backup: number;
  /** What was paid for: "<tableId>#<handNumber>" (bad beat) or the period (high hand); each is paid once. */
  readonly paidFor: readonly string[];
  readonly payouts: number;
}

/** One table's cash in one shift, all cents. */
export interface TableShift {
  readonly tableId: string;
  readonly shiftId: string;
  /** Cash into the drop box (the count's expected figure). */
  readonly cashBuyIns: number;
  readonly chipsFromCage: number;
  readonly fills: number;
  readonly credits: number;
  /** The latest count (a recount supersedes it; both stay in the log). */
  readonly count: { readonly counted: number; readonly variance: number; readonly reason: string | null; readonly counts: number } | null;
}

export interface PendingRequest {
  readonly requestId: string;
  readonly at: string;
  readonly by: Actor;
  readonly request: MoneyRequest;
}

export interface BookState {
  readonly funds: Readonly<Record<string, FundState>>;
  /** By tableShiftKey. */
  readonly tables: Readonly<Record<string, TableShift>>;
  readonly pending: Readonly<Record<string, PendingRequest>>;
  /** Every request id used (pending, confirmed or declined): an id names one request for ever. */
  readonly requestIds: Readonly<Record<string, true>>;
  /** Each table's chip value in cents, where one is recorded (DEFAULT_CENTS_PER_CHIP otherwise). */
  readonly chipValues: Readonly<Record<string, number>>;
  /** The tables' drops collected from their logs, by tableDropKey: each once. */
  readonly tableDrops: GrowingSet;
}

/** A table whose chip value nobody recorded plays with dollar chips. */
export const DEFAULT_CENTS_PER_CHIP = 100;

export function centsPerChipOf(state: BookState, tableId: string): number {
  return state.chipValues[tableId] ?? DEFAULT_CENTS_PER_CHIP;
}

export function tableDropKey(d: { readonly tableId: string; readonly handNumber: number; readonly fundId: string }): string {
  return `${d.tableId}#${d.handNumber}#${d.fundId}`;
}

export const INITIAL_BOOK_STATE: BookState = Object.freeze({
  funds: Object.freeze({}),
  tables: Object.freeze({}),
  pending: Object.freeze({}),
  requestIds: Object.freeze({}),
  chipValues: Object.freeze({}),
  tableDrops: GrowingSet.EMPTY,
});

export function tableShiftKey(tableId: string, shiftId: string): string {
  return `${tableId}/${shiftId}`;
}

export function emptyTableShift(tableId: string, shiftId: string): TableShift {
  return { tableId, shiftId, cashBuyIns: 0, chipsFromCage: 0, fills: 0, credits: 0, count: null };
}

/** The key a payout is known by in FundState.paidFor. */
export function paidForKey(p: {
  readonly period: string | null;
  readonly tableId: string | null;
  readonly handNumber: number | null;
}): string {
  return p.period ?? `${p.tableId}#${p.handNumber}`;
}
