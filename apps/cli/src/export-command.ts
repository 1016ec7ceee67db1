import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import type { RecordedEvent } from '@felt/event-store';
import { EXPORT_FORMATS, exportTable, tableStreamId, type ExportFormat } from '@felt/regulator';
import { addSourceOptions, openEventLog, readStreamFrom, type SourceOptions } from './event-log-source';

interface ExportOptions extends SourceOptions {
  table: string;
  format: string;
  from?: string;
  to?: string;
  out?: string;
}

/**
 * `felt export --table ID --format jsonl|phh|ohh [--from T --to T] [--out FILE]`:
 * - jsonl: the raw hash-chained events, one per line (re-verify offline with `felt verify --file`; an export cut
 *   with --from needs `--excerpt`);
 * - phh: the table's hands as PHH (pokerkit's TOML hand histories; `felt phh` imports them);
 * - ohh: Open Hand History JSON, one object per hand.
 * --from and --to are ISO 8601 times: events recorded (jsonl) or hands started (phh, ohh) within them.
 * Exit codes: 0 written; 2 the options, the log or the table cannot be used.
 */
export function registerExportCommand(program: Command): void {
  const command = program
    .command('export')
    .description("export a table's log: raw events (jsonl), PHH hand histories (phh) or Open Hand History (ohh)")
    .requiredOption('--table <id>', 'the table (its stream table-<id>)')
    .requiredOption('--format <format>', 'jsonl, phh or ohh')
    .option('--from <time>', 'from this time (ISO 8601, e.g. 2026-11-30T18:00:00Z)')
    .option('--to <time>', 'up to this time (ISO 8601)')
    .option('--out <file>', 'write to this file instead of standard output');
  addSourceOptions(command).action((options: ExportOptions, cmd: Command) => runExport(options, cmd));
}

function parseTime(text: string | undefined, name: string, command: Command): number | null {
  if (text === undefined) return null;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return command.error(`felt export: ${name} must be an ISO 8601 time (e.g. 2026-11-30T18:00:00Z), not "${text}".`, { exitCode: 2, code: 'felt.options' });
  return ms;
}

async function runExport(options: ExportOptions, command: Command): Promise<void> {
  const format = options.format.toLowerCase();
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    return command.error(`felt export: --format must be jsonl, phh or ohh, not "${options.format}".`, { exitCode: 2, code: 'felt.options' });
  const from = parseTime(options.from, '--from', command);
  const to = parseTime(options.to, '--to', command);
  const within = (iso: string) => {
    const ms = Date.parse(iso);
    return (from === null || ms >= from) && (to === null || ms <= to);
  };
  const streamId = tableStreamId(options.table);
  const log = await openEventLog(options, command, 'export');
  let recorded: RecordedEvent[];
  try {
    recorded = await readStreamFrom(log, streamId);
  } finally {
    await log.close();
  }
  if (recorded.length === 0) return command.error(`felt export: there is no table ${options.table} (no event in ${streamId}).`, { exitCode: 2, code: 'felt.table' });

  const { text, notes } = exportTable(recorded, format as ExportFormat, within);
  for (const note of notes) command.configureOutput().writeErr!(`felt export: ${note}\n`);
  if (options.out) writeFileSync(options.out, text);
  else command.configureOutput().writeOut!(text);
}
