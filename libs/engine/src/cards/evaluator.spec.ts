import fc from 'fast-check';
import { Card, formatCards, parseCards } from './card';
import {
  HAND_CATEGORIES,
  HandCategory,
  MAX_HAND_VALUE,
  bestFive,
  describeHand,
  evaluate,
  evaluate5,
  evaluate6,
  evaluate7,
  handCategory,
  handCategoryValueRange,
  handClassRanks,
} from './evaluator';
import { EVALUATOR_TABLES, buildEvaluatorTables, evaluatorTableBytes } from './evaluator-tables';
import { expectToBe, expectToEqual } from '../../../../test/loop-assertions';

// phe (a port of Henry Lee's evaluator) ships no types. Its card codes are rank * 4 + suit too, with
// another suit order, which changes no hand's strength. Its values are smaller for better hands, and
// its categories run from 0 = straight flush to 8 = high card.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const phe = require('phe') as {
  evaluateCardCodes(codes: number[]): number;
  rankCardCodes(codes: number[]): number;
};

function cards(text: string): Card[] {
  const parsed = parseCards(text);
  if (!parsed) throw new Error(`bad cards in test: ${text}`);
  return parsed;
}

function value(text: string): number {
  return evaluate(cards(text));
}

const referenceCounts = new Int32Array(13);

/**
 * A deliberately plain 5-card evaluator, written independently of the tables:
 * category, then the ranks that break ties, as one comparable number.
 */
function referenceScore(five: readonly Card[]): { category: HandCategory; score: number } {
  const counts = referenceCounts.fill(0);
  let isFlush = true;
  for (const card of five) {
    counts[card >> 2]++;
    if ((card & 3) !== (five[0] & 3)) isFlush = false;
  }
  // Tie-break ranks: bigger groups first, then higher ranks; shape is the group sizes, e.g. 32 for a full house.
  const tieBreak: number[] = [];
  let shape = 0;
  for (let count = 4; count >= 1; count--) {
    for (let rank = 12; rank >= 0; rank--) {
      if (counts[rank] === count) {
        tieBreak.push(rank);
        shape = shape * 10 + count;
      }
    }
  }
  let straightHigh = -1;
  if (shape === 11111) {
    if (tieBreak[0] - tieBreak[4] === 4) straightHigh = tieBreak[0];
    else if (tieBreak.join() === '12,3,2,1,0') straightHigh = 3; // the wheel is five high
  }
  let category: HandCategory;
  if (straightHigh >= 0 && isFlush) category = 'straight-flush';
  else if (shape === 41) category = 'four-of-a-kind';
  else if (shape === 32) category = 'full-house';
  else if (isFlush) category = 'flush';
  else if (straightHigh >= 0) category = 'straight';
  else if (shape === 311) category = 'three-of-a-kind';
  else if (shape === 221) category = 'two-pair';
  else if (shape === 2111) category = 'one-pair';
  else category = 'high-card';
  const ranks = straightHigh >= 0 ? [straightHigh] : tieBreak;
  let score = HAND_CATEGORIES.indexOf(category);
  for (let i = 0; i < 5; i++) score = score * 13 + (ranks[i] ?? 0);
  return { category, score };
}

function maxOverFiveCardSubsets(hand: readonly Card[]): number {
  let best = 0;
  const n = hand.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++)
        for (let d = c + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            best = Math.max(best, evaluate5(hand[a], hand[b], hand[c], hand[d], hand[e]));
          }
  return best;
}

const distinctCards = (count: number) => fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: count, maxLength: count });

/** Seven distinct cards and the same cards in another order. */
const handAndShuffle = distinctCards(7).chain((hand) =>
  fc.tuple(fc.constant(hand), fc.shuffledSubarray(hand, { minLength: 7, maxLength: 7 })),
);

