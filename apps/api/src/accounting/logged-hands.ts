import { Inject, Injectable } from '@nestjs/common';
import { finishedHands } from '@felt/accounting';
import { EventStore } from '@felt/event-store';
import type { HandRecord } from '@felt/projections';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf, TABLE_STREAM_CATEGORY, tableIdOf, toTableEvent } from '../tables/table-stream';

/**
 * Hands as the log records them, each folded into the one hand record (libs/projections) with the times the store
 * recorded: what qualifies a jackpot hand and what the revenue report sums. Only completed or voided hands are
 * answered, so nothing here is read from a hand still being played (no card of a live hand leaves this class).
 */
@Injectable()
export class LoggedHands {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
  ) {}

  /** One table's finished hand, or null (no such table or hand, or the hand is not over). */
  async hand(tableId: string, handNumber: number): Promise<HandRecord | null> {
    return (await this.ofTable(tableId)).find((h) => h.handNumber === handNumber) ?? null;
  }

  /** Every finished hand of every table, tables in id order. */
  async all(): Promise<HandRecord[]> {
    const streams = await this.store.listStreams({ category: TABLE_STREAM_CATEGORY });
    const hands: HandRecord[] = [];
    for (const { streamId } of streams) hands.push(...(await this.ofTable(tableIdOf(streamId))));
    return hands;
  }

  private async ofTable(tableId: string): Promise<HandRecord[]> {
    const recorded = await this.store.readStream(streamIdOf(tableId));
    return finishedHands(
      tableId,
      recorded
        .filter((r) => r.type !== 'DeckSealed')
        .map((r) => ({ event: toTableEvent(r, this.tables.seal, this.tables.engine), version: r.streamVersion, at: r.recordedAt })),
    );
  }
}
