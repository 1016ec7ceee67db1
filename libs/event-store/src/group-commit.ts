/** One call's outcome within a batch: its value, or the error that call alone failed with. */
export type BatchOutcome<R> = { readonly value: R } | { readonly error: unknown };

export interface GroupCommitOptions {
  /** Batches sent at once; calls made while this many are in flight wait and go out together in the next one. */
  readonly maxInFlight: number;
  /** Most calls in one batch. */
  readonly maxBatch: number;
}

interface Waiting<I, R> {
  readonly item: I;
  readonly resolve: (value: R) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: a lone call goes out at once, as a batch of one; calls that arrive while `maxInFlight` batches are
 * under way queue up and go out together as soon as one returns. Under load many calls then share one round trip
 * (and, for appends, one transaction and one WAL flush) without a timer that would delay a quiet table.
 */
export class GroupCommit<I, R> {
  private waiting: Waiting<I, R>[] = [];
  private inFlight = 0;

  constructor(
    private readonly send: (items: readonly I[]) => Promise<readonly BatchOutcome<R>[]>,
    private readonly options: GroupCommitOptions,
  ) {}

  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.inFlight < this.options.maxInFlight) this.sendNext();
    });
  }

  private sendNext(): void {
    const batch = this.waiting.length <= this.options.maxBatch ? this.waiting : this.waiting.slice(0, this.options.maxBatch);
    this.waiting = batch === this.waiting ? [] : this.waiting.slice(batch.length);
    if (batch.length === 0) return;
    this.inFlight++;
    let outcomes: Promise<readonly BatchOutcome<R>[]>;
    try {
      outcomes = this.send(batch.map((call) => call.item));
    } catch (error) {
      outcomes = Promise.reject(error);
    }
    outcomes
      .then(
        (results) => {
          batch.forEach((call, i) => {
            const outcome = results[i];
            if (!outcome) call.reject(new Error(`the batch returned ${results.length} outcomes for ${batch.length} calls`));
            else if ('error' in outcome) call.reject(outcome.error);
            else call.resolve(outcome.value);
          });
        },
        (error: unknown) => batch.forEach((call) => call.reject(error)),
      )
      .finally(() => {
        this.inFlight--;
        if (this.waiting.length > 0) this.sendNext();
      });
  }
}
