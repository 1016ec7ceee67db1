import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { evolveHandRecord, startHandRecord, type HandRecord } from '@felt/projections';
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
    return finishedHands(tableId, await this.store.readStream(streamIdOf(tableId)), (r) =>
      toTableEvent(r, this.tables.seal, this.tables.engine),
    );
  }
}

function finishedHands(
  tableId: string,
  recorded: readonly RecordedEvent[],
  read: (r: RecordedEvent) => ReturnType<typeof toTableEvent>,
): HandRecord[] {
  const done: HandRecord[] = [];
  let current: HandRecord | null = null;
  for (const r of recorded) {
    const meta = { version: r.streamVersion, at: r.recordedAt };
    if (r.type === 'HandStarted') {
      current = startHandRecord(tableId, read(r) as Parameters<typeof startHandRecord>[1], meta);
      continue;
    }
    if (!current || r.type === 'DeckSealed') continue;
    current = evolveHandRecord(current, read(r), meta);
    if (current.status !== 'in-progress') {
      done.push(current);
      current = null;
    }
  }
  return done;
}
