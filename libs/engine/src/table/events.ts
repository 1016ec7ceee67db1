import type { Card } from '../cards/card';
import type { DeckSourceRule, TableRules } from './rules';
import type { HouseEvent, HouseForcedBetKind, HouseHandStarted } from './extensions';

export type Street = 'preflop' | 'flop' | 'turn' | 'river';

/** The blinds, the ante and the make-ups (owed blinds), then the house options' own forced bets. */
export type ForcedBetKind = 'small-blind' | 'big-blind' | 'ante' | 'make-up-big' | 'make-up-small' | 'new-player' | HouseForcedBetKind;

export interface ForcedBetDue {
  readonly seat: number;
  readonly kind: ForcedBetKind;
  readonly amount: number;
  /** Live money counts toward the poster's call; dead money goes to the main pot only. */
  readonly live: boolean;
}

/** The named deck derivations (table/deck.ts): the house's HMAC_DRBG shuffle, and mulberry32 for scripts and demos only. */
export type Prng = 'hmac-drbg-sha256-fisher-yates' | 'mulberry32-fisher-yates';

/** How a deck was made, with its seed: in DeckSealed, DeckRevealed and ButtonDrawn (a draw's cards are all public). */
export type ShuffleRecord =
  | { readonly kind: 'supplied' }
  | { readonly kind: 'seeded'; readonly prng: 'hmac-drbg-sha256-fisher-yates'; readonly seed: string }
  | { readonly kind: 'seeded'; readonly prng: 'mulberry32-fisher-yates'; readonly seed: number };

/** How a deck was made, without its seed: what HandStarted says while the deck is sealed. */
export type ShuffleMethod =
  | { readonly kind: 'supplied' }
  | { readonly kind: 'seeded'; readonly prng: Prng }
  /** A live-cards table: physical cards, no deck known to anyone (table/live-cards.ts). */
  | { readonly kind: 'live' };

/** The sealed deck of a hand: in DeckSealed during the hand, in DeckRevealed after it. */
export interface SealedDeck {
  readonly handNumber: number;
  /** All 52 cards, top first. */
  readonly deck: readonly Card[];
  readonly shuffle: ShuffleRecord;
  /** Hex; SHA-256(salt bytes ‖ deck bytes) is HandStarted's deckCommitment (shuffle/deck-commitment.ts). */
  readonly salt: string;
}

/** HandStarted as schema version 1 recorded it (logs written before the deck was sealed): deck and seed inside. */
export type HandStartedV1 = Omit<Extract<TableEvent, { type: 'HandStarted' }>, 'shuffle' | 'deckCommitment'> & {
  readonly deck: readonly Card[];
  readonly shuffle: ShuffleRecord;
};

/**
 * Events: what happened at the table. Each is a plain record; together they are the whole truth a regulator
 * replays. Amounts are integers in the table's chip unit. `to` amounts are a player's total for the street.
 * The house options' events are declared in their modules (merged into table/extensions.ts's HouseEvents).
 */
export type TableEvent = CoreEvent | HouseEvent;

type CoreEvent =
  | { readonly type: 'TableOpened'; readonly tableId: string; readonly rules: TableRules }
  | { readonly type: 'TableClosed' }
  | {
      readonly type: 'PlayerSeated';
      readonly seat: number;
      readonly playerId: string;
      readonly buyIn: number;
      readonly postToEnter: boolean;
    }
  | { readonly type: 'PlayerLeft'; readonly seat: number; readonly playerId: string; readonly cashOut: number }
  | { readonly type: 'PlayerSatOut'; readonly seat: number }
  | { readonly type: 'PlayerSatIn'; readonly seat: number; readonly waitForBigBlind: boolean }
  | { readonly type: 'ChipsAdded'; readonly seat: number; readonly amount: number }
  /**
   * A player moved to an empty seat, with their stack and missed blinds. `newPlayer`: the big blind already passed
   * the new seat in this orbit, so they enter there as a new player (wait for the big blind, or post one when
   * `postToEnter`).
   */
  | {
      readonly type: 'SeatChanged';
      readonly from: number;
      readonly to: number;
      readonly playerId: string;
      readonly newPlayer: boolean;
      readonly postToEnter: boolean;
    }
  | {
      readonly type: 'ButtonDrawn';
      readonly draws: readonly { readonly seat: number; readonly card: Card }[];
      readonly button: number;
      readonly shuffle: ShuffleRecord;
    }
  | { readonly type: 'ButtonPlaced'; readonly seat: number }
  | ({
      readonly type: 'HandStarted';
      readonly handNumber: number;
      readonly button: number;
      readonly smallBlindSeat: number | null;
      readonly bigBlindSeat: number;
      /** Dealt-in seats, clockwise from the first seat left of the button (the dealing order). */
      readonly players: readonly { readonly seat: number; readonly playerId: string; readonly stack: number }[];
      readonly forcedBets: readonly ForcedBetDue[];
      /** No deck and no seed: those are sealed in the DeckSealed that follows, until DeckRevealed. */
      readonly shuffle: ShuffleMethod;
      /** Lower-case hex SHA-256 of the salted deck (shuffle/deck-commitment.ts); null on live-cards tables, where nobody knows the deck. */
      readonly deckCommitment: string | null;
      /** The table's deck source rule when its rules record one: `training` marks a hand whose deck anyone could choose. */
      readonly deckSource?: DeckSourceRule;
      /** Then the house options' fields (e.g. the blinds missed, a triggered kill). */
    } & HouseHandStarted)
  /** Right after HandStarted: the only place the undealt deck lives during the hand (the API stores it encrypted). */
  | ({ readonly type: 'DeckSealed' } & SealedDeck)
  | {
      readonly type: 'BlindPosted';
      readonly seat: number;
      readonly kind: ForcedBetKind;
      readonly amount: number;
      readonly live: boolean;
      readonly allIn: boolean;
    }
  /** cards is null where nobody knows them (live cards: the dealer pitched them face down). */
  | { readonly type: 'HoleCardsDealt'; readonly hands: readonly { readonly seat: number; readonly cards: readonly Card[] | null }[] }
  /** Live cards: a reader (RFID shoe or table) read a player's hole cards. Secret like HoleCardsDealt. */
  | { readonly type: 'HoleCardsReported'; readonly seat: number; readonly cards: readonly Card[] }
  | { readonly type: 'PlayerFolded'; readonly seat: number }
  | { readonly type: 'PlayerChecked'; readonly seat: number }
  | { readonly type: 'PlayerCalled'; readonly seat: number; readonly amount: number; readonly allIn: boolean }
  | { readonly type: 'BetPlaced'; readonly seat: number; readonly amount: number; readonly allIn: boolean; readonly full: boolean }
  | { readonly type: 'RaisePlaced'; readonly seat: number; readonly to: number; readonly allIn: boolean; readonly full: boolean }
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
  | {
      readonly type: 'HandEnded';
      readonly handNumber: number;
      readonly stacks: readonly { readonly seat: number; readonly stack: number }[];
    }
  /**
   * The floor took back a mis-keyed betting action and every action after it: the hand is again as it was just
   * before the hand's `action`-th standing action. `retracted` are those actions, oldest first (they stay in the log).
   */
  | {
      readonly type: 'ActionCorrected';
      readonly handNumber: number;
      readonly action: number;
      readonly retracted: readonly BettingActionEvent[];
      readonly reason: string;
    }
  | {
      readonly type: 'HandVoided';
      readonly handNumber: number;
      readonly reason: string;
      readonly refunds: readonly { readonly seat: number; readonly amount: number }[];
    }
  /** Right after HandEnded or HandVoided of a hand that had a DeckSealed: every card, mucked ones included. */
  | ({ readonly type: 'DeckRevealed' } & SealedDeck)
  /**
   * Never decided by the engine: the API appends it after a hand's HandEnded or HandVoided (and DeckRevealed), with
   * the key (64 hex digits) that opens the hand's hole cards, which the event store holds sealed while the hand is
   * live (docs/security.md, "Insiders" row 4). Folding it changes nothing.
   */
  | { readonly type: 'HoleCardsRevealed'; readonly handNumber: number; readonly key: string };

