import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { SingleBar, Presets } from 'cli-progress';
import {
  checkAnchors,
  checkCommands,
  checkStaff,
  eventsHashAt,
  formatViolation,
  readAnchorSets,
  storeHashAt,
  tableStreamId,
  type AnchorSet,
  verifyEvents,
  verifyStore,
  verifyStoreInWorkers,
  verifyWorkerFile,
  type VerifyReport,
} from '@felt/regulator';
import { checkReadModels } from '@felt/read-models';
import { addSourceOptions, openEventLog, type SourceOptions } from './event-log-source';
import { HOUSE_RULES_HELP, houseRulesEngine } from './house-rules-option';

interface VerifyOptions extends SourceOptions {
  table?: string;
  all?: boolean;
  excerpt?: boolean;
  json?: boolean;
  workers?: string;
  readModels?: boolean;
  anchors?: string;
  anchorsKey?: string;
  sealKey?: string;
  houseRules?: string;
}

/** Above this many events, and only when stderr is a terminal, a progress bar runs on stderr. */
const PROGRESS_MIN_EVENTS = 20000;

/**
 * `felt verify [--table ID | --all | --file export.jsonl]`: checks the hash chain and version continuity of every
 * stream, then folds each table with the engine: every recorded command is decided again and must produce exactly
 * the recorded events (deals, awards and HandEnded stacks included), and the chips must add up per hand and per
 * session. On a database (not --file), each read model's rows must also equal the pure view folded afresh from the
 * log up to that projection's checkpoint (a violation names the first differing place; --no-read-models skips it),
 * and every row of the commands table must still point at events that command appended (a tail cut off and the
 * stream's head rewound passes the chain, not this). The audit streams are chain-checked like every stream, and
 * (without --table) the users and dealer_assignments rows must be what the audit events make of them. With --anchors (signed by `felt anchors`, checked with the
 * regulator's public key), each anchored version must still hold the anchored hash: the log extends every anchor.
 * Prints every violation with its stream, version and what is wrong.
 * Exit codes: 0 nothing wrong; 1 a violation; 2 the log cannot be read.
 */
export function registerVerifyCommand(program: Command): void {
  const command = program
    .command('verify')
    .description(
      'verify the event log: hash chain, versions, the rules re-derived with the engine, chip conservation; room games and tournaments re-decided, the books replayed',
    )
    .option('--table <id>', 'one table (its stream table-<id>)')
    .option('--all', 'every stream (the default)')
    .option(
      '--excerpt',
      'with --file: streams may start after version 1 (an export with --from); their chain is checked from their first event',
    )
    .option('--json', 'print {"summary": {...}, "heads": [...], "unreadable": [...], "violations": [...]} as JSON')
    .option(
      '--anchors <file|dir>',
      'a signed anchors file (felt anchors), or a directory of them (felt anchors receive): the log must still extend every anchor in each',
    )
    .option('--anchors-key <public.pem>', 'with --anchors: the Ed25519 public key the regulator keeps')
    .option(
      '--seal-key <file>',
      'database only: a file holding the seal key (64 hex digits, as FELT_SEAL_KEY or data/seal.key): each sealed deck is opened and compared with the revealed one, and live hands are checked too; one thread',
    )
    .option('--no-read-models', "database only: skip comparing the worker's read-model rows with a fresh fold")
    .option(
      '--workers <n>',
      'PostgreSQL: verify the streams on this many worker threads, each with its own connection (default: one per core)',
    )
    .option('--house-rules <module>', `${HOUSE_RULES_HELP}; one thread`);
  addSourceOptions(command).action((options: VerifyOptions, cmd: Command) => runVerify(options, cmd));
}

