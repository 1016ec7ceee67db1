import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { eventually } from '../../../../libs/event-store/test-support/eventually';
import { PGliteDatabase, PostgresDatabase } from '@felt/event-store';
import { seedTestUsers, TEST_SEAL_KEY, TEST_TIMER_PUBLIC_KEY, TEST_TOKEN_PRIVATE_KEY, TEST_USERS } from './auth';

/** The repository root: the nearest folder above this file with a package.json (also when compiled elsewhere). */
function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const ROOT = repositoryRoot(__dirname);
export const BUILT_MAIN = join(ROOT, 'dist', 'apps', 'api', 'src', 'main.js');

/** The built API (npm test builds first); builds it when it is missing, e.g. when jest runs on its own. */
export function ensureBuilt(): void {
  if (existsSync(BUILT_MAIN)) return;
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(BUILT_MAIN))
    throw new Error('npm run build failed; the API process tests need dist/apps/api/src/main.js');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** `node dist/apps/api/src/main.js` as a child process, the way `npm start` runs it (FELT_TOKEN_PRIVATE_KEY: the test key unless `env` sets one). */
export class ApiProcess {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
  ) {
    child.stdout?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-20000)));
    child.stderr?.on('data', (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-20000)));
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** `nodeArgs`: flags for node itself, e.g. --cpu-prof (which NODE_OPTIONS does not accept). */
  static async start(
    env: Record<string, string>,
    options: { startTimeoutMs?: number; nodeArgs?: readonly string[] } = {},
  ): Promise<ApiProcess> {
    // A port chosen free can be taken by another test before the child listens on it: then try another one.
    for (let attempt = 1; ; attempt++) {
      try {
        return await ApiProcess.startOnce(env, options);
      } catch (error) {
        const portTaken = error instanceof PortTaken || (error instanceof Error && error.message.includes('EADDRINUSE'));
        if (env.PORT || !portTaken || attempt === 3) throw error;
      }
    }
  }

  private static async startOnce(
    env: Record<string, string>,
    options: { startTimeoutMs?: number; nodeArgs?: readonly string[] },
  ): Promise<ApiProcess> {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BUILT_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        FELT_TOKEN_PRIVATE_KEY: TEST_TOKEN_PRIVATE_KEY,
        FELT_TIMER_PUBLIC_KEY: TEST_TIMER_PUBLIC_KEY,
        FELT_SEAL_KEY: TEST_SEAL_KEY,
        ...env,
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(child, `http://127.0.0.1:${port}`);
    // A deadline, generous: PGlite and Nest start slowly on a busy machine. A process that missed it is not left running.
    await api.waitHealthy(options.startTimeoutMs ?? 150000).catch(async (error: unknown) => {
      await api.kill9();
      throw error;
    });
    if (env.DATABASE_URL) await seedDefaultUsers(env.DATABASE_URL); // (an embedded PGlite is the child's alone)
    return api;
  }

  /** The last lines the process printed (for failure messages). */
  get log(): string {
    return this.output;
  }

  kill9(): Promise<unknown> {
    this.child.kill('SIGKILL');
    return this.exited;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill('SIGTERM');
    const timeout = setTimeout(() => this.child.kill('SIGKILL'), 10000);
    await this.exited;
    clearTimeout(timeout);
  }

  private async waitHealthy(timeoutMs: number): Promise<void> {
    const healthy = async (): Promise<boolean> => {
      if (this.child.exitCode !== null) throw new Error(`the API exited while starting:\n${this.output}`);
      try {
        // Ready, and ready as this child: the port was free when chosen, but another test's server may have taken it
        // before the child listened (the child then exits with EADDRINUSE, and the other server answers instead).
        const live = await fetch(`${this.baseUrl}/health/live`);
        const answeredBy = live.status === 200 ? ((await live.json()) as { pid?: number }).pid : undefined;
        if (answeredBy !== undefined && answeredBy !== this.child.pid)
          throw new PortTaken(`${this.baseUrl} is answered by another process (pid ${answeredBy})`);
        const res = await fetch(`${this.baseUrl}/health`);
        return answeredBy === this.child.pid && res.status === 200;
      } catch (error) {
        if (error instanceof PortTaken) throw error;
        return false; // not listening yet
      }
    };
    if (!(await eventually(healthy, (ok) => ok, timeoutMs)))
      throw new Error(`the API did not become healthy within ${timeoutMs} ms:\n${this.output}`);
  }
}

export class PortTaken extends Error {}

/**
 * The rows behind the default test tokens in a migrated PGlite folder (fillPgliteFolderFromTemplate), before an
 * ApiProcess opens it (PGlite is one process's database, so ApiProcess cannot seed it itself).
 */
export async function seedTestUsersInFolder(dataDir: string): Promise<void> {
  const db = await PGliteDatabase.open(dataDir);
  try {
    await seedTestUsers(db, TEST_USERS);
  } finally {
    await db.close();
  }
}

/** The rows behind the default test tokens (`test-<role>`) in the process's PostgreSQL, which it has migrated. */
async function seedDefaultUsers(databaseUrl: string): Promise<void> {
  const db = new PostgresDatabase(databaseUrl, { maxConnections: 1 });
  try {
    await seedTestUsers(db, TEST_USERS);
  } finally {
    await db.close();
  }
}
