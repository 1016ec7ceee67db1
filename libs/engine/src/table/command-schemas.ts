/**
 * The core's commands in zod: the one home of their fields and of the sentence each problem is reported with.
 * commands.ts's CoreCommand is their types; libs/formats (the table-script format, and through it the API's bodies
 * and OpenAPI) extends each with a script's own keys and narrows what a client may not send (a string seed, a salt),
 * never redefining a field. The schemas check shapes only; whether the command may happen is decide's.
 */
import { z } from 'zod';
import type { TableRulesInput } from './rules';
import type { Infer } from './schema-types';
import { CORE_RULES_INPUT_SCHEMA, MAX_SEATS, chipsField, wholeNumberField } from './rules-input';

/** A seat number, 1 to MAX_SEATS. */
export const seatField = () =>
  wholeNumberField('a seat')
    .min(1, { error: 'seats are numbered from 1' })
    .max(MAX_SEATS, { error: `seats are numbered up to ${MAX_SEATS}` });
/** Every string has a bound: ids and names are short; a reason or a note is a sentence or a paragraph. */
export const textField = (what: string, max = 4000) =>
  z.string({ error: `${what} must be a string` }).max(max, { error: `${what} is at most ${max} characters` });
/** Cards entered at a live table, one code each ("Ah"); the engine checks the count and that none was seen. */
const enteredCards = z.array(textField('a card', 8)).max(5, { error: 'at most five cards are entered at once' }).readonly();

const seat = seatField();
const chips = chipsField;

/** A deck is 52 cards; arrays are bounded so that a body cannot ask for unbounded work. */
export const DECK_SIZE = 52;
/** The longest reason a correction may give. */
export const MAX_CORRECTION_REASON = 200;

/**
 * Where a dealing command's cards come from (table/deck.ts reads it; it refuses a deck and a seed together). deck:
 * the dealer's order, top card first, as card codes ("As"), all 52 once. seed: for a named derivation: 64 lower-case
 * hex digits for the house's "hmac-drbg-sha256-fisher-yates" (the API draws them from the operating system's CSPRNG),
 * or a whole number below 2^32 for "mulberry32-fisher-yates", which scripts, tests and demos use and anyone can
 * predict; `prng` may name the derivation, and the seed's form must fit it. salt: StartHand's salt for the deck's
 * commitment (random, from the API; a script leaves it out, and its commitment then hides nothing). Nothing at all
 * on live-cards tables: the cards are entered as they are dealt (table/live-cards.ts).
 */
const deckSource = Object.freeze({
  deck: z
    .array(textField('a card', 8))
    .max(DECK_SIZE, { error: `a deck has at most ${DECK_SIZE} cards` })
    .optional(),
  seed: z.union([textField('seed', 64), chips('seed')]).optional(),
  prng: z.enum(['hmac-drbg-sha256-fisher-yates', 'mulberry32-fisher-yates']).optional(),
  salt: textField('salt', 128).optional(),
});

/**
 * A table's rules as a command carries them: the core's fields (rules-input.ts); the house options' parts
 * (houseOptions, missedBlinds), declared by their modules (HouseRulesInput), are added by libs/formats rulesSchema,
 * which extends this one.
 */
const rules = CORE_RULES_INPUT_SCHEMA;

