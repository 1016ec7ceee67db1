import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parsePhh, PhhError } from './parse';
import { replayPhhHand, type PhhReplayResult } from './replay';

/** Natural order ("2.phh" before "10.phh"): one collator for every comparison (localeCompare with options builds one per call). */
const natural = new Intl.Collator('en', { numeric: true }).compare;

/** Files and folders (searched recursively) to the `.phh` and `.phhs` files in them, in natural order. */
export function collectPhhFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const visit = (path: string, explicit: boolean) => {
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort(natural)) visit(join(path, name), false);
    } else if (explicit || /\.phhs?$/i.test(path)) out.push(path);
  };
  for (const p of paths) visit(p, true);
  return out;
}

/** Replays every hand of one file. An unreadable file is one failed entry; a broken hand fails alone. */
export function replayPhhFile(file: string): PhhReplayResult[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return [failedFile(file, `${file}: cannot read the file: ${(e as Error).message}`)];
  }
  return replayPhhText(text, file);
}

/** Replays every hand of a PHH document given as text (`file` labels the results). */
export function replayPhhText(text: string, file = '<phh>'): PhhReplayResult[] {
  let entries;
  try {
    entries = parsePhh(text, file);
  } catch (e) {
    if (e instanceof PhhError) return [failedFile(file, e.message)];
    throw e;
  }
  return entries.map((entry) =>
    entry.ok
      ? replayPhhHand(entry.hand)
      : {
          file,
          index: entry.index,
          key: entry.key,
          status: 'failed' as const,
          finalStacks: null,
          expectedStacks: null,
          error: entry.error,
        },
  );
}

function failedFile(file: string, error: string): PhhReplayResult {
  return { file, index: 1, key: null, status: 'failed', finalStacks: null, expectedStacks: null, error };
}

export interface PhhSummary {
  readonly hands: number;
  readonly matched: number;
  readonly mismatched: number;
  readonly failed: number;
}

export interface PhhRunReport {
  readonly summary: PhhSummary;
  readonly hands: PhhReplayResult[];
}

export function summarize(hands: readonly PhhReplayResult[]): PhhSummary {
  let matched = 0;
  let mismatched = 0;
  let failed = 0;
  for (const h of hands) {
    if (h.status === 'matched') matched++;
    else if (h.status === 'mismatched') mismatched++;
    else failed++;
  }
  return { hands: hands.length, matched, mismatched, failed };
}

/**
 * Replays every hand of every PHH file under `paths` (files or folders). `onFile` is called after each file,
 * for progress reporting.
 */
export function replayPhhFiles(
  paths: readonly string[],
  options: { onFile?: (file: string, done: number, total: number) => void } = {},
): PhhRunReport {
  const files = collectPhhFiles(paths);
  const hands: PhhReplayResult[] = [];
  files.forEach((file, i) => {
    for (const r of replayPhhFile(file)) hands.push(r);
    options.onFile?.(file, i + 1, files.length);
  });
  return { summary: summarize(hands), hands };
}
