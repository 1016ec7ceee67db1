import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../apps/api/test/test-support/api-process';

/**
 * A PostgreSQL server of the run's own (initdb + pg_ctl in a temp folder, on a free port), so the postgres-restart
 * fault can stop and start it. The machine's shared PostgreSQL on 5432 is never touched. As root, the server runs
 * as the postgres user (`runuser -u postgres`), in a folder that user owns.
 */
export class PrivatePostgres {
  private running = false;

  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'felt-load-pg-'));
    const server = new PrivatePostgres(await freePort(), dir);
    if (userInfo().uid === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    server.run('initdb', ['-D', server.dataDir, '-U', 'postgres', '-A', 'trust', '--no-instructions', '-E', 'UTF8']);
    await server.startServer();
    // pg_ctl detaches the server: if this process ends without dispose() (an exception, a test timeout), stop it anyway.
    process.once('exit', server.stopOnExit);
    return server;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  /** Starts the server and waits until it accepts connections (pg_ctl -w). */
  async startServer(): Promise<void> {
    if (this.running) return;
    this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200`,
      'start',
    ]);
    this.running = true;
  }

  /** Stops the server the hard way (`-m immediate`: like a crash, recovery replays the WAL on the next start). */
  async stopServer(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    if (!this.running) return;
    this.run('pg_ctl', ['-D', this.dataDir, '-m', mode, '-w', 'stop']);
    this.running = false;
  }

  private readonly stopOnExit = () => {
    if (!this.running) return;
    try {
      this.run('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  };

  async dispose(): Promise<void> {
    process.off('exit', this.stopOnExit);
    try {
      await this.stopServer('fast');
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }

  private run(name: string, args: string[]): void {
    const command = serverProgram(name);
    const asRoot = userInfo().uid === 0;
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { cwd: this.dir, encoding: 'utf8' })
      : spawnSync(command, args, { cwd: this.dir, encoding: 'utf8' });
    if (result.error)
      throw new Error(
        `${command} could not run (${result.error.message}): the postgres-restart fault needs PostgreSQL's server programs (Debian: apt-get install postgresql)`,
      );
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
  }
}

/** Debian keeps initdb and pg_ctl off the PATH, in /usr/lib/postgresql/<major>/bin: the newest there, else the PATH's. */
function serverProgram(name: string): string {
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => /^\d+$/.test(entry))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const found = majors.map((major) => join(root, major, 'bin', name)).find((path) => existsSync(path));
  return found ?? name;
}
