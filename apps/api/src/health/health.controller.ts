import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService, type HealthIndicatorFunction } from '@nestjs/terminus';
import type { Database } from '@felt/event-store';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { DATABASE } from '../database/database.module';
import { pingRedis } from './redis-ping';

const TIMEOUT_MS = 2000;

/** GET /health: 200 when the database answers (and Redis, when REDIS_URL is set), else 503 with what failed. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(HealthCheckService) private readonly health: HealthCheckService,
    @Inject(HealthIndicatorService) private readonly indicators: HealthIndicatorService,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  @Get()
  @HealthCheck()
  @ApiOperation({ summary: 'The database (and Redis when REDIS_URL is set) answer' })
  check() {
    const checks: HealthIndicatorFunction[] = [() => this.database()];
    const redisUrl = this.config.redisUrl;
    if (redisUrl) checks.push(() => this.redis(redisUrl));
    return this.health.check(checks);
  }

  private async database() {
    const session = this.indicators.check('database');
    try {
      await withTimeout(this.db.query('SELECT 1'), TIMEOUT_MS);
      return session.up({ kind: this.db.kind });
    } catch (error) {
      return session.down({ kind: this.db.kind, message: (error as Error).message });
    }
  }

  private async redis(url: string) {
    const session = this.indicators.check('redis');
    try {
      await pingRedis(url, TIMEOUT_MS);
      return session.up();
    } catch (error) {
      return session.down({ message: (error as Error).message });
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
