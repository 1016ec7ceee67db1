/**
 * Lookup tables for the hand evaluator, computed at module load (some tens of
 * ms, about 336 KB) so that no data file has to be committed or read.
 *
 * Hand values: every 5-card hand class gets a number from 1 (7-5-4-3-2
 * offsuit) to 7462 (royal flush); higher is better, equal is a tie. Each
 * category occupies a contiguous block, weakest first.
 *
 * Non-flush hands depend only on the multiset of ranks. The 13 ranks are
 * split into two groups (deuce..seven and eight..ace). Each card adds a small
 * integer key for its rank; the keys were chosen (greedily, offline) so that
 * within a group every multiset of up to 7 cards, at most 4 per rank, has a
 * distinct sum. One 32-bit integer carries both group sums, and the two sums
 * index two small tables whose entries add up to a dense, collision-free index
 * into the table of values (a minimal perfect hash over the 76,155 rank
 * multisets of 0..7 cards). Flushes are found with per-suit counters and
 * looked up by the 13-bit rank mask of the flush suit.
 */

// Category indices, weakest first (the string names live in evaluator.ts).
export const HIGH_CARD = 0;
export const ONE_PAIR = 1;
export const TWO_PAIR = 2;
export const THREE_OF_A_KIND = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const FOUR_OF_A_KIND = 7;
export const STRAIGHT_FLUSH = 8;

/** Number of distinct 5-card hand classes in each category, weakest first. */
export const CLASS_COUNT_BY_CATEGORY: readonly number[] = Object.freeze([1277, 2860, 858, 858, 10, 1277, 156, 156, 10]);

/** Value just below the first value of each category (values start at 1). */
export const CATEGORY_VALUE_OFFSET: readonly number[] = Object.freeze(
  CLASS_COUNT_BY_CATEGORY.map((_, category) => CLASS_COUNT_BY_CATEGORY.slice(0, category).reduce((sum, count) => sum + count, 0)),
);

export const MAX_HAND_VALUE = 7462;

// Rank keys per group; see the module comment. Group A = ranks 0..5, group B = ranks 6..12.
const GROUP_A_RANKS = 6;
const GROUP_A_KEYS: readonly number[] = Object.freeze([1, 5, 24, 112, 521, 2247]);
const GROUP_B_KEYS: readonly number[] = Object.freeze([1, 5, 24, 112, 521, 2247, 9244]);
/** Group A sums stay below 2^14 (max 10,551); group B sums sit above, shifted. */
export const GROUP_A_BITS = 14;
export const GROUP_A_MASK = (1 << GROUP_A_BITS) - 1;
const GROUP_A_KEY_LIMIT = 4 * GROUP_A_KEYS[5] + 3 * GROUP_A_KEYS[4] + 1;
const GROUP_B_KEY_LIMIT = 4 * GROUP_B_KEYS[6] + 3 * GROUP_B_KEYS[5] + 1;

/**
 * Suit counters: one nibble per suit, starting at 3 so that the nibble's top
 * bit is set exactly when the suit holds 5 or more of up to 7 cards.
 */
export const SUIT_COUNTERS_START = 0x3333;
export const FLUSH_BITS = 0x8888;

export interface EvaluatorTables {
  /** Per card: group A key in the low 14 bits plus group B key shifted above. */
  readonly rankKey: Int32Array;
  /** Per card: 1 in its suit's nibble. */
  readonly suitKey: Int32Array;
  /** Group A key sum -> offset of that group-A multiset's block. */
  readonly groupAOffset: Int32Array;
  /** Group B key sum -> index of that group-B multiset (smaller multisets first). */
  readonly groupBIndex: Uint16Array;
  /** Best value of a rank multiset of 5..7 cards, ignoring flushes (0 for fewer cards). */
  readonly nonFlushValue: Uint16Array;
  /** Best flush or straight flush value for the rank mask of 5..7 suited cards. */
  readonly flushValue: Uint16Array;
  /** Value -> category index. */
  readonly categoryOfValue: Uint8Array;
  /** Value -> the five ranks of the class in display order, 4 bits each, first rank highest. */
  readonly classRanks: Uint32Array;
}

const WHEEL_MASK = 0x100f; // A-5-4-3-2

