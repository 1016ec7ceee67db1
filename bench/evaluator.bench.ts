/**
 * Hand evaluator benchmark: our evaluate7 against the npm packages phe (Henry
 * Lee's algorithm) and poker-evaluator (the Two Plus Two lookup table), on the
 * same 1,000,000 seeded random 7-card hands; plus our exhaustive 7-card sweep
 * and the size of our tables.
 *
 *   npx tsx bench/evaluator.bench.ts
 *
 * runEvaluatorBench() returns the rows and a markdown report for a bench
 * runner (docs/benchmarks.md).
 */
import { evaluate7, type HandCategory } from '../libs/engine/src/cards/evaluator';
import { EVALUATOR_TABLES, buildEvaluatorTables, evaluatorTableBytes } from '../libs/engine/src/cards/evaluator-tables';
import {
  evaluate7Values,
  sevenCardRows,
  sweepSevenCardCategories,
  sweepSevenCardValues,
  sweepTableBytes,
  type SevenCardRows,
} from '../libs/engine/src/cards/sweep';

/** The known number of seven-card hands per category (133,784,560 in all). */
const HANDS_PER_CATEGORY: Record<HandCategory, number> = {
  'straight-flush': 41_584,
  'four-of-a-kind': 224_848,
  'full-house': 3_473_184,
  flush: 4_047_644,
  straight: 6_180_020,
  'three-of-a-kind': 6_461_620,
  'two-pair': 31_433_400,
  'one-pair': 58_627_800,
  'high-card': 23_294_460,
};

/**
 * The exhaustive correctness check (npm test samples it: libs/engine/src/cards/evaluator-sweep.spec.ts): the sweep
 * finds the known number of hands per category, and evaluate7 called on every hand gives the sweep's values.
 * Throws on a difference, so that the benchmark fails rather than reports a wrong evaluator's speed.
 */
function checkEveryHand(sweepRows: SevenCardRows): void {
  const categories = sweepSevenCardCategories(sweepRows);
  // By category, not as JSON: the sweep lists the categories in its own order.
  const differs =
    (Object.keys(HANDS_PER_CATEGORY) as HandCategory[]).some((c) => categories[c] !== HANDS_PER_CATEGORY[c]) ||
    Object.keys(categories).length !== Object.keys(HANDS_PER_CATEGORY).length;
  if (differs) throw new Error(`the sweep's hands per category are not the known ones: ${JSON.stringify(categories)}`);
  if (!Buffer.from(evaluate7Values().buffer).equals(Buffer.from(sweepSevenCardValues(sweepRows).buffer)))
    throw new Error('evaluate7 and the sweep disagree on some of the 133,784,560 hands');
}

export interface EvaluatorBenchRow {
  readonly name: string;
  /** What was measured and how it compares, for humans. */
  readonly result: string;
  /** Millions of 7-card hands per second (best run), when the row is a throughput. */
  readonly millionHandsPerSecond?: number;
  /** How many times faster our evaluate7 was on the same hands, for the other evaluators. */
  readonly oursTimesFaster?: number;
}

export interface EvaluatorBenchOptions {
  readonly hands?: number;
  readonly runs?: number;
  readonly seed?: number;
  /** The sweep takes about a second; a quick run may skip it. */
  readonly sweep?: boolean;
}

const HAND_SIZE = 7;

/** mulberry32: a tiny seeded PRNG, so every run deals the same hands. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` hands of 7 distinct cards (0..51), flattened. */
function dealRandomHands(count: number, seed: number): Uint8Array {
  const random = mulberry32(seed);
  const deck = Array.from({ length: 52 }, (_, card) => card);
  const hands = new Uint8Array(count * HAND_SIZE);
  for (let hand = 0; hand < count; hand++) {
    // Partial Fisher-Yates: the first 7 places of the deck become the hand.
    for (let i = 0; i < HAND_SIZE; i++) {
      const j = i + Math.floor(random() * (52 - i));
      const card = deck[j];
      deck[j] = deck[i];
      deck[i] = card;
      hands[hand * HAND_SIZE + i] = card;
    }
  }
  return hands;
}

/**
 * Times each candidate (a function that evaluates every hand once): one
 * warm-up run each, then `rounds` rounds that run every candidate in turn, so
 * that a slow spell on a shared machine hits all of them alike. Returns the
 * best time of each, in millions of hands per second.
 */
