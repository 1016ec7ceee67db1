import { HAND_CATEGORIES, handCategoryValueRange } from './evaluator';
import { evaluate7Values, sweepSevenCardValues } from './sweep';

/** Cards 20 to 51: the ranks 7 to ace, eight ranks, so that every category (high card too) occurs. */
const LOWEST_CARD = 20;

/**
 * The sweep's incremental walk against evaluate7, on a sample: every hand of the 32 highest cards. The whole walk,
 * all 133,784,560 seven-card hands against evaluate7 and the known number of hands per category, is `npm run bench`'s
 * (bench/evaluator.bench.ts): four seconds of CPU a run, for a check whose code rarely changes.
 */
describe('the seven-card sweep', () => {
  it('agrees value by value with evaluate7 on all 3,365,856 hands of the cards 7 to ace, every category among them', () => {
    const swept = sweepSevenCardValues(undefined, LOWEST_CARD);
    expect(swept.reduce((sum, hands) => sum + hands, 0)).toBe(3_365_856);
    expect(Buffer.from(evaluate7Values(LOWEST_CARD).buffer).equals(Buffer.from(swept.buffer))).toBe(true);
    for (const category of HAND_CATEGORIES) {
      const { min, max } = handCategoryValueRange(category);
      expect({ category, hands: swept.slice(min, max + 1).some((n) => n > 0) }).toEqual({ category, hands: true });
    }
  });
});
