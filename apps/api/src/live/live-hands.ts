import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import type { FoldedTable } from '../tables/table-state-cache';
import { handOverIn, type LiveHandFrom } from './live-visibility';

/** Hands remembered (oldest dropped first): one entry per table with a hand in progress. */
const KEPT = 10_000;

/**
 * Where each table's hand in progress begins in its stream: the events from there on are secrets of a live hand
 * (live-visibility.ts). Read once per hand (the last HandStarted of the stream, found from its end), then kept.
 */
@Injectable()
export class LiveHands {
  private readonly starts = new Map<string, { handNumber: number; version: number }>();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  /**
   * `table` is the table's state read after `shown`, the events about to be shown (a hand cannot un-end); the hand's
   * start is looked up there first.
   */
  async from(streamId: string, table: FoldedTable, shown: readonly RecordedEvent[] = []): Promise<LiveHandFrom> {
    const hand = table.state.hand;
    if (hand === null || handOverIn(table)) return null;
    const known = this.starts.get(streamId);
    if (known && known.handNumber === hand.handNumber) return known.version;
    const started = shown.find((e) => e.type === 'HandStarted' && (e.data as { handNumber?: unknown }).handNumber === hand.handNumber);
    if (started) return this.remember(streamId, hand.handNumber, started.streamVersion);
    const start = await this.store.lastVersionOfType(streamId, 'HandStarted', table.version);
    // No HandStarted found cannot happen for a table with a hand; treat the whole stream as live rather than leak.
    return this.remember(streamId, hand.handNumber, start ?? 1);
  }

  private remember(streamId: string, handNumber: number, version: number): number {
    this.starts.delete(streamId);
    if (this.starts.size >= KEPT) this.starts.delete(this.starts.keys().next().value!);
    this.starts.set(streamId, { handNumber, version });
    return version;
  }
}
