import { Module } from '@nestjs/common';
import { DependencyChecks } from './dependency-checks';
import { HealthController, MetricsController } from './health.controller';

@Module({
  controllers: [HealthController, MetricsController],
  providers: [DependencyChecks],
})
export class HealthModule {}
