/**
 * The core's commands whose shape is the same wherever they come from (the API's bodies, table scripts), in zod:
 * the one home of their fields and of the sentence each problem is reported with. commands.ts's CoreCommand takes
 * their types from here; libs/formats adds a script's own keys to each. The schemas check shapes only; whether the
 * command may happen is decide's.
 */
import { z } from 'zod';
import { MAX_SEATS, chipsField, wholeNumberField } from './rules-input';

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

export const CORE_COMMAND_SCHEMAS = Object.freeze({
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
  PlaceButton: z.strictObject({ type: z.literal('PlaceButton'), seat }),
  Fold: z.strictObject({ type: z.literal('Fold'), seat }),
  Check: z.strictObject({ type: z.literal('Check'), seat }),
  Call: z.strictObject({ type: z.literal('Call'), seat }),
  Bet: z.strictObject({ type: z.literal('Bet'), seat, amount: chips('amount') }),
  Raise: z.strictObject({ type: z.literal('Raise'), seat, to: chips('to') }),
  /** cards: on live tables, the cards tabled (unless a reader reported them). */
  ShowHand: z.strictObject({ type: z.literal('ShowHand'), seat, cards: enteredCards.optional() }),
  /** Live cards: the dealer enters the flop (3 cards), turn or river (1) as dealt; street is an optional check. */
  DealBoard: z.strictObject({ type: z.literal('DealBoard'), cards: enteredCards, street: z.enum(['flop', 'turn', 'river']).optional() }),
  /** Live cards: a reader reports a seat's two hole cards. */
  ReportHoleCards: z.strictObject({ type: z.literal('ReportHoleCards'), seat, cards: enteredCards }),
  MuckHand: z.strictObject({ type: z.literal('MuckHand'), seat }),
  VoidHand: z.strictObject({ type: z.literal('VoidHand'), reason: textField('reason') }),
  /** Moves a player to an empty seat while they are not dealt in; postToEnter: post a big blind where the blind has passed the new seat. */
  ChangeSeat: z.strictObject({ type: z.literal('ChangeSeat'), from: seat, to: seat, postToEnter: z.boolean().optional() }),
  /** Deals the hole cards once the forced bets are in, on tables where a house option posts voluntarily first. */
  Deal: z.strictObject({ type: z.literal('Deal') }),
});

type Schemas = typeof CORE_COMMAND_SCHEMAS;
/** The core commands of one shape everywhere, as the engine reads them. */
export type PlainCoreCommand = { [K in keyof Schemas]: Readonly<z.infer<Schemas[K]>> }[keyof Schemas];
