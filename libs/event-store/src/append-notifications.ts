import { Client } from 'pg';
import type { Database } from './database';
import { PostgresDatabase } from './postgres-database';

/** The channel every appending transaction notifies at commit (migrations/1700000000700-AppendNotify.ts). */
export const APPEND_CHANNEL = 'felt_events';

export interface AppendNotificationsOptions {
  /** Wait before connecting again after the listening connection failed (default 500 ms). */
  readonly reconnectMs?: number;
  readonly onError?: (error: Error) => void;
}

/**
 * Wakes readers of the log when events were appended: on PostgreSQL one connection of its own runs LISTEN
 * felt_events and calls `onAppend` on every notification (one per appending transaction, from any process). When
 * that connection fails it connects again, and calls `onAppend` once connected (appends made meanwhile were not
 * notified). On PGlite (one process, no notification across its worker thread) it never calls: readers keep
 * polling. Readers must poll anyway, more slowly: a notification is a hint, never the only way events are found.
 */
export class AppendNotifications {
  private client: Client | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly reconnectMs: number;

  private constructor(
    private readonly config: PostgresDatabase['pool']['options'] | null,
    private readonly onAppend: () => void,
    private readonly options: AppendNotificationsOptions,
  ) {
    this.reconnectMs = options.reconnectMs ?? 500;
  }

  /** Starts listening (resolves once the first LISTEN is in place, or failed and is being retried). */
  static async listen(db: Database, onAppend: () => void, options: AppendNotificationsOptions = {}): Promise<AppendNotifications> {
    const listener = new AppendNotifications(db instanceof PostgresDatabase ? db.pool.options : null, onAppend, options);
    if (listener.config !== null) await listener.connect(false);
    return listener;
  }

  /** True while the LISTEN connection is up (on PGlite: never). */
  get listening(): boolean {
    return this.client !== null;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(reconnecting: boolean): Promise<void> {
    if (this.closed || this.config === null) return;
    const client = new Client({ ...this.config });
    let failed = false;
    const fail = (error: Error) => {
      if (failed) return;
      failed = true;
      if (this.client === client) this.client = null;
      client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.onError?.(error);
      this.retry = setTimeout(() => void this.connect(true), this.reconnectMs);
    };
    client.on('error', fail);
    client.on('end', () => fail(new Error('the listening connection closed')));
    client.on('notification', (message) => {
      if (message.channel === APPEND_CHANNEL) this.onAppend();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${APPEND_CHANNEL}`);
    } catch (error) {
      fail(error as Error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (reconnecting) this.onAppend();
  }
}
