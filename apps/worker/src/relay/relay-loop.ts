import { backoffDelay } from './backoff';
import type { OutboxRelay, RelayStep } from './outbox-relay';

export interface RelayLoopOptions {
  /** Wait when the log has nothing new (default 100 ms). */
  idleMs?: number;
  /** Wait while another process holds the relay (default 2000 ms). */
  standbyMs?: number;
  /** Backoff after a failure: base and cap (default 200 ms, 30 s). */
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

/** Runs the relay until stopped: back to back while there is work, polling when idle, exponential backoff on failure. */
export class RelayLoop {
  private stopped = false;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    private readonly relay: OutboxRelay,
    private readonly options: RelayLoopOptions = {},
    private readonly listener: RelayLoopListener = {},
  ) {}

  start(): void {
    this.running ??= this.run();
  }

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
      try {
        const step = await this.relay.step();
        if (failures > 0) this.listener.onRecovered?.(failures);
        failures = 0;
        this.listener.onStep?.(step, performance.now() - started);
        if (step.kind === 'idle') delay = this.options.idleMs ?? 100;
        if (step.kind === 'standby') delay = this.options.standbyMs ?? 2000;
      } catch (error) {
        failures += 1;
        delay = backoffDelay(failures, this.options.backoffBaseMs ?? 200, this.options.backoffMaxMs ?? 30000);
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
