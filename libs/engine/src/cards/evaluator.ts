/**
 * Poker hand evaluator for 5, 6 and 7 cards.
 *
 * A HandValue is an integer from 1 to 7462: higher is better, equal values tie,
 * and the value of a hand class is the same whether it was found among 5, 6 or
 * 7 cards. The fixed-arity functions (evaluate5/6/7) are the hot path: no
 * validation, no allocation, a handful of typed-array reads. See
 * evaluator-tables.ts for how the tables work.
 */
import { Card, Rank, formatCard, isValidCard } from './card';
import * as tables from './evaluator-tables';

export type HandValue = number;

/** Hand categories, weakest first; a royal flush is the best straight flush. */
export const HAND_CATEGORIES = [
  'high-card',
  'one-pair',
  'two-pair',
  'three-of-a-kind',
  'straight',
  'flush',
  'full-house',
  'four-of-a-kind',
  'straight-flush',
] as const;

export type HandCategory = (typeof HAND_CATEGORIES)[number];

export const MAX_HAND_VALUE = tables.MAX_HAND_VALUE;

// Local copies: transpiled imports are getters on the exports object, too slow for the hot path.
const SUIT_COUNTERS_START = tables.SUIT_COUNTERS_START;
const FLUSH_BITS = tables.FLUSH_BITS;
const GROUP_A_BITS = tables.GROUP_A_BITS;
const GROUP_A_MASK = tables.GROUP_A_MASK;
const CATEGORY_VALUE_OFFSET = tables.CATEGORY_VALUE_OFFSET;
const EVALUATOR_TABLES = tables.EVALUATOR_TABLES;
const RANK_KEY = EVALUATOR_TABLES.rankKey;
const SUIT_KEY = EVALUATOR_TABLES.suitKey;
const GROUP_A_OFFSET = EVALUATOR_TABLES.groupAOffset;
const GROUP_B_INDEX = EVALUATOR_TABLES.groupBIndex;
const NON_FLUSH_VALUE = EVALUATOR_TABLES.nonFlushValue;
const FLUSH_VALUE = EVALUATOR_TABLES.flushValue;
const CATEGORY_OF_VALUE = EVALUATOR_TABLES.categoryOfValue;
const CLASS_RANKS = EVALUATOR_TABLES.classRanks;

/** Suit whose counter nibble has its top bit set in `flushBits` (exactly one can, for up to 7 cards). */
function flushSuit(flushBits: number): number {
  return (31 - Math.clz32(flushBits)) >> 2;
}

function suitedRankBit(card: Card, suit: number): number {
  return (card & 3) === suit ? 1 << (card >> 2) : 0;
}

/** Value of a rank-key sum (see evaluator-tables.ts): two small reads give the index of the value. */
function nonFlushValue(rankKeySum: number): HandValue {
  return NON_FLUSH_VALUE[GROUP_A_OFFSET[rankKeySum & GROUP_A_MASK] + GROUP_B_INDEX[rankKeySum >>> GROUP_A_BITS]];
}

/**
 * Value of the best five of seven distinct valid cards. Not checked: other
 * input gives a meaningless number. In a hot loop under a transpiler that turns
 * imports into getters (swc, esbuild), copy the function to a local first.
 */
export function evaluate7(c1: Card, c2: Card, c3: Card, c4: Card, c5: Card, c6: Card, c7: Card): HandValue {
  const suitCounters =
    SUIT_COUNTERS_START + SUIT_KEY[c1] + SUIT_KEY[c2] + SUIT_KEY[c3] + SUIT_KEY[c4] + SUIT_KEY[c5] + SUIT_KEY[c6] + SUIT_KEY[c7];
  const flushBits = suitCounters & FLUSH_BITS;
  if (flushBits !== 0) {
    // With 5+ cards of one suit among 7, no full house or quads is possible: the flush is the best hand.
    const suit = flushSuit(flushBits);
    return FLUSH_VALUE[
      suitedRankBit(c1, suit) |
        suitedRankBit(c2, suit) |
        suitedRankBit(c3, suit) |
        suitedRankBit(c4, suit) |
        suitedRankBit(c5, suit) |
        suitedRankBit(c6, suit) |
        suitedRankBit(c7, suit)
    ];
  }
  return nonFlushValue(RANK_KEY[c1] + RANK_KEY[c2] + RANK_KEY[c3] + RANK_KEY[c4] + RANK_KEY[c5] + RANK_KEY[c6] + RANK_KEY[c7]);
}

