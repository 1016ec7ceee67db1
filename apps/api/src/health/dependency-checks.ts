import { Inject, Injectable } from '@nestjs/common';
import { Gauge, Registry } from 'prom-client';
import type { Database } from '@felt/event-store';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { DATABASE } from '../database/database.module';
import { pingRedis } from './redis-ping';

const TIMEOUT_MS = 2000;

export interface DependencyState {
  readonly status: 'up' | 'down';
  readonly message?: string;
}

/**
 * Whether the API's dependencies answer, for readiness (the database) and for the record (Redis, which only the
 * worker's outbox needs: the API takes commands without it). Each check also sets
 * felt_api_dependency_up{dependency} in the API's metrics registry (GET /metrics).
 */
@Injectable()
export class DependencyChecks {
  readonly registry = new Registry();
  private readonly up = new Gauge({
    name: 'felt_api_dependency_up',
    help: 'Whether a dependency answered the last check (1) or not (0): database (readiness), redis (reported only)',
    labelNames: ['dependency'],
    registers: [this.registry],
  });

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  async database(): Promise<DependencyState & { kind: string }> {
    return { kind: this.db.kind, ...(await this.record('database', () => this.db.query('SELECT 1'))) };
  }

  /** Redis, when REDIS_URL is set; null when it is not. */
  async redis(): Promise<DependencyState | null> {
    const url = this.config.redisUrl;
    return url ? this.record('redis', () => pingRedis(url, TIMEOUT_MS)) : null;
  }

  private async record(dependency: string, check: () => Promise<unknown>): Promise<DependencyState> {
    try {
      await withTimeout(check(), TIMEOUT_MS);
      this.up.set({ dependency }, 1);
      return { status: 'up' };
    } catch (error) {
      this.up.set({ dependency }, 0);
      return { status: 'down', message: (error as Error).message };
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
