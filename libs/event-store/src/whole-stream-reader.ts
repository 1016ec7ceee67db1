import type { RecordedEvent } from './event-types';

/** An event as its stream holds it, without its place in the global log: what a check of whole streams needs. */
export type StreamEvent = Omit<RecordedEvent, 'globalPosition' | 'txId'>;

/**
 * Reads whole streams, one after another, for checks over the full log (felt verify): each event is handed over
 * in version order as it arrives. `EventStore.openWholeStreamReader` picks the cheapest way the database offers.
 */
export interface WholeStreamReader {
  /** Every event of the stream, in version order; resolves with their number. If `onEvent` throws, the read rejects. */
  read(streamId: string, onEvent: (event: StreamEvent) => void): Promise<number>;
  /** Releases what the reader holds; `error` says the last read failed. */
  close(error?: Error): void;
}

/**
 * Whole streams through readStream, page by page (PGlite): the next page is requested while the current one is
 * handed over, read ahead by the last version seen so that a gap does not stop the read.
 */
export class PagedStreamReader implements WholeStreamReader {
  constructor(
    private readonly readPage: (streamId: string, fromVersion: number, limit: number) => Promise<RecordedEvent[]>,
    private readonly pageSize: number,
  ) {}

  async read(streamId: string, onEvent: (event: StreamEvent) => void): Promise<number> {
    let read = 0;
    let page = this.readPage(streamId, 1, this.pageSize);
    for (;;) {
      const events = await page;
      const more = events.length === this.pageSize;
      if (more) page = this.readPage(streamId, events[events.length - 1]!.streamVersion + 1, this.pageSize);
      for (const e of events) onEvent(e);
      read += events.length;
      if (!more) return read;
    }
  }

  close(): void {}
}
