import { Client } from 'pg';
import type { Database } from './database';
import { PostgresDatabase } from './postgres-database';

/**
 * A session-level advisory lock (`pg_try_advisory_lock(hashtext(name))`) held on a connection of its own, outside
 * the pool, for as long as that connection lives: one process among several does a job (the outbox relay) without
 * a transaction and a lock round trip per batch. Whoever holds it must stop when `held` turns false (the connection
 * was lost, and with it the lock: another process may take over) and, on taking it again, reload whatever the
 * previous holder may have moved (its checkpoint): `acquisitions` tells that it was taken again.
 *
 * The key is the one a transaction-scoped `pg_advisory_xact_lock(hashtext(name))` takes, so both kinds exclude each
 * other. On PGlite (one process, one session) it is always held.
 */
export class SessionLock {
  private client: Client | null = null;
  private connecting: Promise<boolean> | null = null;
  private closed = false;
  private holding = false;
  private taken = 0;

  private constructor(
    private readonly config: PostgresDatabase['pool']['options'] | null,
    readonly name: string,
  ) {}

  static on(db: Database, name: string): SessionLock {
    return new SessionLock(db instanceof PostgresDatabase ? db.pool.options : null, name);
  }

  /** True while the lock is held (on PGlite: always, once tried). */
  get held(): boolean {
    return this.holding;
  }

  /** How many times the lock has been taken; a change means another process may have held it in between. */
  get acquisitions(): number {
    return this.taken;
  }

  /** Takes the lock if it is free, without waiting; true if held (no round trip while it already is). */
  tryAcquire(): Promise<boolean> {
    if (this.closed) return Promise.reject(new Error(`session lock "${this.name}" is closed`));
    if (this.holding) return Promise.resolve(true);
    if (this.config === null) {
      this.holding = true;
      this.taken++;
      return Promise.resolve(true);
    }
    this.connecting ??= this.attempt().finally(() => (this.connecting = null));
    return this.connecting;
  }

  /** Releases the lock by closing its connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.holding = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async attempt(): Promise<boolean> {
    const client = this.client ?? (await this.connect());
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [this.name]);
    if (this.closed || this.client !== client) return false;
    if (rows[0]?.locked) {
      this.holding = true;
      this.taken++;
    }
    return this.holding;
  }

  private async connect(): Promise<Client> {
    const client = new Client({ ...this.config });
    const lost = () => {
      if (this.client !== client) return;
      // The server ends a session's advisory locks with it: from now on another process may hold this one.
      this.client = null;
      this.holding = false;
      client.end().catch(() => undefined);
    };
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error(`session lock "${this.name}" is closed`);
    }
    this.client = client;
    return client;
  }
}