/** Index of the best straight in a rank mask (0 = wheel .. 9 = ace high), or -1. */
function bestStraightIndex(rankMask: number): number {
  // Bit i of `runs` is set when ranks i..i+4 are all present.
  const runs = rankMask & (rankMask >> 1) & (rankMask >> 2) & (rankMask >> 3) & (rankMask >> 4);
  if (runs !== 0) return highestRank(runs) + 1;
  return (rankMask & WHEEL_MASK) === WHEEL_MASK ? 0 : -1;
}

function bitCount(mask: number): number {
  let count = mask - ((mask >> 1) & 0x5555);
  count = (count & 0x3333) + ((count >> 2) & 0x3333);
  count = (count + (count >> 4)) & 0x0f0f;
  return (count + (count >> 8)) & 0x1f;
}

/** Keeps the `count` highest bits of a mask. */
function highestBits(mask: number, count: number): number {
  let rest = mask;
  for (let extra = bitCount(mask) - count; extra > 0; extra--) rest &= rest - 1;
  return rest;
}

function highestRank(mask: number): number {
  return 31 - Math.clz32(mask);
}

/** Removes bit `rank` from a rank mask, shifting higher ranks down by one. */
function withoutRank(mask: number, rank: number): number {
  const below = (1 << rank) - 1;
  return (mask & below) | ((mask >> 1) & ~below);
}

/** Binomial coefficients C(n, k) for n < 13, k <= 3: all that colexRank needs. */
const BINOMIAL_K_LIMIT = 4;
const BINOMIAL = new Int32Array(13 * BINOMIAL_K_LIMIT);
for (let n = 0; n < 13; n++) {
  const row = n * BINOMIAL_K_LIMIT;
  const previousRow = row - BINOMIAL_K_LIMIT;
  BINOMIAL[row] = 1;
  for (let k = 1; k < BINOMIAL_K_LIMIT && n > 0; k++) {
    BINOMIAL[row + k] = BINOMIAL[previousRow + k - 1] + BINOMIAL[previousRow + k];
  }
}

/**
 * Rank of a mask of up to 3 bits among the masks with as many bits, by
 * numeric order (= colexicographic order = comparing highest ranks first):
 * the combinatorial number system, sum of C(position, i) for the i-th lowest bit.
 */
function colexRank(mask: number): number {
  let rank = 0;
  let bitIndex = 1;
  for (let rest = mask; rest !== 0; rest &= rest - 1) {
    rank += BINOMIAL[highestRank(rest & -rest) * BINOMIAL_K_LIMIT + bitIndex++];
  }
  return rank;
}

/** Index of each 5-bit mask that is not a straight, in numeric order (for high card and flush). */
function buildNoStraightFiveIndex(): Int16Array {
  const index = new Int16Array(1 << 13).fill(-1);
  let next = 0;
  for (let mask = 0; mask < 1 << 13; mask++) {
    if (bitCount(mask) === 5 && bestStraightIndex(mask) < 0) index[mask] = next++;
  }
  if (next !== CLASS_COUNT_BY_CATEGORY[HIGH_CARD]) throw new Error('evaluator tables: bad high card count');
  return index;
}

/**
 * Rank multisets of one group (at most 4 of each rank), as parallel arrays:
 * masks of the ranks held once, twice, three and four times (already shifted
 * to the group's first rank), card count and key sum. Ordered by card count.
 */
interface RankMultisets {
  readonly size: number;
  readonly key: Int32Array;
  readonly cardCount: Uint8Array;
  readonly singles: Int32Array;
  readonly pairs: Int32Array;
  readonly trips: Int32Array;
  readonly quads: Int32Array;
  /** Number of multisets of at most n cards, for n = 0..7. */
  readonly sizeUpTo: Int32Array;
}

function listRankMultisets(firstRank: number, keys: readonly number[]): RankMultisets {
  const rankCount = keys.length;
  // At most C(rankCount + 7, 7) multisets of up to 7 cards (fewer with the 4-per-rank limit).
  let capacity = 1;
  for (let i = 1; i <= 7; i++) capacity = (capacity * (rankCount + i)) / i;
  const list = {
    size: 0,
    key: new Int32Array(capacity),
    cardCount: new Uint8Array(capacity),
    singles: new Int32Array(capacity),
    pairs: new Int32Array(capacity),
    trips: new Int32Array(capacity),
    quads: new Int32Array(capacity),
    sizeUpTo: new Int32Array(8),
  };
  const byCopies = new Int32Array(5); // masks by number of copies held; index 0 unused
  const visit = (rank: number, key: number, cardsLeft: number, cardCount: number): void => {
    if (rank === rankCount) {
      if (cardsLeft !== 0) return;
      const index = list.size++;
      list.key[index] = key;
      list.cardCount[index] = cardCount;
      list.singles[index] = byCopies[1];
      list.pairs[index] = byCopies[2];
      list.trips[index] = byCopies[3];
      list.quads[index] = byCopies[4];
      return;
    }
    const bit = 1 << (firstRank + rank);
    for (let copies = 0; copies <= 4 && copies <= cardsLeft; copies++) {
      byCopies[copies] |= bit;
      visit(rank + 1, key + copies * keys[rank], cardsLeft - copies, cardCount);
      byCopies[copies] &= ~bit;
    }
  };
  for (let cardCount = 0; cardCount <= 7; cardCount++) {
    visit(0, 0, cardCount, cardCount);
    list.sizeUpTo[cardCount] = list.size;
  }
  return list;
}

