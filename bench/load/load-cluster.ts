import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@felt/event-store';
import { ApiProcess, ensureBuilt, freePort, PortTaken } from '../../apps/api/test/test-support/api-process';
import { authHeaders } from '../../apps/api/test/test-support/auth';
import { JsonHttpClient } from '../../apps/api/test/test-support/http-client';
import { createPostgresDatabase } from '../../test/support/app-databases';
import { obliterateShards, PrivateRedis } from '../../apps/worker/test-support/redis';
import type { HaServers } from './ha-servers';
import { PrivatePostgres } from './private-postgres';
import { BUILT_WORKER, WorkerProcess } from './worker-process';
import { existsSync } from 'node:fs';
import { migrations } from '../../migrations';

export interface ClusterOptions {
  readonly apiProcesses: number;
  readonly workers: number;
  /** Use this database as it is (not dropped). Else a throwaway one. */
  readonly databaseUrl?: string;
  /** A PostgreSQL server of the run's own (for the postgres-restart fault) rather than a database on 5432. */
  readonly privatePostgres?: boolean;
  /** The shared Redis to use (default redis://127.0.0.1:6379), under a key prefix of the run's own. */
  readonly redisUrl?: string;
  /** A redis-server of the run's own, no persistence (for the redis-restart fault). */
  readonly privateRedis?: boolean;
  readonly shards?: number;
  /** PostgreSQL connections per API process. */
  readonly apiPoolSize?: number;
  /** The replicated servers of bench/ha: the API and the worker go through HAProxy, the worker through the Sentinels. */
  readonly ha?: HaServers;
}

/**
 * What a load run runs against: API processes on fixed ports (a restarted one comes back on the same port), outbox
 * relay workers, one PostgreSQL and one Redis. Servers the run started itself may be stopped and started by the
 * faults; the machine's shared PostgreSQL and Redis never are.
 */
export class LoadCluster {
  readonly apis: ApiProcess[] = [];
  readonly workers: WorkerProcess[] = [];
  readonly clients: JsonHttpClient[] = [];
  readonly prefix = `felt-load-${randomBytes(4).toString('hex')}`;
  readonly shards: number;
  /** Processes that exited without being told to (a crash), with their last output. */
  readonly crashes: string[] = [];
  private readonly stopping = new Set<number>();
  private db: Database | undefined;

  private constructor(
    readonly options: ClusterOptions,
    readonly databaseUrl: string,
    readonly redisUrl: string,
    private readonly ports: number[],
    private readonly dropDatabase: () => Promise<void>,
    readonly postgres: PrivatePostgres | undefined,
    readonly redis: PrivateRedis | undefined,
  ) {
    this.shards = options.shards ?? 8;
  }

  static async start(options: ClusterOptions): Promise<LoadCluster> {
    ensureBuilt();
    if (!existsSync(BUILT_WORKER)) throw new Error(`${BUILT_WORKER} is missing: run npm run build`);
    let postgres: PrivatePostgres | undefined;
    let redis: PrivateRedis | undefined;
    let url: string;
    let drop = async () => undefined;
    if (options.ha) {
      url = options.ha.databaseUrl;
    } else if (options.privatePostgres) {
      postgres = await PrivatePostgres.start();
      url = postgres.url;
    } else if (options.databaseUrl) {
      url = options.databaseUrl;
    } else {
      // Migrated already: a run is about load and faults, not the first start's migrations (migrations.int-spec.ts).
      const created = await createPostgresDatabase({ migrated: true });
      url = created.url;
      drop = async () => void (await created.drop());
    }
    if (options.privateRedis) redis = await PrivateRedis.start({ appendOnly: false });
    const redisUrl = options.ha?.redisUrl ?? redis?.url ?? options.redisUrl ?? 'redis://127.0.0.1:6379';
    const ports = await Promise.all(Array.from({ length: options.apiProcesses }, () => freePort()));
    const cluster = new LoadCluster(options, url, redisUrl, ports, drop, postgres, redis);
    try {
      // One at a time (on an empty database, the first would run the migrations and the others find them done).
      for (let i = 0; i < options.apiProcesses; i++) {
        cluster.apis.push(cluster.watch(`API ${i + 1}`, await cluster.startApiOnFreePort(i)));
        cluster.clients.push(new JsonHttpClient(cluster.apis[i]!.baseUrl, authHeaders('floor')));
      }
      for (let i = 0; i < options.workers; i++)
        cluster.workers.push(cluster.watch(`worker ${i + 1}`, await WorkerProcess.start(cluster.workerEnv())));
    } catch (error) {
      await cluster.stop();
      throw error;
    }
    return cluster;
  }

