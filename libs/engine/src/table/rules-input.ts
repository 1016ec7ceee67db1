/**
 * What a client may send as a table's rules (the core's part), in zod: the one home of its shape, with the sentence
 * each problem is reported with. The engine's TableRulesInput is its type (rules.ts, with the house options' parts,
 * which their modules declare); the table-script format and the API validate with it (libs/formats rulesSchema adds
 * the options' shapes). The schema checks shapes only: the values' sense (blinds in order, a structure's amounts)
 * is normalizeRules's, with the rest of the rules.
 */
import { z } from 'zod';

export const MAX_SEATS = 10;

/** A whole number, named in the sentence that refuses anything else. */
export const wholeNumberField = (what: string) =>
  z.number({ error: `${what} must be a number` }).int({ error: `${what} must be a whole number` });
/** Chips: a whole number, not below zero. */
export const chipsField = (what: string) => wholeNumberField(what).min(0, { error: `${what} may not be negative` });

const int = wholeNumberField;
const chips = chipsField;

const structureInput = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('no-limit'), minimumBet: z.enum(['big-blind', 'lower-then-upper']).optional() }),
    z.strictObject({ kind: z.literal('pot-limit') }),
    z.strictObject({
      kind: z.literal('fixed-limit'),
      smallBet: chips('smallBet').optional(),
      bigBet: chips('bigBet').optional(),
      maxBetsPerRound: int('maxBetsPerRound').optional(),
      headsUpUncapped: z.boolean().optional(),
    }),
    z.strictObject({
      kind: z.literal('spread-limit'),
      min: chips('min').optional(),
      max: chips('max'),
      riverMax: chips('riverMax').optional(),
      maxRaises: int('maxRaises').optional(),
    }),
  ],
  {
    error: (issue) =>
      issue.code === 'invalid_union' ? 'structure.kind must be "no-limit", "pot-limit", "fixed-limit" or "spread-limit"' : undefined,
  },
);

/** The core's rules as a client sends them (strict: an unknown key is refused); the modules' fields are added by the caller. */
export const CORE_RULES_INPUT_SCHEMA = z.strictObject({
  /** The engine's rules version (docs/house-options.md "Versions"); leave it out for today's. */
  version: int('version').optional(),
  variant: z.literal('texas-holdem').optional(),
  structure: structureInput,
  smallBlind: chips('smallBlind'),
  bigBlind: chips('bigBlind'),
  ante: z.strictObject({ kind: z.enum(['none', 'everyone', 'big-blind', 'button']), amount: chips('the ante') }).optional(),
  maxSeats: int('maxSeats').optional(),
  buttonMode: z.enum(['dead', 'moving']).optional(),
  gameType: z.enum(['cash', 'tournament']).optional(),
  buyIn: z
    .strictObject({ min: chips('buyIn.min'), max: chips('buyIn.max') })
    .nullable()
    .optional(),
  /** The dealer's console shows every seat's hole cards (cards read electronically); default false. */
  dealerSeesHoleCards: z.boolean().optional(),
  /** deck (default): the engine deals from a deck known at the start of the hand. live: physical cards, entered as dealt. */
  cardSource: z.enum(['deck', 'live'], { error: 'cardSource must be "deck" or "live"' }).optional(),
  /**
   * Deck tables: who may choose the deck (docs/security.md "Insiders"). house: the house shuffle only; shuffler: a
   * certified shuffler's deck; training: anything, labelled as training. Rules that leave it out take any source.
   */
  deckSource: z.enum(['house', 'shuffler', 'training'], { error: 'deckSource must be "house", "shuffler" or "training"' }).optional(),
});

/** The core's part of TableRulesInput. */
export type CoreRulesInput = Readonly<z.infer<typeof CORE_RULES_INPUT_SCHEMA>>;
