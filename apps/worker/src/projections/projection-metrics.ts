import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { EventStore } from '@felt/event-store';
import { type ProjectionStep, checkpointNameOf, READ_MODELS } from '@felt/read-models';

/** Counting stops here: a lag beyond a million events is reported as a million. */
const LAG_COUNT_CAP = 1_000_000;

/**
 * The projections' Prometheus metrics, in the worker's registry (GET /metrics), labelled by projection. The lag is
 * counted in the log at each scrape, after each projection's checkpoint.
 */
export class ProjectionMetrics {
  readonly events: Counter<'projection'>;
  readonly batches: Counter<'projection' | 'outcome'>;
  readonly batchSeconds: Histogram<'projection'>;
  readonly position: Gauge<'projection'>;
  readonly active: Gauge<'projection'>;

  constructor(registry: Registry, store?: EventStore) {
    const registers = [registry];
    this.events = new Counter({
      name: 'felt_projection_events_total',
      help: 'Events folded into the read models',
      labelNames: ['projection'],
      registers,
    });
    this.batches = new Counter({
      name: 'felt_projection_batches_total',
      help: 'Projection steps by outcome (projected, idle, standby, error)',
      labelNames: ['projection', 'outcome'],
      registers,
    });
    this.batchSeconds = new Histogram({
      name: 'felt_projection_batch_duration_seconds',
      help: 'Read, fold, row writes and checkpoint of one projected batch',
      labelNames: ['projection'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.position = new Gauge({
      name: 'felt_projection_position',
      help: 'Global position of the last event the rows reflect',
      labelNames: ['projection'],
      registers,
    });
    this.active = new Gauge({
      name: 'felt_projection_active',
      help: '1 while this process holds the projection, 0 on standby, after a failure or with projections off',
      labelNames: ['projection'],
      registers,
    });
    for (const model of READ_MODELS) this.active.set({ projection: model.name }, 0);
    new Gauge({
      name: 'felt_projection_lag_events',
      help: `Events in the log after the projection's checkpoint (capped at ${LAG_COUNT_CAP})`,
      labelNames: ['projection'],
      registers,
      async collect() {
        if (!store) return;
        for (const model of READ_MODELS) {
          const at = await store.loadCheckpoint(checkpointNameOf(model));
          this.set({ projection: model.name }, await store.countEventsAfter(at, LAG_COUNT_CAP));
        }
      },
    });
  }

  recordStep(projection: string, step: ProjectionStep, durationMs: number): void {
    this.batches.inc({ projection, outcome: step.kind });
    this.active.set({ projection }, step.kind === 'standby' ? 0 : 1);
    if (step.kind === 'standby') return;
    this.position.set({ projection }, Number(step.position.globalPosition));
    if (step.kind !== 'projected') return;
    this.events.inc({ projection }, step.events);
    this.batchSeconds.observe({ projection }, durationMs / 1000);
  }

  recordError(projection: string): void {
    this.batches.inc({ projection, outcome: 'error' });
    this.active.set({ projection }, 0);
  }
}
