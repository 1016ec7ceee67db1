import { Rejection, rejection } from './rejections';
import type { HouseRules, HouseRulesInput } from './extensions';
import { MAX_SEATS, type CoreRulesInput } from './rules-input';

/** The four betting structures of docs/rules.md section 1. */
export type BettingStructure =
  | {
      readonly kind: 'no-limit';
      /** big-blind: one big blind on every street (today's rooms). lower-then-upper: the seeds' 10 then 20. */
      readonly minimumBet: 'big-blind' | 'lower-then-upper';
    }
  | { readonly kind: 'pot-limit' }
  | {
      readonly kind: 'fixed-limit';
      readonly smallBet: number;
      readonly bigBet: number;
      /** A bet and three raises (the big blind counts as the opening bet preflop). */
      readonly maxBetsPerRound: number;
      /** Cash games: raising is uncapped when the pot is heads-up before the cap is reached. */
      readonly headsUpUncapped: boolean;
    }
  | {
      readonly kind: 'spread-limit';
      readonly min: number;
      readonly max: number;
      /** An optional larger maximum on the river ("1-6, 10 on the end"). */
      readonly riverMax?: number;
      /** An optional limit on the number of raises per round. */
      readonly maxRaises?: number;
    };

export type StructureKind = BettingStructure['kind'];

export type AnteKind = 'none' | 'everyone' | 'big-blind' | 'button';

/**
 * Where the table's cards come from. deck: the whole deck order is known when the hand starts (the dealer's
 * deck, or one shuffled from a seed) and the engine deals from it. live: physical cards; the engine knows a card
 * only once the dealer enters it (the board, shown hands) or a reader reports it (table/live-cards.ts).
 */
export type CardSource = 'deck' | 'live';
export const CARD_SOURCES: readonly CardSource[] = Object.freeze(['deck', 'live'] as const);

/**
 * Who may choose a deck table's order (docs/security.md "Insiders", row 1). house: the house shuffle only (a seed the
 * API draws from the OS CSPRNG for hmac-drbg-sha256-fisher-yates); no request may carry a deck or a seed. shuffler:
 * a certified shuffler's deck, sent through its own device credential (the house may still draw for the button).
 * training: supplied decks and the demo seeds too, labelled as training in every hand's record (HandStarted's
 * `deckSource`, hand histories, exports). Rules recorded without it (old logs, table scripts) take any source.
 */
export type DeckSourceRule = 'house' | 'shuffler' | 'training';
export const DECK_SOURCE_RULES: readonly DeckSourceRule[] = Object.freeze(['house', 'shuffler', 'training'] as const);

/** The core's rules, then the fields the house options own (merged into table/extensions.ts's HouseRules). */
export interface TableRules extends HouseRules {
  /**
   * The version of the engine's own rules this table is played under (absent: 1, the tables opened before it
   * existed). A fix that changes what old events mean comes with a new version, so an old table replays the old
   * way; see RULES_VERSION and docs/house-options.md "Versions".
   */
  readonly version?: number;
  readonly variant: 'texas-holdem';
  readonly structure: BettingStructure;
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: { readonly kind: AnteKind; readonly amount: number };
  readonly maxSeats: number;
  /** dead: the big blind moves one player each hand and button/small blind follow (TDA 32, default); moving: the button always moves to the next player. */
  readonly buttonMode: 'dead' | 'moving';
  readonly gameType: 'cash' | 'tournament';
  readonly buyIn: { readonly min: number; readonly max: number } | null;
  /** Absent means deck (so are rules recorded before live cards existed): read it with cardSourceOf. */
  readonly cardSource?: CardSource;
  /** Deck tables only: read it with deckSourceOf. Absent in rules recorded before it existed and in table scripts that leave it out. */
  readonly deckSource?: DeckSourceRule;
  /**
   * The cards are read electronically and the dealer's console shows every seat's hole cards during the hand
   * (docs/security.md). Off by default: a dealer runs a live table and never needs another player's face-down cards.
   * Recorded only when true, so the rules of tables that never set it stay as they were.
   */
  readonly dealerSeesHoleCards?: true;
}

/**
 * The rules version new tables get. 2: all-in hands are tabled before the rest of the board is dealt (TDA 16);
 * moving-button skipped blinds are owed, and going heads-up nobody takes the big blind twice in a row (RRoP
 * Blinds #1, TDA 34-B); the fixed-limit cap counts only players who are not all-in (RRoP Betting & Raising #3);
 * a seat that owes a forced bet cannot sit out to dodge it (RRoP Kill Pots #6). 3: a forced bet that takes a
 * player's last chip settles the rest they owe, so a short big blind owes no big-blind ante (TDA RP-11). 4: when
 * every player able to play came after the last hand (all new or waiting for the big blind), a new game starts and
 * everyone is dealt in, instead of no hand at all. 5: with a dead button, the first hand after heads-up puts the
 * button before the small blind's position, not on the big blind (whose seat then barred every returning player).
 */
