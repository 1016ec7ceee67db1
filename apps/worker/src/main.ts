import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { workerConfigFromEnv } from './config/worker-config';
import { WorkerModule } from './worker.module';

/**
 * `npm run start:worker`: a NestJS standalone context running the outbox relay (REDIS_URL) over the event store
 * (DATABASE_URL, else PGlite in ./data), with /metrics and /health on METRICS_PORT (9464).
 */
async function main(): Promise<void> {
  const config = workerConfigFromEnv();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
