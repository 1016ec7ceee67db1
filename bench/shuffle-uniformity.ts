/**
 * `npx tsx bench/shuffle-uniformity.ts [shuffles]` (default 1,000,000): Pearson's chi-square test of card x position
 * over the house shuffle (hmac-drbg-sha256-fisher-yates), seeds 0, 1, 2, ... as 32-byte big-endian counters, against
 * the 0.1% critical value of the chi-square law with 2601 degrees of freedom (libs/engine/src/shuffle/uniformity.ts).
 * The suite runs the same test on 20,000 shuffles; this is the 10^6 run the issue asks for, recorded in
 * docs/benchmarks.md. It exits 1 when the statistic is at or above the threshold.
 */
import { drbgShuffledDeck } from '../libs/engine/src/shuffle/drbg-shuffle';
import {
  cardPositionChiSquare,
  CARD_POSITION_DEGREES_OF_FREEDOM,
  CHI_SQUARE_2601_AT_0_001,
  countingSeed,
} from '../libs/engine/src/shuffle/uniformity';

const shuffles = Number(process.argv[2] ?? 1_000_000);
const t0 = process.hrtime.bigint();
const statistic = cardPositionChiSquare(shuffles, (i) => drbgShuffledDeck(countingSeed(i)));
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const pass = statistic < CHI_SQUARE_2601_AT_0_001;
console.log(
  `${shuffles.toLocaleString('en-US')} shuffles in ${seconds.toFixed(1)} s (${Math.round(shuffles / seconds).toLocaleString('en-US')}/s): ` +
    `chi-square ${statistic.toFixed(1)} with ${CARD_POSITION_DEGREES_OF_FREEDOM} degrees of freedom (mean ${CARD_POSITION_DEGREES_OF_FREEDOM}), ` +
    `threshold ${CHI_SQUARE_2601_AT_0_001} at p = 0.001: ${pass ? 'uniform' : 'NOT UNIFORM'}`,
);
process.exit(pass ? 0 : 1);
