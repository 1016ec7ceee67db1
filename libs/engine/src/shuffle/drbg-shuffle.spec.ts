import fc from 'fast-check';
import { FULL_DECK, formatCards } from '../cards/card';
import { deckCommitment } from './deck-commitment';
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

  it('gives the worked example of docs/regulators.md (checked there against a separate Python implementation)', () => {
    const deck = drbgShuffledDeck(Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex'));
    expect(formatCards(deck)).toBe(
      'Qs 3c Tc Kh Ad Js Ts 3d 9h Th 5c 8s 8h Jh Ac 7c 4h 4c 3s Ah 9d 5s Qd 7h 4d 9c 6d Kd 8c Qh 7s 5h 2d 6h Qc Ks 3h 2c 8d 4s Kc As Td 9s 2s 2h Jd Jc 6s 5d 6c 7d',
    );
    expect(deckCommitment('f0e1d2c3b4a5968778695a4b3c2d1e0f', deck)).toBe(
      '1cf545616f9145850aac05f48416043c5d547c43f1f02b9b16d5462ed5257025',
    );
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
