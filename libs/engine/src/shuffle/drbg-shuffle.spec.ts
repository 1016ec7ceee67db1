import fc from 'fast-check';
import { FULL_DECK } from '../cards/card';
import { drbgShuffledDeck, isDrbgSeed } from './drbg-shuffle';
import { HmacDrbgSha256 } from './hmac-drbg';
import { cardPositionChiSquare, CHI_SQUARE_2601_AT_0_001, countingSeed } from './uniformity';

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 });

describe('hmac-drbg-sha256-fisher-yates', () => {
  it('is a permutation of the 52 cards, the same for the same seed, different for another', () =>
    fc.assert(
      fc.property(seedArb, seedArb, (a, b) => {
        const deck = drbgShuffledDeck(a);
        expect([...deck].sort((x, y) => x - y)).toEqual(FULL_DECK);
        expect(drbgShuffledDeck(Uint8Array.from(a))).toEqual(deck);
        if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0) expect(drbgShuffledDeck(b)).not.toEqual(deck);
      }),
      { numRuns: 200 },
    ));

  it('follows its documented recipe: Fisher-Yates from card order on big-endian 32-bit words of 256-byte requests', () => {
    // Restated from the documentation in drbg-shuffle.ts, step by step, for one seed.
    const seed = Buffer.from('00'.repeat(31) + '2a', 'hex');
    const drbg = new HmacDrbgSha256(seed);
    const words: number[] = [];
    for (let r = 0; r < 2; r++) {
      const block = drbg.generate(256);
      for (let at = 0; at < 256; at += 4) words.push(block.readUInt32BE(at));
    }
    const deck = [...FULL_DECK];
    let w = 0;
    for (let i = 51; i > 0; i--) {
      const limit = 2 ** 32 - (2 ** 32 % (i + 1));
      let x = words[w++]!;
      while (x >= limit) x = words[w++]!;
      const j = x % (i + 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    expect(drbgShuffledDeck(seed)).toEqual(deck);
  });

  it('takes seeds written as 64 lower-case hex digits only', () => {
    expect(isDrbgSeed('ab'.repeat(32))).toBe(true);
    expect(isDrbgSeed('AB'.repeat(32))).toBe(false);
    expect(isDrbgSeed('ab'.repeat(31))).toBe(false);
    expect(isDrbgSeed(42)).toBe(false);
  });

  /**
   * Uniformity: Pearson's chi-square test of card x position (2601 degrees of freedom) against its 0.1% critical
   * value, 2829.6 (uniformity.ts). The threshold does not depend on the number of shuffles; 20,000 shuffles here
   * (about 385 expected per cell, far above the 5 the approximation needs) keep the suite fast.
   * `npx tsx bench/shuffle-uniformity.ts` runs the same test on 10^6 shuffles (docs/benchmarks.md has the figure).
   */
  it('puts every card in every position equally often (chi-square, 20,000 shuffles, p < 0.001 fails)', () => {
    const statistic = cardPositionChiSquare(20_000, (i) => drbgShuffledDeck(countingSeed(i)));
    expect(statistic).toBeLessThan(CHI_SQUARE_2601_AT_0_001);
  });

  it('has the power to see a biased shuffle at that size: swapping with any position (the textbook bias) fails', () => {
    const statistic = cardPositionChiSquare(20_000, (i) => naiveShuffle(countingSeed(i)));
    expect(statistic).toBeGreaterThan(CHI_SQUARE_2601_AT_0_001);
  });
});

/** The classic mistake: swap each position with any of the 52 (52^52 paths onto 52! orders cannot be even). */
function naiveShuffle(seed: Uint8Array): number[] {
  const drbg = new HmacDrbgSha256(seed);
  const block = drbg.generate(256);
  const deck = [...FULL_DECK];
  for (let i = 51; i >= 0; i--) {
    const j = block.readUInt32BE(i * 4) % 52;
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return deck;
}