/** Value of the best five of six distinct valid cards (not checked). */
export function evaluate6(c1: Card, c2: Card, c3: Card, c4: Card, c5: Card, c6: Card): HandValue {
  const suitCounters = SUIT_COUNTERS_START + SUIT_KEY[c1] + SUIT_KEY[c2] + SUIT_KEY[c3] + SUIT_KEY[c4] + SUIT_KEY[c5] + SUIT_KEY[c6];
  const flushBits = suitCounters & FLUSH_BITS;
  if (flushBits !== 0) {
    const suit = flushSuit(flushBits);
    return FLUSH_VALUE[
      suitedRankBit(c1, suit) |
        suitedRankBit(c2, suit) |
        suitedRankBit(c3, suit) |
        suitedRankBit(c4, suit) |
        suitedRankBit(c5, suit) |
        suitedRankBit(c6, suit)
    ];
  }
  return nonFlushValue(RANK_KEY[c1] + RANK_KEY[c2] + RANK_KEY[c3] + RANK_KEY[c4] + RANK_KEY[c5] + RANK_KEY[c6]);
}

/** Value of five distinct valid cards (not checked). */
export function evaluate5(c1: Card, c2: Card, c3: Card, c4: Card, c5: Card): HandValue {
  const suitCounters = SUIT_COUNTERS_START + SUIT_KEY[c1] + SUIT_KEY[c2] + SUIT_KEY[c3] + SUIT_KEY[c4] + SUIT_KEY[c5];
  if ((suitCounters & FLUSH_BITS) !== 0) {
    return FLUSH_VALUE[(1 << (c1 >> 2)) | (1 << (c2 >> 2)) | (1 << (c3 >> 2)) | (1 << (c4 >> 2)) | (1 << (c5 >> 2))];
  }
  return nonFlushValue(RANK_KEY[c1] + RANK_KEY[c2] + RANK_KEY[c3] + RANK_KEY[c4] + RANK_KEY[c5]);
}

/** Throws unless `cards` holds 5 to 7 distinct valid cards (programming errors, not user text). */
function assertEvaluable(cards: readonly Card[]): void {
  if (cards.length < 5 || cards.length > 7) {
    throw new RangeError(`can only evaluate 5, 6 or 7 cards, got ${cards.length}`);
  }
  let seenLow = 0;
  let seenHigh = 0;
  for (const card of cards) {
    if (!isValidCard(card)) throw new RangeError(`invalid card ${String(card)}`);
    const seenBefore = card < 26 ? seenLow & (1 << card) : seenHigh & (1 << (card - 26));
    if (seenBefore !== 0) throw new RangeError(`card ${formatCard(card)} given twice`);
    if (card < 26) seenLow |= 1 << card;
    else seenHigh |= 1 << (card - 26);
  }
}

/** Evaluates 5, 6 or 7 distinct cards; throws a RangeError for anything else. */
export function evaluate(cards: readonly Card[]): HandValue {
  assertEvaluable(cards);
  switch (cards.length) {
    case 5:
      return evaluate5(cards[0], cards[1], cards[2], cards[3], cards[4]);
    case 6:
      return evaluate6(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5]);
    default:
      return evaluate7(cards[0], cards[1], cards[2], cards[3], cards[4], cards[5], cards[6]);
  }
}

export function isHandValue(value: unknown): value is HandValue {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_HAND_VALUE;
}

function assertHandValue(value: HandValue): void {
  if (!isHandValue(value)) throw new RangeError(`invalid hand value ${String(value)}`);
}

export function handCategory(value: HandValue): HandCategory {
  assertHandValue(value);
  return HAND_CATEGORIES[CATEGORY_OF_VALUE[value]];
}

/** Lowest and highest value of a category, e.g. to count hands per category from a histogram of values. */
export function handCategoryValueRange(category: HandCategory): { min: HandValue; max: HandValue } {
  const index = HAND_CATEGORIES.indexOf(category);
  if (index < 0) throw new RangeError(`unknown hand category ${String(category)}`);
  const next = index + 1 < HAND_CATEGORIES.length ? CATEGORY_VALUE_OFFSET[index + 1] : MAX_HAND_VALUE;
  return { min: CATEGORY_VALUE_OFFSET[index] + 1, max: next };
}

