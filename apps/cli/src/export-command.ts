import { closeSync, openSync, writeFileSync, writeSync } from 'node:fs';
import type { Command } from 'commander';
import { Presets, SingleBar } from 'cli-progress';
import { tableDecider, type TableRules } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { AuditLog, cliActor } from '@felt/staff';
import {
  AUDIT_CATEGORY,
  byStream,
  EXPORT_FORMATS,
  isAuditStream,
  exportTable,
  readStaffRoster,
  rosterJsonlLine,
  tableStreamId,
  toJsonlLine,
  type ExportFormat,
  type StaffRoster,
} from '@felt/regulator';
import { addSourceOptions, openEventLog, readStreamFrom, type EventLog, type SourceOptions } from './event-log-source';
import { HOUSE_RULES_HELP, houseRulesEngine, unknownHouseOptions } from './house-rules-option';
import { exportMoney } from './money-export';
import { exportTournament } from './tournament-export';

interface ExportOptions extends SourceOptions {
  table?: string;
  tournament?: string;
  money?: string;
  shift?: string;
  all?: boolean;
  audit?: boolean;
  format: string;
  from?: string;
  to?: string;
  out?: string;
  houseRules?: string;
}

/**
 * `felt export --table ID --format jsonl|phh|ohh [--from T --to T] [--out FILE]`, or `felt export --all --format
 * jsonl [--from T --to T] [--out FILE]` for every stream (a progress bar on stderr when it is a terminal):
 * - jsonl: the raw hash-chained events, one per line (re-verify offline with `felt verify --file`; an export cut
 *   with --from needs `--excerpt`);
 * - phh: the table's hands as PHH (pokerkit's TOML hand histories; `felt phh` imports them);
 * - ohh: Open Hand History JSON, one object per hand.
 * --from and --to are ISO 8601 times: events recorded (jsonl) or hands started (phh, ohh) within them.
 * `felt export --audit --format jsonl` writes only the audit streams (staff and security events, docs/events.md).
 * `felt export --tournament ID --format json|csv`: a tournament's structure, money and results (tournament-export.ts).
 * `felt export --money BOOK --format json|csv [--shift ID --from T --to T]`: the house's revenue and fund reports
 * and the count sheet, folded from the log (money-export.ts).
 * Every export starts with the staff roster (each user's name, role and disabled flag over time, from the audit
 * stream; libs/regulator/src/staff-roster.ts), so the actor ids in the events have the names they had then. An
 * export from a database is itself recorded there (ExportPerformed in the audit stream, actor cli:<login>) first.
 * A table played with a casino's own modules needs them (--house-rules, as for felt play and verify) for phh and ohh:
 * their notes say what the formats cannot (a bounty); without them the export is refused, not written short.
 * Exit codes: 0 written; 2 the options, the log or the table cannot be used.
 */
export function registerExportCommand(program: Command): void {
  const command = program
    .command('export')
    .description("export a table's log: raw events (jsonl), PHH hand histories (phh) or Open Hand History (ohh)")
    .option('--table <id>', 'the table (its stream table-<id>)')
    .option('--tournament <id>', 'a tournament (json or csv): structure, money reconciled, entries with places and prizes')
    .option('--money <book>', "the house's book, e.g. room (json or csv): revenue per table and shift, funds, the count sheet")
    .option('--shift <id>', 'with --money: the shift --from and --to cover (default: every hand, as "all")')
    .option('--all', 'every stream (jsonl only), in stream order, the audit streams included')
    .option('--audit', 'only the audit streams (jsonl only): staff and security events')
    .requiredOption('--format <format>', 'jsonl, phh or ohh; json or csv with --tournament or --money')
    .option('--from <time>', 'from this time (ISO 8601, e.g. 2026-11-30T18:00:00Z)')
    .option('--to <time>', 'up to this time (ISO 8601)')
    .option('--out <file>', 'write to this file instead of standard output')
    .option('--house-rules <module>', `${HOUSE_RULES_HELP}; phh and ohh write their notes, --money counts what they take for the house`);
  addSourceOptions(command).action((options: ExportOptions, cmd: Command) => runExport(options, cmd));
}

