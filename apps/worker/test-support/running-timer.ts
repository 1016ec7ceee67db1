import { Queue } from 'bullmq';
import { Registry } from 'prom-client';
import type { EventStore } from '@felt/event-store';
import { createPrivateKey } from 'node:crypto';
import { TEST_TIMER_PRIVATE_KEY } from '../../api/test/test-support/auth';
import { RelayLoop } from '../src/relay/relay-loop';
import { ExpirySender } from '../src/timer/expiry-sender';
import { TimerMetrics } from '../src/timer/timer-metrics';
import { TIMER_QUEUE, TimerService } from '../src/timer/timer-service';
import { timerTokenSource } from '../src/timer/timer-token';
import { SHARED_REDIS_URL } from './redis';

const QUIET = { debug: () => undefined, log: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * One timer service in the test's process, as a worker runs it (timer-host.ts): the log tail in a RelayLoop, woken
 * by appends (PostgreSQL; on PGlite the loop polls), and the firing queue on the machine's Redis under `prefix`. The
 * API is the test's own on a port, signing with the test secret.
 */
export class RunningTimer {
  readonly metrics = new TimerMetrics(new Registry());
  readonly service: TimerService;
  private readonly loop: RelayLoop;
  private notifications: { close(): Promise<void> } | undefined;

  constructor(
    private readonly store: EventStore,
    apiUrl: string,
    prefix: string,
    settings: { absenceMs?: number } = {},
  ) {
    this.service = new TimerService(
      store,
      new ExpirySender({ apiUrl, token: timerTokenSource(createPrivateKey(TEST_TIMER_PRIVATE_KEY)) }),
      { redisUrl: SHARED_REDIS_URL, prefix, concurrency: 16, ...settings },
      this.metrics,
      QUIET,
    );
    this.loop = new RelayLoop(this.service, { idleMs: 50 });
  }

  /** `firing: false` schedules the deadlines it reads but fires none until `service.startFiring()` (a timer running late). */
  async start(options: { firing?: boolean } = {}): Promise<this> {
    if (options.firing ?? true) this.service.startFiring();
    this.loop.start();
    const loop = this.loop;
    this.notifications = await this.store.listenForAppends(() => loop.wakeUp());
    return this;
  }

  private stopped: Promise<void> | undefined;

  /** Waits for the jobs in flight; a second call waits for the first. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      await this.notifications?.close();
      await this.loop.stop();
      await this.service.close();
    })();
    return this.stopped;
  }

  async count(outcome: string): Promise<number> {
    return (await this.metrics.firings.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  }
}

/** Deletes every key of the timer's queue under `prefix` (the test's own). */
export async function obliterateTimerQueue(prefix: string, redisUrl = SHARED_REDIS_URL): Promise<void> {
  const url = new URL(redisUrl);
  const queue = new Queue(TIMER_QUEUE, { connection: { host: url.hostname, port: Number(url.port || 6379) }, prefix });
  await queue.obliterate({ force: true }).catch(() => undefined);
  await queue.close();
}
