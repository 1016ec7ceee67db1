import type { Database, QueryOptions, QueryResult, Row, Transaction } from '@felt/event-store';

/**
 * A Database that counts the rows its queries return (SELECTs and RETURNING clauses), inside transactions too:
 * the tests' measure of how much a command reads.
 */
export class CountingDatabase implements Database {
  rowsRead = 0;
  queries = 0;

  constructor(readonly inner: Database) {}

  get kind(): Database['kind'] {
    return this.inner.kind;
  }

  async query<R extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>> {
    return this.count(await this.inner.query<R>(sql, params, options));
  }

  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.inner.transaction((tx) =>
      fn({
        query: async <R extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions) =>
          this.count(await tx.query<R>(sql, params, options)),
      }),
    );
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Rows and queries counted while `fn` runs. */
  async measure(fn: () => Promise<unknown>): Promise<{ rowsRead: number; queries: number }> {
    const rows = this.rowsRead;
    const queries = this.queries;
    await fn();
    return { rowsRead: this.rowsRead - rows, queries: this.queries - queries };
  }

  private count<R extends Row>(result: QueryResult<R>): QueryResult<R> {
    this.queries++;
    this.rowsRead += result.rows.length;
    return result;
  }
}
