import type { FundRulesInput } from './funds';

/**
 * Who sends a command: the API fills it from the signed-in user (the decider reads no token). The two-person rule
 * (docs/money.md "Two people") compares these ids: the one who asks never confirms.
 */
export interface Actor {
  readonly id: string;
  /** The staff role: 'dealer', 'floor', 'count' (a count team member, where the deployment has the role), 'regulator'. */
  readonly role: string;
}

/** A money move one person asks for and a second confirms (MoneyRequested, then its event on ConfirmRequest). */
export type MoneyRequest =
  | { readonly kind: 'SeedFund'; readonly fundId: string; readonly amount: number; readonly note: string }
  | {
      readonly kind: 'PayBadBeat';
      readonly fundId: string;
      readonly tableId: string;
      readonly handNumber: number;
      readonly loser: string;
      readonly winner: string;
      /** The table's other players dealt in (their share is split evenly). */
      readonly table: readonly string[];
    }
  | {
      readonly kind: 'PayHighHand';
      readonly fundId: string;
      /** The period paid, e.g. "2026-12-06T22" (one per period: a second payout for it is refused). */
      readonly period: string;
      /** The period's bounds, [from, to) in ISO time: where a replay looks for the best hand. */
      readonly from: string;
      readonly to: string;
      /** The best hand's holders (several on a tie: the prize is split evenly). */
      readonly winners: readonly { readonly playerId: string; readonly tableId: string; readonly handNumber: number }[];
    }
  | { readonly kind: 'Fill' | 'Credit'; readonly tableId: string; readonly shiftId: string; readonly amount: number }
  | {
      readonly kind: 'Count';
      readonly tableId: string;
      readonly shiftId: string;
      /** What the drop box held, in cents, as the count team counted it. */
      readonly counted: number;
      /** Why counted and expected differ; required when they do. */
      readonly reason?: string;
    };

export type MoneyRequestKind = MoneyRequest['kind'];

/**
 * Commands of the house's book: every amount is an integer number of cents; time (`at`) and the actor (`by`) come in
 * on every command. Cash at the table and fund collections are recorded by one person (the drop box and the count
 * check them); everything that moves money out of a fund, into or out of a dealer's tray, or settles a count is
 * asked for by one person and confirmed by another.
 */
export type MoneyCommand =
  | { readonly type: 'OpenFund'; readonly at: string; readonly by: Actor; readonly fundId: string; readonly rules: FundRulesInput }
  | {
      readonly type: 'CollectDrop';
      readonly at: string;
      readonly by: Actor;
      readonly fundId: string;
      readonly tableId: string;
      readonly handNumber: number;
      readonly amount: number;
    }
  | {
      /**
       * A table's recorded drop (the jackpot-drop house option's DropTaken, house-rules/jackpot-drop.js), sent by the
       * service that reads the tables' logs: the book turns the chips into cents at the table's chip value and
       * collects each hand's drop for a fund once.
       */
      readonly type: 'CollectTableDrop';
      readonly at: string;
      readonly by: Actor;
      readonly fundId: string;
      readonly tableId: string;
      readonly handNumber: number;
      readonly chips: number;
    }
  | {
      /** What one of the table's chips is worth, in cents, from now on (revenue and drops in cents). */
      readonly type: 'SetChipValue';
      readonly at: string;
      readonly by: Actor;
      readonly tableId: string;
      readonly centsPerChip: number;
    }
  | {
      /** Cash put down at the table: the money goes into the drop box, the dealer gives the player chips for it. */
      readonly type: 'CashBuyIn' | 'ChipsFromCage';
      readonly at: string;
      readonly by: Actor;
      readonly tableId: string;
      readonly shiftId: string;
      readonly playerId: string;
      readonly amount: number;
    }
  | { readonly type: 'RequestMoney'; readonly at: string; readonly by: Actor; readonly requestId: string; readonly request: MoneyRequest }
  | { readonly type: 'ConfirmRequest'; readonly at: string; readonly by: Actor; readonly requestId: string }
  | { readonly type: 'DeclineRequest'; readonly at: string; readonly by: Actor; readonly requestId: string; readonly reason: string };

export type MoneyCommandType = MoneyCommand['type'];
export const MONEY_COMMAND_TYPES = [
  'OpenFund',
  'CollectDrop',
  'CollectTableDrop',
  'SetChipValue',
  'CashBuyIn',
  'ChipsFromCage',
  'RequestMoney',
  'ConfirmRequest',
  'DeclineRequest',
] as const satisfies readonly MoneyCommandType[];
