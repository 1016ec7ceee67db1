/**
 * Exhaustive sweep of all C(52, 7) = 133,784,560 seven-card hands, counting
 * hands per category. It checks the evaluator against the known counts and
 * serves as its throughput benchmark.
 *
 * It walks the hands incrementally: each loop level adds its card's rank key
 * and suit counter to the sums of the outer levels. Once per six-card prefix it
 * finds the row of non-flush values for that rank multiset and settles which
 * seventh cards can make a flush; the innermost loop then reads one value per
 * hand from that short row, with no allocation.
 */
import { DECK_SIZE } from './card';
import { HAND_CATEGORIES, HandCategory, evaluate7, handCategoryValueRange } from './evaluator';
import * as tables from './evaluator-tables';

function suitedRankBit(card: number, suit: number): number {
  return (card & 3) === suit ? 1 << (card >> 2) : 0;
}

const RANK_COUNT = 13;
const SIX_CARD_RANK_MULTISETS = 18_395;

// Local copies: transpiled imports are getters, slow in loops.
const GROUP_A_MASK = tables.GROUP_A_MASK;
const GROUP_A_BITS = tables.GROUP_A_BITS;
const { groupAOffset: GROUP_A_OFFSET, groupBIndex: GROUP_B_INDEX } = tables.EVALUATOR_TABLES;

/** Index of a rank multiset of up to 7 cards from its rank key sum (see evaluator-tables.ts). */
function multisetIndex(rankKeySum: number): number {
  return GROUP_A_OFFSET[rankKeySum & GROUP_A_MASK] + GROUP_B_INDEX[rankKeySum >>> GROUP_A_BITS];
}

/** The sweep's own table, built by sevenCardRows() and passed in (the engine keeps no module-level cache). */
export interface SevenCardRows {
  /** Multiset index of a 6-card rank multiset -> start of its row in `values`. */
  readonly rowStart: Int32Array;
  /** 13 non-flush values per row, one per seventh rank. */
  readonly values: Uint16Array;
}

/**
 * For every 6-card rank multiset, a row of 13 non-flush values, one per
 * seventh rank. While the walk's inner loop deals the seventh card, it reads
 * consecutive entries of one row. About 780 KB, built on the first sweep.
 */
export function sevenCardRows(): SevenCardRows {
  const { rankKey, nonFlushValue } = tables.EVALUATOR_TABLES;
  const rowStart = new Int32Array(nonFlushValue.length);
  const values = new Uint16Array(SIX_CARD_RANK_MULTISETS * RANK_COUNT);
  let nextRow = 0;
  const copiesOfRank = new Uint8Array(RANK_COUNT);
  const fillRows = (lowestRank: number, cardsLeft: number, key: number): void => {
    if (cardsLeft === 0) {
      const row = nextRow;
      nextRow += RANK_COUNT;
      rowStart[multisetIndex(key)] = row;
      for (let rank = 0; rank < RANK_COUNT; rank++) {
        if (copiesOfRank[rank] < 4) values[row + rank] = nonFlushValue[multisetIndex(key + rankKey[rank * 4])];
      }
      return;
    }
    for (let rank = lowestRank; rank < RANK_COUNT; rank++) {
      if (copiesOfRank[rank] === 4) continue;
      copiesOfRank[rank]++;
      fillRows(rank, cardsLeft - 1, key + rankKey[rank * 4]);
      copiesOfRank[rank]--;
    }
  };
  fillRows(0, 6, 0);
  return { rowStart, values };
}

/** Bytes of the sweep's own typed arrays (on top of the evaluator tables). */
export function sweepTableBytes(table: SevenCardRows): number {
  const { rowStart, values } = table;
  return rowStart.byteLength + values.byteLength;
}

/**
 * Number of seven-card hands whose best hand has each value, indexed by value: every hand, or with `lowestCard` only
 * the hands of the cards from that one up (the tests' sample: the whole walk is the benchmark's).
 */
