import type { Actor, MoneyRequest } from './commands';
import type { FundRules, PayoutShare } from './funds';

/**
 * What happened to the house's money. Every event carries its time and the actor (`by`); an event a second person
 * confirmed also names who asked (`requestedBy`) and the request. Corrections are new events (a recount is a second
 * DropCounted for the table and shift), never edits. Stream: one per book, "money-<bookId>" (book-stream.ts).
 */
export type MoneyEvent =
  | { readonly type: 'FundOpened'; readonly at: string; readonly by: Actor; readonly fundId: string; readonly rules: FundRules }
  | {
      readonly type: 'DropCollected';
      readonly at: string;
      readonly by: Actor;
      readonly fundId: string;
      readonly tableId: string;
      readonly handNumber: number;
      readonly amount: number;
      readonly toFund: number;
      readonly toBackup: number;
      /** A table's recorded drop (CollectTableDrop): its chips, and the chip value that made them `amount` cents. */
      readonly chips?: number;
      readonly centsPerChip?: number;
    }
  | { readonly type: 'ChipValueSet'; readonly at: string; readonly by: Actor; readonly tableId: string; readonly centsPerChip: number }
  | {
      readonly type: 'CashBoughtIn' | 'ChipsBroughtFromCage';
      readonly at: string;
      readonly by: Actor;
      readonly tableId: string;
      readonly shiftId: string;
      readonly playerId: string;
      readonly amount: number;
    }
  | { readonly type: 'MoneyRequested'; readonly at: string; readonly by: Actor; readonly requestId: string; readonly request: MoneyRequest }
  | { readonly type: 'RequestDeclined'; readonly at: string; readonly by: Actor; readonly requestId: string; readonly reason: string }
  | (Confirmed & {
      readonly type: 'FundSeeded';
      readonly fundId: string;
      readonly amount: number;
      /** 'house': new money from the house; 'backup': the fund's own backup, moved in after a payout. */
      readonly source: 'house' | 'backup';
    })
  | (Confirmed & {
      readonly type: 'JackpotPaid';
      readonly fundId: string;
      /** The hand (bad beat) or period (high hand) paid. */
      readonly tableId: string | null;
      readonly handNumber: number | null;
      readonly period: string | null;
      readonly total: number;
      readonly shares: readonly PayoutShare[];
    })
  | (Confirmed & {
      readonly type: 'TrayFilled' | 'TrayCredited';
      readonly tableId: string;
      readonly shiftId: string;
      readonly amount: number;
    })
  | (Confirmed & {
      readonly type: 'DropCounted';
      readonly tableId: string;
      readonly shiftId: string;
      /** What the system says the box holds: the shift's cash buy-ins at the table. */
      readonly expected: number;
      readonly counted: number;
      /** counted − expected (negative: short). */
      readonly variance: number;
      readonly reason: string | null;
    });

/** The fields of an event a second person confirmed (an automatic reseed names the payout's request). */
interface Confirmed {
  readonly at: string;
  readonly by: Actor;
  readonly requestId: string;
  readonly requestedBy: Actor;
}

export type MoneyEventType = MoneyEvent['type'];
export const MONEY_EVENT_TYPES = [
  'FundOpened',
  'DropCollected',
  'ChipValueSet',
  'CashBoughtIn',
  'ChipsBroughtFromCage',
  'MoneyRequested',
  'RequestDeclined',
  'FundSeeded',
  'JackpotPaid',
  'TrayFilled',
  'TrayCredited',
  'DropCounted',
] as const satisfies readonly MoneyEventType[];
export const MONEY_EVENT_SCHEMA_VERSION = 1;
