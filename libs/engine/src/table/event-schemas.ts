/**
 * The core's events as the public may see them, in zod: the queue's published contract (apps/worker/src/contract
 * renders them as JSON Schemas) beside the events' TypeScript types (events.ts). No hole card before it is shown
 * (HoleCardsDealt `cards: null`), no deck, no seed: DeckSealed and DeckRevealed carry their hand number only.
 * Objects are strict: a member the schema does not declare (a deck, a seed, a card) is refused.
 *
 * The house options add their part as they add their records (rule-module.ts): their own events
 * (`eventSchemas`), HandStarted's fields (`startedSchema`), their forced-bet kinds (`forcedBetKinds`) and their
 * parameters in the rules (`schema`, or `recordedSchema` for one recorded in the rules themselves);
 * publishedEventSchemas(modules) composes the whole contract of an engine.
 */
import { z } from 'zod';
import type { AnyRuleModule } from '../house-options/rule-module';
import type { CORE_EVENT_TYPES, TableEvent } from './events';

const int = () => z.int();
export const chipsSchema = () => z.int().min(0).describe('chips, an integer in the table unit');
export const seatSchema = () => z.int().min(0).describe('seat number');
export const cardSchema = () =>
  z.int().min(0).max(51).describe('a card: rank * 4 + suit; rank 0 = deuce .. 12 = ace; suit 0 clubs, 1 diamonds, 2 hearts, 3 spades');
const seat = seatSchema;
const chips = chipsSchema;
const card = cardSchema;

/** The core's forced-bet kinds: the blinds, the ante and the make-ups (the modules add theirs). */
export const CORE_FORCED_BET_KINDS = Object.freeze([
  'small-blind',
  'big-blind',
  'ante',
  'make-up-big',
  'make-up-small',
  'new-player',
] as const);

const prng = z.enum(['hmac-drbg-sha256-fisher-yates', 'mulberry32-fisher-yates']).describe('the deck derivation (docs/regulators.md)');

const shuffleRecord = z.union([
  z.strictObject({ kind: z.literal('supplied') }),
  z.strictObject({
    kind: z.literal('seeded'),
    prng: z.literal('hmac-drbg-sha256-fisher-yates'),
    seed: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('256-bit seed, hex'),
  }),
  z.strictObject({
    kind: z.literal('seeded'),
    prng: z.literal('mulberry32-fisher-yates'),
    seed: int().describe('32-bit seed: scripts and demos only'),
  }),
]);
const handNumberOnly = <T extends 'DeckSealed' | 'DeckRevealed' | 'HoleCardsRevealed'>(type: T) =>
  z
    .strictObject({ type: z.literal(type), handNumber: int() })
    .describe('published with its hand number only: the deck, seed, salt and hole-card keys never go on the public queue');

/** A hand's shuffle as published: never its seed (it would tell every card to come). */
const shuffleMethod = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('supplied') }),
  z.strictObject({ kind: z.literal('seeded'), prng }),
  z.strictObject({ kind: z.literal('live') }).describe('a live-cards table: physical cards, no deck known to anyone'),
]);

const bettingActions = {
  PlayerFolded: z.strictObject({ type: z.literal('PlayerFolded'), seat: seat() }),
  PlayerChecked: z.strictObject({ type: z.literal('PlayerChecked'), seat: seat() }),
  PlayerCalled: z.strictObject({ type: z.literal('PlayerCalled'), seat: seat(), amount: chips(), allIn: z.boolean() }),
  BetPlaced: z.strictObject({ type: z.literal('BetPlaced'), seat: seat(), amount: chips(), allIn: z.boolean(), full: z.boolean() }),
  RaisePlaced: z.strictObject({ type: z.literal('RaisePlaced'), seat: seat(), to: chips(), allIn: z.boolean(), full: z.boolean() }),
} as const;
const bettingAction = z.discriminatedUnion('type', [
  bettingActions.PlayerFolded,
  bettingActions.PlayerChecked,
  bettingActions.PlayerCalled,
  bettingActions.BetPlaced,
  bettingActions.RaisePlaced,
]);

const bettingStructure = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('no-limit'), minimumBet: z.enum(['big-blind', 'lower-then-upper']) }),
  z.strictObject({ kind: z.literal('pot-limit') }),
  z.strictObject({
    kind: z.literal('fixed-limit'),
    smallBet: chips(),
    bigBet: chips(),
    maxBetsPerRound: int(),
    headsUpUncapped: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('spread-limit'),
    min: chips(),
    max: chips(),
    riverMax: chips().optional(),
    maxRaises: int().optional(),
  }),
]);

const deckSourceRule = z.enum(['house', 'shuffler', 'training']);

