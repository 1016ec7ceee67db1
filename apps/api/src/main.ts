import { Logger } from '@nestjs/common';
import { createApiApp } from './api-app';
import { apiConfigFromEnv } from './config/api-config';

/** `npm start`: serve the API on PORT (3000), on PostgreSQL with DATABASE_URL, else on PGlite in ./data. */
async function main(): Promise<void> {
  const config = apiConfigFromEnv();
  const app = await createApiApp(config);
  app.enableShutdownHooks();
  await app.listen(config.port);
  new Logger('Felt').log(`listening on port ${config.port}; OpenAPI at /docs, health at /health`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