  /**
   * The first start of API `index`: its port was free when chosen, but another suite's server may take it before
   * the child listens; then another port (restarts later reuse the one that worked).
   */
  private async startApiOnFreePort(index: number): Promise<ApiProcess> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ApiProcess.start(this.apiEnv(index));
      } catch (error) {
        const taken = error instanceof PortTaken || (error instanceof Error && error.message.includes('EADDRINUSE'));
        if (!taken || attempt === 3) throw error;
        this.ports[index] = await freePort();
      }
    }
  }

  /** Records the process's exit as a crash unless the run killed or stopped it. */
  private watch<P extends ApiProcess | WorkerProcess>(name: string, process: P): P {
    const pid = process.child.pid!;
    void process.exited.then(({ code, signal }) => {
      if (this.stopping.has(pid)) return;
      // The error's own line (e.g. "Error: Connection terminated unexpectedly") says more than the stack under it.
      const lines = process.log.trim().split('\n');
      const reason = lines.find((line) => /^\w*Error\b/.test(line)) ?? lines[lines.length - 1] ?? '';
      this.crashes.push(`${name} (pid ${pid}) exited by itself (code ${code}, signal ${signal}): ${reason.trim()}`);
    });
    return process;
  }

  private expectExit(process: ApiProcess | WorkerProcess): void {
    this.stopping.add(process.child.pid!);
  }

  get ha(): HaServers | undefined {
    return this.options.ha;
  }

  private apiEnv(index: number): Record<string, string> {
    return {
      PORT: String(this.ports[index]),
      DATABASE_URL: this.databaseUrl,
      DATABASE_POOL_SIZE: String(this.options.apiPoolSize ?? 10),
      // The API uses Redis for its health check only; on the replicated servers it has no fixed master to ping.
      ...(this.options.ha ? {} : { REDIS_URL: this.redisUrl }),
    };
  }

  private workerEnv(): Record<string, string> {
    return {
      DATABASE_URL: this.databaseUrl,
      REDIS_URL: this.redisUrl,
      ...(this.options.ha?.sentinelEnv ?? {}),
      QUEUE_PREFIX: this.prefix,
      EVENT_SHARDS: String(this.shards),
    };
  }

  /** A connection of the run's own to the database, for the end checks. */
  async database(): Promise<Database> {
    this.db ??= await openDatabase({ databaseUrl: this.databaseUrl, migrations, postgres: { maxConnections: 4 } });
    return this.db;
  }

  async killApi(index: number): Promise<void> {
    this.expectExit(this.apis[index]!);
    await this.apis[index]!.kill9();
  }

  /** Starts API process `index` again, on its port; resolves once it is healthy. */
  async restartApi(index: number): Promise<void> {
    this.apis[index] = this.watch(`API ${index + 1}`, await ApiProcess.start(this.apiEnv(index), { startTimeoutMs: 120000 }));
  }

  async killWorker(index: number): Promise<void> {
    this.expectExit(this.workers[index]!);
    await this.workers[index]!.kill9();
  }

  async restartWorker(index: number): Promise<void> {
    this.workers[index] = this.watch(`worker ${index + 1}`, await WorkerProcess.start(this.workerEnv(), 120000));
  }

  async stop(): Promise<void> {
    for (const client of this.clients) client.close();
    for (const process of [...this.apis, ...this.workers]) this.expectExit(process);
    await Promise.all([...this.apis.map((api) => api.stop()), ...this.workers.map((worker) => worker.stop())]);
    await this.db?.close().catch(() => undefined);
    // The replicated servers go with their folder (the run disposes of them).
    if (this.options.ha) return;
    if (this.redis) await this.redis.dispose();
    else await obliterateShards(this.redisUrl, this.prefix, this.shards);
    if (this.postgres) await this.postgres.dispose();
    else await this.dropDatabase();
  }
}
