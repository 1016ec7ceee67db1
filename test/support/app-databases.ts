// The apps' test databases: the event store's test-support (libs/event-store/test-support), migrated to the
// applications' schema (migrations/) on top of the store's own tables. Every app's tests use these, so the store's
// test-support needs to know nothing of the apps.
import { join } from 'node:path';
import { migrations } from '../../migrations';
import type { TestSchema } from '../../libs/event-store/test-support/migrations-fingerprint';
import {
  fillPgliteFolderFromTemplate as fillStoreFolder,
  openMigratedPglite as openStorePglite,
} from '../../libs/event-store/test-support/pglite-template';
import {
  createPostgresDatabase as createStorePostgres,
  createTestDatabase as createStoreDatabase,
  type Backend,
  type TestDatabase,
} from '../../libs/event-store/test-support/test-databases';
import { useTestStore as useStoreTestStore, type TestStore, type TestStoreOptions } from '../../libs/event-store/test-support/test-store';

export {
  ADMIN_URL,
  APP_BACKENDS,
  BACKENDS,
  databaseUrlFor,
  type Backend,
  type TestDatabase,
} from '../../libs/event-store/test-support/test-databases';
export type { TestStore, TestStoreOptions } from '../../libs/event-store/test-support/test-store';

/** The applications' schema, as openDatabase runs it in the API, the worker and the CLI. */
export const APP_SCHEMA: TestSchema = { migrations, sourceDir: join(__dirname, '..', '..', 'migrations') };

export function createTestDatabase(backend: Backend, poolSize?: number, options: { fromScratch?: boolean } = {}): Promise<TestDatabase> {
  return createStoreDatabase(backend, poolSize, { ...options, schema: APP_SCHEMA });
}

export function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  return createStorePostgres({ ...options, schema: APP_SCHEMA });
}

export function useTestStore(backend: Backend, options: Omit<TestStoreOptions, 'schema'> = {}): TestStore {
  return useStoreTestStore(backend, { ...options, schema: APP_SCHEMA });
}

export function openMigratedPglite(): ReturnType<typeof openStorePglite> {
  return openStorePglite(APP_SCHEMA);
}

export function fillPgliteFolderFromTemplate(dataDir: string): Promise<void> {
  return fillStoreFolder(dataDir, APP_SCHEMA);
}
