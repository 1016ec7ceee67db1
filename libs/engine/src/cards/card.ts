/**
 * Cards as small integers, so that hands are cheap to store, hash and evaluate.
 *
 * A card is `rank * 4 + suit`:
 * - rank 0 = deuce, 1 = trey, ..., 8 = ten, 9 = jack, 10 = queen, 11 = king, 12 = ace;
 * - suit 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (bridge order).
 *
 * With this layout, comparing two card integers compares rank first and then
 * suit, so "highest card, suit breaks ties" (e.g. for the bring-in or a seat
 * draw) is a plain numeric comparison.
 */
export type Card = number;

/** 0 = deuce .. 12 = ace. */
export type Rank = number;

/** 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades. */
export type Suit = number;

export const RANK_COUNT = 13;
export const SUIT_COUNT = 4;
export const DECK_SIZE = 52;

/** Rank letters indexed by rank, as used in card text ('T' for ten). */
export const RANK_CHARS = '23456789TJQKA';

/** Suit letters indexed by suit, in bridge order. */
export const SUIT_CHARS = 'cdhs';

export const CLUBS: Suit = 0;
export const DIAMONDS: Suit = 1;
export const HEARTS: Suit = 2;
export const SPADES: Suit = 3;

export const DEUCE: Rank = 0;
export const TEN: Rank = 8;
export const JACK: Rank = 9;
export const QUEEN: Rank = 10;
export const KING: Rank = 11;
export const ACE: Rank = 12;

/** All 52 cards, 2c (0) to As (51). */
export const FULL_DECK: readonly Card[] = Object.freeze(Array.from({ length: DECK_SIZE }, (_, card) => card));

export function isValidCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < DECK_SIZE;
}

export function makeCard(rank: Rank, suit: Suit): Card {
  if (!Number.isInteger(rank) || rank < 0 || rank >= RANK_COUNT) throw new RangeError(`invalid rank ${rank}`);
  if (!Number.isInteger(suit) || suit < 0 || suit >= SUIT_COUNT) throw new RangeError(`invalid suit ${suit}`);
  return rank * 4 + suit;
}

export function rankOf(card: Card): Rank {
  return card >> 2;
}

export function suitOf(card: Card): Suit {
  return card & 3;
}

// Char code -> rank / suit, or -1; built once so parsing is a pair of array reads.
const RANK_BY_CHAR_CODE = new Int8Array(128).fill(-1);
const SUIT_BY_CHAR_CODE = new Int8Array(128).fill(-1);
for (let rank = 0; rank < RANK_COUNT; rank++) {
  RANK_BY_CHAR_CODE[RANK_CHARS.charCodeAt(rank)] = rank;
  RANK_BY_CHAR_CODE[RANK_CHARS.toLowerCase().charCodeAt(rank)] = rank;
}
for (let suit = 0; suit < SUIT_COUNT; suit++) {
  SUIT_BY_CHAR_CODE[SUIT_CHARS.charCodeAt(suit)] = suit;
  SUIT_BY_CHAR_CODE[SUIT_CHARS.toUpperCase().charCodeAt(suit)] = suit;
}

/** Reads the two characters of `text` at `index` as a card, or -1. */
function cardAt(text: string, index: number): number {
  const rankCode = text.charCodeAt(index);
  const suitCode = text.charCodeAt(index + 1);
  // NaN (past the end) and non-ASCII codes fail the range checks.
  if (!(rankCode < 128 && suitCode < 128)) return -1;
  const rank = RANK_BY_CHAR_CODE[rankCode];
  const suit = SUIT_BY_CHAR_CODE[suitCode];
  return rank < 0 || suit < 0 ? -1 : rank * 4 + suit;
}

/**
 * Parses one card such as 'As', 'td' or '7C' (surrounding whitespace is
 * ignored). Returns undefined for anything else: user text never throws.
 */
export function parseCard(text: string): Card | undefined {
  if (typeof text !== 'string') return undefined;
  const trimmed = text.length === 2 ? text : text.trim();
  if (trimmed.length !== 2) return undefined;
  const card = cardAt(trimmed, 0);
  return card < 0 ? undefined : card;
}

function isSeparator(charCode: number): boolean {
  // Space, tab, newline, carriage return, comma.
  return charCode === 32 || charCode === 9 || charCode === 10 || charCode === 13 || charCode === 44;
}

/**
 * Parses a list of cards: 'AsKd7c', 'As Kd 7c', 'As,Kd, 7c'. Cards are two
 * characters each; whitespace and commas may separate them. The empty string
 * is the empty list. Returns undefined for bad text or a card given twice
 * (no real hand holds the same card twice).
 */
export function parseCards(text: string): Card[] | undefined {
  if (typeof text !== 'string') return undefined;
  const cards: Card[] = [];
  let seenLow = 0; // bits for cards 0..25
  let seenHigh = 0; // bits for cards 26..51
  let index = 0;
  while (index < text.length) {
    if (isSeparator(text.charCodeAt(index))) {
      index++;
      continue;
    }
    const card = cardAt(text, index);
    if (card < 0) return undefined;
    if (card < 26) {
      if (seenLow & (1 << card)) return undefined;
      seenLow |= 1 << card;
    } else {
      if (seenHigh & (1 << (card - 26))) return undefined;
      seenHigh |= 1 << (card - 26);
    }
    cards.push(card);
    index += 2;
  }
  return cards;
}

export function formatCard(card: Card): string {
  if (!isValidCard(card)) throw new RangeError(`invalid card ${String(card)}`);
  return RANK_CHARS[card >> 2] + SUIT_CHARS[card & 3];
}

/** Formats cards with a separator (a space by default): 'As Kd 7c'. */
export function formatCards(cards: readonly Card[], separator = ' '): string {
  return cards.map(formatCard).join(separator);
}

export function formatRank(rank: Rank): string {
  if (!Number.isInteger(rank) || rank < 0 || rank >= RANK_COUNT) throw new RangeError(`invalid rank ${rank}`);
  return RANK_CHARS[rank];
}
