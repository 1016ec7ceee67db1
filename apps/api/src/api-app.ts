import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { Database } from '@felt/event-store';
import { AppModule } from './app.module';
import type { ApiConfig } from './config/api-config';
import { bodyParserErrors } from './http/body-parser-errors';
import { ProblemFilter } from './http/problem.filter';
import { serveOpenApi } from './openapi/openapi';

/** The configured Nest application (not yet listening): what main.ts serves and what the e2e tests drive. */
export async function createApiApp(config: ApiConfig, options: { database?: Database } = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config, options), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.disable('etag'); // the table version is the ETag, set where it is known
  // JSON only, strict (objects and arrays), bounded: larger bodies are refused with 413 before they are read whole.
  app.useBodyParser('json', { limit: config.bodyLimitBytes, strict: true });
  app.use(bodyParserErrors);
  app.useGlobalFilters(new ProblemFilter());
  serveOpenApi(app);
  return app;
}
