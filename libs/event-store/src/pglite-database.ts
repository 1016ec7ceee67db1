import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Database, QueryResult, Row, Transaction } from './database';
import { PGLITE_WORKER_SOURCE } from './pglite-worker-source';

/** A compiled WebAssembly.Module (the project's TypeScript libraries leave WebAssembly's types out). */
type WasmModule = object;
const { WebAssembly } = globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> } };

let compiled: Promise<{ pglite: WasmModule; initdb: WasmModule }> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every worker (a compiled module crosses to a worker
 * thread without being compiled again). Each worker compiling its own cost about 0.8 s of CPU per open, measured;
 * a process opens one database in production, but a test file or a CLI test opens dozens.
 */
function compiledWasm(): Promise<{ pglite: WasmModule; initdb: WasmModule }> {
  compiled ??= (async () => {
    const dist = dirname(require.resolve('@electric-sql/pglite'));
    const [pglite, initdb] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm'].map(async (name) => WebAssembly.compile(await readFile(join(dist, name)))),
    );
    return { pglite: pglite!, initdb: initdb! };
  })().catch((error: unknown) => {
    compiled = undefined;
    throw error;
  });
  return compiled;
}

/** Pass as `dataDir` to keep the database in memory only (tests). */
export const IN_MEMORY = 'memory://';

/** An error PGlite raised, with Postgres' fields (code is the SQLSTATE, as with pg). */
export interface PGliteError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
}

type Reply =
  | { id: number; rows: Row[]; affectedRows: number; tarball?: Uint8Array }
  | { id: number; error: Record<string, unknown> & { message: string } };

/**
 * The database port over one embedded PGlite (Postgres compiled to WebAssembly; a single session).
 *
 * - PGlite runs in a worker thread. Its WASM executes synchronously, so in-process it would stall the caller's
 *   event loop (HTTP, WebSockets) for every statement; and its loader uses dynamic import(), which Jest's module
 *   sandbox cannot run. Results cross a structured clone (rows, jsonb values, Dates), errors keep their Postgres
 *   fields (code, detail, constraint, ...).
 * - All access is serialised: one session means one transaction at a time, so a transaction holds the database
 *   exclusively and every other `query`/`transaction` call waits until it ends. Concurrency here is queueing, never
 *   interleaving (a rolled-back write can never leak into another caller's work). Calling `db.query` instead of
 *   `tx.query` inside a transaction callback would wait for itself forever, so it throws instead.
 * - Durability: the data folder survives a killed process (the WAL replays on the next start), but PGlite never
 *   fsyncs, so a power loss or OS crash can lose or corrupt recent commits. Use PostgreSQL where that matters.
 * - One process per data folder: nothing stops a second process from opening the same folder and corrupting it.
 * - Starting takes seconds and hundreds of MB (measured here: 2.5–10 s, ~0.75 GB RSS): open one per process.
 * - Each statement is sent with the extended protocol: one statement per query() call.
 */
export class PGliteDatabase implements Database {
  readonly kind = 'pglite' as const;
  private readonly insideTransaction = new AsyncLocalStorage<true>();
  private readonly pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  private failure: Error | undefined;

