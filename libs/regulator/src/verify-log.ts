import { PostgresDatabase, StreamCopyReader, type EventStore, type RecordedEvent, type StreamEvent, type StreamInfo } from '@felt/event-store';
import { byStream } from './jsonl';
import { StreamVerifier } from './stream-verifier';
import { TABLE_CATEGORY } from './table-stream';
import type { Violation } from './violations';

export interface VerifyReport {
  readonly streams: number;
  readonly events: number;
  readonly hands: number;
  readonly violations: Violation[];
}

export interface VerifyStoreOptions {
  /** Only these streams (default: every stream). */
  readonly streamIds?: readonly string[];
  /** Events per read where rows are read page by page (PGlite; default 5000). */
  readonly pageSize?: number;
  /** Called with the events checked so far and the total expected. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Engine checks apply to table streams; other streams (if any) are checked for their chain only. */
function isTable(streamId: string): boolean {
  return streamId.startsWith(`${TABLE_CATEGORY}-`);
}

/** Progress is reported every this many events (and at the end of each stream). */
const PROGRESS_EVERY = 5000;

/**
 * Verifies streams in the store: each stream is read in version order and checked against the head the streams
 * table records. On PostgreSQL the rows come by COPY on a connection of their own and are checked as they arrive
 * (StreamCopyReader: less than half the client CPU of readStream pages); on PGlite page by page.
 */
export async function verifyStore(store: EventStore, options: VerifyStoreOptions = {}): Promise<VerifyReport> {
  const pageSize = options.pageSize ?? 5000;
  const all = await store.listStreams();
  let infos: StreamInfo[] = all;
  const violations: Violation[] = [];
  if (options.streamIds) {
    const byId = new Map(all.map((s) => [s.streamId, s]));
    infos = [];
    for (const id of options.streamIds) {
      const info = byId.get(id);
      if (info) infos.push(info);
      else violations.push({ streamId: id, version: 0, kind: 'head', message: 'there is no such stream' });
    }
  }
  const total = infos.reduce((n, s) => n + s.version, 0);
  let done = 0;
  let hands = 0;
  const copy = store.db instanceof PostgresDatabase ? await StreamCopyReader.open(store.db) : null;
  let failure: Error | undefined;
  try {
    for (const info of infos) {
      const verifier = new StreamVerifier(info.streamId, { engine: isTable(info.streamId) });
      if (copy) {
        await copy.read(info.streamId, (event) => {
          verifier.push(event);
          if (++done % PROGRESS_EVERY === 0) options.onProgress?.(done, total);
        });
      } else done += await readInPages(store, info.streamId, pageSize, (event) => verifier.push(event));
      options.onProgress?.(done, total);
      violations.push(...verifier.finish({ version: info.version, lastHash: info.lastHash }));
      hands += verifier.hands;
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    copy?.close(failure);
  }
  return { streams: infos.length, events: done, hands, violations };
}

/**
 * A stream through readStream, page by page; the next page is requested while the current one is checked. Read
 * ahead by the last version seen, so a gap does not stop the read. Returns the number of events.
 */
async function readInPages(store: EventStore, streamId: string, pageSize: number, onEvent: (event: StreamEvent) => void): Promise<number> {
  let read = 0;
  let page = store.readStream(streamId, { fromVersion: 1, limit: pageSize });
  for (;;) {
    const events = await page;
    const more = events.length === pageSize;
    if (more) page = store.readStream(streamId, { fromVersion: events[events.length - 1]!.streamVersion + 1, limit: pageSize });
    for (const e of events) onEvent(e);
    read += events.length;
    if (!more) return read;
  }
}

export interface VerifyEventsOptions {
  /**
   * Streams may start after version 1 (an export with --from): their chain is anchored on their first prevHash,
   * and the engine checks are skipped. Without it, a stream that does not start at version 1 is a violation.
   */
  readonly excerpt?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Verifies events from an export, stream by stream, in the order the file gives them. */
export function verifyEvents(events: readonly RecordedEvent[], options: VerifyEventsOptions = {}): VerifyReport {
  const violations: Violation[] = [];
  let hands = 0;
  let done = 0;
  const streams = byStream(events);
  for (const [streamId, list] of streams) {
    const first = list[0]!;
    const anchored = options.excerpt && first.streamVersion > 1;
    const verifier = new StreamVerifier(streamId, {
      engine: isTable(streamId),
      ...(anchored ? { start: { version: first.streamVersion - 1, hash: first.prevHash } } : {}),
    });
    for (const e of list) {
      verifier.push(e);
      if (++done % 10000 === 0) options.onProgress?.(done, events.length);
    }
    violations.push(...verifier.finish());
    hands += verifier.hands;
  }
  options.onProgress?.(done, events.length);
  return { streams: streams.size, events: events.length, hands, violations };
}
