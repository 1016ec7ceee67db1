import { z } from 'zod';
import type { TableEvent } from '@felt/engine';

/**
 * The published contract of every table event's `data`, mirroring libs/engine/src/table/events.ts as the public
 * may see it (the queue is public: docs/security.md; the relay publishes libs/projections publicEventData): no
 * hole card before it is shown (HoleCardsDealt `cards: null`), no deck, no seed, DeckSealed and DeckRevealed with
 * their hand number only. The engine's TypeScript types stay the source of truth: the compile-time check at the
 * bottom fails the build as soon as the two disagree, and generate-schemas.ts writes the JSON Schemas consumers read
 * (apps/worker/contract/).
 * Objects are open (extra members allowed) so that an additive change does not break a consumer validating them.
 */

const int = () => z.int();
const chips = () => z.int().min(0).describe('chips, an integer in the table unit');
const seat = () => z.int().min(0).describe('seat number');
const card = () =>
  z.int().min(0).max(51).describe('a card: rank * 4 + suit; rank 0 = deuce .. 12 = ace; suit 0 clubs, 1 diamonds, 2 hearts, 3 spades');

const forcedBetKind = z.enum([
  'small-blind',
  'big-blind',
  'ante',
  'make-up-big',
  'make-up-small',
  'new-player',
  'straddle',
  'kill-blind',
  'kill-pot',
  'bomb-pot',
]);

const prng = z.enum(['hmac-drbg-sha256-fisher-yates', 'mulberry32-fisher-yates']).describe('the deck derivation (docs/regulators.md)');

const shuffleRecord = z.union([
  z.object({ kind: z.literal('supplied') }),
  z.object({
    kind: z.literal('seeded'),
    prng: z.literal('hmac-drbg-sha256-fisher-yates'),
    seed: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .describe('256-bit seed, hex'),
  }),
  z.object({
    kind: z.literal('seeded'),
    prng: z.literal('mulberry32-fisher-yates'),
    seed: int().describe('32-bit seed: scripts and demos only'),
  }),
]);
const handNumberOnly = <T extends 'DeckSealed' | 'DeckRevealed' | 'HoleCardsRevealed'>(type: T) =>
  z
    .object({ type: z.literal(type), handNumber: int() })
    .describe('published with its hand number only: the deck, seed, salt and hole-card keys never go on the public queue');

/** A hand's shuffle as published: never its seed (it would tell every card to come). */
const shuffleMethod = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('supplied') }),
  z.object({ kind: z.literal('seeded'), prng }),
  z.object({ kind: z.literal('live') }).describe('a live-cards table: physical cards, no deck known to anyone'),
]);

const bettingActions = {
  PlayerFolded: z.object({ type: z.literal('PlayerFolded'), seat: seat() }),
  PlayerChecked: z.object({ type: z.literal('PlayerChecked'), seat: seat() }),
  PlayerCalled: z.object({ type: z.literal('PlayerCalled'), seat: seat(), amount: chips(), allIn: z.boolean() }),
  BetPlaced: z.object({ type: z.literal('BetPlaced'), seat: seat(), amount: chips(), allIn: z.boolean(), full: z.boolean() }),
  RaisePlaced: z.object({ type: z.literal('RaisePlaced'), seat: seat(), to: chips(), allIn: z.boolean(), full: z.boolean() }),
} as const;
const bettingAction = z.discriminatedUnion(
  'type',
  Object.values(bettingActions) as unknown as [
    (typeof bettingActions)[keyof typeof bettingActions],
    ...(typeof bettingActions)[keyof typeof bettingActions][],
  ],
);

const bettingStructure = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('no-limit'), minimumBet: z.enum(['big-blind', 'lower-then-upper']) }),
  z.object({ kind: z.literal('pot-limit') }),
  z.object({ kind: z.literal('fixed-limit'), smallBet: chips(), bigBet: chips(), maxBetsPerRound: int(), headsUpUncapped: z.boolean() }),
  z.object({ kind: z.literal('spread-limit'), min: chips(), max: chips(), riverMax: chips().optional(), maxRaises: int().optional() }),
]);

