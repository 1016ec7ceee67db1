import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { WsAdapter } from '@nestjs/platform-ws';
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
  app.useWebSocketAdapter(new WsAdapter(app)); // /live, on the same port (live/live.gateway.ts)
  serveOpenApi(app);
  // The floor staff console (apps/console, built by npm run build): static files, loaded without a token.
  app.useStaticAssets(consoleFolder(), { prefix: '/console', index: 'index.html', fallthrough: true });
  return app;
}

/** dist/apps/console under the repository root (the nearest folder with a package.json), from src/ or dist/ alike. */
function consoleFolder(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'dist', 'apps', 'console');
}
