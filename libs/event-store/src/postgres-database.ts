import { Pool, type PoolClient, type PoolConfig, type QueryConfig } from 'pg';
import type { Database, QueryOptions, QueryResult, Row, Transaction } from './database';

export interface PostgresDatabaseOptions {
  /** Maximum pooled connections (default 10). */
  maxConnections?: number;
  /** Called when an idle pooled connection fails (the pool drops it). Default: ignore. */
  onIdleError?: (error: Error) => void;
}

/** The database port over a pg connection pool. Each transaction holds one pooled connection. */
export class PostgresDatabase implements Database {
  readonly kind = 'postgres' as const;
  readonly pool: Pool;

  constructor(databaseUrl: string, options: PostgresDatabaseOptions = {}) {
    const config: PoolConfig = { connectionString: databaseUrl, max: options.maxConnections ?? 10 };
    this.pool = new Pool(config);
    // Without a listener, an idle connection dropped by the server would crash the process.
    this.pool.on('error', options.onIdleError ?? (() => undefined));
  }

  async query<R extends Row = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<R>> {
    const result = await this.pool.query(statement(sql, params, options));
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    // A checked-out client has no pool listener: without one, a connection the server drops mid-transaction (a
    // restart) is an unhandled 'error' event that kills the process. The failed query rejects on its own.
    let lost: Error | undefined;
    const onLost = (error: Error) => {
      lost = error;
    };
    client.on('error', onLost);
    try {
      await client.query('BEGIN');
    } catch (error) {
      client.off('error', onLost);
      client.release(error as Error);
      throw error;
    }
    const tx = new ClientTransaction(client);
    let broken: Error | undefined;
    try {
      const result = await fn(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      throw error;
    } finally {
      tx.closed = true;
      client.off('error', onLost);
      // A connection that was lost, or whose ROLLBACK failed, is in an unknown state: destroy it, never reuse it.
      client.release(lost ?? broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** A transaction on one pooled connection; refuses use after the transaction ended (the connection is back in the pool). */
class ClientTransaction implements Transaction {
  closed = false;

  constructor(private readonly client: PoolClient) {}

  async query<R extends Row = Row>(sql: string, params: readonly unknown[] = [], options?: QueryOptions): Promise<QueryResult<R>> {
    if (this.closed) throw new Error('transaction already ended: this handle must not be used after its callback');
    const result = await this.client.query(statement(sql, params, options));
    return { rows: result.rows as R[], rowCount: result.rowCount ?? 0 };
  }
}

/** pg's query config: a named statement is parsed and planned once per connection (pg remembers which it prepared). */
function statement(sql: string, params: readonly unknown[], options: QueryOptions | undefined): QueryConfig {
  return { text: sql, values: params as unknown[], name: options?.statementName };
}
