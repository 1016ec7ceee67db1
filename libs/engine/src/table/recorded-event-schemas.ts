/**
 * The core's events in zod, as the log records them: the one home of their fields. events.ts's TableEvent is their
 * types (with the house options' parts, table/extensions.ts); event-schemas.ts derives the queue's published
 * contract from them, one rule per secret (hole cards, the sealed deck and its seed, the hole cards' key). Nothing
 * parses an event with these in decide or evolve: the engine uses their types only.
 *
 * This file imports no module and no engine type (the house options' parts come in as arguments), so events.ts can
 * take its types from it without an import circle.
 */
import { z } from 'zod';

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

/** The named deck derivations (table/deck.ts): the house's HMAC_DRBG shuffle, and mulberry32 for scripts and demos only. */
export const prngSchema = z
  .enum(['hmac-drbg-sha256-fisher-yates', 'mulberry32-fisher-yates'])
  .describe('the deck derivation (docs/regulators.md)');

/** How a deck was made, with its seed: in DeckSealed, DeckRevealed and ButtonDrawn (a draw's cards are all public). */
export const shuffleRecordSchema = z.union([
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

/** How a deck was made, without its seed: what HandStarted says while the deck is sealed (never the seed: it would tell every card to come). */
export const shuffleMethodSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('supplied') }),
  z.strictObject({ kind: z.literal('seeded'), prng: prngSchema }),
  z.strictObject({ kind: z.literal('live') }).describe('a live-cards table: physical cards, no deck known to anyone'),
]);

/** The sealed deck of a hand: in DeckSealed during the hand, in DeckRevealed after it. */
export const sealedDeckShape = () =>
  Object.freeze({
    handNumber: int(),
    /** All 52 cards, top first. */
    deck: z.array(card()).length(52),
    shuffle: shuffleRecordSchema,
    /** Hex; SHA-256(salt bytes ‖ deck bytes) is HandStarted's deckCommitment (shuffle/deck-commitment.ts). */
    salt: z.string().regex(/^(?:[0-9a-f]{2})*$/),
  });

/** The events of a player's betting action: what a correction can take back. */
const bettingActions = () =>
  Object.freeze({
    PlayerFolded: z.strictObject({ type: z.literal('PlayerFolded'), seat: seat() }),
    PlayerChecked: z.strictObject({ type: z.literal('PlayerChecked'), seat: seat() }),
    PlayerCalled: z.strictObject({ type: z.literal('PlayerCalled'), seat: seat(), amount: chips(), allIn: z.boolean() }),
    BetPlaced: z.strictObject({ type: z.literal('BetPlaced'), seat: seat(), amount: chips(), allIn: z.boolean(), full: z.boolean() }),
    RaisePlaced: z.strictObject({ type: z.literal('RaisePlaced'), seat: seat(), to: chips(), allIn: z.boolean(), full: z.boolean() }),
  });

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

