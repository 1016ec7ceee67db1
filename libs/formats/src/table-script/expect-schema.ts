import { z } from 'zod';
import { REJECTION_CODES, chipsField, seatField, textField, wholeNumberField } from '@felt/engine';

/** What a table script expects (docs/table-scripts.md "Expectations"), and the pieces its commands' keys share. */

const int = wholeNumberField;
const chips = chipsField;
const seat = seatField();
const text = textField;

/** A rejection code of an engine (its `rejectionCodes`: the core's, then its modules', a casino's own too). */
export const rejectionCodeSchemaOf = (codes: readonly string[]) =>
  z.enum(codes as [string, ...string[]], {
    error: (issue) =>
      `unknown rejection code ${JSON.stringify(issue.input)}; the codes are listed in libs/engine/src/table/rejections.ts and the table's modules`,
  });
/** The default engine's rejection codes. */
export const rejectionCodeSchema = z.enum(REJECTION_CODES, {
  error: (issue) =>
    `unknown rejection code ${JSON.stringify(issue.input)}; the codes are listed in libs/engine/src/table/rejections.ts and the table's modules`,
});

/** Who owes blinds (by player id: "small", "big" or both) and who holds the kill button and the kill. */
export const tableViewSchema = z.strictObject({
  owedBlinds: z.record(z.string(), z.array(z.enum(['small', 'big']))).optional(),
  killButton: text('killButton').nullable().optional(),
  killer: text('killer').nullable().optional(),
});

/** An event within a hand: its type, or "Type:detail" (the street of BoardDealt, the kind of BlindPosted). */
export const eventMatcher = text('an event').regex(/^[A-Za-z]+(:[a-z-]+)?$/, {
  error: 'an event is a type such as "HandShown", or "BoardDealt:turn"',
});

export const cardList = text('a card list', 64);

const potExpectationSchema = z.strictObject({
  /** The hand number (1 is the script's first hand); the last hand when left out. */
  hand: int('hand').min(1).optional(),
  /** What the pot held, rake and drops included. */
  amount: chips('amount'),
  /** The house's rake from this pot. */
  rake: chips('rake').optional(),
  /** The drops for the house's funds from this pot (house rules jackpotDrop, promotionDrop). */
  drop: chips('drop').optional(),
  /** Player ids that may win the pot. */
  eligible: z.array(text('a player id')).optional(),
  /** What each winner receives, by player id. */
  winners: z.record(z.string(), chips('a share')).optional(),
});

const handExpectationSchema = z.strictObject({
  hand: int('hand').min(1),
  button: seat.optional(),
  smallBlind: seat.nullable().optional(),
  bigBlind: seat.nullable().optional(),
  board: cardList.optional(),
  /** Chips the house raked from the hand. */
  rake: chips('rake').optional(),
});

/** A script's expectations, its refusals' codes `code`'s (an engine's). */
const expectSchemaWith = (code: typeof rejectionCodeSchema) =>
  z.strictObject({
    /** Chips each player has at the end (behind, if the script stops in the middle of a hand). */
    finalStacks: z.record(z.string(), chips('a stack')),
    /** The pots of a hand, main pot first; every pot of each hand named here must be listed. */
    pots: z.array(potExpectationSchema).optional(),
    /** Exactly the refusals the script meets, by command index (each must also be marked with expectRejection). */
    rejections: z.array(z.strictObject({ command: int('command').min(0), code })).optional(),
    /** Button and blind positions of given hands. */
    hands: z.array(handExpectationSchema).optional(),
    /**
     * Order of events within a hand: every `first` event comes before any `then` event, in the named hand or, with
     * no hand, in every hand that has both (and at least one hand must).
     */
    eventOrder: z.array(z.strictObject({ hand: int('hand').min(1).optional(), first: eventMatcher, then: eventMatcher })).optional(),
    /** Owed blinds and the kill button at the end (only the keys given are checked). */
    table: tableViewSchema.optional(),
  });

export const expectSchema = expectSchemaWith(rejectionCodeSchema);

/** The expectations of an engine's scripts: its rejection codes. */
export const expectSchemaOf = (codes: readonly string[]) =>
  expectSchemaWith(rejectionCodeSchemaOf(codes) as unknown as typeof rejectionCodeSchema) as unknown as typeof expectSchema;