export const RULES_VERSION = 5;

/** The table's card source; rules recorded before the option existed deal from a deck. */
export function cardSourceOf(rules: TableRules): CardSource {
  return rules.cardSource ?? 'deck';
}

/** The table's deck source rule; null where the rules record none (old logs, table scripts): any source is taken. */
export function deckSourceOf(rules: TableRules): DeckSourceRule | null {
  return rules.deckSource ?? null;
}

/** The rules version a table follows (absent in tables opened before versions existed: 1). */
export function rulesVersion(rules: TableRules): number {
  return rules.version ?? 1;
}

/**
 * What a client may send: everything but the stakes and the structure kind has a default. The core's part is the
 * type of its zod schema (rules-input.ts); the house options' parts are declared by their modules.
 */
export type TableRulesInput = CoreRulesInput & HouseRulesInput;

export function isChipAmount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function positive(value: unknown): value is number {
  return isChipAmount(value) && value > 0;
}

/** Fills defaults and checks that the rules make sense; the result is what TableOpened records. */
/** A record being built: its members may still be set. */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The engine's check of the house options' part of the rules (table/hooks.ts houseRules): this file imports no hook. */
export interface HouseRulesCheck {
  houseRules(
    input: HouseRulesInput,
    ctx: { readonly structure: StructureKind; readonly tournament: boolean; readonly smallBlind: number; readonly bigBlind: number },
  ): { ok: true; rules: HouseRules } | { ok: false; field: string; why: string };
}

export function normalizeRules(
  h: HouseRulesCheck,
  input: TableRulesInput,
): { ok: true; rules: TableRules } | { ok: false; rejection: Rejection } {
  const bad = (field: string, why: string) => ({
    ok: false as const,
    rejection: rejection('INVALID_RULES', `The table rules are invalid: ${why}.`, `rules.${field}`),
  });
  if (typeof input !== 'object' || input === null) return bad('', 'rules are missing');
  if (input.variant !== undefined && input.variant !== 'texas-holdem') return bad('variant', 'only texas-holdem is dealt');
  const version = input.version ?? RULES_VERSION;
  if (!Number.isInteger(version) || version < 1 || version > RULES_VERSION)
    return bad('version', `the rules version is 1 to ${RULES_VERSION}`);
  if (!positive(input.bigBlind)) return bad('bigBlind', 'the big blind must be a whole number of chips above zero');
  if (!isChipAmount(input.smallBlind) || input.smallBlind > input.bigBlind)
    return bad('smallBlind', 'the small blind must be a whole number of chips, at most the big blind');
  const maxSeats = input.maxSeats ?? 10;
  if (!Number.isInteger(maxSeats) || maxSeats < 2 || maxSeats > MAX_SEATS) return bad('maxSeats', 'a table has 2 to 10 seats');
  const ante = input.ante ?? { kind: 'none', amount: 0 };
  if (!['none', 'everyone', 'big-blind', 'button'].includes(ante.kind))
    return bad('ante.kind', 'the ante is none, everyone, big-blind or button');
  if (!isChipAmount(ante.amount) || (ante.kind !== 'none' && ante.amount === 0))
    return bad('ante.amount', 'an ante must be a whole number of chips above zero');
  const buttonMode = input.buttonMode ?? 'dead';
  if (buttonMode !== 'dead' && buttonMode !== 'moving') return bad('buttonMode', 'the button is dead or moving');
  const gameType = input.gameType ?? 'cash';
  if (gameType !== 'cash' && gameType !== 'tournament') return bad('gameType', 'the game is cash or tournament');
  const buyIn = input.buyIn ?? null;
  if (buyIn !== null && (!positive(buyIn.min) || !positive(buyIn.max) || buyIn.min > buyIn.max))
    return bad('buyIn', 'the buy-in range needs a minimum and a maximum above zero, minimum first');

  const cardSource = input.cardSource ?? 'deck';
  if (!CARD_SOURCES.includes(cardSource)) return bad('cardSource', 'the card source is deck or live');
  const deckSource = input.deckSource;
  if (deckSource !== undefined && !DECK_SOURCE_RULES.includes(deckSource))
    return bad('deckSource', 'the deck source is house, shuffler or training');
  if (deckSource !== undefined && cardSource === 'live') return bad('deckSource', 'a live-cards table has no deck: leave deckSource out');
  const dealerSeesHoleCards = input.dealerSeesHoleCards ?? false;
  if (typeof dealerSeesHoleCards !== 'boolean') return bad('dealerSeesHoleCards', 'dealerSeesHoleCards is true or false');

  const structure = normalizeStructure(input.structure as Partial<BettingStructure> & { kind: StructureKind }, input.bigBlind, gameType);
  if ('why' in structure) return bad(structure.field, structure.why);

  const house = h.houseRules(input, {
    structure: structure.structure.kind,
    tournament: gameType === 'tournament',
    smallBlind: input.smallBlind,
    bigBlind: input.bigBlind,
  });
  if (!house.ok) return bad(house.field, house.why);

  // One literal with every member, then the optional ones: spreads in the literal cost microseconds a table and
  // made the PHH benchmark's OpenTable a sixth of its engine time.
  const rules = {
    variant: 'texas-holdem',
    structure: structure.structure,
    smallBlind: input.smallBlind,
    bigBlind: input.bigBlind,
    ante: { kind: ante.kind, amount: ante.kind === 'none' ? 0 : ante.amount },
    maxSeats,
    buttonMode,
    gameType,
    buyIn,
  } as Mutable<TableRules>;
  // Then the house options' fields (each module's parameters, house-options/house-options.ts).
  Object.assign(rules, house.rules);
  // Version 1 is recorded as no version at all, exactly as the tables opened before versions existed.
  if (version !== 1) rules.version = version;
  // Recorded only when live, so that deck tables' rules read as they did before the option existed.
  if (cardSource === 'live') rules.cardSource = cardSource;
  // Recorded only when given, so that rules written before it (and table scripts) read and replay as they did.
  if (deckSource !== undefined) rules.deckSource = deckSource;
  if (dealerSeesHoleCards) rules.dealerSeesHoleCards = true;
  return { ok: true, rules };
}