describe('all 2,598,960 five-card hands', () => {
  const handsByCategory = new Map<HandCategory, number>();
  const valuesByCategory = new Map<HandCategory, Set<number>>();
  const referenceScoreOfValue = new Float64Array(MAX_HAND_VALUE + 1);
  let mismatches = 0;
  let hands = 0;

  beforeAll(() => {
    for (const category of HAND_CATEGORIES) valuesByCategory.set(category, new Set());
    const five = [0, 0, 0, 0, 0];
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              const handValue = evaluate5(a, b, c, d, e);
              const category = handCategory(handValue);
              hands++;
              handsByCategory.set(category, (handsByCategory.get(category) ?? 0) + 1);
              valuesByCategory.get(category)!.add(handValue);
              five[0] = a;
              five[1] = b;
              five[2] = c;
              five[3] = d;
              five[4] = e;
              const reference = referenceScore(five);
              if (reference.category !== category) mismatches++;
              if (referenceScoreOfValue[handValue] === 0) referenceScoreOfValue[handValue] = reference.score;
              else if (referenceScoreOfValue[handValue] !== reference.score) mismatches++;
            }
  });

  it('gives exactly 7,462 distinct values, 1 to 7462', () => {
    expect(hands).toBe(2_598_960);
    const all = new Set([...valuesByCategory.values()].flatMap((values) => [...values]));
    expect(all.size).toBe(7462);
    expect(Math.min(...all)).toBe(1);
    expect(Math.max(...all)).toBe(MAX_HAND_VALUE);
  });

  it('has the known number of distinct values per category', () => {
    const distinct = Object.fromEntries(HAND_CATEGORIES.map((category) => [category, valuesByCategory.get(category)!.size]));
    expect(distinct).toEqual({
      'straight-flush': 10,
      'four-of-a-kind': 156,
      'full-house': 156,
      flush: 1277,
      straight: 10,
      'three-of-a-kind': 858,
      'two-pair': 858,
      'one-pair': 2860,
      'high-card': 1277,
    });
  });

  it('has the known number of hands per category', () => {
    expect(Object.fromEntries(handsByCategory)).toEqual({
      'straight-flush': 40,
      'four-of-a-kind': 624,
      'full-house': 3744,
      flush: 5108,
      straight: 10200,
      'three-of-a-kind': 54912,
      'two-pair': 123552,
      'one-pair': 1098240,
      'high-card': 1302540,
    });
  });

  it('orders hands exactly like an independent reference evaluator', () => {
    expect(mismatches).toBe(0);
    // Each value stands for one reference score, and higher values for higher scores.
    for (let v = 2; v <= MAX_HAND_VALUE; v++) {
      if (!(referenceScoreOfValue[v] > referenceScoreOfValue[v - 1])) {
        throw new Error(`value ${v} does not beat value ${v - 1}`);
      }
    }
  });

  it('keeps each category in one contiguous block of values, weakest first', () => {
    let previousMax = 0;
    for (const category of HAND_CATEGORIES) {
      const { min, max } = handCategoryValueRange(category);
      expect(min).toBe(previousMax + 1);
      expect(Math.min(...valuesByCategory.get(category)!)).toBe(min);
      expect(Math.max(...valuesByCategory.get(category)!)).toBe(max);
      previousMax = max;
    }
    expect(previousMax).toBe(MAX_HAND_VALUE);
  });
});

