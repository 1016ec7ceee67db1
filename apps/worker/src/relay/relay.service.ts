import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore, type AppendNotifications } from '@felt/event-store';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { RelayMetrics } from '../metrics/relay-metrics';
import { BullmqPublisher } from './event-publisher';
import { resolveRelaySigningKey } from './job-signature';
import { OutboxRelay } from './outbox-relay';
import { RelayLoop } from './relay-loop';
import { queueName } from './shards';

/** Starts the outbox relay with the worker when REDIS_URL is set, and says so either way. */
@Injectable()
export class RelayService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private publisher: BullmqPublisher | undefined;
  private relay: OutboxRelay | undefined;
  private loop: RelayLoop | undefined;
  private notifications: AppendNotifications | undefined;

  constructor(
    @Inject(WORKER_CONFIG) private readonly config: WorkerConfig,
    private readonly store: EventStore,
    private readonly metrics: RelayMetrics,
  ) {}

  get enabled(): boolean {
    return this.config.redisUrl !== undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    const { redisUrl } = this.config;
    if (redisUrl === undefined) {
      this.metrics.active.set(0);
      this.logger.warn('outbox relay off: no REDIS_URL. Events are kept in the log and published once a worker runs with REDIS_URL.');
      return;
    }
    const { signer, source } = resolveRelaySigningKey({ signingKey: this.config.relaySigningKey, dataDir: this.config.dataDir });
    this.publisher = new BullmqPublisher({
      signer,
      redisUrl,
      sentinel: this.config.redisSentinel,
      replicaAcks: this.config.redisReplicaAcks,
      shards: this.config.eventShards,
      prefix: this.config.queuePrefix,
    });
    const relay = (this.relay = new OutboxRelay(this.store, this.publisher, { batchSize: this.config.relayBatchSize }));
    this.loop = new RelayLoop(
      relay,
      // A Redis outage is retried at least every second (each try is one failed connection or addBulk, cheap), so
      // publishing resumes within about a second of Redis's return; the log keeps everything meanwhile.
      { backoffMaxMs: 1_000 },
      {
        onStep: (step, ms) => this.metrics.recordStep(step, ms),
        onError: (error, attempt, delayMs) => {
          this.metrics.recordError();
          // The first failure and then every tenth: an outage must be visible without flooding the log.
          if (attempt === 1 || attempt % 10 === 0) {
            this.logger.warn(`publishing failed (${attempt} in a row): ${(error as Error).message}; retrying in ${delayMs} ms`);
          }
        },
        onRecovered: (failures) => this.logger.log(`publishing again after ${failures} failed attempts`),
      },
    );
    this.loop.start();
    // Woken by every append (PostgreSQL LISTEN/NOTIFY) instead of waiting for the 100 ms poll, which stays the fallback.
    const loop = this.loop;
    this.notifications = await this.store.listenForAppends(() => loop.wakeUp(), {
      onError: (error) => this.logger.warn(`append notifications lost (${error.message}); polling until they are back`),
    });
    const last = queueName(this.config.eventShards - 1);
    this.logger.log(
      `outbox relay on: publishing to ${queueName(0)} .. ${last} on ${where(redisUrl, this.config)} (prefix "${this.config.queuePrefix}"), jobs signed by key ${signer.keyId} (${source}; public key in ${this.config.dataDir}/relay-signing.pub)`,
    );
  }

  /** Before the database closes: the batch in flight ends, its checkpoint is saved, the lock goes to a standby worker. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.notifications?.close();
    await this.loop?.stop();
    await this.relay
      ?.close()
      .catch((error: Error) =>
        this.logger.warn(`relay checkpoint not saved at shutdown (${error.message}): the next relay publishes the last batch again`),
      );
    await this.publisher?.close();
  }
}

function where(redisUrl: string, config: WorkerConfig): string {
  const sentinel = config.redisSentinel;
  if (!sentinel) return redactedUrl(redisUrl);
  return `master "${sentinel.name}" of Sentinels ${sentinel.sentinels.map((s) => `${s.host}:${s.port}`).join(',')}, ${config.redisReplicaAcks} replica ack(s) per batch`;
}

function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable REDIS_URL)';
  }
}