function parseTime(text: string | undefined, name: string, command: Command): number | null {
  if (text === undefined) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms))
    return command.error(`felt export: ${name} must be an ISO 8601 time (e.g. 2026-11-30T18:00:00Z), not "${text}".`, {
      exitCode: 2,
      code: 'felt.options',
    });
  return ms;
}

async function runExport(options: ExportOptions, command: Command): Promise<void> {
  const format = options.format.toLowerCase();
  if (options.tournament !== undefined) return runTournamentExport(options, format, command);
  if (options.money !== undefined) return runMoneyExport(options, format, command);
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    return command.error(`felt export: --format must be jsonl, phh or ohh, not "${options.format}".`, {
      exitCode: 2,
      code: 'felt.options',
    });
  const engine = houseRulesEngine(options.houseRules, command, 'export');
  const from = parseTime(options.from, '--from', command);
  const to = parseTime(options.to, '--to', command);
  const within = (iso: string) => {
    const ms = Date.parse(iso);
    return (from === null || ms >= from) && (to === null || ms <= to);
  };
  if ([options.all, options.audit, options.table !== undefined].filter(Boolean).length !== 1)
    return command.error('felt export: give --table ID or --all or --audit (one of them).', { exitCode: 2, code: 'felt.options' });
  if ((options.all || options.audit) && format !== 'jsonl')
    return command.error(
      `felt export: ${options.all ? '--all' : '--audit'} writes jsonl (every stream's events); export ${format} table by table with --table.`,
      { exitCode: 2, code: 'felt.options' },
    );
  const log = await openEventLog(options, command, 'export');
  if (log.kind === 'store')
    await recordExport(log, options.all ? 'all' : options.audit ? 'audit' : `table:${options.table}`, format, options, command);
  if (options.all || options.audit) {
    try {
      return await exportAll(log, within, options.out, command, options.audit === true);
    } finally {
      await log.close();
    }
  }
  const streamId = tableStreamId(options.table!);
  let recorded: RecordedEvent[];
  let roster: StaffRoster | null;
  try {
    recorded = await readStreamFrom(log, streamId);
    roster = await rosterOf(log);
  } finally {
    await log.close();
  }
  if (recorded.length === 0)
    return command.error(`felt export: there is no table ${options.table} (no event in ${streamId}).`, { exitCode: 2, code: 'felt.table' });

  const table = engine ?? tableDecider;
  const unknown = format === 'jsonl' ? [] : unknownHouseOptions(recordedRules(recorded), table);
  if (unknown.length > 0)
    return command.error(
      `felt export: table ${options.table} was played with the house option${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, which ${engine ? 'neither Felt nor the --house-rules file knows' : 'Felt does not know'}: give --house-rules FILE (the casino's modules, as for felt verify) so the ${format} export can note what the format cannot say.`,
      { exitCode: 2, code: 'felt.house-rules' },
    );
  const { text, notes } = exportTable(recorded, format as ExportFormat, within, roster, table.modules);
  for (const note of notes) command.configureOutput().writeErr!(`felt export: ${note}\n`);
  if (options.out) writeFileSync(options.out, text);
  else command.configureOutput().writeOut!(text);
}

async function runTournamentExport(options: ExportOptions, format: string, command: Command): Promise<void> {
  if (options.all || options.audit || options.table !== undefined)
    return command.error('felt export: give --tournament ID alone (not with --table, --all or --audit).', {
      exitCode: 2,
      code: 'felt.options',
    });
  const log = await openEventLog(options, command, 'export');
  try {
    if (log.kind === 'store') await recordExport(log, `tournament:${options.tournament}`, format, options, command);
    await exportTournament(log, options.tournament!, format, options.out, command);
  } finally {
    await log.close();
  }
}

