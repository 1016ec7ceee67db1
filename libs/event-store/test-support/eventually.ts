/**
 * Polls `read` until `done` accepts its value. For readAll on a shared PostgreSQL server: any transaction open
 * anywhere on the cluster (another test file, another database) holds back pg_snapshot_xmin for a moment, and the
 * gap-safe reader rightly waits for it.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
