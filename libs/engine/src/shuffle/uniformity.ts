import type { Card } from '../cards/card';

/**
 * Pearson's chi-square test of independence of card and position over many shuffles: a 52 x 52 table counts how
 * often each card lands in each position. For a uniform shuffle every cell expects shuffles / 52, and the statistic
 * sum((observed - expected)^2 / expected) follows a chi-square law with (52 - 1) * (52 - 1) = 2601 degrees of
 * freedom (each position holds one card a shuffle and each card sits in one position, so rows and columns are fixed).
 *
 * CHI_SQUARE_2601_AT_0_001 is that law's 99.9th percentile (Wilson-Hilferty: k (1 - 2/(9k) + z sqrt(2/(9k)))^3 with
 * z = 3.0902, k = 2601): a uniform shuffle exceeds it once in a thousand runs, whatever the number of shuffles. More
 * shuffles keep the threshold and only sharpen the test (a bias of a given size shows sooner).
 */
export const CARD_POSITION_DEGREES_OF_FREEDOM = 51 * 51;
export const CHI_SQUARE_2601_AT_0_001 = 2829.6;

export function cardPositionChiSquare(shuffles: number, deckOf: (i: number) => readonly Card[]): number {
  const counts = new Float64Array(52 * 52);
  for (let i = 0; i < shuffles; i++) {
    const deck = deckOf(i);
    for (let position = 0; position < 52; position++) counts[position * 52 + deck[position]]++;
  }
  const expected = shuffles / 52;
  let statistic = 0;
  for (let cell = 0; cell < counts.length; cell++) statistic += (counts[cell] - expected) ** 2 / expected;
  return statistic;
}

/** A 32-byte seed for shuffle number i of a test run: i big-endian in the last four bytes (distinct, reproducible). */
export function countingSeed(i: number): Uint8Array {
  const seed = new Uint8Array(32);
  new DataView(seed.buffer).setUint32(28, i);
  return seed;
}
