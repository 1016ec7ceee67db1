import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { collectTableDropCommand, DROP_COLLECTOR, tableDropKey, type MoneyCommand } from '@felt/accounting';
import { EventStore, START, type Position } from '@felt/event-store';
import { recordedDropOf } from '@felt/projections';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf, tableIdOf } from '../tables/table-stream';
import { ApplyMoneyCommand } from './apply-money-command';
import { MoneyBooks, ROOM_BOOK } from './money-books';

/** How often the tables' logs are read for new drops: a drop reaches its fund within a second of its hand. */
export const DROP_POLL_MS = 250;
const PAGE = 5000;

/**
 * The tables' jackpot drops into the book (docs/money.md "The drops with the rake"): tails the tables' streams of the log
 * and turns each DropTaken into a CollectTableDrop (actor `service`, command id from the table event's place), so
 * the fund is credited from the event the table recorded. Every API process may run it: the book collects each
 * hand's drop for a fund once (ALREADY_COLLECTED), and the command id makes a retry a replay. A drop for a fund not
 * opened yet waits and is tried again on every poll. Idle where no table can take a drop (no module records DropTaken:
 * the jackpot and promotion drops, libs/accounting/house-rules).
 */
@Injectable()
export class DropCollector implements OnModuleInit, OnApplicationShutdown {
  private position: Position = START;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | null = null;
  /** Drops the book refused for now (their fund is not open), by command id. */
  private readonly waiting = new Map<string, MoneyCommand>();
  private readonly logger = new Logger('DropCollector');

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(MoneyBooks) private readonly books: MoneyBooks,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
  ) {}

  onModuleInit(): void {
    if (!this.tables.engine.modules.some((m) => m.eventSchemas?.DropTaken)) return;
    this.timer = setInterval(() => {
      this.catchUp().catch((error: unknown) => this.logger.warn(`drop collector: ${String(error)}`));
    }, DROP_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Reads the tables' log after the last position read (one reader at a time). */
  catchUp(): Promise<void> {
    this.reading ??= this.readNewer().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async readNewer(): Promise<void> {
    for (const [commandId, command] of this.waiting) await this.collect(commandId, command);
    for (;;) {
      const page = await this.store.readAllOfStreams([streamIdOf('')], { after: this.position, limit: PAGE });
      const collected = (await this.books.caughtUp(ROOM_BOOK)).state.tableDrops;
      for (const r of page.events) {
        const drop = recordedDropOf(r);
        if (!drop) continue;
        const tableId = tableIdOf(r.streamId);
        if (collected.has(tableDropKey({ tableId, handNumber: drop.handNumber, fundId: drop.fundId }))) continue;
        const command = collectTableDropCommand(tableId, drop, new Date(r.recordedAt).toISOString());
        await this.collect(`drop:${r.streamId}:${r.streamVersion}`, command);
      }
      this.position = page.next;
      if (page.events.length < PAGE) return;
    }
  }

  private async collect(commandId: string, command: MoneyCommand): Promise<void> {
    const metadata = { actorId: DROP_COLLECTOR.id, actorRole: DROP_COLLECTOR.role, device: null };
    const outcome = await this.commandBus.execute(new ApplyMoneyCommand({ bookId: ROOM_BOOK, command, commandId, metadata }));
    if (outcome.kind === 'rejected' && outcome.rejection.code === 'FUND_UNKNOWN') {
      if (!this.waiting.has(commandId)) this.logger.warn(`a table's drop waits for its fund: ${outcome.rejection.message}`);
      this.waiting.set(commandId, command);
      return;
    }
    this.waiting.delete(commandId);
    if (outcome.kind === 'rejected' && outcome.rejection.code !== 'ALREADY_COLLECTED')
      this.logger.warn(`a table's drop refused by the book: ${outcome.rejection.code} ${outcome.rejection.message}`);
  }
}
