import { Module, type DynamicModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import { EventStore, type Database } from '@felt/event-store';
import { WORKER_CONFIG, type WorkerConfig } from './config/worker-config';
import { WorkerDatabaseModule } from './database/worker-database.module';
import { WorkerHealth } from './health/worker-health';
import { MetricsServer } from './metrics/metrics-server';
import { RelayMetrics } from './metrics/relay-metrics';
import { RELAY_CHECKPOINT } from './relay/outbox-relay';
import { RelayService } from './relay/relay.service';
import { AnchorPusherService } from './anchors/anchor-pusher.service';
import { TimerHost } from './timer/timer-host';
import { ProjectionMetrics } from './projections/projection-metrics';
import { ProjectionsService } from './projections/projections.service';
import { PROJECTIONS_CONFIG, projectionsConfigFromEnv, type ProjectionsConfig } from './projections/projections-config';

/** The worker: the outbox relay, the projections, the timer service, their metrics and health. Tests may pass a database and settings of their own. */
@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig, database?: Database, projections: ProjectionsConfig = projectionsConfigFromEnv()): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        { module: WorkerConfigModule, global: true, providers: [{ provide: WORKER_CONFIG, useValue: config }], exports: [WORKER_CONFIG] },
        LoggerModule.forRoot({ pinoHttp: { level: config.logLevel } }),
        TerminusModule.forRoot({ logger: false }),
        WorkerDatabaseModule.forRoot(database),
      ],
      providers: [
        {
          provide: RelayMetrics,
          inject: [EventStore],
          useFactory: (store: EventStore) =>
            new RelayMetrics(config.redisUrl ? { store, checkpoint: () => store.loadCheckpoint(RELAY_CHECKPOINT) } : undefined),
        },
        RelayService,
        AnchorPusherService,
        TimerHost,
        { provide: PROJECTIONS_CONFIG, useValue: projections },
        {
          provide: ProjectionMetrics,
          inject: [RelayMetrics, EventStore],
          useFactory: (relay: RelayMetrics, store: EventStore) => new ProjectionMetrics(relay.registry, store),
        },
        ProjectionsService,
        WorkerHealth,
        MetricsServer,
      ],
    };
  }
}

@Module({})
class WorkerConfigModule {}