function normalizeStructure(
  input: Partial<BettingStructure> & { kind: StructureKind },
  bigBlind: number,
  gameType: 'cash' | 'tournament',
): { structure: BettingStructure } | { field: string; why: string } {
  if (typeof input !== 'object' || input === null) return { field: 'structure', why: 'the betting structure is missing' };
  switch (input.kind) {
    case 'no-limit': {
      const s = input as Partial<Extract<BettingStructure, { kind: 'no-limit' }>>;
      const minimumBet = s.minimumBet ?? 'big-blind';
      if (minimumBet !== 'big-blind' && minimumBet !== 'lower-then-upper')
        return { field: 'structure.minimumBet', why: 'the no-limit minimum bet is big-blind or lower-then-upper' };
      return { structure: { kind: 'no-limit', minimumBet } };
    }
    case 'pot-limit':
      return { structure: { kind: 'pot-limit' } };
    case 'fixed-limit': {
      const s = input as Partial<Extract<BettingStructure, { kind: 'fixed-limit' }>>;
      const smallBet = s.smallBet ?? bigBlind;
      const bigBet = s.bigBet ?? smallBet * 2;
      if (!positive(smallBet)) return { field: 'structure.smallBet', why: 'the small bet must be above zero' };
      if (!positive(bigBet) || bigBet < smallBet) return { field: 'structure.bigBet', why: 'the big bet must be at least the small bet' };
      const maxBetsPerRound = s.maxBetsPerRound ?? 4;
      if (!Number.isInteger(maxBetsPerRound) || maxBetsPerRound < 2 || maxBetsPerRound > 10)
        return { field: 'structure.maxBetsPerRound', why: 'a round allows 2 to 10 bets' };
      const headsUpUncapped = s.headsUpUncapped ?? gameType === 'cash';
      if (typeof headsUpUncapped !== 'boolean') return { field: 'structure.headsUpUncapped', why: 'headsUpUncapped is true or false' };
      return { structure: { kind: 'fixed-limit', smallBet, bigBet, maxBetsPerRound, headsUpUncapped } };
    }
    case 'spread-limit': {
      const s = input as Partial<Extract<BettingStructure, { kind: 'spread-limit' }>>;
      const min = s.min ?? bigBlind;
      if (!positive(min)) return { field: 'structure.min', why: 'the spread minimum must be above zero' };
      if (!positive(s.max) || s.max < min) return { field: 'structure.max', why: 'the spread maximum must be at least the minimum' };
      if (s.riverMax !== undefined && (!positive(s.riverMax) || s.riverMax < s.max))
        return { field: 'structure.riverMax', why: 'the river maximum must be at least the maximum' };
      if (s.maxRaises !== undefined && (!Number.isInteger(s.maxRaises) || s.maxRaises < 1))
        return { field: 'structure.maxRaises', why: 'the raise limit must be a whole number above zero' };
      return {
        structure: {
          kind: 'spread-limit',
          min,
          max: s.max,
          ...(s.riverMax !== undefined ? { riverMax: s.riverMax } : {}),
          ...(s.maxRaises !== undefined ? { maxRaises: s.maxRaises } : {}),
        },
      };
    }
    default:
      return { field: 'structure.kind', why: 'the structure is no-limit, pot-limit, fixed-limit or spread-limit' };
  }
}
