import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite is one process's database: a second process opening the same folder (the CLI while the API runs) would
 * corrupt it. The API leaves its pid in `<DATA_DIR>/felt-api.pid` while it runs; the CLI reads it first.
 */
export const API_PID_FILE = 'felt-api.pid';

/** Records this process as the data folder's user; returns the release to call at shutdown. */
export function claimDataDir(dataDir: string): () => void {
  const file = join(dataDir, API_PID_FILE);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    if (runningApiPid(dataDir) === process.pid) rmSync(file, { force: true });
  };
}

/** The pid of a live API process using `dataDir`, or null (no pid file, or its process is gone). */
export function runningApiPid(dataDir: string): number | null {
  const file = join(dataDir, API_PID_FILE);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
