import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { EventStore, type Database } from '@felt/event-store';
import { createApiApp } from '../../src/api-app';
import { DEFAULT_API_CONFIG, type ApiConfig } from '../../src/config/api-config';
import { FoldedTables } from '../../src/tables/folded-tables';
import { TableSnapshots } from '../../src/tables/table-snapshots';

/** The whole API over a database the test owns, driven through supertest without a port. */
export interface TestApi {
  readonly app: INestApplication;
  readonly http: ReturnType<typeof request>;
  readonly store: EventStore;
  /** The folded-state cache and snapshots, for tests that look behind the HTTP answers. */
  readonly tables: FoldedTables;
  readonly snapshots: TableSnapshots;
  close(): Promise<void>;
}

export async function startTestApi(db: Database, config: Partial<ApiConfig> = {}): Promise<TestApi> {
  const app = await createApiApp({ ...DEFAULT_API_CONFIG, logLevel: process.env.LOG_LEVEL ?? 'silent', ...config }, { database: db });
  await app.init();
  return {
    app,
    http: request(app.getHttpServer()),
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