const missedBlindPolicy = z.object({
  version: z.literal(1),
  missedSmallOnly: z.enum(['big-blind-live', 'small-blind-dead', 'wait-for-big-blind']),
  missedBig: z.literal('big-live-small-dead'),
  allowEntryBetweenBlindsAndButton: z.boolean(),
});

const houseOptions = z.object({
  straddle: z
    .object({
      version: z.literal(1),
      positions: z.enum(['utg', 'utg-or-button', 'any']),
      maxStraddles: int(),
      minPlayersDealt: int(),
      sizeMultiple: z.number(),
      buttonStraddleOrder: z.enum(['left-of-straddler', 'normal-skip']),
      minRaiseBasis: z.enum(['straddle', 'big-blind']),
      allowInLimit: z.boolean(),
    })
    .nullable(),
  killGame: z
    .object({
      version: z.literal(1),
      mode: z.enum(['full', 'half']),
      trigger: z.enum(['consecutive-pots', 'pot-size']),
      secondLegMinBets: z.number(),
      minPotInBigBets: z.number(),
      requireFlop: z.boolean(),
      killerAction: z.enum(['last', 'in-turn']),
      minPlayers: int(),
    })
    .nullable(),
  killPot: z.object({ version: z.literal(1), size: z.enum(['double', 'up-to-half-stack']), overblindOnly: z.boolean() }).nullable(),
  chop: z.object({ version: z.literal(1), fee: chips(), allowHeadsUp: z.boolean() }).nullable(),
  rake: z
    .object({
      version: z.literal(1),
      percent: z.number(),
      cap: chips().nullable(),
      capScope: z.enum(['hand', 'pot']),
      capByPlayers: z.array(z.object({ minPlayers: int(), cap: chips() })).nullable(),
      roundDownTo: chips(),
      noFlopNoDrop: z.boolean(),
      allocation: z.enum(['main-pot-first', 'proportional']),
    })
    .nullable(),
  bombPot: z
    .object({ version: z.literal(1), ante: chips().nullable(), everyNthHand: int().nullable() })
    .nullable()
    .optional(),
  runItTwice: z
    .object({ version: z.literal(1) })
    .nullable()
    .optional(),
  shotClock: z
    .object({
      version: z.literal(1),
      seconds: int(),
      timeBankExtensions: int(),
      timeBankSeconds: int(),
      onExpiry: z.enum(['fold', 'check-else-fold']),
    })
    .nullable()
    .optional(),
});

const deckSourceRule = z.enum(['house', 'shuffler', 'training']);

const tableRules = z.object({
  version: int().optional(),
  variant: z.literal('texas-holdem'),
  structure: bettingStructure,
  smallBlind: chips(),
  bigBlind: chips(),
  ante: z.object({ kind: z.enum(['none', 'everyone', 'big-blind', 'button']), amount: chips() }),
  maxSeats: int(),
  buttonMode: z.enum(['dead', 'moving']),
  gameType: z.enum(['cash', 'tournament']),
  buyIn: z.object({ min: chips(), max: chips() }).nullable(),
  missedBlinds: missedBlindPolicy,
  houseOptions,
  cardSource: z.enum(['deck', 'live']).optional().describe('absent means deck; live: cards are known only once entered or reported'),
  deckSource: deckSourceRule
    .optional()
    .describe(
      'deck tables: who may choose the deck (house: the house shuffle only; shuffler: a certified shuffler device; training: anyone). Absent in rules recorded before it existed',
    ),
  dealerSeesHoleCards: z.literal(true).optional().describe("present (true) when the dealer's console shows every seat's hole cards"),
});

/** A clock's number: rises within the table, never reused. */
const clockNumber = () => z.int().min(1).describe('the clock, by its number within the table');
/** An absolute time: ISO-8601 UTC with milliseconds. */
const instant = () => z.string().describe('ISO-8601 UTC time, e.g. 2026-01-02T03:04:05.678Z');
const seatAmount = () => z.object({ seat: seat(), amount: chips() });

