import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const MIGRATIONS_DIR = join(__dirname, '..', '..', '..', 'migrations');

/**
 * A hash of every migration file and of the given runner files (and any other inputs the caller adds), for naming
 * a migrated template: a changed migration or runner makes a new template instead of reusing a stale one. Files count
 * by name and content, not by path, so clones of the same tree on one machine share a template.
 */
export function migrationsFingerprint(runnerFiles: readonly string[], extra: (hash: Hash) => void = () => undefined): string {
  const hash = createHash('sha256');
  extra(hash);
  for (const file of [...runnerFiles, ...readdirSync(MIGRATIONS_DIR).sort().map((name) => join(MIGRATIONS_DIR, name))]) hash.update(basename(file)).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}