function measureInterleaved(candidates: readonly (() => void)[], hands: number, rounds: number): number[] {
  for (const evaluateAll of candidates) evaluateAll();
  const bestMs = candidates.map(() => Infinity);
  for (let round = 0; round < rounds; round++) {
    candidates.forEach((evaluateAll, index) => {
      const start = process.hrtime.bigint();
      evaluateAll();
      bestMs[index] = Math.min(bestMs[index], Number(process.hrtime.bigint() - start) / 1e6);
    });
  }
  return bestMs.map((ms) => hands / ms / 1000);
}

// The loops below are top-level functions taking their data as arguments, so that V8 optimizes them
// the same way wherever they are called from.

function evaluateAllOurs(hands: Uint8Array, values: Int32Array): void {
  const evaluateSeven = evaluate7; // a local binding: transpiled imports are getters
  for (let i = 0, hand = 0; hand < values.length; i += HAND_SIZE, hand++) {
    values[hand] = evaluateSeven(hands[i], hands[i + 1], hands[i + 2], hands[i + 3], hands[i + 4], hands[i + 5], hands[i + 6]);
  }
}

function evaluateAllWithSevenArguments(evaluateSeven: (...cards: number[]) => number, hands: Uint8Array, values: Int32Array): void {
  for (let i = 0, hand = 0; hand < values.length; i += HAND_SIZE, hand++) {
    values[hand] = evaluateSeven(hands[i], hands[i + 1], hands[i + 2], hands[i + 3], hands[i + 4], hands[i + 5], hands[i + 6]);
  }
}

/** For the APIs that take an array: one array, refilled for each hand. */
function evaluateAllWithCodeArray(evaluateCodes: (codes: number[]) => number, hands: Uint8Array, values: Int32Array): void {
  const codes = [0, 0, 0, 0, 0, 0, 0];
  for (let i = 0, hand = 0; hand < values.length; i += HAND_SIZE, hand++) {
    for (let k = 0; k < HAND_SIZE; k++) codes[k] = hands[i + k];
    values[hand] = evaluateCodes(codes);
  }
}

/** The bare Two Plus Two walk: one table read per card, starting at 53 (cards are 1..52). */
function evaluateAllWithTwoPlusTwoWalk(readTable: (index: number) => number, hands: Uint8Array, values: Int32Array): void {
  for (let i = 0, hand = 0; hand < values.length; i += HAND_SIZE, hand++) {
    let state = 53;
    for (let k = 0; k < HAND_SIZE; k++) state = readTable(state + hands[i + k]);
    values[hand] = state;
  }
}

/** Pairs of consecutive hands whose comparison differs between two evaluators. */
function orderingDisagreements(ours: Int32Array, theirs: Int32Array, theirsHigherIsBetter: boolean): number {
  let disagreements = 0;
  for (let i = 0; i + 1 < ours.length; i++) {
    const ourOrder = Math.sign(ours[i] - ours[i + 1]);
    const theirOrder = Math.sign(theirs[i] - theirs[i + 1]) * (theirsHigherIsBetter ? 1 : -1);
    if (ourOrder !== theirOrder) disagreements++;
  }
  return disagreements;
}

function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

