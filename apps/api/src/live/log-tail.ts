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
 *
 * Where it starts is fixed before start() resolves: a reader that folds a stream once start() has resolved and then
 * follows the tail misses nothing, since every event the tail starts after was committed before the fold began. A
 * start position read lazily, after the fold, skipped an event committed in between: the fold did not have it, and
 * it sorted before the tail's start.
 */
export class LogTail {
  private position: Position | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  /** Counts starts: a read or a start position of an earlier run that finishes late changes nothing. */
  private run = 0;
  private started: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: EventStore,
    private readonly options: LogTailOptions,
  ) {}

  get running(): boolean {
    return this.timer !== null;
  }

  /**
   * Starts following (a tail restarted after an idle spell starts at the end again rather than reading everything
   * in between); resolves once the start position is read, at once when already running. A failure to read it is
   * the next poll's to retry, and the promise still resolves.
   */
  start(): Promise<void> {
    if (this.timer) return this.started;
    const run = ++this.run;
    this.position = null;
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.timer.unref();
    this.started = this.store.tailStart().then(
      (position) => {
        if (run === this.run && this.position === null) this.position = position;
      },
      (error: unknown) => this.options.onError(error),
    );
    this.wake();
    return this.started;
  }

  /** Stops polling; resolves once a read in progress has finished (so the database can be closed after it). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([this.reading, this.started]);
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
        const run = this.run;
        await this.started;
        // The start position could not be read: read it now (the poll keeps trying).
        if (this.position === null) {
          const position = await this.store.tailStart();
          if (run === this.run) this.position ??= position;
        }
        const after = this.position;
        if (after === null || run !== this.run) continue;
        const page = await this.store.readAll({ after, limit: this.options.pageSize });
        // A restart while this read was waiting starts again from its own position.
        if (run !== this.run) continue;
        if (page.length === 0) break;
        this.position = positionOf(page[page.length - 1]!);
        await this.options.onEvents(page);
        if (page.length < this.options.pageSize) break;
      }
    } while (this.readAgain && this.timer);
  }
}
