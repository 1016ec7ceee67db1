import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import {
  bookOf,
  bookStreamIdOf,
  countSheet,
  foldRevenueHands,
  fundReport,
  REVENUE_FOLD_START,
  revenueReport,
  toMoneyEvent,
  type RevenueHand,
  type RevenueRow,
  type Shift,
} from '@felt/accounting';
import type { AnyRuleModule } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { byStream, TABLE_CATEGORY, TABLE_STREAM_PREFIX } from '@felt/regulator';
import { readStreamFrom, type EventLog } from './event-log-source';

export const MONEY_EXPORT_FORMATS = ['json', 'csv'] as const;

/** The shift the reports cover: the one named with its times, or every hand of the log as "all". */
export interface MoneyExportShift {
  readonly shiftId?: string;
  readonly from?: string;
  readonly to?: string;
}

/**
 * `felt export --money BOOK --format json|csv [--shift ID] [--from T --to T] [--out FILE]`: the house's reports
 * folded from the log alone (libs/accounting reports.ts, the same folds the API answers with): json holds the
 * revenue per table and shift (rake, fees, time charges, GGR, the drops beside them), every fund (collected, held
 * back, seeded, paid, balance) and the count sheet; csv is the revenue report, one line per table and shift. A hand
 * belongs to the shift it ended in; without --shift, one shift "all" holds every hand of the log. The tables' hands
 * are folded by the revenue report's own fold (foldRevenueHands: each hand's rake, fee and end, no card opened),
 * which equals the full hand records' to the chip. `modules`: the engine the tables were played with (--house-rules):
 * a casino's module says what its events take for the house (`formats.record`).
 */
export async function exportMoney(
  log: EventLog,
  bookId: string,
  format: string,
  shift: MoneyExportShift,
  out: string | undefined,
  command: Command,
  modules?: readonly AnyRuleModule[],
) {
  if (!(MONEY_EXPORT_FORMATS as readonly string[]).includes(format))
    return command.error(`felt export: the money reports are exported as json or csv, not "${format}".`, {
      exitCode: 2,
      code: 'felt.options',
    });
  const recorded = await readStreamFrom(log, bookStreamIdOf(bookId));
  if (recorded.length === 0)
    return command.error(`felt export: there is no book ${bookId} (no event in ${bookStreamIdOf(bookId)}).`, {
      exitCode: 2,
      code: 'felt.book',
    });
  const book = recorded.map(toMoneyEvent);
  const hands: RevenueHand[] = [];
  for await (const [streamId, events] of tableLogs(log))
    for (const { hand } of foldRevenueHands(streamId.slice(TABLE_STREAM_PREFIX.length), events, REVENUE_FOLD_START, modules).done)
      hands.push(hand);
  const shifts: Shift[] = [
    { shiftId: shift.shiftId ?? 'all', from: shift.from ?? '0000-01-01T00:00:00.000Z', to: shift.to ?? '9999-12-31T23:59:59.999Z' },
  ];
  const revenue = revenueReport(hands, book, shifts);
  const state = bookOf(book);
  const text =
    format === 'csv'
      ? revenueCsv(revenue)
      : `${JSON.stringify({ bookId, shift: shifts[0], revenue, funds: fundReport(state), countSheet: countSheet(state) }, null, 2)}\n`;
  if (out) writeFileSync(out, text);
  else command.configureOutput().writeOut!(text);
}

/** Each table stream's events, streams in id order: a file's split in one pass, a database's read a stream at a time. */
async function* tableLogs(log: EventLog): AsyncGenerator<[string, readonly RecordedEvent[]]> {
  const file = log.kind === 'file' ? byStream(log.read.events) : null;
  const ids = log.kind === 'file' ? [...file!.keys()] : (await log.store.listStreams({ category: TABLE_CATEGORY })).map((s) => s.streamId);
  for (const id of ids.filter((i) => i.startsWith(TABLE_STREAM_PREFIX)).sort())
    yield [id, file?.get(id) ?? (await readStreamFrom(log, id))];
}

const REVENUE_COLUMNS = [
  'tableId',
  'shiftId',
  'hands',
  'centsPerChip',
  'rakeChips',
  'rake',
  'fees',
  'timeCharges',
  'ggr',
  'drops',
] as const;

/** The revenue report as CSV: a header, then a line per table and shift; amounts in cents, chip values joined by ";". */
export function revenueCsv(rows: readonly RevenueRow[]): string {
  const field = (v: unknown) => {
    const text = Array.isArray(v) ? v.join(';') : String(v);
    // RFC 4180 quoting, and no formula: ids are the floor's typing (a shift name could start with "=").
    const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `${[REVENUE_COLUMNS.join(','), ...rows.map((r) => REVENUE_COLUMNS.map((c) => field(r[c])).join(','))].join('\n')}\n`;
}
