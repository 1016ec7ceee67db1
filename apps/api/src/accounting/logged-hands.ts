import { Inject, Injectable, Logger } from '@nestjs/common';
import { finishedHands, foldRevenueHands, REVENUE_FOLD_START, type RevenueFold, type RevenueHand } from '@felt/accounting';
import { EventStore, type Database, type RecordedEvent } from '@felt/event-store';
import type { HandRecord } from '@felt/projections';
import { DATABASE } from '../database/database.module';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf, TABLE_STREAM_CATEGORY, tableIdOf, toTableEvent } from '../tables/table-stream';
import { loadRevenueHands, saveRevenueHands } from './revenue-hands';

/** One table's hands as far as this process has folded them: what the revenue report reads of each finished one. */
interface TableRevenue {
  readonly version: number;
  readonly fold: RevenueFold;
  readonly hands: readonly RevenueHand[];
}

/**
 * Hands as the log records them, each folded into the one hand record (libs/projections) with the times the store
 * recorded: what qualifies a jackpot hand and what the revenue report sums. Only completed or voided hands are
 * answered, so nothing here is read from a hand still being played (no card of a live hand leaves this class).
 *
 * The revenue report's hands are folded by its own fold (libs/accounting foldRevenueHands: each hand's rake, fee and
 * end, read from the recorded events without opening a card), incrementally: each table's fold is kept with the
 * version it reached, and a report reads only the events after it (a table whose stream has not moved is not read at
 * all), so every event is folded once per process, not once per report. The finished hands are kept in the database
 * too (revenue-hands.ts): a process's first report starts from them and folds only each table's events after the
 * last hand kept.
 */
@Injectable()
export class LoggedHands {
  private readonly revenue = new Map<string, TableRevenue>();
  private kept: Promise<void> | null = null;
  private readonly logger = new Logger(LoggedHands.name);
  /** Table events this process has read for the revenue report (a start from the kept hands reads only newer ones). */
  revenueEventsRead = 0;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(DATABASE) private readonly db: Database,
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

  /** What the revenue report reads of every finished hand of every table, tables in id order. */
  async revenueHands(): Promise<RevenueHand[]> {
    await (this.kept ??= this.restoreKept());
    const streams = await this.store.listStreams({ category: TABLE_STREAM_CATEGORY });
    const hands: RevenueHand[] = [];
    for (const { streamId, version } of streams) {
      const tableId = tableIdOf(streamId);
      let known = this.revenue.get(tableId) ?? { version: 0, fold: REVENUE_FOLD_START, hands: [] };
      if (known.version < version) {
        const newer = this.readable(await this.store.readStream(streamId, { fromVersion: known.version + 1 }));
        this.revenueEventsRead += newer.length;
        const { done, fold } = foldRevenueHands(tableId, newer, known.fold, this.tables.engine.modules);
        // A hand not kept costs only a longer start for the next process: the report goes on.
        await saveRevenueHands(this.db, tableId, done).catch((error: unknown) =>
          this.logger.warn(`revenue hands of ${tableId} not kept: ${String(error)}`),
        );
        known = { version: newer.at(-1)?.streamVersion ?? known.version, fold, hands: [...known.hands, ...done.map((d) => d.hand)] };
        // Two reports at once fold the same events; the one that got further is kept.
        if ((this.revenue.get(tableId)?.version ?? 0) < known.version) this.revenue.set(tableId, known);
      }
      hands.push(...known.hands);
    }
    return hands;
  }

  /** The hands kept by this or an earlier process: each table's fold resumes after its last kept hand. */
  private async restoreKept(): Promise<void> {
    // None readable: every table is folded from its first event, as before any was kept.
    const found = await loadRevenueHands(this.db).catch((error: unknown) => {
      this.logger.warn(`kept revenue hands not read: ${String(error)}`);
      return new Map<string, never[]>();
    });
    for (const [tableId, kept] of found)
      if (!this.revenue.has(tableId))
        this.revenue.set(tableId, { version: kept.at(-1)!.toVersion, fold: REVENUE_FOLD_START, hands: kept.map((k) => k.hand) });
  }

  private async ofTable(tableId: string): Promise<HandRecord[]> {
    return finishedHands(tableId, this.logged(await this.store.readStream(streamIdOf(tableId))), this.tables.engine.modules);
  }

  /** The events as they are, but refused, as toTableEvent refuses it, where one has a schema version the engine does not read. */
  private readable(recorded: readonly RecordedEvent[]): readonly RecordedEvent[] {
    const r = recorded.find((e) => e.type !== 'DeckSealed' && !this.tables.engine.readsEvent(e.type, e.schemaVersion));
    if (r)
      throw new Error(
        `${r.streamId} v${r.streamVersion} (${r.type}) has schema version ${r.schemaVersion}, which this engine does not read`,
      );
    return recorded;
  }

  private logged(recorded: readonly RecordedEvent[]) {
    return recorded
      .filter((r) => r.type !== 'DeckSealed')
      .map((r) => ({ event: toTableEvent(r, this.tables.seal, this.tables.engine), version: r.streamVersion, at: r.recordedAt }));
  }
}
