import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Browser } from 'playwright-core';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/app-databases';
import { addTestUser } from '../../../api/test/test-support/auth';
import type { ApiConfig } from '../../../api/src/config/api-config';
import { expectStatus } from '../../../api/test/test-support/table-setup';
import { startTestApi, type TestApi } from '../../../api/test/test-support/test-api';
import { buildConsole, ConsoleUser, launchChromium } from './console-browser';

export const PASSWORD = 'correct horse battery staple';

/** The staff every browser suite has from the start; no test changes them (a test that changes a user adds its own). */
export const STAFF = [
  ['floor-fran', 'floor'],
  ['dealer-dan', 'dealer'],
  ['regulator-rita', 'regulator'],
] as const;

/** A browser suite's API, browser and people, and the helpers its tests set their own tables up with. */
export interface ConsoleSuite {
  readonly api: TestApi;
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly database: TestDatabase;
  /** A new person at the console (own browser context), closed when the test ends. */
  open(options?: { viewport?: { width: number; height: number }; clock?: boolean; timezoneId?: string }): Promise<ConsoleUser>;
  /** A new person signed in, on the lobby. */
  signedIn(name: string, password?: string): Promise<ConsoleUser>;
  /** Adds a user of the role, with PASSWORD (its own, for a test that changes it); returns its id. */
  addUser(name: string, role: 'floor' | 'dealer' | 'regulator'): Promise<string>;
  /** GET /tables/:id as the floor. */
  table(tableId: string): Promise<any>;
  /** Cuts every open WebSocket and refuses new ones (a network failure, as the pages see it) until the test ends or `networkUp`. */
  networkDown(): void;
  networkUp(): void;
}

/** What a suite starts before its first test: the API on its database, listening, the browser, the STAFF. */
interface Started {
  readonly database: TestDatabase;
  readonly api: TestApi;
  readonly baseUrl: string;
  readonly browser: Browser;
  readonly network: { down: boolean; sockets: Socket[] };
}

async function start(config: Partial<ApiConfig>): Promise<Started> {
  buildConsole();
  const network = { down: false, sockets: [] as Socket[] };
  const database = await createTestDatabase('postgres');
  let api: TestApi | undefined;
  try {
    // Each test signs its staff in afresh: more sign-ins per name than the default lockout allows in a run (the
    // lockout itself is login-throttle's subject).
    api = await startTestApi(database.db, { loginFailuresBeforeLockout: 50, loginAttemptsPerAddressPerMinute: 1000, ...config });
    await api.app.listen(0, '127.0.0.1');
    (api.app.getHttpServer() as Server).prependListener('upgrade', (_request, socket: Socket) => {
      if (network.down) socket.destroy();
      else network.sockets.push(socket);
    });
    const baseUrl = (await api.app.getUrl()).replace('[::1]', '127.0.0.1');
    for (const [name, role] of STAFF) await addTestUser(database.db, name, role, PASSWORD);
    return { database, api, baseUrl, browser: await launchChromium(), network };
  } catch (error) {
    await api?.close();
    await database.dispose();
    throw error;
  }
}

async function stop(started: Promise<Started> | undefined): Promise<void> {
  const done = await started?.catch(() => undefined);
  await done?.browser.close();
  await done?.api.close();
  await done?.database.dispose();
}

/** The suite the parts of one file share (useSharedConsoleSuite), started by the first part that needs it. */
let sharedSuite: Promise<Started> | undefined;

/** Closes the shared suite: the afterAll of a file whose parts share one (console-parts.e2e-spec.ts). */
export async function closeSharedConsoleSuite(): Promise<void> {
  const closing = sharedSuite;
  sharedSuite = undefined;
  await stop(closing);
}

/**
 * Registers the hooks of a browser suite: one API on a PostgreSQL database of its own, listening on a free port, one
 * Chromium, the STAFF; each test's pages close and the network comes back when it ends. Every table a test uses is
 * its own, set up through the API (or through the page when the page is the subject), so one failure is one failure.
 */
export function useConsoleSuite(config: Partial<ApiConfig> = {}): ConsoleSuite {
  let own: Promise<Started> | undefined;
  return registerSuite(
    () => (own = start(config)),
    () => stop(own),
  );
}

/**
 * useConsoleSuite's API, database and browser, shared by the parts of one file (console-parts.e2e-spec.ts), with the
 * default configuration: a browser and an app started once per file, not once per part (docs/benchmarks.md "The test
 * suite"). A part that shares them reads nothing of the whole API (no unfiltered list or count) and uses ids and user
 * names of its own, since the other parts' stay beside them. The file closes it (closeSharedConsoleSuite).
 */
export function useSharedConsoleSuite(): ConsoleSuite {
  return registerSuite(
    () => (sharedSuite ??= start({})),
    async () => undefined,
  );
}

function registerSuite(acquire: () => Promise<Started>, release: () => Promise<void>): ConsoleSuite {
  let current: Started | undefined;
  const people: ConsoleUser[] = [];

  beforeAll(async () => {
    current = await acquire();
  }, 180_000); // compiling the console, Nest and the first browser start: slow on a busy machine
  const get = (): Started => {
    if (!current) throw new Error('useConsoleSuite: the suite exists only in tests and hooks after its own beforeAll');
    return current;
  };

  // Left open, a test's pages would follow /live and redraw on every later test's events.
  const closePeople = async () => {
    for (const person of people.splice(0)) await person.close().catch(() => undefined);
  };
  afterEach(async () => {
    if (current) {
      current.network.down = false;
      current.network.sockets.length = 0;
    }
    await closePeople();
  });
  afterAll(async () => {
    await closePeople();
    await release();
  });

  const suite: ConsoleSuite = {
    get api() {
      return get().api;
    },
    get baseUrl() {
      return get().baseUrl;
    },
    get browser() {
      return get().browser;
    },
    get database() {
      return get().database;
    },
    async open(options = {}) {
      const user = await ConsoleUser.open(get().browser, get().baseUrl, options);
      people.push(user);
      return user;
    },
    async signedIn(name, password = PASSWORD) {
      const user = await suite.open();
      await user.signIn(name, password);
      await user.byTestId('lobby-tables').waitFor();
      return user;
    },
    async addUser(name, role) {
      return (await addTestUser(get().database.db, name, role, PASSWORD)).id;
    },
    async table(tableId) {
      return (await expectStatus(get().api.http.get(`/tables/${tableId}`), 200)).body;
    },
    networkDown() {
      const { network } = get();
      network.down = true;
      for (const socket of network.sockets) socket.destroy();
    },
    networkUp() {
      get().network.down = false;
    },
  };
  return suite;
}
