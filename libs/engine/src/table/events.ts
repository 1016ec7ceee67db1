import type { z } from 'zod';
import type { Card } from '../cards/card';
import type { TableRules } from './rules';
import type { HouseEvent, HouseForcedBetKind, HouseHandStarted, HouseRules } from './extensions';
import type { Infer } from './schema-types';
import {
  CORE_EVENT_SCHEMAS,
  type CORE_FORCED_BET_KINDS,
  type CORE_RECORDED_RULES,
  type coreEventSchemas,
  type prngSchema,
  type sealedDeckShape,
  type shuffleMethodSchema,
  type shuffleRecordSchema,
} from './recorded-event-schemas';

/*
 * The core's events are the types of their recorded zod schemas (recorded-event-schemas.ts, the one home of their
 * fields), with the house options' parts the modules declare (table/extensions.ts): the rules' fields, the forced-bet
 * kinds and HandStarted's fields. Types only: decide and evolve never parse an event.
 */

export type Street = 'preflop' | 'flop' | 'turn' | 'river';

/** The blinds, the ante and the make-ups (owed blinds), then the house options' own forced bets. */
export type ForcedBetKind = (typeof CORE_FORCED_BET_KINDS)[number] | HouseForcedBetKind;

/** The recorded schemas as the engine reads them: the rules and forced-bet kinds with every module's part. */
type Schemas = ReturnType<typeof coreEventSchemas<z.ZodType<TableRules>, z.ZodType<ForcedBetKind>, Record<never, never>>>;
/** The rules are TableRules as declared: Infer's deep readonly would not match the modules' own parameter types. */
type WithTableRules<T> = T extends { readonly rules: unknown } ? Omit<T, 'rules'> & { readonly rules: TableRules } : T;
type Recorded<K extends keyof Schemas> = WithTableRules<Infer<Schemas[K]>>;

/**
 * Events: what happened at the table. Each is a plain record; together they are the whole truth a regulator
 * replays. Amounts are integers in the table's chip unit. `to` amounts are a player's total for the street.
 * The house options' events are declared in their modules (merged into table/extensions.ts's HouseEvents).
 */
export type TableEvent = CoreEvent | HouseEvent;

type CoreEvent = { [K in keyof Schemas]: K extends 'HandStarted' ? Recorded<K> & HouseHandStarted : Recorded<K> }[keyof Schemas];

/**
 * TableRules is still an interface (rules.ts, with the modules' fields merged in) where the events name it; its core
 * fields must be what the recorded schema says: a field added to one and not the other fails the type check.
 */
type Mutual<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const CORE_RULES_MATCH_SCHEMA: Mutual<Omit<TableRules, keyof HouseRules>, Infer<z.ZodObject<typeof CORE_RECORDED_RULES>>> = true;

/** A forced bet a seat owes as the hand starts (HandStarted's forcedBets). */
export type ForcedBetDue = Recorded<'HandStarted'>['forcedBets'][number];

/** The named deck derivations (table/deck.ts). */
export type Prng = Infer<typeof prngSchema>;

/** How a deck was made, with its seed: in DeckSealed, DeckRevealed and ButtonDrawn (a draw's cards are all public). */
export type ShuffleRecord = Infer<typeof shuffleRecordSchema>;

/** How a deck was made, without its seed: what HandStarted says while the deck is sealed. */
export type ShuffleMethod = Infer<typeof shuffleMethodSchema>;

/** The sealed deck of a hand: in DeckSealed during the hand, in DeckRevealed after it. */
export type SealedDeck = Infer<z.ZodObject<ReturnType<typeof sealedDeckShape>>>;

/** HandStarted as schema version 1 recorded it (logs written before the deck was sealed): deck and seed inside. */
export type HandStartedV1 = Omit<Extract<TableEvent, { type: 'HandStarted' }>, 'shuffle' | 'deckCommitment'> & {
  readonly deck: readonly Card[];
  readonly shuffle: ShuffleRecord;
};

export type TableEventType = TableEvent['type'];

/** The events of a player's betting action: what a correction can take back. */
export type BettingActionEvent = Extract<
  TableEvent,
  { type: 'PlayerFolded' | 'PlayerChecked' | 'PlayerCalled' | 'BetPlaced' | 'RaisePlaced' }
>;

/** The core's own event types, in their schemas' order: any other type in a log belongs to a house option's module. */
export const CORE_EVENT_TYPES = Object.freeze(Object.keys(CORE_EVENT_SCHEMAS)) as readonly CoreEvent['type'][];

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
