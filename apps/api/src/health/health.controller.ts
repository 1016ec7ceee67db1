import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Public, Roles } from '../auth/access-decorators';
import { sendJson, type HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { DependencyChecks } from './dependency-checks';

const STARTED_AT = Date.now();

/**
 * Liveness and readiness, apart (docs/operations.md "Health"):
 * - GET /health/live: the process answers. Restart it when this fails.
 * - GET /health/ready (and GET /health, its old name): it can take commands, i.e. the database answers. Route
 *   traffic to it only while this is 200. Redis is reported in the body and in metrics but never makes the API
 *   "not ready": commands need only the database (the worker's relay catches up once Redis is back).
 */
@ApiTags('health')
@Controller('health')
@Public()
export class HealthController {
  constructor(@Inject(DependencyChecks) private readonly checks: DependencyChecks) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness: the process answers (no dependency is checked)' })
  live() {
    // The pid tells a supervisor (and a test that started the process) which process answered on the port.
    return { status: 'ok', uptimeSeconds: Math.floor((Date.now() - STARTED_AT) / 1000), pid: process.pid };
  }

  @Get(['ready', ''])
  @ApiOperation({ summary: 'Readiness: 200 when the database answers; Redis (when REDIS_URL is set) is reported, never a 503' })
  @ApiResponse({ status: 200, description: '{status: "ok", details: {database: {status: "up"}, redis?: {status: "up" | "down"}}}' })
  @ApiResponse({ status: 503, description: 'The database does not answer (problem+json, code SERVICE_UNAVAILABLE, with details)' })
  async ready(@Res() res: HttpResponse): Promise<void> {
    const [database, redis] = await Promise.all([this.checks.database(), this.checks.redis()]);
    const details = { database, ...(redis ? { redis } : {}) };
    if (database.status === 'down') {
      throw new ApiProblem('unavailable', 'SERVICE_UNAVAILABLE', 'the database does not answer: this API cannot take commands now', {
        details,
      });
    }
    sendJson(res, 200, { status: redis?.status === 'down' ? 'degraded' : 'ok', details });
  }
}

/** GET /metrics: the API's Prometheus metrics (dependencies up or down), for a scraper with a service token. */
@ApiTags('health')
@ApiBearerAuth()
@Controller('metrics')
@Roles('service', 'floor')
export class MetricsController {
  constructor(@Inject(DependencyChecks) private readonly checks: DependencyChecks) {}

  @Get()
  @ApiOperation({ summary: 'Prometheus metrics: felt_api_dependency_up{dependency="database"|"redis"}, checked at each scrape' })
  async metrics(@Res() res: HttpResponse): Promise<void> {
    await Promise.all([this.checks.database(), this.checks.redis()]);
    res
      .code(200)
      .header('Content-Type', this.checks.registry.contentType)
      .send(await this.checks.registry.metrics());
  }
}
