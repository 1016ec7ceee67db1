import type { Command } from 'commander';
// The PHH reader alone, not the formats' index (whose table scripts load their schemas): felt phh is timed as a
// whole process beside pokerkit.
import { collectPhhFiles, replayPhhFile, summarize } from '@felt/formats/phh';
import type { PhhReplayResult } from '@felt/formats';

/** Above this many files, and only when stderr is a terminal, a progress bar runs on stderr. */
const PROGRESS_MIN_FILES = 50;

/**
 * `felt phh PATH... [--json]`: replays PHH hand histories (pokerkit's TOML format) through the engine and
 * compares each hand's final stacks with the file's finishing stacks. PATHs are files or folders (searched
 * recursively for .phh and .phhs). Prints a line per hand that failed or did not match, then a summary.
 * Exit codes: 0 every hand matched; 1 a hand failed or did not match; 2 a path cannot be read or holds no file.
 */
export function registerPhhCommand(program: Command): void {
  program
    .command('phh')
    .description('replay PHH hand histories (.phh, .phhs) through the engine and compare the final stacks')
    .argument('<paths...>', 'PHH files, or folders searched recursively for .phh and .phhs files')
    .option('--json', 'print {"summary": {...}, "hands": [...]} as JSON instead of text')
    .action((paths: string[], options: { json?: boolean }, command: Command) => runPhh(paths, options, command));
}

/** Loaded only when a bar is drawn: a run that draws none (piped, or few files) is spared its 20-odd ms of CPU. */
function progressBar() {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { SingleBar, Presets } = require('cli-progress') as typeof import('cli-progress');
  return new SingleBar({ stream: process.stderr, clearOnComplete: true, hideCursor: true }, Presets.shades_classic);
}

function runPhh(paths: string[], options: { json?: boolean }, command: Command): void {
  const write = (text: string) => command.configureOutput().writeOut!(text);
  const started = Date.now();

  let files: string[];
  try {
    files = collectPhhFiles(paths);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    const why = e.code === 'ENOENT' ? 'there is no such file or folder' : e.message;
    command.error(`felt phh: cannot read ${e.path ?? paths.join(' ')}: ${why}.`, { exitCode: 2, code: 'felt.phh.path' });
    return;
  }
  if (files.length === 0) {
    command.error(`felt phh: no .phh or .phhs file under ${paths.join(', ')}.`, { exitCode: 2, code: 'felt.phh.empty' });
    return;
  }

  const bar = process.stderr.isTTY && files.length >= PROGRESS_MIN_FILES ? progressBar() : null;
  bar?.start(files.length, 0);
  const hands: PhhReplayResult[] = [];
  try {
    for (const file of files) {
      for (const r of replayPhhFile(file)) hands.push(r);
      bar?.increment();
    }
  } finally {
    bar?.stop();
  }
  const summary = summarize(hands);

  if (options.json) {
    const json = {
      summary,
      hands: hands.map((h) => ({
        file: h.file,
        index: h.index,
        status: h.status,
        finalStacks: h.finalStacks,
        expectedStacks: h.expectedStacks,
        error: h.error ?? null,
        ...(h.expectedWinnings ? { finalWinnings: h.finalWinnings, expectedWinnings: h.expectedWinnings } : {}),
        ...(h.note ? { note: h.note } : {}),
      })),
    };
    write(JSON.stringify(json, null, 2) + '\n');
  } else {
    for (const h of hands) if (h.status !== 'matched') write(`${h.status === 'failed' ? 'FAILED  ' : 'MISMATCH'} ${h.error}\n`);
    const count = (prefix: string) => hands.filter((h) => h.status === 'matched' && h.note?.startsWith(prefix)).length;
    const [oddChip, rake, unchecked] = [count('odd chip'), count('rake'), count('no finishing_stacks')];
    const details = [
      oddChip ? `${oddChip} within an odd chip` : '',
      rake ? `${rake} short of the pots by a house rake` : '',
      unchecked ? `${unchecked} without finishing stacks to compare` : '',
    ].filter(Boolean);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    write(
      `${summary.hands} hands in ${files.length} files: ${summary.matched} matched${details.length ? ` (${details.join(', ')})` : ''}, ` +
        `${summary.mismatched} mismatched, ${summary.failed} failed (${seconds}s)\n`,
    );
  }

  const wrong = summary.mismatched + summary.failed;
  if (wrong > 0)
    command.error(`felt phh: ${wrong} of ${summary.hands} hands did not replay to their finishing stacks.`, {
      exitCode: 1,
      code: 'felt.phh.mismatch',
    });
}
