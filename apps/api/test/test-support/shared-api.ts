import type { Database } from '@felt/event-store';
import { createTestDatabase, type Backend, type TestDatabase } from './test-databases';
import { startTestApi, type TestApi } from './test-api';

/**
 * One API with the default configuration, and its database, per backend for a whole jest file (api-parts): an app
 * start costs ~0.3 CPU-s on PostgreSQL once the code is loaded, and a database of its own a CREATE DATABASE on the
 * shared server. A part that uses it must stay independent of the others beside it: its own table, game, tournament
 * and user ids, counts taken as before/after differences (writtenRows), no read of the whole store (verifyStore
 * without streamIds, readAll, the unfiltered lists). A part that needs its own configuration, or reads everything,
 * keeps its own app (startTestApi on useTestStore). The file that runs such parts closes them: afterAll(closeSharedApis).
 */
export interface SharedApi {
  readonly backend: Backend;
  readonly api: TestApi;
  readonly db: Database;
  /** The PostgreSQL database's URL (postgres only). */
  readonly url: string;
}

interface Started {
  readonly database: TestDatabase;
  readonly api: TestApi;
}

const started = new Map<Backend, Promise<Started>>();

async function start(backend: Backend): Promise<Started> {
  const database = await createTestDatabase(backend);
  try {
    return { database, api: await startTestApi(database.db) };
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

/** Registers a beforeAll that starts the backend's shared API (once per file) and returns getters for it. */
export function useSharedApi(backend: Backend): SharedApi {
  let current: Started | undefined;
  beforeAll(async () => {
    let starting = started.get(backend);
    if (!starting) started.set(backend, (starting = start(backend)));
    current = await starting;
  });
  const get = (): Started => {
    if (!current) throw new Error('useSharedApi: the API exists only in tests and hooks after its own beforeAll');
    return current;
  };
  return {
    backend,
    get api() {
      return get().api;
    },
    get db() {
      return get().database.db;
    },
    get url() {
      const { url } = get().database;
      if (url === undefined) throw new Error(`useSharedApi: no URL for a ${backend} database`);
      return url;
    },
  };
}

/** Closes every shared API and disposes its database (the file's afterAll). */
export async function closeSharedApis(): Promise<void> {
  const all = [...started.values()];
  started.clear();
  for (const result of await Promise.allSettled(all)) {
    if (result.status === 'rejected') continue; // its start failed, and disposed what it had made
    const { database, api } = result.value;
    try {
      await api.close();
    } finally {
      await database.dispose();
    }
  }
}
