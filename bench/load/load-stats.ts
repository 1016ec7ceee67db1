/** What the bots saw while the load ran; the report and the end checks read it. */
export interface Acknowledged {
  readonly tableId: string;
  /** The table version the command's last event got. */
  readonly version: number;
  readonly events: number;
}

export class LoadStats {
  /** Commands applied (201), by command id. */
  readonly acknowledged = new Map<string, Acknowledged>();
  /** Retries of an unanswered command that found it applied already (200, replayed). */
  replayed = 0;
  /** 409 VERSION_CONFLICT: the bot re-read the table and decided again. */
  conflicts = 0;
  /** Refusals (4xx other than 409) by problem code. */
  readonly rejections = new Map<string, number>();
  /** Requests that got no answer (connection refused or reset, timeout) or a 5xx, by kind; each was sent again. */
  readonly failures = new Map<string, number>();
  /** Date.now() of each of those, in order. */
  readonly failureTimes: number[] = [];
  /** Latency of each applied command's answering request, ms. */
  readonly latencies: number[] = [];
  /** Date.now() of each 201, in order. */
  readonly ackTimes: number[] = [];
  /** Reads (GET /tables/:id) after a conflict or a rejection. */
  reads = 0;
  private readonly appliedWaiters: { count: number; resolve: () => void }[] = [];
  private readonly failureWaiters: (() => void)[] = [];

  count(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
    if (map !== this.failures) return;
    this.failureTimes.push(Date.now());
    for (const resolve of this.failureWaiters.splice(0)) resolve();
  }

  /** A 201: its time, and whoever waits for that many. */
  applied(at: number): void {
    this.ackTimes.push(at);
    for (const waiter of this.appliedWaiters.filter((w) => w.count <= this.ackTimes.length)) {
      this.appliedWaiters.splice(this.appliedWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  /** Resolves once `count` commands are applied in all. */
  whenApplied(count: number): Promise<void> {
    if (this.ackTimes.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.appliedWaiters.push({ count, resolve }));
  }

  /** Resolves at the next unanswered request (or 5xx). */
  nextFailure(): Promise<void> {
    return new Promise((resolve) => this.failureWaiters.push(resolve));
  }

  /** The first 201 at or after `t`, or undefined. */
  firstAckAfter(t: number): number | undefined {
    return firstAtOrAfter(this.ackTimes, t);
  }

  /** How many 201s came between `from` and `to`. */
  acksBetween(from: number, to: number): number {
    return this.ackTimes.filter((t) => t >= from && t <= to).length;
  }

  /** How many requests went unanswered (or got a 5xx) between `from` and `to`. */
  failuresBetween(from: number, to: number): number {
    return this.failureTimes.filter((t) => t >= from && t <= to).length;
  }

  /** The longest stretch without a 201 between `from` and `to`, ms. */
  longestSilence(from: number, to: number): number {
    let longest = 0;
    let previous = from;
    for (const t of this.ackTimes) {
      if (t < from) continue;
      if (t > to) break;
      longest = Math.max(longest, t - previous);
      previous = t;
    }
    return Math.max(longest, to - previous);
  }
}

/** Binary search in ascending times. */
export function firstAtOrAfter(times: readonly number[], t: number): number | undefined {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return times[lo];
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