async function runVerify(options: VerifyOptions, command: Command): Promise<void> {
  const write = (text: string) => command.configureOutput().writeOut!(text);
  if (options.table && options.all)
    return command.error('felt verify: give --table ID or --all, not both.', { exitCode: 2, code: 'felt.options' });
  const workers = options.workers === undefined ? defaultWorkers() : Number(options.workers);
  if (!(Number.isSafeInteger(workers) && workers >= 1 && workers <= 64))
    return command.error(`felt verify: --workers must be a whole number from 1 to 64, not "${options.workers}".`, {
      exitCode: 2,
      code: 'felt.options',
    });
  let anchors: AnchorSet[] | null = null;
  if (options.anchors !== undefined) {
    if (!options.anchorsKey)
      return command.error('felt verify: --anchors needs --anchors-key PUBLIC.pem (the public key the regulator keeps).', {
        exitCode: 2,
        code: 'felt.options',
      });
    try {
      anchors = readAnchorSets(options.anchors, readFileSync(options.anchorsKey, 'utf8'));
    } catch (error) {
      return command.error(`felt verify: ${options.anchors}: ${(error as Error).message}.`, { exitCode: 2, code: 'felt.anchors' });
    }
  }
  let sealKey: Buffer | undefined;
  if (options.sealKey !== undefined) {
    const text = (() => {
      try {
        return readFileSync(options.sealKey!, 'utf8').trim();
      } catch (error) {
        return (error as Error).message;
      }
    })();
    if (!/^[0-9a-fA-F]{64}$/.test(text))
      return command.error(`felt verify: --seal-key ${options.sealKey} holds no seal key (64 hex digits).`, {
        exitCode: 2,
        code: 'felt.options',
      });
    sealKey = Buffer.from(text, 'hex');
  }
  const table = houseRulesEngine(options.houseRules, command, 'verify') ?? undefined;
  const started = Date.now();
  const log = await openEventLog(options, command, 'verify');

  let bar: SingleBar | null = null;
  const onProgress = (done: number, total: number) => {
    if (!bar && process.stderr.isTTY && total >= PROGRESS_MIN_EVENTS) {
      bar = new SingleBar(
        {
          stream: process.stderr,
          clearOnComplete: true,
          hideCursor: true,
          format: 'verify [{bar}] {percentage}% | {value}/{total} events | {eta}s',
        },
        Presets.shades_classic,
      );
      bar.start(total, 0);
    }
    bar?.update(done);
  };

  let report: VerifyReport;
  let unreadable: string[] = [];
  try {
    if (log.kind === 'file') {
      unreadable = log.read.problems.map((p) => `${log.file}:${p.line}: ${p.message}`);
      const events = options.table ? log.read.events.filter((e) => e.streamId === tableStreamId(options.table!)) : log.read.events;
      if (options.table && events.length === 0) unreadable.push(`${log.file}: no event of ${tableStreamId(options.table)}`);
      report = verifyEvents(events, { excerpt: options.excerpt, onProgress, ...(table && { table }) });
      for (const set of anchors ?? []) report.violations.push(...(await checkAnchors(set, eventsHashAt(events), covering(report))));
    } else {
      const only = options.table ? { streamIds: [tableStreamId(options.table)] } : {};
      // Streams are independent: with --workers, threads verify shares of them (PostgreSQL; PGlite is one session).
      report =
        workers > 1 && log.databaseUrl !== null && verifyWorkerFile() !== null && sealKey === undefined && table === undefined
          ? await verifyStoreInWorkers(log.databaseUrl, { workers, ...only, onProgress })
          : await verifyStore(log.store, { ...only, onProgress, ...(sealKey && { sealKey }), ...(table && { table }) });
      report.violations.push(...(await checkCommands(log.store, only.streamIds)));
      // The users and dealer_assignments rows against the audit streams (a whole-store check: not with --table).
      if (!options.table) report.violations.push(...(await checkStaff(log.store, log.db)));
      for (const set of anchors ?? [])
        report.violations.push(...(await checkAnchors(set, storeHashAt(log.store), options.table ? covering(report) : () => true)));
      if (options.readModels !== false) {
        for (const check of await checkReadModels(log.store)) {
          if (check.difference !== null)
            report.violations.push({
              streamId: `projection:${check.projection}`,
              version: 0,
              kind: 'projection',
              message: `the rows (at ${check.events} events) differ from a fresh fold of the log: ${check.difference}; rebuild with \`felt projections rebuild ${check.projection}\``,
            });
        }
      }
    }
  } finally {
    (bar as SingleBar | null)?.stop();
    await log.close();
  }

  const seconds = (Date.now() - started) / 1000;
  const summary = {
    streams: report.streams,
    events: report.events,
    hands: report.hands,
    sealedHands: report.sealedHands.length,
    violations: report.violations.length + unreadable.length,
    seconds,
  };
  if (options.json)
    write(
      JSON.stringify(
        {
          summary,
          heads: report.heads,
          unreadable,
          violations: report.violations,
          trainingHands: report.trainingHands,
          readerConflicts: report.readerConflicts,
        },
        null,
        2,
      ) + '\n',
    );
  else {
    for (const line of unreadable) write(`UNREADABLE ${line}\n`);
    for (const v of report.violations) write(`VIOLATION  ${formatViolation(v)}\n`);
    for (const h of report.sealedHands)
      write(
        `SEALED     ${h.streamId} v${h.version} hand ${h.handNumber} is being played: its deck is revealed (and its deal checked) when it ends\n`,
      );
    for (const line of trainingLines(report.trainingHands)) write(`TRAINING   ${line}\n`);
    for (const c of report.readerConflicts)
      write(
        `CONFLICT   ${c.streamId} v${c.version} hand ${c.handNumber}: a dealer's entry contradicted a reader's record, which was set aside\n`,
      );
    write(
      `${report.streams} stream${report.streams === 1 ? '' : 's'}, ${report.events} events, ${report.hands} hands: ` +
        `${summary.violations === 0 ? 'no violation' : `${summary.violations} violation${summary.violations === 1 ? '' : 's'}`} (${seconds.toFixed(1)}s)\n`,
    );
  }
  if (summary.violations > 0)
    command.error(`felt verify: ${summary.violations} violation${summary.violations === 1 ? '' : 's'} found.`, {
      exitCode: 1,
      code: 'felt.verify.violations',
    });
}

/** One line per table for its training hands (decks anyone could choose): how many, and the first and last. */
function trainingLines(hands: VerifyReport['trainingHands']): string[] {
  const byStream = new Map<string, number[]>();
  for (const h of hands) byStream.set(h.streamId, [...(byStream.get(h.streamId) ?? []), h.handNumber]);
  return [...byStream].map(
    ([streamId, numbers]) =>
      `${streamId}: ${numbers.length} hand${numbers.length === 1 ? '' : 's'} dealt on a training table (decks anyone could choose, not a game's record): hand${numbers.length === 1 ? ` ${numbers[0]}` : `s ${numbers[0]} to ${numbers[numbers.length - 1]}`}`,
  );
}

/** The streams a report verified: with --table or an export, anchors of other streams are not compared. */
function covering(report: VerifyReport): (streamId: string) => boolean {
  const ids = new Set(report.heads.map((h) => h.streamId));
  return (streamId) => ids.has(streamId);
}

/** One thread per core when the compiled worker is there (the built CLI); from TypeScript sources, one thread. */
function defaultWorkers(): number {
  return verifyWorkerFile()?.endsWith('.js') ? Math.min(availableParallelism(), 8) : 1;
}