/** Best value of 5..7 cards with these rank masks, when no five share a suit. */
function bestNonFlushValue(singles: number, pairs: number, trips: number, quads: number, noStraightFiveIndex: Int16Array): number {
  const present = singles | pairs | trips | quads;
  if (quads !== 0) {
    const quad = highestRank(quads);
    const kicker = highestRank(present & ~(1 << quad));
    return CATEGORY_VALUE_OFFSET[FOUR_OF_A_KIND] + 1 + quad * 12 + (kicker < quad ? kicker : kicker - 1);
  }
  if (trips !== 0 && (pairs !== 0 || bitCount(trips) > 1)) {
    const trip = highestRank(trips);
    const pair = highestRank((pairs | trips) & ~(1 << trip));
    return CATEGORY_VALUE_OFFSET[FULL_HOUSE] + 1 + trip * 12 + (pair < trip ? pair : pair - 1);
  }
  const straight = bestStraightIndex(present);
  if (straight >= 0) return CATEGORY_VALUE_OFFSET[STRAIGHT] + 1 + straight;
  if (trips !== 0) {
    const trip = highestRank(trips);
    const kickers = withoutRank(highestBits(singles, 2), trip);
    return CATEGORY_VALUE_OFFSET[THREE_OF_A_KIND] + 1 + trip * 66 + colexRank(kickers);
  }
  if (bitCount(pairs) >= 2) {
    const topPairs = highestBits(pairs, 2);
    const lowPair = topPairs & -topPairs;
    const kicker = highestRank(present & ~topPairs);
    // Kicker rank among the 11 ranks left once both pair ranks are removed.
    const kickerIndex = kicker - (lowPair < 1 << kicker ? 1 : 0) - (topPairs - lowPair < 1 << kicker ? 1 : 0);
    return CATEGORY_VALUE_OFFSET[TWO_PAIR] + 1 + colexRank(topPairs) * 11 + kickerIndex;
  }
  if (pairs !== 0) {
    const pair = highestRank(pairs);
    const kickers = withoutRank(highestBits(singles, 3), pair);
    return CATEGORY_VALUE_OFFSET[ONE_PAIR] + 1 + pair * 220 + colexRank(kickers);
  }
  return CATEGORY_VALUE_OFFSET[HIGH_CARD] + 1 + noStraightFiveIndex[highestBits(singles, 5)];
}

/** Best flush or straight flush value of a rank mask with 5..7 bits. */
function bestFlushValue(rankMask: number, noStraightFiveIndex: Int16Array): number {
  const straight = bestStraightIndex(rankMask);
  if (straight >= 0) return CATEGORY_VALUE_OFFSET[STRAIGHT_FLUSH] + 1 + straight;
  return CATEGORY_VALUE_OFFSET[FLUSH] + 1 + noStraightFiveIndex[highestBits(rankMask, 5)];
}

/** The ranks of a five-card class in display order, packed 4 bits each (first rank in the top nibble). */
function packedDisplayRanks(singles: number, pairs: number, trips: number, quads: number): number {
  const present = singles | pairs | trips | quads;
  if (present === WHEEL_MASK) return 0x3210c; // 5-4-3-2-A
  let packed = 0;
  // Bigger groups first, then higher ranks.
  for (let copies = 4; copies >= 1; copies--) {
    const mask = copies === 4 ? quads : copies === 3 ? trips : copies === 2 ? pairs : singles;
    for (let rank = 12; rank >= 0; rank--) {
      if (mask & (1 << rank)) for (let i = 0; i < copies; i++) packed = packed * 16 + rank;
    }
  }
  return packed;
}

