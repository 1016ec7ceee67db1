import type { INestApplication } from '@nestjs/common';
import { EventStore, type Database } from '@felt/event-store';
import { createApiApp } from '../../src/api-app';
import { DEFAULT_API_CONFIG, type ApiConfig } from '../../src/config/api-config';
import { FoldedTables } from '../../src/tables/folded-tables';
import { TableSnapshots } from '../../src/tables/table-snapshots';
import type { Role } from '@felt/staff';
import {
  authHeaders,
  seedTestUsers,
  TEST_SEAL_KEY,
  TEST_TIMER_PUBLIC_KEY,
  TEST_TOKEN_PRIVATE_KEY,
  TEST_USERS,
  type TestTokenOptions,
} from './auth';
import { HttpAgent, injectTransport, socketTransport } from './http-agent';

export type { HttpAgent, HttpResponse } from './http-agent';

/**
 * The whole API over a database the test owns, driven through Fastify's inject (no socket), or with
 * `{ transport: 'socket' }` over a real socket (HTTP/1.1 on a port of 127.0.0.1, as a client's).
 */
export interface TestApi {
  readonly app: INestApplication;
  /** Requests as a floor supervisor (the role that may send every table command on every table). */
  readonly http: HttpAgent;
  /** Requests without a token. */
  readonly anonymous: HttpAgent;
  /** Requests with a token for `role` (signTestToken's options: sub, name, expiresIn, secret). */
  as(role: Role, options?: TestTokenOptions): HttpAgent;
  readonly store: EventStore;
  /** The database the API runs on (seedTestUsers for the subs a test signs tokens for). */
  readonly db: Database;
  /** The folded-state cache and snapshots, for tests that look behind the HTTP answers. */
  readonly tables: FoldedTables;
  readonly snapshots: TableSnapshots;
  close(): Promise<void>;
}

export async function startTestApi(
  db: Database,
  config: Partial<ApiConfig> = {},
  options: { readonly transport?: 'inject' | 'socket' } = {},
): Promise<TestApi> {
  const app = await createApiApp(
    {
      ...DEFAULT_API_CONFIG,
      logLevel: process.env.LOG_LEVEL ?? 'silent',
      tokenPrivateKey: TEST_TOKEN_PRIVATE_KEY,
      timerPublicKey: TEST_TIMER_PUBLIC_KEY,
      sealKey: TEST_SEAL_KEY,
      ...config,
    },
    { database: db },
  );
  await seedTestUsers(db, TEST_USERS); // the rows behind the default tokens; after the schema is up, before the staff are put on record
  await app.init();
  await app.getHttpAdapter().getInstance().ready(); // Fastify routes requests only once ready (listen() waits for it itself)
  const transport = options.transport === 'socket' ? socketTransport(app) : injectTransport(app);
  const as = (role: Role, token?: TestTokenOptions): HttpAgent => new HttpAgent(transport, authHeaders(role, token));
  return {
    app,
    http: as('floor'),
    anonymous: new HttpAgent(transport),
    as,
    store: new EventStore(db),
    db,
    tables: app.get(FoldedTables),
    snapshots: app.get(TableSnapshots),
    close: () => app.close(),
  };
}

/**
 * Every event of every table. The audit streams are left out: a refused request writes no table event but is itself
 * an audit event (docs/events.md "The audit stream"); the audit tests count those.
 */
export async function totalEvents(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM events WHERE stream_id NOT LIKE 'audit-%'`);
  return Number(rows[0]!.n);
}

/**
 * What a request could have written: events (the tables' and the room's games'), command records, stream rows and
 * their versions summed, users (and how many are disabled), dealer assignments, devices (and how many are retired), counted
 * (audit streams apart, as in totalEvents).
 */
export async function writtenRows(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM events WHERE stream_id NOT LIKE 'audit-%')::text AS events,
            (SELECT count(*) FROM commands c WHERE c.stream_id NOT LIKE 'audit-%')::text AS commands,
            (SELECT count(*) FROM streams WHERE stream_id NOT LIKE 'audit-%')::text AS streams,
            (SELECT coalesce(sum(version), 0) FROM streams WHERE stream_id NOT LIKE 'audit-%')::text AS "streamVersions",
            (SELECT count(*) FROM users)::text AS users, (SELECT count(*) FROM users WHERE disabled)::text AS "disabledUsers",
            (SELECT count(*) FROM dealer_assignments)::text AS assignments,
            (SELECT count(*) FROM devices)::text AS devices, (SELECT count(*) FROM devices WHERE retired_at IS NOT NULL)::text AS "retiredDevices"`,
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
}