export type TableEventType = TableEvent['type'];

/** The events of a player's betting action: what a correction can take back. */
export type BettingActionEvent = Extract<
  TableEvent,
  { type: 'PlayerFolded' | 'PlayerChecked' | 'PlayerCalled' | 'BetPlaced' | 'RaisePlaced' }
>;

/** The core's own event types: any other type in a log belongs to a house option's module. */
export const CORE_EVENT_TYPES: readonly CoreEvent['type'][] = Object.freeze([
  'TableOpened',
  'TableClosed',
  'PlayerSeated',
  'PlayerLeft',
  'PlayerSatOut',
  'PlayerSatIn',
  'ChipsAdded',
  'ButtonDrawn',
  'ButtonPlaced',
  'HandStarted',
  'BlindPosted',
  'HoleCardsDealt',
  'HoleCardsReported',
  'RulesChanged',
  'PlayerFolded',
  'PlayerChecked',
  'PlayerCalled',
  'BetPlaced',
  'RaisePlaced',
  'UncalledBetReturned',
  'BoardDealt',
  'ShowdownStarted',
  'HandShown',
  'HandMucked',
  'PotAwarded',
  'HandEnded',
  'HandVoided',
  'DeckSealed',
  'DeckRevealed',
  'HoleCardsRevealed',
  'SeatChanged',
  'ActionCorrected',
]);

/**
 * Schema version of each event type; bump one when its shape changes (docs/events.md has the rule). HandStarted 2:
 * the deck and seed left it for DeckSealed, and it carries the deck's commitment. ButtonDrawn 2: a seed may be the
 * house's 64-hex-digit seed. HoleCardsDealt 2: a seat's cards may be null (live cards: nobody knows them).
 */
export const EVENT_SCHEMA_VERSIONS: Readonly<Partial<Record<string, number>>> = Object.freeze(
  Object.fromEntries(
    CORE_EVENT_TYPES.map((type) => [type, type === 'HandStarted' || type === 'ButtonDrawn' || type === 'HoleCardsDealt' ? 2 : 1]),
  ),
);

/**
 * Whether the core folds a recorded event of this type and schema version: its current version, or an older
 * one it still reads (HandStarted 1 holds its deck and seed itself; ButtonDrawn 1 and HoleCardsDealt 1 are subsets of
 * 2). A module's own events are the engine's to say (TableEngine.readsEvent).
 */
export function coreReadsSchemaVersion(type: string, version: number): boolean {
  const current = EVENT_SCHEMA_VERSIONS[type];
  if (current === undefined) return false;
  return version === current || ((type === 'HandStarted' || type === 'ButtonDrawn' || type === 'HoleCardsDealt') && version === 1);
}

/** A module's own event type, which this table does not list (a casino's module, examples/house-rules/), is at version 1. */
export function schemaVersionOf(type: TableEventType): number {
  return EVENT_SCHEMA_VERSIONS[type] ?? 1;
}

/** A HandStarted of schema version 1 (it holds its deck): evolve and verify still read those logs. */
export function isHandStartedV1(event: Extract<TableEvent, { type: 'HandStarted' }> | HandStartedV1): event is HandStartedV1 {
  return (event as { deck?: unknown }).deck !== undefined;
}
