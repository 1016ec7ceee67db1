import { EventStore, type Database } from '../src';
import type { TestSchema } from './migrations-fingerprint';
import { createTestDatabase, type Backend, type TestDatabase } from './test-databases';

/** A test database and an EventStore on it, for the tests of the describe block (or file) that asked for it. */
export interface TestStore {
  readonly backend: Backend;
  readonly db: Database;
  /** One EventStore on `db` for the whole block (made on first use). */
  readonly store: EventStore;
  /** The fresh PostgreSQL database's URL (postgres only). */
  readonly url: string;
}

export interface TestStoreOptions {
  /** A fresh database for every test (beforeEach/afterEach) instead of one for the block (beforeAll/afterAll). */
  perTest?: boolean;
  /** PGlite only: a new cluster migrated at open, not the migrated template (for the migrations' own tests). */
  fromScratch?: boolean;
  /** The schema beyond the store's own tables (the apps' tests: test/support/app-databases.ts). */
  schema?: TestSchema;
  /** Teardown that needs the database still open (an API, a reader, a consumer): runs just before it is disposed. */
  beforeDispose?: () => unknown;
}

/**
 * Registers the hooks that create a migrated, empty database (createTestDatabase) before the block's tests and
 * dispose it after them, and returns getters for it. Call it in a describe block (or at the top of a file) before
 * that block's own hooks: its beforeAll runs first, so the block's own set-up can use `db` and `store`; and, since
 * Jest runs afterAll hooks in the order they are declared, teardown that needs the database goes in `beforeDispose`.
 */
export function useTestStore(backend: Backend, options: TestStoreOptions = {}): TestStore {
  let database: TestDatabase | undefined;
  let store: EventStore | undefined;
  const [before, after] = options.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    database = await createTestDatabase(backend, undefined, { fromScratch: options.fromScratch, schema: options.schema });
  });
  after(async () => {
    try {
      await options.beforeDispose?.();
    } finally {
      await database?.dispose();
      database = store = undefined;
    }
  });
  const current = (): TestDatabase => {
    if (!database) throw new Error('useTestStore: the database exists only in tests and hooks after its own beforeAll');
    return database;
  };
  return {
    backend,
    get db() {
      return current().db;
    },
    get store() {
      return (store ??= new EventStore(current().db));
    },
    get url() {
      const { url } = current();
      if (url === undefined) throw new Error(`useTestStore: no URL for a ${backend} database`);
      return url;
    },
  };
}