/**
 * The five ranks of a hand class in display order: the biggest group first,
 * then higher ranks first (a wheel is 5-4-3-2-A).
 */
export function handClassRanks(value: HandValue): Rank[] {
  assertHandValue(value);
  const packed = CLASS_RANKS[value];
  return [(packed >> 16) & 15, (packed >> 12) & 15, (packed >> 8) & 15, (packed >> 4) & 15, packed & 15];
}

export interface BestFive {
  readonly value: HandValue;
  readonly category: HandCategory;
  /** The five cards that make the hand, in display order (see handClassRanks). */
  readonly cards: Card[];
}

/**
 * The best five of 5..7 cards, for display and hand histories (slower than
 * evaluate: it tries every five-card subset). When several subsets tie (same
 * ranks in other suits), the one with the higher cards by suit order is kept,
 * so the result does not depend on the order of the input.
 */
export function bestFive(cards: readonly Card[]): BestFive {
  assertEvaluable(cards);
  const sorted = [...cards].sort((a, b) => b - a);
  const count = sorted.length;
  let bestValue = 0;
  let best: Card[] = [];
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      for (let k = j + 1; k < count; k++) {
        for (let l = k + 1; l < count; l++) {
          for (let m = l + 1; m < count; m++) {
            const value = evaluate5(sorted[i], sorted[j], sorted[k], sorted[l], sorted[m]);
            // Strictly greater: on ties the lexicographically first subset of the sorted cards wins.
            if (value > bestValue) {
              bestValue = value;
              best = [sorted[i], sorted[j], sorted[k], sorted[l], sorted[m]];
            }
          }
        }
      }
    }
  }
  return { value: bestValue, category: handCategory(bestValue), cards: inDisplayOrder(best, bestValue) };
}

/** Orders five cards like handClassRanks(value); within a rank, higher suits first. */
function inDisplayOrder(five: readonly Card[], value: HandValue): Card[] {
  const remaining = [...five].sort((a, b) => b - a);
  return handClassRanks(value).map((rank) => {
    const index = remaining.findIndex((card) => card >> 2 === rank);
    return remaining.splice(index, 1)[0];
  });
}

const RANK_NAMES: readonly string[] = Object.freeze([
  'deuce',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'jack',
  'queen',
  'king',
  'ace',
]);
const RANK_PLURALS: readonly string[] = Object.freeze([
  'deuces',
  'threes',
  'fours',
  'fives',
  'sixes',
  'sevens',
  'eights',
  'nines',
  'tens',
  'jacks',
  'queens',
  'kings',
  'aces',
]);

/** English name of a rank: 'ace', 'ten', 'deuce'. */
export function rankName(rank: Rank, plural = false): string {
  const names = plural ? RANK_PLURALS : RANK_NAMES;
  if (!Number.isInteger(rank) || rank < 0 || rank >= names.length) {
    throw new RangeError(`invalid rank ${rank}`);
  }
  return names[rank];
}

/**
 * Short English description of a hand: 'two pair, kings and sevens',
 * 'full house, queens full of fours', 'straight, five high', 'royal flush'.
 */
export function describeHand(hand: HandValue | Pick<BestFive, 'value'>): string {
  const value = typeof hand === 'number' ? hand : hand.value;
  const [first, , third, , fifth] = handClassRanks(value);
  switch (handCategory(value)) {
    case 'high-card':
      return `high card, ${rankName(first)}`;
    case 'one-pair':
      return `pair of ${rankName(first, true)}`;
    case 'two-pair':
      return `two pair, ${rankName(first, true)} and ${rankName(third, true)}`;
    case 'three-of-a-kind':
      return `three of a kind, ${rankName(first, true)}`;
    case 'straight':
      return `straight, ${rankName(first)} high`;
    case 'flush':
      return `flush, ${rankName(first)} high`;
    case 'full-house':
      return `full house, ${rankName(first, true)} full of ${rankName(fifth, true)}`;
    case 'four-of-a-kind':
      return `four of a kind, ${rankName(first, true)}`;
    case 'straight-flush':
      return first === 12 ? 'royal flush' : `straight flush, ${rankName(first)} high`;
  }
}