describe('6 and 7 cards', () => {
  it('evaluate7 is the best of the 21 five-card subsets', () => {
    fc.assert(
      fc.property(distinctCards(7), (hand) => {
        const [a, b, c, d, e, f, g] = hand;
        expectToBe(evaluate7(a, b, c, d, e, f, g), maxOverFiveCardSubsets(hand));
      }),
      { numRuns: 20_000 },
    );
  });

  it('evaluate6 is the best of the 6 five-card subsets', () => {
    fc.assert(
      fc.property(distinctCards(6), (hand) => {
        const [a, b, c, d, e, f] = hand;
        expectToBe(evaluate6(a, b, c, d, e, f), maxOverFiveCardSubsets(hand));
      }),
      { numRuns: 10_000 },
    );
  });

  it('finds the flushes and straights that random hands rarely hold', () => {
    // Hands built around a suit or a run of ranks, so the flush and straight paths get real coverage.
    const suitedRanks = fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { minLength: 4, maxLength: 7 });
    const suitedHeavy = fc
      .tuple(fc.integer({ min: 0, max: 3 }), suitedRanks, distinctCards(7))
      .map(([suit, ranks, filler]) => [...new Set([...ranks.map((rank) => rank * 4 + suit), ...filler])].slice(0, 7));
    // low = -1 starts the run at the ace: A-2-3-4-5.
    const runSuits = fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 });
    const runHeavy = fc.tuple(fc.integer({ min: -1, max: 8 }), runSuits, distinctCards(7)).map(([low, suits, filler]) => {
      const run = suits.map((suit, i) => ((low + i + 13) % 13) * 4 + suit);
      return [...new Set([...run, ...filler])].slice(0, 7);
    });
    fc.assert(
      fc.property(fc.oneof(suitedHeavy, runHeavy), (hand) => {
        expectToBe(evaluate(hand), maxOverFiveCardSubsets(hand));
        if (hand.length >= 6) expectToBe(evaluate(hand.slice(0, 6)), maxOverFiveCardSubsets(hand.slice(0, 6)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('does not depend on the order of the cards', () => {
    fc.assert(
      fc.property(handAndShuffle, ([hand, shuffled]) => {
        expectToBe(evaluate(shuffled), evaluate(hand));
      }),
      { numRuns: 2_000 },
    );
  });

  it('compares 7-card hands like phe', () => {
    fc.assert(
      fc.property(distinctCards(7), distinctCards(7), (first, second) => {
        const ours = Math.sign(evaluate(first) - evaluate(second));
        const theirs = Math.sign(phe.evaluateCardCodes(second) - phe.evaluateCardCodes(first));
        expectToBe(ours, theirs);
        expectToBe(HAND_CATEGORIES.indexOf(handCategory(evaluate(first))), 8 - phe.rankCardCodes(first));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('named examples', () => {
  const board = 'Qc 9d 7s 4h 2c';

  it('Qh Ad beats Qs Kd on Qc 9d 7s 4h 2c: same pair of queens, ace kicker', () => {
    const withAce = value(`${board} Qh Ad`);
    const withKing = value(`${board} Qs Kd`);
    expect(handCategory(withAce)).toBe('one-pair');
    expect(handCategory(withKing)).toBe('one-pair');
    expect(withAce).toBeGreaterThan(withKing);
    expect(formatCards(bestFive(cards(`${board} Qh Ad`)).cards)).toBe('Qh Qc Ad 9d 7s');
    expect(formatCards(bestFive(cards(`${board} Qs Kd`)).cards)).toBe('Qs Qc Kd 9d 7s');
  });

  it('the wheel is the lowest straight and shows as 5-4-3-2-A', () => {
    const wheel = value('Ac 2d 3h 4s 5c');
    const sixHigh = value('2d 3h 4s 5c 6d');
    expect(handCategory(wheel)).toBe('straight');
    expect(wheel).toBe(handCategoryValueRange('straight').min);
    expect(sixHigh).toBe(wheel + 1);
    expect(value('Ts Js Qs Ks Ad')).toBe(handCategoryValueRange('straight').max);
    expect(describeHand(wheel)).toBe('straight, five high');
    expect(formatCards(bestFive(cards('Kh Ac 2d 3h 4s 5c 9c')).cards)).toBe('5c 4s 3h 2d Ac');
    // The steel wheel is the lowest straight flush.
    const steelWheel = value('Ah 2h 3h 4h 5h Kh Qh');
    expect(steelWheel).toBe(handCategoryValueRange('straight-flush').min);
    expect(formatCards(bestFive(cards('Ah 2h 3h 4h 5h Kh Qh')).cards)).toBe('5h 4h 3h 2h Ah');
  });

  it('a board that plays splits the pot', () => {
    const broadway = 'Ts Jh Qd Kc Ad';
    expect(value(`${broadway} 2c 3d`)).toBe(value(`${broadway} 7h 7s`));
    expect(value(`${broadway} 2c 3d`)).toBe(value(broadway));
    const flushBoard = '2h 5h 9h Jh Kh';
    expect(value(`${flushBoard} 3c 4d`)).toBe(value(`${flushBoard} Ac Ad`));
    expect(value(`${flushBoard} 3h 4d`)).toBeLessThan(value(`${flushBoard} Ah 4d`));
  });

  it('knows one hand of each category', () => {
    const examples: Record<HandCategory, string> = {
      'high-card': 'Ac Jd 9h 6s 3c 2d 4h',
      'one-pair': 'Ac Ad 9h 6s 3c 2d Kh',
      'two-pair': 'Ac Ad 9h 9s 3c 3d Kh',
      'three-of-a-kind': 'Ac Ad Ah 9s 3c 2d Kh',
      straight: '9c Td Jh Qs Kc 2d 2h',
      flush: '2c 7c 9c Jc Kc Kd Kh',
      'full-house': 'Ac Ad Ah 9s 9c 9d Kh',
      'four-of-a-kind': 'Ac Ad Ah As Kc Kd Kh',
      'straight-flush': 'Tc Jc Qc Kc Ac Ad Ah',
    };
    for (const category of HAND_CATEGORIES) {
      expect(handCategory(value(examples[category]))).toBe(category);
    }
    const values = HAND_CATEGORIES.map((category) => value(examples[category]));
    expect([...values].sort((a, b) => a - b)).toEqual(values);
  });

  it('describes hands', () => {
    expect(describeHand(value('Ac Jd 9h 6s 3c 2d 4h'))).toBe('high card, ace');
    expect(describeHand(value('Qh Qc Ad 9d 7s'))).toBe('pair of queens');
    expect(describeHand(value('Kc Kd 7h 7s 2c 2d 4h'))).toBe('two pair, kings and sevens');
    expect(describeHand(value('9c 9d 9h As Kd'))).toBe('three of a kind, nines');
    expect(describeHand(value('2c 7c 9c Jc Kc Kd Kh'))).toBe('flush, king high');
    expect(describeHand(value('Qc Qd Qh 4s 4c'))).toBe('full house, queens full of fours');
    expect(describeHand(value('2c 2d 2h 2s Ac'))).toBe('four of a kind, deuces');
    expect(describeHand(value('5d 6d 7d 8d 9d'))).toBe('straight flush, nine high');
    expect(describeHand(bestFive(cards('Tc Jc Qc Kc Ac Ad Ah')))).toBe('royal flush');
  });

  it('orders the best five for display: biggest group first, then high to low', () => {
    expect(formatCards(bestFive(cards('3c Kd 3h Ks 3s 9c 2d')).cards)).toBe('3s 3h 3c Ks Kd');
    expect(formatCards(bestFive(cards('7c Kd 7h Ks 2s 9c 2d')).cards)).toBe('Ks Kd 7h 7c 9c');
    expect(formatCards(bestFive(cards('Ah 2h 9h Jh Kh 3h 4c')).cards)).toBe('Ah Kh Jh 9h 3h');
    const best = bestFive(cards('Qs Qd 8c 8h 4d 4s Ac'));
    expect(best).toEqual({ value: value('Qs Qd 8c 8h Ac'), category: 'two-pair', cards: cards('Qs Qd 8h 8c Ac') });
    expect(handClassRanks(best.value)).toEqual([10, 10, 6, 6, 12]);
  });

  it('chooses the same best five whatever the input order', () => {
    fc.assert(
      fc.property(handAndShuffle, ([hand, shuffled]) => {
        const best = bestFive(hand);
        expectToEqual(bestFive(shuffled), best);
        expectToBe(evaluate(best.cards), best.value);
        expectToBe(best.value, evaluate(hand));
        expectToBe(
          best.cards.every((card) => hand.includes(card)),
          true,
        );
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('bad input', () => {
  it('evaluate and bestFive reject anything but 5 to 7 distinct valid cards', () => {
    const badHands = [
      cards('As Ks Qs Js'),
      cards('As Ks Qs Js Ts 9s 8s 7s'),
      [51, 50, 49, 48, 48],
      [51, 50, 49, 48, 52],
      [0, 1, 2, 3, 4.5],
    ];
    for (const bad of badHands) {
      expect(() => evaluate(bad)).toThrow(RangeError);
      expect(() => bestFive(bad)).toThrow(RangeError);
    }
  });

  it('handCategory rejects values that are not hand values', () => {
    for (const bad of [0, MAX_HAND_VALUE + 1, 1.5, NaN]) expect(() => handCategory(bad)).toThrow(RangeError);
  });
});

describe('tables', () => {
  it('are deterministic and small', () => {
    const rebuilt = buildEvaluatorTables() as unknown as Record<string, ArrayBufferView>;
    for (const [name, table] of Object.entries(EVALUATOR_TABLES) as [string, ArrayBufferView][]) {
      expect(Buffer.from(rebuilt[name].buffer).equals(Buffer.from(table.buffer))).toBe(true);
    }
    expect(evaluatorTableBytes(EVALUATOR_TABLES)).toBeLessThan(16 * 1024 * 1024);
  });
});