/** One schema per event type, keyed by type; each includes its `type` member as the engine's records do. */
export const TABLE_EVENT_SCHEMAS = {
  TableOpened: z.object({ type: z.literal('TableOpened'), tableId: z.string(), rules: tableRules }),
  TableClosed: z.object({ type: z.literal('TableClosed') }),
  PlayerSeated: z.object({ type: z.literal('PlayerSeated'), seat: seat(), playerId: z.string(), buyIn: chips(), postToEnter: z.boolean() }),
  PlayerLeft: z.object({ type: z.literal('PlayerLeft'), seat: seat(), playerId: z.string(), cashOut: chips() }),
  PlayerSatOut: z.object({ type: z.literal('PlayerSatOut'), seat: seat() }),
  PlayerSatIn: z.object({ type: z.literal('PlayerSatIn'), seat: seat(), waitForBigBlind: z.boolean() }),
  ChipsAdded: z.object({ type: z.literal('ChipsAdded'), seat: seat(), amount: chips() }),
  ButtonDrawn: z.object({
    type: z.literal('ButtonDrawn'),
    draws: z.array(z.object({ seat: seat(), card: card() })),
    button: seat(),
    shuffle: shuffleRecord,
  }),
  ButtonPlaced: z.object({ type: z.literal('ButtonPlaced'), seat: seat() }),
  HandStarted: z.object({
    type: z.literal('HandStarted'),
    handNumber: int(),
    button: seat(),
    smallBlindSeat: seat().nullable(),
    bigBlindSeat: seat(),
    players: z.array(z.object({ seat: seat(), playerId: z.string(), stack: chips() })),
    forcedBets: z.array(z.object({ seat: seat(), kind: forcedBetKind, amount: chips(), live: z.boolean() })),
    missedBlinds: z.array(z.object({ seat: seat(), blind: z.enum(['small', 'big']) })),
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
    kill: z.object({ seat: seat(), limitPercent: int() }).nullable(),
    bombPot: z.object({ ante: chips() }).optional().describe('a bomb pot: every player posts this ante, no blinds, no preflop betting'),
  }),
  BlindPosted: z.object({
    type: z.literal('BlindPosted'),
    seat: seat(),
    kind: forcedBetKind,
    amount: chips(),
    live: z.boolean(),
    allIn: z.boolean(),
  }),
  KillPotPosted: z.object({ type: z.literal('KillPotPosted'), seat: seat(), amount: chips(), limitPercent: int() }),
  HoleCardsDealt: z.object({
    type: z.literal('HoleCardsDealt'),
    hands: z.array(
      z.object({
        seat: seat(),
        cards: z
          .null()
          .describe('always null on the queue: hole cards are secret until shown (HandShown), and unknown on live-cards tables'),
      }),
    ),
  }),
  HoleCardsReported: z
    .object({
      type: z.literal('HoleCardsReported'),
      seat: seat(),
      cards: z.null().describe('always null on the queue: a reader reported the cards, which stay secret until shown (HandShown)'),
    })
    .describe("a reader's record of a live hand's hole cards, published without them"),
  PlayerFolded: bettingActions.PlayerFolded,
  PlayerChecked: bettingActions.PlayerChecked,
  PlayerCalled: bettingActions.PlayerCalled,
  BetPlaced: bettingActions.BetPlaced,
  RaisePlaced: bettingActions.RaisePlaced,
  BlindsChopped: z.object({
    type: z.literal('BlindsChopped'),
    consents: z.array(z.object({ seat: seat(), by: z.string() })),
    returned: z.array(seatAmount()),
    fee: chips(),
  }),
  RakeTaken: z.object({ type: z.literal('RakeTaken'), amount: chips(), byPot: z.array(chips()) }),
  KillButtonChanged: z.object({ type: z.literal('KillButtonChanged'), holder: seat().nullable(), killer: seat().nullable() }),
  RulesChanged: z.object({ type: z.literal('RulesChanged'), rules: tableRules }),
  UncalledBetReturned: z.object({ type: z.literal('UncalledBetReturned'), seat: seat(), amount: chips() }),
  BoardDealt: z.object({ type: z.literal('BoardDealt'), street: z.enum(['flop', 'turn', 'river']), cards: z.array(card()) }),
  ShowdownStarted: z.object({ type: z.literal('ShowdownStarted'), order: z.array(seat()) }),
  HandShown: z.object({ type: z.literal('HandShown'), seat: seat(), cards: z.array(card()) }),
  HandMucked: z.object({ type: z.literal('HandMucked'), seat: seat() }),
  PotAwarded: z.object({
    type: z.literal('PotAwarded'),
    pot: int().min(0).describe('0 is the main pot; side pots follow in order of their contribution level'),
    amount: chips(),
    eligible: z.array(seat()),
    winners: z.array(seatAmount()),
  }),
  HandEnded: z.object({ type: z.literal('HandEnded'), handNumber: int(), stacks: z.array(z.object({ seat: seat(), stack: chips() })) }),
  HandVoided: z.object({ type: z.literal('HandVoided'), handNumber: int(), reason: z.string(), refunds: z.array(seatAmount()) }),
  DeckSealed: handNumberOnly('DeckSealed'),
  DeckRevealed: handNumberOnly('DeckRevealed'),
  HoleCardsRevealed: handNumberOnly('HoleCardsRevealed'),
  SeatChanged: z
    .object({
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
    .object({
      type: z.literal('ActionCorrected'),
      handNumber: int(),
      action: int().min(1).describe("the first action taken back, by its number among the hand's standing betting actions"),
      retracted: z.array(bettingAction).describe('the betting actions taken back, oldest first; their events stay in the log'),
      reason: z.string(),
    })
    .describe('the floor took back a mis-keyed action and every one after it: the hand is as it was just before it'),
  BombPotCalled: z
    .object({ type: z.literal('BombPotCalled'), handNumber: int() })
    .describe('the floor called a bomb pot for this (the next) hand'),
  RunItTwiceAgreed: z.object({ type: z.literal('RunItTwiceAgreed'), consents: z.array(z.object({ seat: seat(), by: z.string() })) }),
  RunItOnceChosen: z.object({ type: z.literal('RunItOnceChosen') }),
  SecondBoardDealt: z
    .object({ type: z.literal('SecondBoardDealt'), street: z.enum(['flop', 'turn', 'river']), cards: z.array(card()) })
    .describe("the second run's card(s) of a street"),
  RunsAwarded: z
    .object({
      type: z.literal('RunsAwarded'),
      pots: z.array(
        z.object({
          pot: int().min(0),
          runs: z.array(z.object({ run: z.union([z.literal(1), z.literal(2)]), amount: chips(), winners: z.array(seatAmount()) })),
        }),
      ),
    })
    .describe('what each run paid of each pot; the chips moved with the PotAwarded events before it'),
  ClockStarted: z
    .object({ type: z.literal('ClockStarted'), seat: seat(), clock: clockNumber(), seconds: int(), deadline: instant() })
    .describe('a player is to act on a clocked table: clock `clock` runs out at `deadline` unless the seat acts first'),
  ClockPaused: z
    .object({ type: z.literal('ClockPaused'), clock: clockNumber(), remainingMs: int().min(0) })
    .describe('the floor paused the running clock with this much time left'),
  ClockResumed: z
    .object({ type: z.literal('ClockResumed'), clock: clockNumber(), deadline: instant() })
    .describe('the floor resumed the clock: its new deadline'),
  TimeBankUsed: z
    .object({
      type: z.literal('TimeBankUsed'),
      seat: seat(),
      clock: clockNumber(),
      seconds: int(),
      deadline: instant(),
      extensionsLeft: int().min(0),
    })
    .describe("the player's time bank extended the running clock to `deadline`"),
  ClockExpired: z
    .object({ type: z.literal('ClockExpired'), seat: seat(), clock: clockNumber(), outcome: z.enum(['fold', 'check']) })
    .describe("the clock ran out; the seat's PlayerFolded or PlayerChecked follows in the same command"),
} as const;

export type ContractEventType = keyof typeof TABLE_EVENT_SCHEMAS;

export const tableEventSchema = z.discriminatedUnion(
  'type',
  Object.values(TABLE_EVENT_SCHEMAS) as unknown as [
    (typeof TABLE_EVENT_SCHEMAS)[ContractEventType],
    ...(typeof TABLE_EVENT_SCHEMAS)[ContractEventType][],
  ],
);

// ---- compile-time check: the schemas describe exactly the engine's TableEvent ----

/** The engine's types are readonly all the way down; zod infers mutable ones. Compare shapes, not modifiers. */
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Inferred = { [K in ContractEventType]: z.infer<(typeof TABLE_EVENT_SCHEMAS)[K]> };
type EngineEvent<K> = Writable<Extract<TableEvent, { type: K }>>;
type Flat<T> = { [K in keyof T]: T[K] };
type WithoutSeed<T> = T extends unknown ? Flat<Omit<T, 'seed'>> : never;
/** An engine event as the relay publishes it (libs/projections publicEventData). */
type Published<K> = K extends 'HoleCardsDealt'
  ? { type: K; hands: { seat: number; cards: null }[] }
  : K extends 'HoleCardsReported'
    ? { type: K; seat: number; cards: null }
    : K extends 'DeckSealed' | 'DeckRevealed' | 'HoleCardsRevealed'
      ? { type: K; handNumber: number }
      : K extends 'HandStarted'
        ? Flat<Omit<EngineEvent<K>, 'deck' | 'shuffle'> & { shuffle: WithoutSeed<EngineEvent<'HandStarted'>['shuffle']> }>
        : EngineEvent<K>;

/** Announced in the issue-15 contract, published with their hand number only: in the contract before the engine records them. */
type Announced = 'DeckSealed' | 'DeckRevealed';
/** Every engine event type has a schema, and no schema is for a type the engine lacks (but those announced). */
export const SCHEMA_FOR_EVERY_TYPE: Equals<Exclude<ContractEventType, Announced>, Exclude<TableEvent['type'], Announced>> = true;
/** Each schema's inferred type is the engine's event type as published (one per member, so an error names the event). */
export const SCHEMAS_MATCH_ENGINE: { [K in ContractEventType]: Equals<Inferred[K], Published<K>> } = {
  TableOpened: true,
  TableClosed: true,
  PlayerSeated: true,
  PlayerLeft: true,
  PlayerSatOut: true,
  PlayerSatIn: true,
  ChipsAdded: true,
  ButtonDrawn: true,
  ButtonPlaced: true,
  HandStarted: true,
  BlindPosted: true,
  KillPotPosted: true,
  HoleCardsDealt: true,
  HoleCardsReported: true,
  PlayerFolded: true,
  PlayerChecked: true,
  PlayerCalled: true,
  BetPlaced: true,
  RaisePlaced: true,
  BlindsChopped: true,
  RakeTaken: true,
  KillButtonChanged: true,
  RulesChanged: true,
  UncalledBetReturned: true,
  BoardDealt: true,
  ShowdownStarted: true,
  HandShown: true,
  HandMucked: true,
  PotAwarded: true,
  HandEnded: true,
  HandVoided: true,
  DeckSealed: true,
  DeckRevealed: true,
  HoleCardsRevealed: true,
  SeatChanged: true,
  ActionCorrected: true,
  BombPotCalled: true,
  RunItTwiceAgreed: true,
  RunItOnceChosen: true,
  SecondBoardDealt: true,
  RunsAwarded: true,
  ClockStarted: true,
  ClockPaused: true,
  ClockResumed: true,
  TimeBankUsed: true,
  ClockExpired: true,
};

/** The schema of a published job's `data`: the event without `type` (the store keeps the type in its own column). */
export function dataSchemaOf(type: ContractEventType): z.ZodType {
  return (TABLE_EVENT_SCHEMAS[type] as z.ZodObject).omit({ type: true });
}
