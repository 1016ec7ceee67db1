import { backoffDelay } from './backoff';
import type { OutboxRelay, RelayStep } from './outbox-relay';

export interface RelayLoopOptions {
  /** Wait when the log has nothing new (default 100 ms): the fallback when no notification wakes the loop. */
  idleMs?: number;
  /** Wait while another process holds the relay (default 500 ms: a restarted worker takes over within it). */
  standbyMs?: number;
  /** Backoff after a failure: base and cap (default 200 ms, 1 s: publishing resumes within about a second of Redis's return). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export interface RelayLoopListener {
  onStep?(step: RelayStep, durationMs: number): void;
  /** attempt counts consecutive failures (1 for the first); delayMs is the wait before the next try. */
  onError?(error: unknown, attempt: number, delayMs: number): void;
  /** The first success after one or more failures. */
  onRecovered?(failures: number): void;
}

/**
 * After a wake-up finds nothing (the appended events wait behind an older transaction still open, which the
 * gap-safe reader must not pass), look again after these waits before falling back to the idle poll.
 */
const CHASE_MS = [2, 5, 10, 20, 40] as const;

/**
 * Runs the relay until stopped: back to back while there is work, polling when idle, exponential backoff on failure.
 * `wakeUp()` (called on each append notification, AppendNotifications) ends an idle or standby wait at once.
 */
export class RelayLoop {
  private stopped = false;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** A wake-up arrived since the last step started: the step may have missed what it announced. */
  private woken = false;
  /** Steps left in the chase after a wake-up found nothing. */
  private chase = 0;

  constructor(
    private readonly relay: Pick<OutboxRelay, 'step' | 'appended'>,
    private readonly options: RelayLoopOptions = {},
    private readonly listener: RelayLoopListener = {},
  ) {}

  start(): void {
    this.running ??= this.run();
  }

  /** Events were appended: step now (or again right after the step in flight). Failures keep their backoff. */
  wakeUp(): void {
    this.woken = true;
    this.relay.appended();
    if (!this.failing) this.wake?.();
  }

  private failing = false;

  /** Finishes the batch in flight (its checkpoint is saved or rolled back), then returns. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      const started = performance.now();
      let delay = 0;
      const wokenBefore = this.woken;
      this.woken = false;
      try {
        const step = await this.relay.step();
        if (failures > 0) this.listener.onRecovered?.(failures);
        failures = 0;
        this.failing = false;
        this.listener.onStep?.(step, performance.now() - started);
        if (step.kind === 'idle') {
          if (wokenBefore) this.chase = CHASE_MS.length;
          delay = this.woken ? 0 : this.chase > 0 ? CHASE_MS[CHASE_MS.length - this.chase--]! : (this.options.idleMs ?? 100);
        } else this.chase = 0;
        if (step.kind === 'standby') delay = this.options.standbyMs ?? 500;
      } catch (error) {
        failures += 1;
        this.failing = true;
        delay = backoffDelay(failures, this.options.backoffBaseMs ?? 200, this.options.backoffMaxMs ?? 1000);
        this.listener.onError?.(error, failures, delay);
      }
      if (delay > 0) await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
