import type { RecordedEvent } from '@felt/event-store';
import type { StaffRoster } from './staff-roster';

/**
 * The JSONL export: one recorded event per line, every column as the store returns it (RecordedEvent), in stream
 * and version order. Each line carries what its hash covers plus prevHash and hash, so the file re-verifies with
 * node:crypto alone (see libs/event-store/README.md for the hash definition).
 */
export function toJsonlLine(event: RecordedEvent): string {
  return JSON.stringify(event) + '\n';
}

export interface JsonlRead {
  readonly events: RecordedEvent[];
  /** Lines that are not a recorded event, with their line number. */
  readonly problems: { readonly line: number; readonly message: string }[];
  /** The staff roster line (`{"felt_roster": ...}`) the export starts with, if it has one. */
  readonly roster: StaffRoster | null;
}

const REQUIRED: readonly (keyof RecordedEvent)[] = [
  'eventId',
  'streamId',
  'streamVersion',
  'type',
  'schemaVersion',
  'data',
  'metadata',
  'recordedAt',
  'prevHash',
  'hash',
];

export function readJsonl(text: string): JsonlRead {
  const events: RecordedEvent[] = [];
  const problems: { line: number; message: string }[] = [];
  let roster: StaffRoster | null = null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      problems.push({ line: i + 1, message: `not JSON: ${(error as Error).message}` });
      continue;
    }
    const record = value as Record<string, unknown>;
    if (typeof value === 'object' && value !== null && 'felt_roster' in record && roster === null) {
      roster = record.felt_roster as StaffRoster;
      continue;
    }
    const missing = typeof value === 'object' && value !== null ? REQUIRED.filter((k) => !(k in record)) : REQUIRED;
    if (missing.length > 0) {
      problems.push({ line: i + 1, message: `not a recorded event: ${missing.join(', ')} missing` });
      continue;
    }
    if (typeof record.streamId !== 'string' || !Number.isSafeInteger(record.streamVersion)) {
      problems.push({ line: i + 1, message: 'streamId must be a string and streamVersion an integer' });
      continue;
    }
    events.push(value as RecordedEvent);
  }
  return { events, problems, roster };
}

/** Events grouped by stream, each stream's events in file order (the order is evidence: it is not sorted). */
export function byStream(events: readonly RecordedEvent[]): Map<string, RecordedEvent[]> {
  const streams = new Map<string, RecordedEvent[]>();
  for (const e of events) {
    let list = streams.get(e.streamId);
    if (!list) streams.set(e.streamId, (list = []));
    list.push(e);
  }
  return streams;
}
