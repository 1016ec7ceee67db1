import { Counter, Histogram, type Registry } from 'prom-client';

/** The timer service's Prometheus metrics, in the worker's registry (served on /metrics). */
export class TimerMetrics {
  readonly scheduled: Counter;
  readonly cancelled: Counter;
  readonly firings: Counter<'outcome'>;
  readonly lateness: Histogram;

  constructor(registry: Registry) {
    this.scheduled = new Counter({
      name: 'felt_timer_deadlines_scheduled_total',
      help: 'Deadlines added as delayed jobs (a deadline scheduled again counts again; Redis keeps one job)',
      registers: [registry],
    });
    this.cancelled = new Counter({
      name: 'felt_timer_jobs_cancelled_total',
      help: 'Jobs removed before their deadline because the clock or call ended first',
      registers: [registry],
    });
    this.firings = new Counter({
      name: 'felt_timer_firings_total',
      help: 'Expiry attempts by outcome: applied, replayed (same Idempotency-Key), stale (already over), not-due, retry, refused',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    this.lateness = new Histogram({
      name: 'felt_timer_fire_lateness_seconds',
      help: 'From a deadline to the API acknowledging its expiry',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
  }
}