export function buildEvaluatorTables(): EvaluatorTables {
  const noStraightFiveIndex = buildNoStraightFiveIndex();

  const rankKey = new Int32Array(52);
  const suitKey = new Int32Array(52);
  for (let card = 0; card < 52; card++) {
    const rank = card >> 2;
    rankKey[card] = rank < GROUP_A_RANKS ? GROUP_A_KEYS[rank] : GROUP_B_KEYS[rank - GROUP_A_RANKS] << GROUP_A_BITS;
    suitKey[card] = 1 << ((card & 3) * 4);
  }

  // Group B multisets are numbered by card count, so those of at most m cards form a prefix.
  const groupB = listRankMultisets(GROUP_A_RANKS, GROUP_B_KEYS);
  const groupBIndex = new Uint16Array(GROUP_B_KEY_LIMIT).fill(0xffff);
  for (let index = 0; index < groupB.size; index++) {
    if (groupBIndex[groupB.key[index]] !== 0xffff) throw new Error('evaluator tables: group B key collision');
    groupBIndex[groupB.key[index]] = index;
  }

  // Each group A multiset of k cards owns a block for the group B multisets of at most 7 - k cards.
  const groupA = listRankMultisets(0, GROUP_A_KEYS);
  const groupAOffset = new Int32Array(GROUP_A_KEY_LIMIT).fill(-1);
  let tableSize = 0;
  for (let index = 0; index < groupA.size; index++) {
    if (groupAOffset[groupA.key[index]] !== -1) throw new Error('evaluator tables: group A key collision');
    groupAOffset[groupA.key[index]] = tableSize;
    tableSize += groupB.sizeUpTo[7 - groupA.cardCount[index]];
  }

  const nonFlushValue = new Uint16Array(tableSize);
  const classRanks = new Uint32Array(MAX_HAND_VALUE + 1);
  const { singles: highSingles, pairs: highPairs, trips: highTrips, quads: highQuads } = groupB;
  const highSizeUpTo = groupB.sizeUpTo;
  for (let low = 0; low < groupA.size; low++) {
    const offset = groupAOffset[groupA.key[low]];
    const lowCards = groupA.cardCount[low];
    const lowSingles = groupA.singles[low];
    const lowPairs = groupA.pairs[low];
    const lowTrips = groupA.trips[low];
    const lowQuads = groupA.quads[low];
    // Only entries of 5 to 7 cards are reachable.
    const first = lowCards >= 5 ? 0 : highSizeUpTo[4 - lowCards];
    const fiveCardEnd = lowCards > 5 ? 0 : highSizeUpTo[5 - lowCards];
    const end = highSizeUpTo[7 - lowCards];
    for (let high = first; high < end; high++) {
      const singles = lowSingles | highSingles[high];
      const pairs = lowPairs | highPairs[high];
      const trips = lowTrips | highTrips[high];
      const quads = lowQuads | highQuads[high];
      const value = bestNonFlushValue(singles, pairs, trips, quads, noStraightFiveIndex);
      nonFlushValue[offset + high] = value;
      // Every non-flush class is some five-card multiset.
      if (high < fiveCardEnd) classRanks[value] = packedDisplayRanks(singles, pairs, trips, quads);
    }
  }

  const flushValue = new Uint16Array(1 << 13);
  for (let mask = 0; mask < 1 << 13; mask++) {
    const cardCount = bitCount(mask);
    if (cardCount < 5) continue;
    const value = bestFlushValue(mask, noStraightFiveIndex);
    flushValue[mask] = value;
    if (cardCount === 5) classRanks[value] = packedDisplayRanks(mask, 0, 0, 0);
  }

  const categoryOfValue = new Uint8Array(MAX_HAND_VALUE + 1);
  for (let category = 0; category < CLASS_COUNT_BY_CATEGORY.length; category++) {
    const first = CATEGORY_VALUE_OFFSET[category] + 1;
    categoryOfValue.fill(category, first, first + CLASS_COUNT_BY_CATEGORY[category]);
  }

  return {
    rankKey,
    suitKey,
    groupAOffset,
    groupBIndex,
    nonFlushValue,
    flushValue,
    categoryOfValue,
    classRanks,
  };
}

/** Bytes held by the tables' typed arrays. */
export function evaluatorTableBytes(tables: EvaluatorTables): number {
  return Object.values(tables).reduce((sum: number, table: ArrayBufferView) => sum + table.byteLength, 0);
}

export const EVALUATOR_TABLES: EvaluatorTables = buildEvaluatorTables();
