import { setTimeout as wait } from 'node:timers/promises';
import { backoffDelay } from '../relay/backoff';
import type { ProjectionRunner, ProjectionStep } from '@felt/read-models';

export interface ProjectionLoopOptions {
  /** First wait when every projection is idle; doubles while they stay idle, up to idleMaxMs. */
  idleMs: number;
  idleMaxMs: number;
  /** Backoff of a failing projection: base and cap (default 500 ms, 30 s). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
}

export interface ProjectionLoopListener {
  onStep?(projection: string, step: ProjectionStep, durationMs: number): void;
  /** attempt counts the projection's consecutive failures (1 for the first). */
  onError?(projection: string, error: unknown, attempt: number, delayMs: number): void;
  /** The loop waits this long before its next round (nothing to project, or every projection backing off). */
  onWait?(delayMs: number): void;
}

interface RunnerState {
  readonly runner: ProjectionRunner<unknown>;
  failures: number;
  retryAt: number;
}

/**
 * Steps every projection in turn until stopped: back to back while any has work, polling ever less often while
 * all are idle, and a failing one (a database outage, an event it cannot fold) backs off alone while the others
 * carry on.
 */
export class ProjectionLoop {
  private readonly states: RunnerState[];
  private stopped = false;
  private running: Promise<void> | undefined;
  /** Aborted by stop(): cuts a wait short. */
  private readonly stopping = new AbortController();

  constructor(
    runners: readonly ProjectionRunner<unknown>[],
    private readonly options: ProjectionLoopOptions,
    private readonly listener: ProjectionLoopListener = {},
  ) {
    this.states = runners.map((runner) => ({ runner, failures: 0, retryAt: 0 }));
  }

  start(): void {
    this.running ??= this.run();
  }

  /** Finishes the batch in flight (committed or rolled back), then returns. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping.abort();
    await this.running;
  }

  private async run(): Promise<void> {
    let idleRounds = 0;
    while (!this.stopped) {
      let busy = false;
      for (const state of this.states) {
        if (this.stopped) return;
        if (state.retryAt > Date.now()) continue;
        busy = (await this.stepOne(state)) || busy;
      }
      idleRounds = busy ? 0 : idleRounds + 1;
      const idle = busy ? 0 : Math.min(this.options.idleMaxMs, this.options.idleMs * 2 ** (idleRounds - 1));
      const nextRetry = Math.min(...this.states.map((s) => (s.failures > 0 ? s.retryAt - Date.now() : Infinity)));
      const delay = Math.max(0, Math.min(idle, nextRetry));
      if (delay > 0) {
        this.listener.onWait?.(delay);
        await wait(delay, undefined, { signal: this.stopping.signal }).catch(() => undefined);
      }
    }
  }

  /** One step of one projection; true when it projected something. */
  private async stepOne(state: RunnerState): Promise<boolean> {
    const name = state.runner.model.name;
    const started = performance.now();
    try {
      const step = await state.runner.step();
      state.failures = 0;
      this.listener.onStep?.(name, step, performance.now() - started);
      return step.kind === 'projected';
    } catch (error) {
      state.failures += 1;
      const delay = backoffDelay(state.failures, this.options.backoffBaseMs ?? 500, this.options.backoffMaxMs ?? 30_000);
      state.retryAt = Date.now() + delay;
      this.listener.onError?.(name, error, state.failures, delay);
      return false;
    }
  }
}
