import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { ROOT } from '../../apps/api/test/test-support/api-process';

const HA = join(ROOT, 'bench', 'ha');

/** Patroni's and Sentinel's failure detection: their defaults, or the tuned set docs/operations.md records. */
export const FAILOVER_TIMINGS = {
  defaults: { PATRONI_TTL: '30', PATRONI_LOOP_WAIT: '10', PATRONI_RETRY_TIMEOUT: '10', SENTINEL_DOWN_AFTER_MS: '30000' },
  tuned: { PATRONI_TTL: '10', PATRONI_LOOP_WAIT: '2', PATRONI_RETRY_TIMEOUT: '4', SENTINEL_DOWN_AFTER_MS: '2000' },
} as const;
export type FailoverTimings = keyof typeof FAILOVER_TIMINGS;

/**
 * The replicated deployment of bench/ha/up.sh (Patroni primary + synchronous standby behind HAProxy, Redis master +
 * replica + three Sentinels) for a load run: its addresses, and the faults a run injects into it. down.sh stops
 * it, also when the run's process exits without dispose().
 */
export class HaServers {
  private disposed = false;

  private constructor(
    readonly dir: string,
    readonly env: Readonly<Record<string, string>>,
  ) {}

  static start(timings: FailoverTimings = 'defaults'): HaServers {
    const result = spawnSync(join(HA, 'up.sh'), {
      encoding: 'utf8',
      env: { ...process.env, ...FAILOVER_TIMINGS[timings] },
      timeout: 600_000,
    });
    if (result.status !== 0) throw new Error(`bench/ha/up.sh failed (${result.status ?? result.signal}): ${result.stderr}`);
    const dir = result.stdout.trim().split('\n').pop()!;
    const env = Object.fromEntries(
      readFileSync(join(dir, 'env'), 'utf8')
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    const servers = new HaServers(dir, env);
    process.once('exit', servers.disposeSync);
    return servers;
  }

  /** Through HAProxy: always the current primary. */
  get databaseUrl(): string {
    return this.env.DATABASE_URL!;
  }

  /** The first Redis master's address (the worker and the counter go through the Sentinels instead). */
  get redisUrl(): string {
    return this.env.REDIS_URL!;
  }

  get sentinelEnv(): Record<string, string> {
    return { REDIS_SENTINELS: this.env.REDIS_SENTINELS!, REDIS_SENTINEL_NAME: this.env.REDIS_SENTINEL_NAME! };
  }

  get sentinel(): { sentinels: { host: string; port: number }[]; name: string } {
    return {
      sentinels: this.env.REDIS_SENTINELS!.split(',').map((hp) => ({ host: hp.split(':')[0]!, port: Number(hp.split(':')[1]) })),
      name: this.env.REDIS_SENTINEL_NAME!,
    };
  }

  /** The timings the cluster runs with. */
  get timings(): string {
    const e = this.env;
    return `Patroni ttl ${e.PATRONI_TTL} s, loop_wait ${e.PATRONI_LOOP_WAIT} s, retry_timeout ${e.PATRONI_RETRY_TIMEOUT} s; Sentinel down-after ${e.SENTINEL_DOWN_AFTER_MS} ms`;
  }

  private pid(name: string): number {
    const line = readFileSync(join(this.dir, 'pids'), 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${name} `));
    if (!line) throw new Error(`no pid recorded for ${name} in ${this.dir}/pids`);
    return Number(line.split(' ')[1]);
  }

  /** The Patroni node whose REST API answers 200 on /primary. */
  async primaryNode(): Promise<string | undefined> {
    for (const node of this.env.HA_NODES!.split(',')) {
      const [name, host, , rest] = node.split(':');
      try {
        if ((await fetch(`http://${host}:${rest}/primary`, { signal: AbortSignal.timeout(2000) })).status === 200) return name;
      } catch {
        // down or not answering
      }
    }
    return undefined;
  }

  /** Whether `node`'s Patroni reports it as the synchronous standby. */
  async isSyncStandby(node: string): Promise<boolean> {
    const entry = this.env.HA_NODES!.split(',').find((n) => n.startsWith(`${node}:`))!;
    const [, host, , rest] = entry.split(':');
    try {
      return (await fetch(`http://${host}:${rest}/sync`, { signal: AbortSignal.timeout(2000) })).status === 200;
    } catch {
      return false;
    }
  }

  /** kill -9 of the primary's whole node: its Patroni and its PostgreSQL postmaster at once. Returns the node's name. */
  async killPrimaryNode(): Promise<string> {
    const node = await this.primaryNode();
    if (!node) throw new Error('no Patroni node answers as the primary');
    const postmaster = Number(readFileSync(join(this.dir, node, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(this.pid(node), 'SIGKILL');
    process.kill(postmaster, 'SIGKILL');
    return node;
  }

  /** The Redis master the Sentinels name now, as host:port. */
  redisMaster(): string {
    const sentinel = this.env.REDIS_SENTINELS!.split(',')[0]!;
    const [host, port] = sentinel.split(':');
    const out = execFileSync(
      'redis-cli',
      ['-h', host!, '-p', port!, 'sentinel', 'get-master-addr-by-name', this.env.REDIS_SENTINEL_NAME!],
      { encoding: 'utf8' },
    );
    return out.trim().split('\n').join(':');
  }

  /** kill -9 of the Redis master. Returns its address. */
  killRedisMaster(): string {
    const master = this.redisMaster();
    const index = this.env.HA_REDIS_NODES!.split(',').indexOf(master);
    if (index < 0) throw new Error(`the Sentinels name ${master}, not one of ${this.env.HA_REDIS_NODES}`);
    process.kill(this.pid(`redis${index + 1}`), 'SIGKILL');
    return master;
  }

  /**
   * The cost of the synchronous standby per commit: `n` one-row commits in a row on the primary (through HAProxy)
   * with synchronous_commit = on (the primary waits for the standby's flush) and = local (its own flush only, as a
   * single server commits), interleaved so both see the same machine. Milliseconds, p50 and p99 of each.
   */
  async commitLatency(n = 300): Promise<{ sync: { p50: number; p99: number }; local: { p50: number; p99: number } }> {
    const client = new Client({ connectionString: this.databaseUrl });
    await client.connect();
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS felt_ha_commit_probe (id bigserial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())',
      );
      const times = { on: [] as number[], local: [] as number[] };
      for (let i = 0; i < n; i++) {
        for (const mode of ['on', 'local'] as const) {
          await client.query(`SET synchronous_commit = ${mode}`);
          const began = performance.now();
          await client.query('INSERT INTO felt_ha_commit_probe DEFAULT VALUES');
          times[mode].push(performance.now() - began);
        }
      }
      await client.query('DROP TABLE felt_ha_commit_probe');
      const pick = (values: number[], p: number) =>
        [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
      const of = (values: number[]) => ({ p50: pick(values, 50), p99: pick(values, 99) });
      return { sync: of(times.on), local: of(times.local) };
    } finally {
      await client.end();
    }
  }

  private readonly disposeSync = () => {
    if (this.disposed) return;
    this.disposed = true;
    if (existsSync(this.dir)) spawnSync(join(HA, 'down.sh'), [this.dir], { stdio: 'ignore' });
  };

  dispose(): void {
    process.off('exit', this.disposeSync);
    this.disposeSync();
  }
}
