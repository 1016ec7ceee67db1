import { positionOf, type EventStore, type Position, type RecordedEvent } from '@felt/event-store';

export interface LogTailOptions {
  readonly pollMs: number;
  readonly pageSize: number;
  /** Called with each page of the log, in log order; the next page is read once it settles. */
  readonly onEvents: (events: readonly RecordedEvent[]) => Promise<void>;
  readonly onError: (error: unknown) => void;
}

/**
 * Follows the global event log with the event store's gap-safe reader (readAll: an event committed out of order
 * is returned late, never skipped), from the log's end at the moment it starts. It reads on a short poll, which
 * also brings the appends of other API processes, and at once when woken by an append of this process. Reads
 * never overlap: a wake during a read makes the read go round once more.
 */
export class LogTail {
  private position: Position | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;

  constructor(
    private readonly store: EventStore,
    private readonly options: LogTailOptions,
  ) {}

  get running(): boolean {
    return this.timer !== null;
  }

  start(): void {
    if (this.timer) return;
    // A tail restarted after an idle spell starts at the end again rather than reading everything in between.
    this.position = null;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Stops polling; resolves once a read in progress has finished (so the database can be closed after it). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.reading;
  }

  /** Reads the log now (or once more after the read in progress). */
  wake(): void {
    if (!this.timer) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readUntilDry()
      .catch(this.options.onError)
      .finally(() => {
        this.reading = null;
        // A wake that came after the last look at readAgain.
        if (this.readAgain) this.wake();
      });
  }

  private async readUntilDry(): Promise<void> {
    do {
      this.readAgain = false;
      for (;;) {
        if (!this.timer) return;
        // Reset by a restart while this read was waiting: start again from the end.
        this.position ??= await this.store.tailStart();
        const page = await this.store.readAll({ after: this.position, limit: this.options.pageSize });
        if (page.length === 0) break;
        this.position = positionOf(page[page.length - 1]!);
        await this.options.onEvents(page);
        if (page.length < this.options.pageSize) break;
      }
    } while (this.readAgain && this.timer);
  }
}
