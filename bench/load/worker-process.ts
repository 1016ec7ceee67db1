import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort, ROOT } from '../../apps/api/test/test-support/api-process';

export const BUILT_WORKER = join(ROOT, 'dist', 'apps', 'worker', 'src', 'main.js');

/** `node dist/apps/worker/src/main.js` as a child process (the outbox relay), the way `npm run start:worker` runs it. */
export class WorkerProcess {
  private output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly metricsUrl: string,
  ) {
    const keep = (chunk: Buffer) => (this.output = (this.output + chunk.toString('utf8')).slice(-20000));
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /** Starts a worker and waits until its metrics server answers (the relay loop is running by then). */
  static async start(env: Record<string, string>, startTimeoutMs = 150000): Promise<WorkerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [BUILT_WORKER], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env, METRICS_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const worker = new WorkerProcess(child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the worker exited while starting:\n${worker.output}`);
      try {
        if ((await fetch(`${worker.metricsUrl}/metrics`)).status === 200) return worker;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) {
        // The caller gets no handle to stop it with: left running, it outlives the test (seen under load 17-21).
        child.kill('SIGKILL');
        throw new Error(`the worker did not start within ${startTimeoutMs} ms:\n${worker.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  get log(): string {
    return this.output;
  }

  kill9(): Promise<unknown> {
    return this.end('SIGKILL');
  }

  /** SIGTERM (the worker finishes its batch and closes), SIGKILL if it has not exited within 10 s. */
  stop(): Promise<unknown> {
    return this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<unknown> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    const escalation = signal === 'SIGKILL' ? undefined : setTimeout(() => this.child.kill('SIGKILL'), 10000);
    try {
      return await this.exited;
    } finally {
      clearTimeout(escalation);
    }
  }
}
