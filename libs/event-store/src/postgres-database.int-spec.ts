import { waitUntil } from '../test-support/eventually';
import { useTestStore } from '../test-support/test-store';
import { PostgresDatabase } from './postgres-database';

describe('PostgresDatabase when the server drops a connection', () => {
  const t = useTestStore('postgres');

  it('rejects the transaction that lost its connection, stays up, and serves the next one on a fresh connection', async () => {
    const db = new PostgresDatabase(t.url, { maxConnections: 2 });
    try {
      const uncaught: unknown[] = [];
      const onUncaught = (error: unknown) => uncaught.push(error);
      process.on('uncaughtException', onUncaught);
      try {
        // The server ends this session mid-transaction, as a restart or an administrator would.
        const lost = db.transaction(async (tx) => {
          const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
          await t.db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
          // Gone on the server before the transaction's next query: the loss reaches the idle connection first.
          await waitUntil(
            'the backend to end',
            async () => (await t.db.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [rows[0]!.pid])).rows.length === 0,
          );
          return tx.query('SELECT 1');
        });
        await expect(lost).rejects.toThrow();
        expect(await db.transaction((tx) => tx.query<{ ok: number }>('SELECT 1 AS ok'))).toMatchObject({ rows: [{ ok: 1 }] });
        expect((await db.query<{ ok: number }>('SELECT 2 AS ok')).rows).toEqual([{ ok: 2 }]);
      } finally {
        process.off('uncaughtException', onUncaught);
      }
      expect(uncaught).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe('PostgresDatabase named statements', () => {
  const t = useTestStore('postgres');

  it('prepares a named statement once per connection and runs it again with new parameters, in and out of transactions', async () => {
    const db = new PostgresDatabase(t.url, { maxConnections: 1 });
    try {
      const twice = 'SELECT $1::int * 2 AS n';
      expect((await db.query<{ n: number }>(twice, [3], { statementName: 'twice' })).rows).toEqual([{ n: 6 }]);
      expect((await db.query<{ n: number }>(twice, [4], { statementName: 'twice' })).rows).toEqual([{ n: 8 }]);
      const inside = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ n: number }>(twice, [5], { statementName: 'twice' });
        const prepared = await tx.query<{ name: string; statement: string }>('SELECT name, statement FROM pg_prepared_statements');
        return { rows, prepared: prepared.rows };
      });
      expect(inside.rows).toEqual([{ n: 10 }]);
      // The one connection holds it once, under its name.
      expect(inside.prepared).toEqual([{ name: 'twice', statement: twice }]);
      // Unnamed statements leave nothing prepared behind.
      expect(
        (await db.query<{ n: string }>('SELECT count(*)::text AS n FROM pg_prepared_statements WHERE name <> $1', ['twice'])).rows,
      ).toEqual([{ n: '0' }]);
    } finally {
      await db.close();
    }
  });
});