async function runMoneyExport(options: ExportOptions, format: string, command: Command): Promise<void> {
  if (options.all || options.audit || options.table !== undefined)
    return command.error('felt export: give --money BOOK alone (not with --table, --all or --audit).', {
      exitCode: 2,
      code: 'felt.options',
    });
  const from = parseTime(options.from, '--from', command);
  const to = parseTime(options.to, '--to', command);
  const shift = {
    shiftId: options.shift,
    from: from === null ? undefined : new Date(from).toISOString(),
    to: to === null ? undefined : new Date(to).toISOString(),
  };
  const engine = houseRulesEngine(options.houseRules, command, 'export');
  const log = await openEventLog(options, command, 'export');
  try {
    if (log.kind === 'store') await recordExport(log, `money:${options.money}`, format, options, command);
    await exportMoney(log, options.money!, format, shift, options.out, command, engine?.modules);
  } finally {
    await log.close();
  }
}

/** Every rules the table recorded: where it opened and each change. */
function recordedRules(recorded: readonly RecordedEvent[]): TableRules[] {
  return recorded
    .filter((e) => e.type === 'TableOpened' || e.type === 'RulesChanged')
    .map((e) => (e.data as unknown as { rules: TableRules }).rules);
}

/** An export from a database is recorded there first (ExportPerformed in the audit stream, actor cli:<login>). */
async function recordExport(
  log: Extract<EventLog, { kind: 'store' }>,
  scope: string,
  format: string,
  options: ExportOptions,
  command: Command,
): Promise<void> {
  try {
    await new AuditLog(log.store).append(
      { type: 'ExportPerformed', scope, format, from: options.from ?? null, to: options.to ?? null },
      cliActor(),
    );
  } catch (error) {
    // A read-only standby or role cannot record it; the export goes on, and says so.
    command.configureOutput().writeErr!(
      `felt export: this export could not be recorded in the audit stream (${(error as Error).message})\n`,
    );
  }
}

function rosterOf(log: EventLog): Promise<StaffRoster | null> | StaffRoster | null {
  return log.kind === 'file' ? log.read.roster : readStaffRoster(log.db, log.store);
}

/** Every stream as JSONL, stream by stream, written as it is read (the roster first). */
async function exportAll(
  log: EventLog,
  within: (iso: string) => boolean,
  out: string | undefined,
  command: Command,
  auditOnly: boolean,
): Promise<void> {
  const fd = out ? openSync(out, 'w') : null;
  const write = (text: string) => (fd === null ? command.configureOutput().writeOut!(text) : writeSync(fd, text));
  const every =
    log.kind === 'file'
      ? [...byStream(log.read.events).keys()].map((streamId) => ({ streamId }))
      : await log.store.listStreams(auditOnly ? { category: AUDIT_CATEGORY } : {});
  const streams = auditOnly ? every.filter((s) => isAuditStream(s.streamId)) : every;
  const bar = process.stderr.isTTY
    ? new SingleBar(
        {
          stream: process.stderr,
          clearOnComplete: true,
          hideCursor: true,
          format: 'export [{bar}] {percentage}% | {value}/{total} streams | {events} events',
        },
        Presets.shades_classic,
      )
    : null;
  let events = 0;
  try {
    const roster = await rosterOf(log);
    if (roster) write(rosterJsonlLine(roster));
    bar?.start(streams.length, 0, { events });
    for (const { streamId } of streams) {
      const kept = (await readStreamFrom(log, streamId)).filter((e) => within(e.recordedAt));
      if (kept.length > 0) write(kept.map(toJsonlLine).join(''));
      events += kept.length;
      bar?.increment(1, { events });
    }
  } finally {
    bar?.stop();
    if (fd !== null) closeSync(fd);
  }
  command.configureOutput().writeErr!(
    `felt export: ${events} events of ${streams.length} stream${streams.length === 1 ? '' : 's'} written\n`,
  );
}
