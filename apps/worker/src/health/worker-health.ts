import { Inject, Injectable, ServiceUnavailableException, type OnApplicationShutdown } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, type HealthCheckResult, type HealthIndicatorResult } from '@nestjs/terminus';
import Redis from 'ioredis';
import type { Database } from '@felt/event-store';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { DATABASE } from '../database/worker-database.module';
import { redisConnectionOptions } from '../relay/redis-connection';

const PROBE_TIMEOUT_MS = 2000;

/** GET /health: the database answers, and Redis answers when the relay is on. */
@Injectable()
export class WorkerHealth implements OnApplicationShutdown {
  private readonly redis: Redis | undefined;

  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(WORKER_CONFIG) config: WorkerConfig,
  ) {
    if (config.redisUrl) {
      this.redis = new Redis({ ...redisConnectionOptions(config.redisUrl, config.redisSentinel), lazyConnect: true });
      this.redis.on('error', () => undefined);
    }
  }

  /** The terminus result and the HTTP status to send (200 or 503). */
  async check(): Promise<{ status: number; body: HealthCheckResult }> {
    const checks = [() => this.probe('database', () => this.db.query('SELECT 1'))];
    if (this.redis) checks.push(() => this.probe('redis', () => this.pingRedis()));
    try {
      return { status: 200, body: await this.health.check(checks) };
    } catch (error) {
      if (error instanceof ServiceUnavailableException) return { status: 503, body: error.getResponse() as HealthCheckResult };
      throw error;
    }
  }

  private async pingRedis(): Promise<unknown> {
    const redis = this.redis!;
    if (redis.status === 'wait' || redis.status === 'end') await redis.connect().catch(() => undefined);
    return redis.ping();
  }

  private async probe(key: string, run: () => Promise<unknown>): Promise<HealthIndicatorResult> {
    const session = this.indicators.check(key);
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        run(),
        new Promise(
          (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS)),
        ),
      ]);
      return session.up();
    } catch (error) {
      return session.down({ message: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
