import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore } from '@felt/event-store';
import { ProjectionLoop } from './projection-loop';
import { ProjectionMetrics } from './projection-metrics';
import { ProjectionRunner, READ_MODELS, readModelsFor } from '@felt/read-models';
import { PROJECTIONS_CONFIG, type ProjectionsConfig } from './projections-config';
import { loadHouseRules } from '@felt/regulator';

/** Keeps the read models (docs/projections.md) with the worker, with or without REDIS_URL, unless PROJECTIONS=off. */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Projections');
  private loop: ProjectionLoop | undefined;

  constructor(
    @Inject(PROJECTIONS_CONFIG) private readonly config: ProjectionsConfig,
    private readonly store: EventStore,
    private readonly metrics: ProjectionMetrics,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.enabled) {
      this.logger.warn('projections off (PROJECTIONS=off): the read models are kept by another worker, or fall behind.');
      return;
    }
    const models = this.config.houseRules === undefined ? READ_MODELS : readModelsFor(loadHouseRules(this.config.houseRules));
    const runners = models.map((model) => new ProjectionRunner(this.store, model, { batchSize: this.config.batchSize }));
    this.loop = new ProjectionLoop(runners, this.config, {
      onStep: (name, step, ms) => this.metrics.recordStep(name, step, ms),
      onError: (name, error, attempt, delayMs) => {
        this.metrics.recordError(name);
        // The first failure and then every tenth: visible without flooding the log.
        if (attempt === 1 || attempt % 10 === 0)
          this.logger.error(
            `${name}: batch failed (${attempt} in a row), nothing written; retrying in ${delayMs} ms: ${(error as Error).message}`,
          );
      },
    });
    this.loop.start();
    this.logger.log(
      `projections on: ${models.map((m) => m.name).join(', ')} (${this.config.batchSize} events per batch)${this.config.houseRules ? `, tables with the house rules of ${this.config.houseRules}` : ''}`,
    );
  }

  /** Before the database closes: the batch in flight commits or rolls back first. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop?.stop();
  }
}
