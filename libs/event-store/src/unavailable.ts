/**
 * Whether an error means the database could not be reached or dropped the connection (a restart, a failover, a
 * full connection table), as opposed to a bug or a refused statement: such a request may succeed if sent again
 * shortly, so the API answers 503 rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  if (typeof e !== 'object' || e === null) return false;
  const code = typeof e.code === 'string' ? e.code : '';
  // Node's socket errors on the way to the server.
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
  // SQLSTATE: class 08 connection exception; 57P01-57P03 shutting down or starting up; 53300 too many connections;
  // 25006 read-only transaction: a connection that reached a server which is (or has just become) a standby, as
  // during a failover before the router has moved; the write was refused, so sending it again is safe.
  if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03', '53300', '25006'].includes(code)) return true;
  // pg and pg-pool say it in words only.
  const message = typeof e.message === 'string' ? e.message : '';
  return /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable/i.test(
    message,
  );
}