  private constructor(
    private readonly worker: Worker,
    /** The absolute data folder, or IN_MEMORY. */
    readonly dataDir: string,
  ) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      waiting?.resolve(reply);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`PGlite worker exited (code ${code})`)));
  }

  /**
   * Opens (creating if needed) a database in `dataDir` (default ./data), or in memory with IN_MEMORY.
   * `loadDataDir`: a tar file written from dumpDataDir() to start from instead of a new cluster (the tests' migrated
   * template: unpacking one costs a fraction of creating a cluster).
   * `sharedBuffers` (default: the environment's PGLITE_SHARED_BUFFERS, else PostgreSQL's 128MB): the buffer cache, as
   * PostgreSQL's shared_buffers ("16MB"). The tests set 16MB (jest.config.js): their databases are small, and a start
   * with the default touches about 170 MB of memory, which costs half of an open's CPU.
   */
  static async open(dataDir: string = './data', options: { loadDataDir?: string; sharedBuffers?: string } = {}): Promise<PGliteDatabase> {
    const sharedBuffers = options.sharedBuffers ?? process.env.PGLITE_SHARED_BUFFERS;
    if (sharedBuffers !== undefined && !/^\d+(kB|MB|GB)$/.test(sharedBuffers))
      throw new Error(`PGlite shared_buffers "${sharedBuffers}": a size such as 16MB`);
    const dir = dataDir === IN_MEMORY ? IN_MEMORY : resolve(dataDir);
    if (dir !== IN_MEMORY) mkdirSync(dir, { recursive: true });
    const worker = new Worker(PGLITE_WORKER_SOURCE, {
      eval: true,
      workerData: {
        pglitePath: require.resolve('@electric-sql/pglite'),
        wasm: await compiledWasm(),
        sharedBuffers,
        dataDir: dir === IN_MEMORY ? undefined : dir,
        loadDataDir: options.loadDataDir === undefined ? undefined : resolve(options.loadDataDir),
      },
    });
    let onMessage!: (message: { ready: boolean; error?: { message: string } }) => void;
    let onError!: (error: Error) => void;
    let onExit!: (code: number) => void;
    const started = new Promise<{ ready: boolean; error?: { message: string } }>((resolveStart, rejectStart) => {
      onMessage = resolveStart;
      onError = rejectStart;
      onExit = (code) => rejectStart(new Error(`PGlite worker exited while starting (code ${code})`));
    });
    worker.once('message', onMessage).once('error', onError).once('exit', onExit);
    try {
      const status = await started;
      if (!status.ready) throw toError(status.error ?? { message: 'PGlite did not start' });
    } catch (error) {
      await worker.terminate();
      throw error;
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
    return new PGliteDatabase(worker, dir);
  }

  query<R extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    this.refuseInsideTransaction('query');
    return this.exclusive(() => this.send<R>(sql, params));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    this.refuseInsideTransaction('transaction');
    return this.exclusive(async () => {
      await this.send('BEGIN');
      const tx = new WorkerTransaction((sql, params) => this.send(sql, params));
      try {
        const result = await this.insideTransaction.run(true, () => fn(tx));
        await this.send('COMMIT');
        return result;
      } catch (error) {
        await this.send('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        tx.closed = true;
      }
    });
  }

  /** The whole data folder as an uncompressed tar, for open()'s `loadDataDir`. */
  async dumpDataDir(): Promise<Uint8Array> {
    this.refuseInsideTransaction('dumpDataDir');
    const reply = await this.exclusive(() => this.request({ op: 'dump' }));
    if (!reply.tarball) throw new Error('PGlite worker sent no tarball');
    return reply.tarball;
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.exclusive(() => this.request({ op: 'close' }));
    this.failure = new Error('database closed');
    await this.worker.terminate();
  }

  private send<R extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    return this.request({ op: 'query', sql, params: [...params] }).then((reply) => ({
      rows: reply.rows as R[],
      rowCount: Math.max(reply.affectedRows, reply.rows.length),
    }));
  }

  private request(message: Record<string, unknown>): Promise<{ rows: Row[]; affectedRows: number; tarball?: Uint8Array }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Reply>((resolveReply, rejectReply) => {
      this.pending.set(id, { resolve: resolveReply, reject: rejectReply });
      this.worker.postMessage({ ...message, id });
    }).then((reply) => {
      if ('error' in reply) throw toError(reply.error);
      return reply;
    });
  }

  /** Runs `fn` after everything queued before it has finished. */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  private refuseInsideTransaction(what: string): void {
    if (this.insideTransaction.getStore()) {
      throw new Error(
        `PGlite has one session: db.${what}() inside a transaction would wait for that transaction forever; use the tx handle`,
      );
    }
  }
}

class WorkerTransaction implements Transaction {
  closed = false;

  constructor(private readonly send: (sql: string, params: readonly unknown[]) => Promise<QueryResult>) {}

  async query<R extends Row = Row>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<R>> {
    if (this.closed) throw new Error('transaction already ended: this handle must not be used after its callback');
    return (await this.send(sql, params)) as QueryResult<R>;
  }
}

function toError(fields: Record<string, unknown> & { message: string }): PGliteError {
  return Object.assign(new Error(fields.message), fields);
}
