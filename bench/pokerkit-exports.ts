/**
 * Felt's PHH export replayed by pokerkit, an independent engine: mixed logs (test/exports/mixed-log.ts: every house
 * option, new players posting, sit-outs, voided hands, fixed limit heads-up, pot limit) are exported to PHH, and
 * bench/pokerkit_replay.py replays each hand in pokerkit and compares its final stacks with finishing_stacks.
 *
 *   POKERKIT_PATH=/path/to/pokerkit-source npx tsx bench/pokerkit-exports.ts [hands per table] [seed]
 *
 * POKERKIT_PATH is the folder holding pokerkit's `pokerkit/` package (its repository, github.com/uoftcprg/pokerkit,
 * is pure Python; python3 3.11 or later). Without it the export counts are printed and the replay is skipped.
 * Prints, for hands without a marking note, how many pokerkit replays to the same stacks, and for each marking
 * kind (docs/regulators.md) what pokerkit did with those hands. `matched-tabled-early`: the log tables an all-in
 * showdown after the rest of the board, PHH before it; the script showed the hands first (Felt before issue 17).
 *
 * Then the PHH hands written by hand for issue 23 (test/fixtures/phh-online: decimal stakes, posts to come in,
 * unknown cards, winnings short by a rake) are played by `felt phh` and by pokerkit's own reader
 * (pokerkit_replay.py --final-stacks), and the final stacks compared hand by hand; then each, as the engine played
 * it, is exported to PHH again and replayed by pokerkit (the round trip of a post: a negative entry both ways).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { readFileSync } from 'node:fs';
import { tableDecider, type TableCommand, type TableEvent } from '@felt/engine';
import { collectPhhFiles, parsePhh, phhHandsFromEvents, replayPhhFiles, replayPhhHand, toPhhText } from '@felt/formats';
import { MIXED_TABLES, mixedLog } from '../test/exports/mixed-log';

const handsPerTable = Number(process.argv[2] ?? 500);
const seed = Number(process.argv[3] ?? 2026);
const dir = mkdtempSync(join(tmpdir(), 'felt-pokerkit-'));
const counts: Record<string, number> = {};
let written = 0;
let started = 0;
const files: string[] = [];
try {
  MIXED_TABLES.forEach((table, i) => {
    const log = mixedLog(table, handsPerTable, seed + i);
    started += log.events.filter((e) => e.type === 'HandStarted').length;
    const phh = phhHandsFromEvents(log.events);
    written += phh.hands.length;
    for (const [kind, n] of Object.entries(phh.counts)) counts[kind] = (counts[kind] ?? 0) + n!;
    if (phh.hands.length === 0) return;
    const file = join(dir, `${table.name}.phhs`);
    writeFileSync(file, toPhhText(phh.hands, phh.skipped));
    files.push(file);
  });
  console.log(`${started} hands started at ${MIXED_TABLES.length} tables; ${written} written to PHH, ${started - written} left out`);
  console.log(`hands per note kind (a hand counts once per kind; left out: chopped, voided, no-variant): ${JSON.stringify(counts)}`);
  const pokerkit = process.env.POKERKIT_PATH;
  if (!pokerkit) {
    console.log('pokerkit: not available (set POKERKIT_PATH to the folder holding its pokerkit/ package); replay skipped');
  } else {
    const run = spawnSync('python3', [join(__dirname, 'pokerkit_replay.py'), '--table-early', ...files], {
      env: { ...process.env, PYTHONPATH: pokerkit },
      encoding: 'utf8',
      maxBuffer: 64 * 2 ** 20,
    });
    if (run.status !== 0) throw new Error(`pokerkit_replay.py failed (${run.status}): ${run.stderr}`);
    const report = JSON.parse(run.stdout) as {
      hands: number;
      plain: Record<string, number>;
      equivalent: Record<string, Record<string, number>>;
      marked: Record<string, Record<string, number>>;
      reasons: Record<string, number>;
    };
    const plain = Object.values(report.plain).reduce((a, b) => a + b, 0);
    console.log(`pokerkit replayed ${report.hands} hands. Without a marking note: ${plain} hands, ${JSON.stringify(report.plain)}`);
    for (const [kind, outcomes] of Object.entries(report.equivalent))
      console.log(`  of which written as an equivalent, ${kind}: ${JSON.stringify(outcomes)}`);
    for (const [kind, outcomes] of Object.entries(report.marked)) console.log(`  marked ${kind}: ${JSON.stringify(outcomes)}`);
    if (Object.keys(report.reasons).length) console.log(`  why, for unmarked hands that did not match: ${JSON.stringify(report.reasons)}`);

    const handWritten = collectPhhFiles([join(__dirname, '../test/fixtures/phh-online')]);
    const felt = replayPhhFiles(handWritten);
    const read = spawnSync('python3', [join(__dirname, 'pokerkit_replay.py'), '--final-stacks', ...handWritten], {
      env: { ...process.env, PYTHONPATH: pokerkit },
      encoding: 'utf8',
    });
    if (read.status !== 0) throw new Error(`pokerkit_replay.py --final-stacks failed (${read.status}): ${read.stderr}`);
    const theirs = JSON.parse(read.stdout) as Record<string, { stacks?: number[]; ended?: boolean; error?: string }>;
    let same = 0;
    for (const hand of felt.hands) {
      const pk = theirs[hand.file];
      const agree =
        pk?.stacks !== undefined &&
        pk.ended === true &&
        hand.finalStacks !== null &&
        hand.finalStacks.every((s, i) => Math.abs(s - pk.stacks![i]!) < 1e-9);
      if (agree) same++;
      else console.log(`  ${hand.file}: felt phh ${hand.status} ${JSON.stringify(hand.finalStacks)}, pokerkit ${JSON.stringify(pk)}`);
    }
    console.log(
      `hand-written PHH hands (test/fixtures/phh-online): ${felt.hands.length}, felt phh ${JSON.stringify(felt.summary)}; final stacks equal to pokerkit's: ${same}`,
    );

    // The round trip: each of those hands as the engine played it, exported to PHH again, replayed by pokerkit.
    const roundTrip = handWritten.map((file) => {
      const [entry] = parsePhh(readFileSync(file, 'utf8'), file);
      if (!entry?.ok) throw new Error(`${file} does not parse`);
      const commands: TableCommand[] = [];
      replayPhhHand(entry.hand, { commands });
      let state = tableDecider.initialState;
      const events: TableEvent[] = [];
      for (const c of commands) {
        const d = tableDecider.decide(c, state);
        if (!d.ok) throw new Error(`${file}: ${c.type} refused`);
        for (const e of d.events) {
          state = tableDecider.evolve(state, e);
          events.push(e);
        }
      }
      // The file's hand, after the setup hands; one file each (the hands' numbers repeat from table to table).
      const path = join(dir, `exported-${basename(file)}s`);
      writeFileSync(path, toPhhText([phhHandsFromEvents(events).hands.at(-1)!]));
      return path;
    });
    const again = spawnSync('python3', [join(__dirname, 'pokerkit_replay.py'), ...roundTrip], {
      env: { ...process.env, PYTHONPATH: pokerkit },
      encoding: 'utf8',
    });
    if (again.status !== 0) throw new Error(`pokerkit_replay.py failed (${again.status}): ${again.stderr}`);
    const back = JSON.parse(again.stdout) as { hands: number; plain: Record<string, number>; examples: unknown[] };
    console.log(
      `  exported again to PHH and replayed by pokerkit: ${back.hands} hands, ${JSON.stringify(back.plain)}${back.examples.length ? ` ${JSON.stringify(back.examples)}` : ''}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