/** The core's recorded rules (the modules add `houseOptions` and their own fields: publishedEventSchemas). */
const coreRules = Object.freeze({
  version: int().optional(),
  variant: z.literal('texas-holdem'),
  structure: bettingStructure,
  smallBlind: chips(),
  bigBlind: chips(),
  ante: z.strictObject({ kind: z.enum(['none', 'everyone', 'big-blind', 'button']), amount: chips() }),
  maxSeats: int(),
  buttonMode: z.enum(['dead', 'moving']),
  gameType: z.enum(['cash', 'tournament']),
  buyIn: z.strictObject({ min: chips(), max: chips() }).nullable(),
  cardSource: z.enum(['deck', 'live']).optional().describe('absent means deck; live: cards are known only once entered or reported'),
  deckSource: deckSourceRule
    .optional()
    .describe(
      'deck tables: who may choose the deck (house: the house shuffle only; shuffler: a certified shuffler device; training: anyone). Absent in rules recorded before it existed',
    ),
  dealerSeesHoleCards: z.literal(true).optional().describe("present (true) when the dealer's console shows every seat's hole cards"),
});

const seatAmount = () => z.strictObject({ seat: seat(), amount: chips() });

/** The core's event schemas whose shape does not depend on the modules, keyed by type (each with its `type`). */
const FIXED_CORE_SCHEMAS = {
  TableClosed: z.strictObject({ type: z.literal('TableClosed') }),
  PlayerSeated: z.strictObject({
    type: z.literal('PlayerSeated'),
    seat: seat(),
    playerId: z.string(),
    buyIn: chips(),
    postToEnter: z.boolean(),
  }),
  PlayerLeft: z.strictObject({ type: z.literal('PlayerLeft'), seat: seat(), playerId: z.string(), cashOut: chips() }),
  PlayerSatOut: z.strictObject({ type: z.literal('PlayerSatOut'), seat: seat() }),
  PlayerSatIn: z.strictObject({ type: z.literal('PlayerSatIn'), seat: seat(), waitForBigBlind: z.boolean() }),
  ChipsAdded: z.strictObject({ type: z.literal('ChipsAdded'), seat: seat(), amount: chips() }),
  ButtonDrawn: z.strictObject({
    type: z.literal('ButtonDrawn'),
    draws: z.array(z.strictObject({ seat: seat(), card: card() })),
    button: seat(),
    shuffle: shuffleRecord,
  }),
  ButtonPlaced: z.strictObject({ type: z.literal('ButtonPlaced'), seat: seat() }),
  HoleCardsDealt: z.strictObject({
    type: z.literal('HoleCardsDealt'),
    hands: z.array(
      z.strictObject({
        seat: seat(),
        cards: z
          .null()
          .describe('always null on the queue: hole cards are secret until shown (HandShown), and unknown on live-cards tables'),
      }),
    ),
  }),
  HoleCardsReported: z
    .strictObject({
      type: z.literal('HoleCardsReported'),
      seat: seat(),
      cards: z.null().describe('always null on the queue: a reader reported the cards, which stay secret until shown (HandShown)'),
    })
    .describe("a reader's record of a live hand's hole cards, published without them"),
  ...bettingActions,
  UncalledBetReturned: z.strictObject({ type: z.literal('UncalledBetReturned'), seat: seat(), amount: chips() }),
  BoardDealt: z.strictObject({ type: z.literal('BoardDealt'), street: z.enum(['flop', 'turn', 'river']), cards: z.array(card()) }),
  ShowdownStarted: z.strictObject({ type: z.literal('ShowdownStarted'), order: z.array(seat()) }),
  HandShown: z.strictObject({ type: z.literal('HandShown'), seat: seat(), cards: z.array(card()) }),
  HandMucked: z.strictObject({ type: z.literal('HandMucked'), seat: seat() }),
  PotAwarded: z.strictObject({
    type: z.literal('PotAwarded'),
    pot: int().min(0).describe('0 is the main pot; side pots follow in order of their contribution level'),
    amount: chips(),
    eligible: z.array(seat()),
    winners: z.array(seatAmount()),
  }),
  HandEnded: z.strictObject({
    type: z.literal('HandEnded'),
    handNumber: int(),
    stacks: z.array(z.strictObject({ seat: seat(), stack: chips() })),
  }),
  HandVoided: z.strictObject({ type: z.literal('HandVoided'), handNumber: int(), reason: z.string(), refunds: z.array(seatAmount()) }),
  DeckSealed: handNumberOnly('DeckSealed'),
  DeckRevealed: handNumberOnly('DeckRevealed'),
  HoleCardsRevealed: handNumberOnly('HoleCardsRevealed'),
  SeatChanged: z
    .strictObject({
      type: z.literal('SeatChanged'),
      from: seat(),
      to: seat(),
      playerId: z.string(),
      newPlayer: z.boolean(),
      postToEnter: z.boolean(),
    })
    .describe(
      'a player moved to an empty seat; newPlayer: the big blind had passed the new seat, so they wait for it or post (postToEnter)',
    ),
  ActionCorrected: z
    .strictObject({
      type: z.literal('ActionCorrected'),
      handNumber: int(),
      action: int().min(1).describe("the first action taken back, by its number among the hand's standing betting actions"),
      retracted: z.array(bettingAction).describe('the betting actions taken back, oldest first; their events stay in the log'),
      reason: z.string(),
    })
    .describe('the floor took back a mis-keyed action and every one after it: the hand is as it was just before it'),
} as const;

