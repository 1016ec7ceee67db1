import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { EventStore, Position } from '@felt/event-store';
import type { RelayStep } from '../relay/outbox-relay';

/** Counting stops here: a lag beyond a million events is reported as a million (the count would cost more than it tells). */
const LAG_COUNT_CAP = 1_000_000;

/**
 * The relay's Prometheus metrics, in a registry of the worker's own. Rates come from the counters
 * (rate(felt_relay_events_published_total[1m])); the lag is counted in the log at each scrape.
 */
export class RelayMetrics {
  readonly registry = new Registry();
  readonly published = new Counter({
    name: 'felt_relay_events_published_total',
    help: 'Events acknowledged by Redis',
    registers: [this.registry],
  });
  readonly steps = new Counter({
    name: 'felt_relay_batches_total',
    help: 'Relay steps by outcome (published, idle, standby, error)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly batchSeconds = new Histogram({
    name: 'felt_relay_batch_duration_seconds',
    help: 'Read, publish and checkpoint of one published batch',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  readonly appendToPublishSeconds = new Histogram({
    name: 'felt_relay_append_to_publish_seconds',
    help: 'Time from an event being recorded to Redis acknowledging it',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });
  readonly up = new Gauge({
    name: 'felt_relay_up',
    help: '1 while relay steps succeed, 0 after one failed (Redis or database)',
    registers: [this.registry],
  });
  readonly active = new Gauge({
    name: 'felt_relay_active',
    help: '1 while this process holds the relay, 0 on standby or with the relay off',
    registers: [this.registry],
  });

  constructor(lag?: { store: EventStore; checkpoint: () => Promise<Position> }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'felt_worker_' });
    const registry = this.registry;
    new Gauge({
      name: 'felt_relay_lag_events',
      help: `Events in the log after the relay's checkpoint (capped at ${LAG_COUNT_CAP})`,
      registers: [registry],
      async collect() {
        if (!lag) return;
        this.set(await lag.store.countEventsAfter(await lag.checkpoint(), LAG_COUNT_CAP));
      },
    });
  }

  recordStep(step: RelayStep, durationMs: number): void {
    this.steps.inc({ outcome: step.kind });
    this.active.set(step.kind === 'standby' ? 0 : 1);
    this.up.set(1);
    if (step.kind !== 'published') return;
    this.published.inc(step.count);
    this.batchSeconds.observe(durationMs / 1000);
    const now = Date.now();
    for (const event of step.events) this.appendToPublishSeconds.observe(Math.max(0, now - Date.parse(event.recordedAt)) / 1000);
  }

  recordError(): void {
    this.steps.inc({ outcome: 'error' });
    this.up.set(0);
  }
}