/** The core's fields of the recorded rules (the modules add `houseOptions` and their own fields: event-schemas.ts). */
export const CORE_RECORDED_RULES = Object.freeze({
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

/**
 * What the house options add to the core's events: the whole recorded rules (the core's fields, then theirs), every
 * forced-bet kind (the core's, then theirs) and their fields of HandStarted. event-schemas.ts composes them from an
 * engine's modules; events.ts names their types.
 */
export interface HouseParts<Rules extends z.ZodType, Kind extends z.ZodType, Started extends z.ZodRawShape> {
  readonly rules: Rules;
  readonly forcedBetKind: Kind;
  readonly started: Started;
}

const seatAmount = () => z.strictObject({ seat: seat(), amount: chips() });

/** The core's events as recorded, by type, in the order the engine lists them (CORE_EVENT_TYPES). */
export function coreEventSchemas<Rules extends z.ZodType, Kind extends z.ZodType, Started extends z.ZodRawShape>(
  house: HouseParts<Rules, Kind, Started>,
) {
  const actions = bettingActions();
  return Object.freeze({
    TableOpened: z.strictObject({ type: z.literal('TableOpened'), tableId: z.string(), rules: house.rules }),
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
      shuffle: shuffleRecordSchema,
    }),
    ButtonPlaced: z.strictObject({ type: z.literal('ButtonPlaced'), seat: seat() }),
    HandStarted: z.strictObject({
      type: z.literal('HandStarted'),
      handNumber: int(),
      button: seat(),
      smallBlindSeat: seat().nullable(),
      bigBlindSeat: seat(),
      /** Dealt-in seats, clockwise from the first seat left of the button (the dealing order). */
      players: z.array(z.strictObject({ seat: seat(), playerId: z.string(), stack: chips() })),
      /** Live money counts toward the poster's call; dead money goes to the main pot only. */
      forcedBets: z.array(z.strictObject({ seat: seat(), kind: house.forcedBetKind, amount: chips(), live: z.boolean() })),
      /** No deck and no seed: those are sealed in the DeckSealed that follows, until DeckRevealed. */
      shuffle: shuffleMethodSchema,
      deckCommitment: z
        .string()
        .nullable()
        .describe('lower-case hex SHA-256 of the salted deck; the deck itself is revealed after the hand. null on live-cards tables'),
      deckSource: deckSourceRule
        .optional()
        .describe(
          "the table's deck source rule when its rules record one; training: a hand whose deck anyone could choose (not a game's record)",
        ),
      /** Then the house options' fields (e.g. the blinds missed, a triggered kill). */
      ...house.started,
    }),
    BlindPosted: z.strictObject({
      type: z.literal('BlindPosted'),
      seat: seat(),
      kind: house.forcedBetKind,
      amount: chips(),
      live: z.boolean(),
      allIn: z.boolean(),
    }),
    /** cards is null where nobody knows them (live cards: the dealer pitched them face down). Secret until shown. */
    HoleCardsDealt: z.strictObject({
      type: z.literal('HoleCardsDealt'),
      hands: z.array(z.strictObject({ seat: seat(), cards: z.array(card()).nullable() })),
    }),
    /** Live cards: a reader (RFID shoe or table) read a player's hole cards. Secret like HoleCardsDealt. */
    HoleCardsReported: z.strictObject({ type: z.literal('HoleCardsReported'), seat: seat(), cards: z.array(card()) }),
    RulesChanged: z.strictObject({ type: z.literal('RulesChanged'), rules: house.rules }),
    ...actions,
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
    /** Right after HandStarted: the only place the undealt deck lives during the hand (the API stores it encrypted). */
    DeckSealed: z.strictObject({ type: z.literal('DeckSealed'), ...sealedDeckShape() }),
    /** Right after HandEnded or HandVoided of a hand that had a DeckSealed: every card, mucked ones included. */
    DeckRevealed: z.strictObject({ type: z.literal('DeckRevealed'), ...sealedDeckShape() }),
    /**
     * Never decided by the engine: the API appends it after a hand's HandEnded or HandVoided (and DeckRevealed), with
     * the key that opens the hand's hole cards, which the event store holds sealed while the hand is live
     * (docs/security.md, "Insiders" row 4). Folding it changes nothing.
     */
    HoleCardsRevealed: z.strictObject({
      type: z.literal('HoleCardsRevealed'),
      handNumber: int(),
      key: z.string().regex(/^[0-9a-f]{64}$/),
    }),
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
        retracted: z
          .array(
            z.discriminatedUnion('type', [
              actions.PlayerFolded,
              actions.PlayerChecked,
              actions.PlayerCalled,
              actions.BetPlaced,
              actions.RaisePlaced,
            ]),
          )
          .describe('the betting actions taken back, oldest first; their events stay in the log'),
        reason: z.string(),
      })
      .describe('the floor took back a mis-keyed action and every one after it: the hand is as it was just before it'),
  });
}

/** The core's events with the core's parts alone (an engine with no module): CORE_EVENT_TYPES are its keys. */
export const CORE_EVENT_SCHEMAS = coreEventSchemas({
  rules: z.strictObject(CORE_RECORDED_RULES),
  forcedBetKind: z.enum(CORE_FORCED_BET_KINDS),
  started: Object.freeze({}),
});
