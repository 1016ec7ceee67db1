import { Logger } from '@nestjs/common';
import { IN_MEMORY } from '@felt/event-store';
import { createApiApp } from './api-app';
import { resolveTokenKey } from '@felt/staff';
import { apiConfigFromEnv } from './config/api-config';
import { claimDataDir } from '@felt/settings';
import { resolveSealKey } from './tables/deck-seal';

/** `npm start`: serve the API on PORT (3000), on PostgreSQL with DATABASE_URL, else on PGlite in ./data. */
async function main(): Promise<void> {
  const config = apiConfigFromEnv();
  let tokenKey: ReturnType<typeof resolveTokenKey>;
  let seal: ReturnType<typeof resolveSealKey>;
  try {
    tokenKey = resolveTokenKey(config);
    seal = resolveSealKey(config);
  } catch (error) {
    console.error(`felt-api: cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
  const app = await createApiApp({
    ...config,
    tokenPrivateKey: tokenKey.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    sealKey: seal.key.toString('hex'),
  });
  // PGlite allows one process per folder: the pid file tells `felt users` / `felt token` that the API has it open.
  const release = !config.databaseUrl && config.dataDir !== IN_MEMORY ? claimDataDir(config.dataDir) : () => undefined;
  // Shut down on SIGTERM / SIGINT (Nest's shutdown hooks close the database), then free the folder.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      app
        .close()
        .catch((error: unknown) => console.error(error))
        .finally(() => {
          release();
          process.exit(0);
        });
    });
  }
  await listenOnEveryInterface(app, config.port);
  const logger = new Logger('Felt');
  logger.log(`listening on port ${config.port}; OpenAPI at /docs, readiness at /health/ready, liveness at /health/live`);
  if (seal.movedFrom) logger.log(`moved the seal key from ${seal.movedFrom} into the data folder: ${seal.file}`);
  logger.log(
    `undealt decks sealed with ${seal.source === 'FELT_SEAL_KEY' ? 'FELT_SEAL_KEY' : seal.file ? `the key in ${seal.file}` : 'a key that lives as long as this process'}`,
  );
  logger.log(
    `access tokens signed (Ed25519) with ${tokenKey.source === 'FELT_TOKEN_PRIVATE_KEY' ? 'FELT_TOKEN_PRIVATE_KEY' : tokenKey.file ? `the key in ${tokenKey.file}` : 'a key that lives as long as this process'}`,
  );
}

/**
 * Every interface, IPv6 and IPv4 ('::' takes both on Linux), as Node's own default does; IPv4 only on a host without
 * IPv6. Fastify alone would listen on localhost only.
 */
async function listenOnEveryInterface(app: Awaited<ReturnType<typeof createApiApp>>, port: number): Promise<void> {
  try {
    await app.listen(port, '::');
  } catch (error) {
    // No IPv6 here (the address family is missing, or disabled as in many containers): IPv4 alone, as Node does.
    if (!['EAFNOSUPPORT', 'EADDRNOTAVAIL'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
    await app.listen(port, '0.0.0.0');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
