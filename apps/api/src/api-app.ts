import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type {} from '@fastify/static'; // types reply.sendFile
import type { FastifyInstance } from 'fastify';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import { Logger } from 'nestjs-pino';
import type { Database } from '@felt/event-store';
import { AppModule } from './app.module';
import type { ApiConfig } from './config/api-config';
import { registerJsonBodyParser } from './http/json-body';
import { registerInputGate } from './http/input-gate';
import { answerClientError, answerFrameworkError, ProblemFilter } from './http/problem.filter';
import { ApiProblem } from './http/status-mapping';
import { echoRequestId, requestIdFor } from './logging/logging.module';
import { serveOpenApi } from './openapi/openapi';

/** The configured Nest application on Fastify (not yet listening): what main.ts serves and what the e2e tests drive. */
export async function createApiApp(config: ApiConfig, options: { database?: Database } = {}): Promise<NestFastifyApplication> {
  const adapter = new FastifyAdapter({
    genReqId: requestIdFor, // X-Request-Id (logging/logging.module.ts)
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy, // the client's address for the sign-in limits (auth/login-throttle.ts)
    // Routing as before on Express: /tables/ is /tables, /TABLES is /tables, and a long path id is an unknown table
    // (404 TABLE_NOT_FOUND) rather than an unknown route (Node's header limit bounds the URL anyway).
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 16 * 1024 },
    frameworkErrors: answerFrameworkError, // an unroutable URL (bad percent-encoding) is a problem too
    // What Node's HTTP parser refuses before there is a request (a 431 for oversized headers, broken framing, a
    // timeout) is a problem too, written to the socket.
    clientErrorHandler: answerClientError,
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.forRoot(config, options), adapter, {
    bufferLogs: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  const fastify = app.getHttpAdapter().getInstance();
  fastify.addHook('onRequest', echoRequestId);
  registerInputGate(fastify); // control characters, lone surrogates, non-UTF-8: 400 INVALID_TEXT (http/input-gate.ts)
  refuseConsoleTraversal(fastify);
  // Fastify sends neither X-Powered-By nor an automatic ETag (the table version is the ETag, set where it is known).
  // JSON only, strict (objects and arrays), bounded: larger bodies are refused with 413 before they are read whole.
  registerJsonBodyParser(fastify, config.bodyLimitBytes);
  app.useGlobalFilters(new ProblemFilter());
  app.useWebSocketAdapter(new WsAdapter(app)); // /live, on the same port (live/live.gateway.ts)
  serveOpenApi(app);
  // The floor staff console (apps/console, built by npm run build): static files, loaded without a token; a file
  // that is not there falls through to the 404 problem. /console redirects to /console/, its index.html (one route
  // answers both, since routes ignore a trailing slash).
  app.useStaticAssets({ root: consoleFolder(), prefix: '/console/', index: 'index.html' });
  fastify.get('/console', (req, reply) => {
    const [path, query] = req.url.split(/(?=\?)/);
    return path === '/console' ? reply.redirect(`/console/${query ?? ''}`, 301) : reply.sendFile('index.html');
  });
  return app;
}

/**
 * A console path that climbs out of its folder ("..", "\\", encoded or not) is simply not there: 404, before the
 * static file server sees it.
 */
function refuseConsoleTraversal(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req) => {
    const path = req.url.split('?')[0]!;
    if (!/^\/console(\/|$)/i.test(path)) return;
    let decoded = path;
    for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++) {
      try {
        decoded = decodeURIComponent(decoded);
      } catch {
        break;
      }
    }
    if (/\\|(^|\/)\.\.?(\/|$)|\.\.|\/\//.test(decoded.slice('/console'.length))) {
      throw new ApiProblem('route-not-found', 'ROUTE_NOT_FOUND', `there is no file ${JSON.stringify(path)}`);
    }
  });
}

/** dist/apps/console under the repository root (the nearest folder with a package.json), from src/ or dist/ alike. */
function consoleFolder(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return join(dir, 'dist', 'apps', 'console');
}
