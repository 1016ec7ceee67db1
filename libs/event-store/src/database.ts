/**
 * The database port: the only shape of a database the event store needs.
 * Two adapters implement it: PostgresDatabase (pg Pool) and PGliteDatabase (Postgres in WebAssembly).
 */

/** A row as the driver returns it. Queries cast bigint, xid8 and timestamps to text so both adapters agree. */
export type Row = Record<string, unknown>;

export interface QueryResult<R extends Row = Row> {
  rows: R[];
  /** Rows returned or affected, as the server reports it. */
  rowCount: number;
}

/** How to run a statement. */
export interface QueryOptions {
  /**
   * Prepare the statement once per connection under this name and only bind and execute it afterwards: PostgreSQL
   * then neither parses nor plans it again. For the hot statements whose text never changes (a name must always carry
   * the same SQL). Adapters without named statements run it as usual.
   */
  readonly statementName?: string;
}

/** Something that runs one SQL statement with positional parameters ($1, $2, ...). */
export interface Queryable {
  query<R extends Row = Row>(sql: string, params?: readonly unknown[], options?: QueryOptions): Promise<QueryResult<R>>;
}

/** A transaction handle: valid only until the callback given to `Database.transaction` settles. */
export type Transaction = Queryable;

export interface Database extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /**
   * Runs `fn` inside BEGIN ... COMMIT (READ COMMITTED); ROLLBACK if it throws, then rethrows.
   * Use the `tx` handle for every statement that belongs to the transaction.
   */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
