/** Exponential backoff with full jitter: attempt 1 waits up to base, then 2x, 4x, ... capped at max. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  // Half fixed, half random: never hammer Redis, yet never wait much longer than the ceiling says.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