export const CORE_COMMAND_SCHEMAS = Object.freeze({
  OpenTable: z.strictObject({ type: z.literal('OpenTable'), tableId: textField('tableId', 64), rules }),
  CloseTable: z.strictObject({ type: z.literal('CloseTable') }),
  SeatPlayer: z.strictObject({
    type: z.literal('SeatPlayer'),
    seat,
    playerId: textField('playerId', 128),
    buyIn: chips('buyIn'),
    postToEnter: z.boolean().optional(),
  }),
  LeaveTable: z.strictObject({ type: z.literal('LeaveTable'), seat }),
  SitOut: z.strictObject({ type: z.literal('SitOut'), seat }),
  SitIn: z.strictObject({ type: z.literal('SitIn'), seat, waitForBigBlind: z.boolean().optional() }),
  AddChips: z.strictObject({ type: z.literal('AddChips'), seat, amount: chips('amount') }),
  /** Draws for the button: one card to each seat from this deck (or seed), the highest wins it. */
  DrawForButton: z.strictObject({ type: z.literal('DrawForButton'), ...deckSource }),
  PlaceButton: z.strictObject({ type: z.literal('PlaceButton'), seat }),
  StartHand: z.strictObject({ type: z.literal('StartHand'), ...deckSource }),
  /** blind: which of the seat's forced bets (small-blind, big-blind, ante, make-up-big, ... a module's kind); its next one when left out. */
  PostBlind: z.strictObject({ type: z.literal('PostBlind'), seat, blind: textField('blind', 64).optional() }),
  /** Deals the hole cards once the forced bets are in, on tables where a house option posts voluntarily first. */
  Deal: z.strictObject({ type: z.literal('Deal') }),
  /** Floor only, between hands: new rules from the next hand on (a new game for the kill button). */
  ChangeRules: z.strictObject({ type: z.literal('ChangeRules'), rules }),
  Fold: z.strictObject({ type: z.literal('Fold'), seat }),
  Check: z.strictObject({ type: z.literal('Check'), seat }),
  Call: z.strictObject({ type: z.literal('Call'), seat }),
  Bet: z.strictObject({ type: z.literal('Bet'), seat, amount: chips('amount') }),
  Raise: z.strictObject({ type: z.literal('Raise'), seat, to: chips('to') }),
  /** cards: on live tables, the cards tabled (unless a reader reported them). */
  ShowHand: z.strictObject({ type: z.literal('ShowHand'), seat, cards: enteredCards.optional() }),
  MuckHand: z.strictObject({ type: z.literal('MuckHand'), seat }),
  VoidHand: z.strictObject({ type: z.literal('VoidHand'), reason: textField('reason') }),
  /** Live cards: the dealer enters the flop (3 cards), turn or river (1) as dealt; street is an optional check. */
  DealBoard: z.strictObject({ type: z.literal('DealBoard'), cards: enteredCards, street: z.enum(['flop', 'turn', 'river']).optional() }),
  /** Live cards: a reader reports a seat's two hole cards. */
  ReportHoleCards: z.strictObject({ type: z.literal('ReportHoleCards'), seat, cards: enteredCards }),
  /** Moves a player to an empty seat while they are not dealt in; postToEnter: post a big blind where the blind has passed the new seat. */
  ChangeSeat: z.strictObject({ type: z.literal('ChangeSeat'), from: seat, to: seat, postToEnter: z.boolean().optional() }),
  /** Floor only: takes back the hand's `action`-th standing betting action and every one after it (table/corrections.ts). */
  CorrectAction: z.strictObject({
    type: z.literal('CorrectAction'),
    action: wholeNumberField('action').min(1, { error: 'actions are numbered from 1' }),
    reason: textField('reason', MAX_CORRECTION_REASON).trim().min(1, { error: 'say why the action is corrected' }),
  }),
});

type Schemas = typeof CORE_COMMAND_SCHEMAS;
/** A command's rules are the core's and the modules' (the modules' parts are typed in their files). */
type WithHouseRules<T> = T extends { readonly rules: unknown } ? Omit<T, 'rules'> & { readonly rules: TableRulesInput } : T;
/** The core's commands, as the engine reads them: each the type of its schema. */
export type CoreCommand = { [K in keyof Schemas]: WithHouseRules<Infer<Schemas[K]>> }[keyof Schemas];
/** Where a dealing command's cards come from (StartHand, DrawForButton). */
export type DeckSource = Omit<Infer<Schemas['StartHand']>, 'type'>;
