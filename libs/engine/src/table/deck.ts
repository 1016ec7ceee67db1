import { parseCard, type Card } from '../cards/card';
import type { DeckSource } from './commands';
import type { ShuffleMethod, ShuffleRecord } from './events';
import { DRBG_PRNG, drbgShuffledDeck, isDrbgSeed } from '../shuffle/drbg-shuffle';
import { rejection, type Rejection } from './rejections';
import { deckSourceOf, type TableRules } from './rules';

/**
 * Decks. The engine never draws randomness of its own: the dealer supplies the order, or a seed for a named
 * derivation, and the resulting order is sealed in DeckSealed (revealed after the hand) so a replay deals the same
 * cards. The house's derivation is "hmac-drbg-sha256-fisher-yates" (shuffle/drbg-shuffle.ts), with a 256-bit seed.
 *
 * PRNG "mulberry32-fisher-yates", for scripts, tests and demos only (a 32-bit seed: anyone can try them all): mulberry32 (Tommy Ettinger's 32-bit generator) seeded with the unsigned
 * 32-bit seed; starting from the deck in card order (2c 2d 2h 2s 3c ... As), for i = 51 down to 1 swap
 * position i with position floor(next() * (i + 1)), where next() = mulberry32 output / 2^32.
 * A command names it by giving a numeric seed.
 */
export const MULBERRY32_PRNG = 'mulberry32-fisher-yates';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    return mulberry32Output(a);
  };
}

/** mulberry32's output for the state after a step: a function of that state alone. */
function mulberry32Output(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export function shuffledDeck(seed: number): Card[] {
  // The generator's state in a local, and the ordered deck as a literal: V8 copies a literal's packed template at
  // once, where 52 pushes grew the array three times (0.27 against 0.57 µs a deck with the shuffle, on Node 20; a
  // slice of a frozen template took 2.6). A seeded StartHand runs this for every hand.
  // prettier-ignore
  const deck: Card[] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51,
  ];
  let state = seed >>> 0;
  for (let i = 51; i > 0; i--) {
    state = (state + 0x6d2b79f5) >>> 0;
    const j = Math.floor(mulberry32Output(state) * (i + 1));
    const t = deck[i];
    deck[i] = deck[j];
    deck[j] = t;
  }
  return deck;
}

/**
 * Reads a deck source: 52 distinct valid cards, or a seed of the form its derivation takes (a named `prng` must
 * fit it). The shuffle record keeps the seed; HandStarted shows only its method (shuffleMethod).
 */
export function resolveDeck(
  source: DeckSource,
): { ok: true; deck: Card[]; shuffle: ShuffleRecord } | { ok: false; why: string; field: string } {
  if (source.deck !== undefined && source.seed !== undefined)
    return { ok: false, why: 'give either a deck or a seed, not both', field: 'deck' };
  if (source.seed !== undefined) return seededDeck(source.seed, source.prng);
  if (source.prng !== undefined) return { ok: false, why: 'a prng is named without a seed', field: 'prng' };
  if (!Array.isArray(source.deck)) return { ok: false, why: 'a deck (52 cards) or a seed is required', field: 'deck' };
  if (source.deck.length !== 52) return { ok: false, why: `a deck has 52 cards, this one has ${source.deck.length}`, field: 'deck' };
  // Cards seen so far as two 26-bit masks (a Set here was a seventh of a PHH replay's engine time).
  let seenLow = 0;
  let seenHigh = 0;
  const deck: Card[] = [];
  for (let i = 0; i < 52; i++) {
    const text = source.deck[i];
    const card = typeof text === 'string' ? parseCard(text) : undefined;
    if (card === undefined) return { ok: false, why: `card ${i + 1} ("${String(text)}") is not a card`, field: `deck[${i}]` };
    const bit = 1 << (card % 26);
    const seen = card < 26 ? seenLow : seenHigh;
    if ((seen & bit) !== 0) return { ok: false, why: `card ${i + 1} ("${text}") appears twice`, field: `deck[${i}]` };
    if (card < 26) seenLow |= bit;
    else seenHigh |= bit;
    deck.push(card);
  }
  return { ok: true, deck, shuffle: { kind: 'supplied' } };
}