export async function runEvaluatorBench(options: EvaluatorBenchOptions = {}): Promise<{ rows: EvaluatorBenchRow[]; markdown: string }> {
  const handCount = options.hands ?? 1_000_000;
  const runs = options.runs ?? 5;
  const seed = options.seed ?? 20240601;
  const hands = dealRandomHands(handCount, seed);

  // phe and poker-evaluator ship as CommonJS without usable types. poker-evaluator reads its
  // ~124 MB table when loaded, so both are loaded here rather than at import time.
  /* eslint-disable @typescript-eslint/no-require-imports */
  const phe = require('phe') as { evaluateCardCodes(codes: number[]): number };
  const pheSevenCards = require('phe/lib/evaluator7') as (...cards: number[]) => number;
  const loadStart = process.hrtime.bigint();
  const pokerEvaluator = require('poker-evaluator') as {
    evalHand(cards: number[]): { value: number };
    evalCard(index: number): number;
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const pokerEvaluatorLoadMs = Number(process.hrtime.bigint() - loadStart) / 1e6;

  const { evaluateCardCodes } = phe;
  const { evalHand, evalCard } = pokerEvaluator;

  const ourValues = new Int32Array(handCount);
  const pheValues = new Int32Array(handCount);
  const pokerEvaluatorValues = new Int32Array(handCount);
  // poker-evaluator numbers cards 1..52 in our order (2c = 1 .. As = 52).
  const pokerEvaluatorHands = hands.map((card) => card + 1);

  const [ours, pheApi, pheDirect, pokerEvaluatorApi, pokerEvaluatorWalk] = measureInterleaved(
    [
      () => evaluateAllOurs(hands, ourValues),
      () => evaluateAllWithCodeArray(evaluateCardCodes, hands, pheValues),
      () => evaluateAllWithSevenArguments(pheSevenCards, hands, pheValues),
      () => evaluateAllWithCodeArray((cards) => evalHand(cards).value, pokerEvaluatorHands, pokerEvaluatorValues),
      () => evaluateAllWithTwoPlusTwoWalk(evalCard, pokerEvaluatorHands, pokerEvaluatorValues),
    ],
    handCount,
    runs,
  );

  const pheDisagreements = orderingDisagreements(ourValues, pheValues, false);
  const pokerEvaluatorDisagreements = orderingDisagreements(ourValues, pokerEvaluatorValues, true);

  const buildStart = process.hrtime.bigint();
  buildEvaluatorTables();
  const tableBuildMs = Number(process.hrtime.bigint() - buildStart) / 1e6;
  const tableBytes = evaluatorTableBytes(EVALUATOR_TABLES);

  const throughputRow = (name: string, millionHandsPerSecond: number): EvaluatorBenchRow => ({
    name,
    millionHandsPerSecond,
    oursTimesFaster: ours / millionHandsPerSecond,
    result: `${millionHandsPerSecond.toFixed(1)} M hands/s; ours ${(ours / millionHandsPerSecond).toFixed(1)}x faster`,
  });
  const rows: EvaluatorBenchRow[] = [
    { name: 'felt evaluate7', millionHandsPerSecond: ours, result: `${ours.toFixed(1)} M hands/s` },
    throughputRow('phe evaluateCardCodes (public API)', pheApi),
    throughputRow('phe evaluate_7_cards (internal, 7 arguments)', pheDirect),
    throughputRow('poker-evaluator evalHand (public API)', pokerEvaluatorApi),
    throughputRow('poker-evaluator Two Plus Two walk via evalCard', pokerEvaluatorWalk),
  ];

  if (options.sweep ?? true) {
    const sweepRows = sevenCardRows(); // built once and passed in, so the timing below is the walk alone
    sweepSevenCardCategories(sweepRows); // warm-up
    let bestSweepMs = Infinity;
    for (let run = 0; run < Math.min(runs, 3); run++) {
      const start = process.hrtime.bigint();
      sweepSevenCardCategories(sweepRows);
      bestSweepMs = Math.min(bestSweepMs, Number(process.hrtime.bigint() - start) / 1e6);
    }
    rows.push({
      name: 'felt exhaustive sweep, all 133,784,560 seven-card hands',
      millionHandsPerSecond: 133_784_560 / bestSweepMs / 1000,
      result: `${(bestSweepMs / 1000).toFixed(3)} s (${(133_784_560 / bestSweepMs / 1000).toFixed(0)} M hands/s)`,
    });
    rows.push({ name: 'felt sweep rows (typed arrays)', result: `${formatNumber(sweepTableBytes(sweepRows))} bytes` });
    checkEveryHand(sweepRows);
    rows.push({ name: 'every seven-card hand: the known hands per category; evaluate7 equal to the sweep', result: 'all agree' });
  }
  rows.push(
    { name: 'felt evaluator tables (typed arrays)', result: `${formatNumber(tableBytes)} bytes` },
    { name: 'felt evaluator table build (warm process)', result: `${tableBuildMs.toFixed(1)} ms` },
    { name: 'poker-evaluator table load (HandRanks.dat)', result: `${pokerEvaluatorLoadMs.toFixed(0)} ms` },
    {
      name: `ordering vs phe, ${formatNumber(handCount - 1)} pairs of random hands`,
      result: pheDisagreements === 0 ? 'all agree' : `${formatNumber(pheDisagreements)} DISAGREE`,
    },
    {
      name: `ordering vs poker-evaluator, ${formatNumber(handCount - 1)} pairs`,
      result: pokerEvaluatorDisagreements === 0 ? 'all agree' : `${formatNumber(pokerEvaluatorDisagreements)} DISAGREE`,
    },
  );

  const markdown = [
    `### Hand evaluator (${formatNumber(handCount)} seeded random 7-card hands, best of ${runs} interleaved runs, Node ${process.version})`,
    '',
    '| Measure | Result |',
    '| --- | --- |',
    ...rows.map((row) => `| ${row.name} | ${row.result} |`),
    '',
  ].join('\n');
  return { rows, markdown };
}

if (require.main === module) {
  runEvaluatorBench().then(
    ({ markdown }) => process.stdout.write(markdown),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
