import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore, type AppendNotifications } from '@felt/event-store';
import { loadHouseRules } from '@felt/regulator';
import { resolveTimerPrivateKey } from '@felt/staff';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { RelayMetrics } from '../metrics/relay-metrics';
import { RelayLoop } from '../relay/relay-loop';
import { ExpirySender } from './expiry-sender';
import { TimerMetrics } from './timer-metrics';
import { tableDeadlinesOf } from './deadlines';
import { TimerService } from './timer-service';
import { timerTokenSource } from './timer-token';

/** Runs the timer service in the worker when REDIS_URL and FELT_API_URL are both set, and says so either way. */
@Injectable()
export class TimerHost implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Timer');
  private timer: TimerService | undefined;
  private loop: RelayLoop | undefined;
  private notifications: AppendNotifications | undefined;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(RelayMetrics) private readonly relayMetrics: RelayMetrics,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { redisUrl, apiUrl } = this.config;
    if (redisUrl === undefined || apiUrl === undefined) {
      this.logger.log(
        `timer service off (${redisUrl === undefined ? 'no REDIS_URL' : 'no FELT_API_URL'}): shot clocks and room calls expire only when the floor says so`,
      );
      return;
    }
    // The timer's own key; a worker that cannot sign stops at start, saying why.
    const key = resolveTimerPrivateKey({ timerPrivateKey: this.config.timerPrivateKey, dataDir: this.config.dataDir });
    const sender = new ExpirySender({ apiUrl, token: timerTokenSource(key) });
    const logger = this.logger;
    const timer = (this.timer = new TimerService(
      this.store,
      sender,
      {
        redisUrl,
        sentinel: this.config.redisSentinel,
        prefix: this.config.queuePrefix,
        concurrency: this.config.timerConcurrency,
        noShows: this.config.timerNoShows,
        absenceMs: this.config.absenceSeconds > 0 ? this.config.absenceSeconds * 1000 : undefined,
        ...(this.config.houseRules !== undefined && { tables: tableDeadlinesOf(loadHouseRules(this.config.houseRules).modules) }),
      },
      new TimerMetrics(this.relayMetrics.registry),
      { debug: (m) => logger.debug(m), log: (m) => logger.log(m), warn: (m) => logger.warn(m), error: (m) => logger.error(m) },
    ));
    timer.startFiring();
    this.loop = new RelayLoop(
      timer,
      { backoffMaxMs: 1_000 },
      {
        onError: (error, attempt, delayMs) => {
          if (attempt === 1 || attempt % 10 === 0)
            logger.warn(`reading deadlines failed (${attempt} in a row): ${(error as Error).message}; retrying in ${delayMs} ms`);
        },
      },
    );
    this.loop.start();
    const loop = this.loop;
    this.notifications = await this.store.listenForAppends(() => loop.wakeUp(), {
      onError: (error) => logger.warn(`append notifications lost (${error.message}); polling until they are back`),
    });
    logger.log(`timer service on: deadlines from the log, expiries through ${apiUrl}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.notifications?.close();
    await this.loop?.stop();
    await this.timer?.close();
  }
}
