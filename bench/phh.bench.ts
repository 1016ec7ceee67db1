/**
 * PHH replay benchmark: the whole conformance corpus (test/fixtures/phh, 1,745 real hands) replayed N times,
 * in hands per second, beside pokerkit's figure for the same work (about 1,000 hands/s: the PHH reference
 * parser and state machine, in Python). The goal is 50 times that.
 *
 *   npx tsx bench/phh.bench.ts [passes]
 *
 * Rows: parse + replay (TOML text to final stacks, files already in memory); replay alone (pre-parsed hands);
 * the engine alone (the same commands the importer sends, through decide and evolve, without the importer);
 * parse alone. runPhhBench() returns the rows and a markdown report for a bench runner.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { tableDecider, type TableCommand } from '@felt/engine';
import { collectPhhFiles, parsePhh, replayPhhHand, type PhhHand } from '@felt/formats';

/** pokerkit's throughput on PHH replays, the reference the goal is stated against (hands per second). */
export const POKERKIT_HANDS_PER_SECOND = 1000;
export const GOAL_TIMES_POKERKIT = 50;

export interface PhhBenchRow {
  readonly name: string;
  /** Best pass, hands per second. */
  readonly handsPerSecond: number;
  /** Microseconds per hand (best pass). */
  readonly microsecondsPerHand: number;
  readonly timesPokerkit: number;
}

export interface PhhBenchOptions {
  /** Timed passes over the corpus per row (after one warm-up pass); the best counts. */
  readonly passes?: number;
  /** The corpus folder. */
  readonly root?: string;
}

export function runPhhBench(options: PhhBenchOptions = {}): { rows: PhhBenchRow[]; markdown: string } {
  const passes = options.passes ?? 5;
  // From the repository root, so the compiled benchmark (dist-bench/) finds the corpus too.
  const root = options.root ?? join(process.cwd(), 'test', 'fixtures', 'phh');
  const texts = collectPhhFiles([root]).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  const hands: PhhHand[] = [];
  for (const { file, text } of texts) for (const e of parsePhh(text, file)) if (e.ok) hands.push(e.hand);
  const scripts: TableCommand[][] = [];
  for (const hand of hands) {
    const commands: TableCommand[] = [];
    const r = replayPhhHand(hand, { commands });
    if (r.status !== 'matched') throw new Error(`the benchmark corpus must replay cleanly: ${r.error}`);
    scripts.push(commands);
  }
  const count = hands.length;
  // Read once, as the importer does (see replay.ts): the engine's index re-exports through slow getters.
  const { decide } = tableDecider;

  const candidates: { name: string; run: () => void }[] = [
    {
      name: 'parse + replay (TOML text to final stacks)',
      run: () => {
        for (const { file, text } of texts) for (const e of parsePhh(text, file)) if (e.ok) replayPhhHand(e.hand);
      },
    },
    { name: 'replay alone (pre-parsed hands)', run: () => hands.forEach((h) => replayPhhHand(h)) },
    {
      name: 'engine alone (the same commands, decide + evolve)',
      run: () => {
        for (const script of scripts) {
          let state = tableDecider.initialState;
          for (const command of script) {
            const d = decide(command, state);
            // decide returns the state its events lead to: folding them again would do the work twice.
            if (d.ok) state = d.state;
          }
        }
      },
    },
    {
      name: 'parse alone (smol-toml and field checks)',
      run: () => {
        for (const { file, text } of texts) parsePhh(text, file);
      },
    },
  ];

  // One warm-up each, then the passes interleaved so a slow spell on a shared machine hits every row alike.
  for (const c of candidates) c.run();
  const bestMs = candidates.map(() => Infinity);
  for (let pass = 0; pass < passes; pass++) {
    candidates.forEach((c, i) => {
      const start = process.hrtime.bigint();
      c.run();
      bestMs[i] = Math.min(bestMs[i], Number(process.hrtime.bigint() - start) / 1e6);
    });
  }

  const rows = candidates.map((c, i) => {
    const handsPerSecond = (count / bestMs[i]) * 1000;
    return {
      name: c.name,
      handsPerSecond: Math.round(handsPerSecond),
      microsecondsPerHand: Math.round((bestMs[i] * 1000) / count),
      timesPokerkit: Math.round((handsPerSecond / POKERKIT_HANDS_PER_SECOND) * 10) / 10,
    };
  });
  const commandsPerHand = scripts.reduce((n, s) => n + s.length, 0) / count;
  const markdown = [
    `### PHH replay: ${count.toLocaleString('en-US')} hands (test/fixtures/phh), best of ${passes} passes`,
    '',
    `Goal: ${GOAL_TIMES_POKERKIT}x pokerkit (~${POKERKIT_HANDS_PER_SECOND.toLocaleString('en-US')} hands/s), i.e. ${(GOAL_TIMES_POKERKIT * POKERKIT_HANDS_PER_SECOND).toLocaleString('en-US')} hands/s. ` +
      `${commandsPerHand.toFixed(1)} engine commands per hand (a fresh table each: open, seat, button, deal, blinds, actions, showdown).`,
    '',
    '| what | hands/s | µs/hand | × pokerkit |',
    '|---|---:|---:|---:|',
    ...rows.map((r) => `| ${r.name} | ${r.handsPerSecond.toLocaleString('en-US')} | ${r.microsecondsPerHand} | ${r.timesPokerkit} |`),
    '',
    `Load average after the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${cpus().length} cores.`,
    '',
  ].join('\n');
  return { rows, markdown };
}

if (require.main === module) {
  const passes = Number(process.argv[2] ?? 5);
  const { markdown } = runPhhBench({ passes: Number.isInteger(passes) && passes > 0 ? passes : 5 });
  process.stdout.write(markdown);
}
