import type { Card } from '../cards/card';
import type { TableRules } from './rules';
import type { ForcedBetKind } from './commands';

export type Street = 'preflop' | 'flop' | 'turn' | 'river';

export interface ForcedBetDue {
  readonly seat: number;
  readonly kind: ForcedBetKind;
  readonly amount: number;
  /** Live money counts toward the poster's call; dead money goes to the main pot only. */
  readonly live: boolean;
}

export type ShuffleRecord =
  | { readonly kind: 'supplied' }
  | { readonly kind: 'seeded'; readonly prng: 'mulberry32-fisher-yates'; readonly seed: number }
  /** A live-cards table: physical cards, no deck known to anyone (table/live-cards.ts). */
  | { readonly kind: 'live' };

/**
 * Events: what happened at the table. Each is a plain record; together they are the whole truth a regulator
 * replays. Amounts are integers in the table's chip unit. `to` amounts are a player's total for the street.
 */
export type TableEvent =
  | { readonly type: 'TableOpened'; readonly tableId: string; readonly rules: TableRules }
  | { readonly type: 'TableClosed' }
  | { readonly type: 'PlayerSeated'; readonly seat: number; readonly playerId: string; readonly buyIn: number; readonly postToEnter: boolean }
  | { readonly type: 'PlayerLeft'; readonly seat: number; readonly playerId: string; readonly cashOut: number }
  | { readonly type: 'PlayerSatOut'; readonly seat: number }
  | { readonly type: 'PlayerSatIn'; readonly seat: number; readonly waitForBigBlind: boolean }
  | { readonly type: 'ChipsAdded'; readonly seat: number; readonly amount: number }
  | { readonly type: 'ButtonDrawn'; readonly draws: readonly { readonly seat: number; readonly card: Card }[]; readonly button: number; readonly shuffle: ShuffleRecord }
  | { readonly type: 'ButtonPlaced'; readonly seat: number }
  | {
      readonly type: 'HandStarted';
      readonly handNumber: number;
      readonly button: number;
      readonly smallBlindSeat: number | null;
      readonly bigBlindSeat: number;
      /** Dealt-in seats, clockwise from the first seat left of the button (the dealing order). */
      readonly players: readonly { readonly seat: number; readonly playerId: string; readonly stack: number }[];
      readonly forcedBets: readonly ForcedBetDue[];
      /** Seats that a blind passed while they sat out: they owe it now. */
      readonly missedBlinds: readonly { readonly seat: number; readonly blind: 'small' | 'big' }[];
      /** Absent on live-cards tables, where nobody knows the deck. */
      readonly deck?: readonly Card[];
      readonly shuffle: ShuffleRecord;
      /** null on live-cards tables (issue 15's contract); absent in hands dealt from a deck before it. */
      readonly deckCommitment?: string | null;
      /** A triggered kill: the killer and the limits as a percentage of the table's (200 full, 150 half). */
      readonly kill: { readonly seat: number; readonly limitPercent: number } | null;
    }
  | { readonly type: 'BlindPosted'; readonly seat: number; readonly kind: ForcedBetKind; readonly amount: number; readonly live: boolean; readonly allIn: boolean }
  | { readonly type: 'KillPotPosted'; readonly seat: number; readonly amount: number; readonly limitPercent: number }
  /** cards is null where nobody knows them (live cards: the dealer pitched them face down). */
  | { readonly type: 'HoleCardsDealt'; readonly hands: readonly { readonly seat: number; readonly cards: readonly Card[] | null }[] }
  /** Live cards: a reader (RFID shoe or table) read a player's hole cards. Secret like HoleCardsDealt. */
  | { readonly type: 'HoleCardsReported'; readonly seat: number; readonly cards: readonly Card[] }
  | { readonly type: 'PlayerFolded'; readonly seat: number }
  | { readonly type: 'PlayerChecked'; readonly seat: number }
  | { readonly type: 'PlayerCalled'; readonly seat: number; readonly amount: number; readonly allIn: boolean }
  | { readonly type: 'BetPlaced'; readonly seat: number; readonly amount: number; readonly allIn: boolean; readonly full: boolean }
  | { readonly type: 'RaisePlaced'; readonly seat: number; readonly to: number; readonly allIn: boolean; readonly full: boolean }
  | {
      readonly type: 'BlindsChopped';
      readonly consents: readonly { readonly seat: number; readonly by: string }[];
      readonly returned: readonly { readonly seat: number; readonly amount: number }[];
      readonly fee: number;
    }
  | { readonly type: 'RakeTaken'; readonly amount: number; readonly byPot: readonly number[] }
  | { readonly type: 'KillButtonChanged'; readonly holder: number | null; readonly killer: number | null }
  | { readonly type: 'RulesChanged'; readonly rules: TableRules }
  | { readonly type: 'UncalledBetReturned'; readonly seat: number; readonly amount: number }
  | { readonly type: 'BoardDealt'; readonly street: Exclude<Street, 'preflop'>; readonly cards: readonly Card[] }
  | { readonly type: 'ShowdownStarted'; readonly order: readonly number[] }
  | { readonly type: 'HandShown'; readonly seat: number; readonly cards: readonly Card[] }
  | { readonly type: 'HandMucked'; readonly seat: number }
  | {
      readonly type: 'PotAwarded';
      /** 0 is the main pot; side pots follow in order of their contribution level. */
      readonly pot: number;
      readonly amount: number;
      readonly eligible: readonly number[];
      readonly winners: readonly { readonly seat: number; readonly amount: number }[];
    }
  | { readonly type: 'HandEnded'; readonly handNumber: number; readonly stacks: readonly { readonly seat: number; readonly stack: number }[] }
  | { readonly type: 'HandVoided'; readonly handNumber: number; readonly reason: string; readonly refunds: readonly { readonly seat: number; readonly amount: number }[] };

export type TableEventType = TableEvent['type'];

export const EVENT_TYPES: readonly TableEventType[] = [
  'TableOpened', 'TableClosed', 'PlayerSeated', 'PlayerLeft', 'PlayerSatOut', 'PlayerSatIn', 'ChipsAdded', 'ButtonDrawn',
  'ButtonPlaced', 'HandStarted', 'BlindPosted', 'KillPotPosted', 'HoleCardsDealt', 'HoleCardsReported', 'BlindsChopped', 'RakeTaken', 'KillButtonChanged', 'RulesChanged', 'PlayerFolded', 'PlayerChecked', 'PlayerCalled',
  'BetPlaced', 'RaisePlaced', 'UncalledBetReturned', 'BoardDealt', 'ShowdownStarted', 'HandShown', 'HandMucked', 'PotAwarded', 'HandEnded',
  'HandVoided',
];

/** Schema version of every event type; bump one when its shape changes (docs/events.md has the rule). */
export const EVENT_SCHEMA_VERSION = 1;
