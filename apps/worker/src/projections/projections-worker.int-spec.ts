import type { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { comparePositions, START } from '@felt/event-store';
import { APP_BACKENDS, useTestStore } from '../../../../test/support/app-databases';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { DEFAULT_WORKER_CONFIG } from '../config/worker-config';
import { MetricsServer } from '../metrics/metrics-server';
import { WorkerModule } from '../worker.module';
import { DEFAULT_PROJECTIONS_CONFIG, type ProjectionsConfig } from './projections-config';
import { checkpointNameOf, READ_MODELS } from '@felt/read-models';
import { appendSession, headOfLog, randomSession, wholeLog } from '../../../../libs/read-models/test-support/random-session';
import { viewsFromEvents, viewsFromRows } from '../../../../libs/read-models/test-support/rows-and-fold';

describe.each(APP_BACKENDS)('worker keeping the projections, without Redis (%s)', (backend) => {
  const t = useTestStore(backend);

  async function startWorker(projections: ProjectionsConfig): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [WorkerModule.forRoot({ ...DEFAULT_WORKER_CONFIG, metricsPort: 0 }, t.db, projections)],
    }).compile();
    moduleRef.useLogger(false);
    return moduleRef.init();
  }

  it('with PROJECTIONS=off leaves the read models alone', async () => {
    await appendSession(t.store, randomSession({ tables: 2, seed: 3, commands: 150 }));
    const app = await startWorker({ ...DEFAULT_PROJECTIONS_CONFIG, enabled: false });
    try {
      const metrics = await (await fetch(`http://127.0.0.1:${app.get(MetricsServer).port}/metrics`)).text();
      expect(metrics).toContain('felt_projection_active{projection="lobby"} 0');
      expect(metrics).toMatch(/felt_projection_lag_events\{projection="lobby"\} [1-9]/);
      for (const model of READ_MODELS) expect(await t.store.loadCheckpoint(checkpointNameOf(model))).toEqual(START);
    } finally {
      await app.close();
    }
  });

  it('folds the log into the rows as it grows, and reports position and lag on /metrics', async () => {
    const app = await startWorker({ ...DEFAULT_PROJECTIONS_CONFIG, batchSize: 100 });
    try {
      await appendSession(t.store, randomSession({ tables: 2, seed: 4, commands: 150, prefix: 'more' }));
      const head = await headOfLog(t.store);
      await eventually(
        () => Promise.all(READ_MODELS.map((m) => t.store.loadCheckpoint(checkpointNameOf(m)))),
        (positions) => positions.every((p) => comparePositions(p, head) === 0),
        30_000,
      );
      expect(await viewsFromRows(t.db)).toEqual(viewsFromEvents(await wholeLog(t.store)));
      const metrics = await (await fetch(`http://127.0.0.1:${app.get(MetricsServer).port}/metrics`)).text();
      for (const model of READ_MODELS) {
        expect(metrics).toContain(`felt_projection_position{projection="${model.name}"} ${head.globalPosition}`);
        expect(metrics).toContain(`felt_projection_lag_events{projection="${model.name}"} 0`);
        expect(metrics).toContain(`felt_projection_active{projection="${model.name}"} 1`);
      }
      expect(metrics).toMatch(/felt_projection_events_total\{projection="hand-history"\} [1-9]/);
    } finally {
      await app.close();
    }
  });
});
