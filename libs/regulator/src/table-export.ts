import { withHoleCardsRevealed } from './hole-card-seal';
import { DEFAULT_MODULES, type AnyRuleModule } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { ohhExportFromEvents, phhHandsFromEvents, toOhhText, toPhhText } from '@felt/formats';
import { toJsonlLine } from './jsonl';
import { rosterJsonlLine, type StaffRoster } from './staff-roster';
import { tableEventOf } from './table-stream';

export const EXPORT_FORMATS = ['jsonl', 'phh', 'ohh'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface TableExport {
  readonly text: string;
  readonly contentType: string;
  readonly fileExtension: string;
  /** Hands a format could not hold (PHH, OHH), each with the reason, and PHH's hands per note kind. */
  readonly notes: readonly string[];
}

const CONTENT = {
  jsonl: { contentType: 'application/x-ndjson; charset=utf-8', fileExtension: 'jsonl' },
  phh: { contentType: 'application/toml; charset=utf-8', fileExtension: 'phhs' },
  // OHH: one pretty-printed JSON object per hand, a blank line between them (as felt export writes it).
  ohh: { contentType: 'text/plain; charset=utf-8', fileExtension: 'ohh' },
} as const;

/**
 * A table's log as a regulator downloads it, with the converters `felt export` uses (@felt/regulator's JSONL lines,
 * @felt/formats' PHH and OHH). `within` keeps events recorded (jsonl) or hands started (phh, ohh) in the range.
 * With a staff roster, the file starts with it: a `{"felt_roster": ...}` line (jsonl) or object (ohh, which readers
 * of hands pass over: it has no `ohh` key), or a `# felt_roster {...}` comment (phh).
 */
export function exportTable(
  recorded: readonly RecordedEvent[],
  format: ExportFormat,
  within: (recordedAt: string) => boolean,
  roster?: StaffRoster | null,
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): TableExport {
  const body = exportBody(recorded, format, within, modules);
  if (!roster) return body;
  const head =
    format === 'jsonl'
      ? rosterJsonlLine(roster)
      : format === 'ohh'
        ? `${JSON.stringify({ felt_roster: roster }, null, 2)}\n\n`
        : `# felt_roster ${JSON.stringify(roster)}\n\n`;
  return { ...body, text: head + body.text };
}

/** `modules`: the table's house options, whose `formats` and exportNotes say in PHH and OHH what the formats cannot (a kill, a bounty). */
function exportBody(
  recorded: readonly RecordedEvent[],
  format: ExportFormat,
  within: (recordedAt: string) => boolean,
  modules: readonly AnyRuleModule[],
): TableExport {
  if (format === 'jsonl')
    return {
      ...CONTENT.jsonl,
      text: recorded
        .filter((e) => within(e.recordedAt))
        .map(toJsonlLine)
        .join(''),
      notes: [],
    };
  // Hands that are over carry their HoleCardsRevealed: their hole cards open with it (a hand still live stays sealed).
  const events = withHoleCardsRevealed(recorded).map(tableEventOf);
  const startedAt = new Map<number, string>();
  recorded.forEach((r, i) => {
    const e = events[i]!;
    if (e.type === 'HandStarted') startedAt.set(e.handNumber, r.recordedAt);
  });
  const include = (handNumber: number) => within(startedAt.get(handNumber) ?? '');
  if (format === 'ohh') {
    const ohh = ohhExportFromEvents(events, { include, startedAt, modules });
    return {
      ...CONTENT.ohh,
      text: toOhhText(ohh.hands, ohh.skipped),
      notes: ohh.skipped.map((s) => `hand ${s.handNumber} left out: ${s.reason}`),
    };
  }
  const exported = phhHandsFromEvents(events, include, modules);
  const counted = Object.entries(exported.counts).map(([kind, n]) => `${kind} ${n}`);
  return {
    ...CONTENT.phh,
    text: exported.hands.length || exported.skipped.length ? toPhhText(exported.hands, exported.skipped) : '',
    notes: [
      ...exported.skipped.map((s) => `hand ${s.handNumber} left out: ${s.reason}`),
      ...(counted.length ? [`${exported.hands.length} hands written; by note kind (hands): ${counted.join(', ')}`] : []),
    ],
  };
}
