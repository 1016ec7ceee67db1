import { createHash, type Hash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { MigrationClass } from '../src';

const STORE_MIGRATIONS_DIR = join(__dirname, '..', 'src', 'migrations');
const RUNNER_FILES = ['migrate.ts', 'migration-class.ts'].map((name) => join(__dirname, '..', 'src', name));

/**
 * The schema a test database is migrated to: always the event store's own migrations, then `migrations` (an
 * application's, whose files are in `sourceDir`, for naming its templates). The store's own tests use STORE_SCHEMA;
 * the apps' tests use the application's (test/support/app-databases.ts).
 */
export interface TestSchema {
  readonly migrations: readonly MigrationClass[];
  /** The folder of those migrations' source files (hashed into the templates' names). */
  readonly sourceDir?: string;
}

/** The event store's tables alone. */
export const STORE_SCHEMA: TestSchema = { migrations: [] };

/**
 * A hash of the store's migration files, the runner, the schema's own migration files (and any other inputs the
 * caller adds), for naming a migrated template: a changed migration or runner makes a new template instead of
 * reusing a stale one. Files count by name and content, not by path, so clones of the same tree on one machine
 * share a template.
 */
export function migrationsFingerprint(schema: TestSchema, extra: (hash: Hash) => void = () => undefined): string {
  const hash = createHash('sha256');
  extra(hash);
  const dirs = [STORE_MIGRATIONS_DIR, ...(schema.sourceDir ? [schema.sourceDir] : [])];
  const files = [...RUNNER_FILES, ...dirs.flatMap((dir) => filesIn(dir))];
  for (const file of files) hash.update(basename(file)).update(readFileSync(file));
  // The classes given, by name: a schema that lists fewer of its folder's files is another schema.
  hash.update(schema.migrations.map((Migration) => new Migration().name).join(','));
  return hash.digest('hex').slice(0, 16);
}

function filesIn(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile());
}

/** `make(key)` once per key in this process; a failure is forgotten, so the next caller tries again. */
export function oncePerKey<T>(cache: Map<string, Promise<T>>, key: string, make: (key: string) => Promise<T>): Promise<T> {
  const known = cache.get(key);
  if (known) return known;
  const making = make(key).catch((error: unknown) => {
    cache.delete(key);
    throw error;
  });
  cache.set(key, making);
  return making;
}
