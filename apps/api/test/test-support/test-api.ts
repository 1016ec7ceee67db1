import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EventStore, type Database } from '@felt/event-store';
import { createApiApp } from '../../src/api-app';
import { DEFAULT_API_CONFIG, type ApiConfig } from '../../src/config/api-config';
import { FoldedTables } from '../../src/tables/folded-tables';
import { TableSnapshots } from '../../src/tables/table-snapshots';
import type { Role } from '../../src/auth/roles';
import { authHeaders, TEST_JWT_SECRET, TEST_SEAL_KEY, type TestTokenOptions } from './auth';

type HttpAgent = ReturnType<typeof request.agent>;

/** The whole API over a database the test owns, driven through supertest without a port. */
export interface TestApi {
  readonly app: INestApplication;
  /** Requests as a floor supervisor (the role that may send every table command on every table). */
  readonly http: HttpAgent;
  /** Requests without a token. */
  readonly anonymous: ReturnType<typeof request>;
  /** Requests with a token for `role` (signTestToken's options: sub, name, expiresIn, secret). */
  as(role: Role, options?: TestTokenOptions): HttpAgent;
  readonly store: EventStore;
  /** The folded-state cache and snapshots, for tests that look behind the HTTP answers. */
  readonly tables: FoldedTables;
  readonly snapshots: TableSnapshots;
  close(): Promise<void>;
}

export async function startTestApi(db: Database, config: Partial<ApiConfig> = {}): Promise<TestApi> {
  const app = await createApiApp({ ...DEFAULT_API_CONFIG, logLevel: process.env.LOG_LEVEL ?? 'silent', jwtSecret: TEST_JWT_SECRET, sealKey: TEST_SEAL_KEY, ...config }, { database: db });
  await app.init();
  await app.getHttpAdapter().getInstance().ready(); // Fastify routes requests only once ready (listen() waits for it itself)
  const as = (role: Role, options?: TestTokenOptions): HttpAgent => request.agent(app.getHttpServer()).set(authHeaders(role, options));
  return {
    app,
    http: as('floor'),
    anonymous: request(app.getHttpServer()),
    as,
    store: new EventStore(db),
    tables: app.get(FoldedTables),
    snapshots: app.get(TableSnapshots),
    close: () => app.close(),
  };
}

/** Every event in the database, all tables. */
export async function totalEvents(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM events');
  return Number(rows[0]!.n);
}
