/** How long a test waits before it looks at a condition again. */
const POLL_MS = 50;

/**
 * The tests' one pause (test/no-fixed-sleeps.spec.ts allows it here only): between two looks at a condition that
 * does not hold yet, never as a wait of its own.
 */
function beforeLookingAgain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, POLL_MS));
}

/**
 * Runs `attempt` until `done` accepts its result or `timeoutMs` has passed, and returns the last result: again at
 * once after an attempt that `progressed` (a step that did work), after a short pause otherwise.
 */
export async function repeatUntil<T>(
  attempt: () => Promise<T>,
  done: (value: T) => boolean,
  progressed: (value: T) => boolean,
  timeoutMs = 15000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (done(value) || Date.now() > deadline) return value;
    if (!progressed(value)) await beforeLookingAgain();
  }
}

/**
 * Polls `read` until `done` accepts its value. For readAll on a shared PostgreSQL server: any transaction open
 * anywhere on the cluster (another test file, another database) holds back pg_snapshot_xmin for a moment, and the
 * gap-safe reader rightly waits for it.
 */
export function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15000): Promise<T> {
  return repeatUntil(read, done, () => false, timeoutMs);
}

/** Polls `read` until `done` accepts its value (by default: a truthy one); throws, naming `what`, when it has not within `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  read: () => T | Promise<T>,
  done: (value: T) => boolean = Boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const value = await eventually(async () => read(), done, timeoutMs);
  if (!done(value)) throw new Error(`waited ${timeoutMs} ms for ${what}; last seen: ${JSON.stringify(value)}`);
  return value;
}