/** Every event schema of an engine by type: the core's, then its modules' own events. */
export type EventSchemas = Readonly<Record<string, z.ZodObject>>;

/**
 * The published schema of every event an engine with these modules records: the core's (with the modules' forced-bet
 * kinds, HandStarted fields and rule parameters), then each module's own events (a type the core or an earlier module
 * has is not replaced).
 */
export function publishedEventSchemas(modules: readonly AnyRuleModule[]): EventSchemas {
  const forcedBetKind = z.enum([...CORE_FORCED_BET_KINDS, ...new Set(modules.flatMap((m) => m.forcedBetKinds ?? []))] as [
    string,
    ...string[],
  ]);
  const rules = z.strictObject({
    ...coreRules,
    ...Object.fromEntries(modules.filter((m) => m.where === 'rules' && m.recordedSchema).map((m) => [m.name, m.recordedSchema!])),
    houseOptions: z.strictObject(
      Object.fromEntries(
        modules
          .filter((m) => m.where === 'houseOptions' && m.schema)
          .map((m) => [m.name, m.recordedWhenOff ? m.schema!.nullable() : m.schema!.nullable().optional()]),
      ),
    ),
  });
  const schemas: Record<string, z.ZodObject> = {
    TableOpened: z.strictObject({ type: z.literal('TableOpened'), tableId: z.string(), rules }),
    RulesChanged: z.strictObject({ type: z.literal('RulesChanged'), rules }),
    HandStarted: z.strictObject({
      type: z.literal('HandStarted'),
      handNumber: int(),
      button: seat(),
      smallBlindSeat: seat().nullable(),
      bigBlindSeat: seat(),
      players: z.array(z.strictObject({ seat: seat(), playerId: z.string(), stack: chips() })),
      forcedBets: z.array(z.strictObject({ seat: seat(), kind: forcedBetKind, amount: chips(), live: z.boolean() })),
      shuffle: shuffleMethod,
      deckCommitment: z
        .string()
        .nullable()
        .describe('lower-case hex SHA-256 of the salted deck; the deck itself is revealed after the hand. null on live-cards tables'),
      deckSource: deckSourceRule
        .optional()
        .describe(
          "the table's deck source rule when its rules record one; training: a hand whose deck anyone could choose (not a game's record)",
        ),
      ...Object.assign({}, ...modules.map((m) => m.startedSchema ?? {})),
    }),
    BlindPosted: z.strictObject({
      type: z.literal('BlindPosted'),
      seat: seat(),
      kind: forcedBetKind,
      amount: chips(),
      live: z.boolean(),
      allIn: z.boolean(),
    }),
    ...FIXED_CORE_SCHEMAS,
  };
  for (const m of modules)
    for (const [type, schema] of Object.entries(m.eventSchemas ?? {})) if (!Object.hasOwn(schemas, type)) schemas[type] = schema;
  return Object.freeze(schemas);
}

// ---- compile-time check: the fixed schemas describe exactly the core's events as published ----
// (TableOpened, RulesChanged, HandStarted and BlindPosted take the modules' parts: the worker's contract spec checks
// every event the example scripts record against the composed schemas, closed.)

type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Fixed = keyof typeof FIXED_CORE_SCHEMAS;
type Published<K> = K extends 'HoleCardsDealt'
  ? { type: K; hands: { seat: number; cards: null }[] }
  : K extends 'HoleCardsReported'
    ? { type: K; seat: number; cards: null }
    : K extends 'DeckSealed' | 'DeckRevealed' | 'HoleCardsRevealed'
      ? { type: K; handNumber: number }
      : Writable<Extract<TableEvent, { type: K }>>;
/** The fixed events whose schema's type is not the engine's event as published (none: a mismatch is a compile error naming them). */
type Mismatched = { [K in Fixed]: Equals<z.infer<(typeof FIXED_CORE_SCHEMAS)[K]>, Published<K>> extends true ? never : K }[Fixed];
/** The core's events with no schema here (none: an event added to events.ts without its schema is a compile error naming it). */
type Unpublished = Exclude<(typeof CORE_EVENT_TYPES)[number], Fixed | 'TableOpened' | 'RulesChanged' | 'HandStarted' | 'BlindPosted'>;
export const FIXED_SCHEMAS_MATCH_ENGINE: [Mismatched | Unpublished] extends [never]
  ? true
  : { mismatched: Mismatched; unpublished: Unpublished } = true;