export function sweepSevenCardValues(table: SevenCardRows = sevenCardRows(), lowestCard = 0): Uint32Array {
  const { rankKey, suitKey, groupAOffset, groupBIndex, flushValue } = tables.EVALUATOR_TABLES;
  const flushBits = tables.FLUSH_BITS;
  const suitCountersStart = tables.SUIT_COUNTERS_START;
  const handsPerValue = new Uint32Array(tables.MAX_HAND_VALUE + 1);
  const last = DECK_SIZE - 1;
  const { rowStart, values: rows } = table;

  for (let c1 = lowestCard; c1 <= last - 6; c1++) {
    const key1 = rankKey[c1];
    const suits1 = suitCountersStart + suitKey[c1];
    for (let c2 = c1 + 1; c2 <= last - 5; c2++) {
      const key2 = key1 + rankKey[c2];
      const suits2 = suits1 + suitKey[c2];
      for (let c3 = c2 + 1; c3 <= last - 4; c3++) {
        const key3 = key2 + rankKey[c3];
        const suits3 = suits2 + suitKey[c3];
        for (let c4 = c3 + 1; c4 <= last - 3; c4++) {
          const key4 = key3 + rankKey[c4];
          const suits4 = suits3 + suitKey[c4];
          for (let c5 = c4 + 1; c5 <= last - 2; c5++) {
            const key5 = key4 + rankKey[c5];
            const suits5 = suits4 + suitKey[c5];
            for (let c6 = c5 + 1; c6 <= last - 1; c6++) {
              const key6 = key5 + rankKey[c6];
              const suits6 = suits5 + suitKey[c6];
              const row = rowStart[groupAOffset[key6 & GROUP_A_MASK] + groupBIndex[key6 >>> GROUP_A_BITS]];
              // Adding one to every counter shows whether a suit already has 4 of these 6 cards.
              const fourOfASuit = (suits6 + 0x1111) & flushBits;
              if (fourOfASuit === 0) {
                // No flush possible whatever the seventh card.
                for (let c7 = c6 + 1; c7 <= last; c7++) handsPerValue[rows[row + (c7 >> 2)]]++;
                continue;
              }
              // Only one suit can hold 4+ of 6 cards; a flush is in that suit or nowhere.
              const suit = (31 - Math.clz32(fourOfASuit)) >> 2;
              const suitedRanks6 =
                suitedRankBit(c1, suit) |
                suitedRankBit(c2, suit) |
                suitedRankBit(c3, suit) |
                suitedRankBit(c4, suit) |
                suitedRankBit(c5, suit) |
                suitedRankBit(c6, suit);
              const flushIn6 = (suits6 & flushBits) !== 0;
              for (let c7 = c6 + 1; c7 <= last; c7++) {
                if ((c7 & 3) === suit) {
                  handsPerValue[flushValue[suitedRanks6 | (1 << (c7 >> 2))]]++;
                } else if (flushIn6) {
                  handsPerValue[flushValue[suitedRanks6]]++;
                } else {
                  handsPerValue[rows[row + (c7 >> 2)]]++;
                }
              }
            }
          }
        }
      }
    }
  }
  return handsPerValue;
}

/** Number of seven-card hands in each category, from the exhaustive sweep (under a second). */
export function sweepSevenCardCategories(table: SevenCardRows = sevenCardRows()): Record<HandCategory, number> {
  const handsPerValue = sweepSevenCardValues(table);
  const result = {} as Record<HandCategory, number>;
  for (const category of HAND_CATEGORIES) {
    const { min, max } = handCategoryValueRange(category);
    let hands = 0;
    for (let value = min; value <= max; value++) hands += handsPerValue[value];
    result[category] = hands;
  }
  return result;
}

/**
 * What sweepSevenCardValues counts, by calling evaluate7 on every hand (from `lowestCard` up): the reference the sweep
 * is checked against, the public hot path walked the plain way.
 */
export function evaluate7Values(lowestCard = 0): Uint32Array {
  const handsPerValue = new Uint32Array(tables.MAX_HAND_VALUE + 1);
  const evaluateSeven = evaluate7; // a local binding: transpiled imports are getters, slow in a hot loop
  for (let a = lowestCard; a < DECK_SIZE - 6; a++)
    for (let b = a + 1; b < DECK_SIZE - 5; b++)
      for (let c = b + 1; c < DECK_SIZE - 4; c++)
        for (let d = c + 1; d < DECK_SIZE - 3; d++)
          for (let e = d + 1; e < DECK_SIZE - 2; e++)
            for (let f = e + 1; f < DECK_SIZE - 1; f++)
              for (let g = f + 1; g < DECK_SIZE; g++) handsPerValue[evaluateSeven(a, b, c, d, e, f, g)]++;
  return handsPerValue;
}