function seededDeck(
  seed: string | number,
  prng: string | undefined,
): { ok: true; deck: Card[]; shuffle: ShuffleRecord } | { ok: false; why: string; field: string } {
  const named = prng ?? (typeof seed === 'number' ? MULBERRY32_PRNG : DRBG_PRNG);
  if (named === DRBG_PRNG) {
    if (!isDrbgSeed(seed)) return { ok: false, why: `the seed for ${DRBG_PRNG} is 64 lower-case hex digits (256 bits)`, field: 'seed' };
    return { ok: true, deck: drbgShuffledDeck(Buffer.from(seed, 'hex')), shuffle: { kind: 'seeded', prng: DRBG_PRNG, seed } };
  }
  if (named === MULBERRY32_PRNG) {
    if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      return { ok: false, why: 'the seed must be a whole number from 0 to 4294967295', field: 'seed' };
    return { ok: true, deck: shuffledDeck(seed), shuffle: { kind: 'seeded', prng: MULBERRY32_PRNG, seed } };
  }
  return {
    ok: false,
    why: `"${String(prng)}" is not a deck derivation this engine knows (${DRBG_PRNG}, ${MULBERRY32_PRNG})`,
    field: 'prng',
  };
}

/**
 * Whether the table's deck source rule (rules.ts DeckSourceRule) takes the deck or seed a StartHand (`hand`) or a
 * DrawForButton (`draw`) carries; the rejection otherwise. Checked on the command's shape, before the deck is read:
 * a house table takes only a seed for the house's derivation, which only the API draws (it refuses every request
 * that carries a deck or a seed); a shuffler table deals only the shuffler's deck, and the house may draw for the
 * button; a training table, and rules that record no source, take anything.
 */
export function deckSourceCheck(rules: TableRules, source: DeckSource, dealing: 'hand' | 'draw'): Rejection | null {
  const rule = deckSourceOf(rules);
  if (rule === null || rule === 'training') return null;
  const field = source.deck !== undefined ? 'deck' : 'seed';
  const houseSeed =
    source.deck === undefined &&
    source.seed !== undefined &&
    (source.prng ?? (typeof source.seed === 'number' ? MULBERRY32_PRNG : DRBG_PRNG)) === DRBG_PRNG;
  if (rule === 'house' && !houseSeed)
    return rejection(
      'DECK_SOURCE_HOUSE',
      'This table is shuffled by the house: nobody may choose its deck or seed; send the command without them.',
      field,
    );
  if (rule === 'shuffler' && source.deck === undefined && !(dealing === 'draw' && houseSeed))
    return rejection(
      'DECK_SOURCE_SHUFFLER',
      "This table's decks come from its certified shuffler: the hand starts when the shuffler sends its deck.",
      field,
    );
  return null;
}

/** What HandStarted tells of a shuffle while the deck is sealed: the method, never the seed. */
export function shuffleMethod(shuffle: ShuffleRecord | ShuffleMethod): ShuffleMethod {
  return shuffle.kind === 'seeded' ? { kind: 'seeded', prng: shuffle.prng } : { kind: 'supplied' };
}

/**
 * Dealing order from a deck: hole cards one at a time clockwise from the first seat left of the button, two
 * rounds; then burn, flop (3), burn, turn, burn, river.
 */
export function holeCardsFromDeck(deck: readonly Card[], playersInDealingOrder: number): Card[][] {
  const hands: Card[][] = new Array(playersInDealingOrder);
  for (let i = 0; i < playersInDealingOrder; i++) hands[i] = [deck[i], deck[playersInDealingOrder + i]];
  return hands;
}

/** Position in the deck of the first card after the hole cards. */
export function afterHoleCards(players: number): number {
  return players * 2;
}
