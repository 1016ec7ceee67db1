import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrateDatabase, PGliteDatabase } from '../src';
import { migrationsFingerprint, oncePerKey, STORE_SCHEMA, type TestSchema } from './migrations-fingerprint';

/**
 * The migrated, empty PGlite data folder the tests start from, in the temp folder, named by a hash of the
 * migrations, the migrator and PGlite's version, so that a changed migration makes a new one.
 *
 * Why: creating a PGlite cluster (initdb, in WebAssembly) costs 4-8 s of CPU. A copy of this folder costs a
 * fraction of that: the kernel copies its 40 MB, and PGlite then reads from disk only the pages it needs (unpacking
 * a tar of the cluster into PGlite's in-memory file system, as the tests did before, cost 1.4 CPU-s an open against
 * 0.65). The suite opens about a hundred databases. The migrations and the first open of an empty cluster are still
 * tested as they run in production (openDatabase: migrations.int-spec.ts, the CLI's and the API's own data folders);
 * this only spares the tests that need a migrated database the cluster's creation.
 */
export function pgliteTemplateDir(schema: TestSchema = STORE_SCHEMA): string {
  // PGlite's package.json is not among its exports: read it next to its entry point.
  const pglitePackage = readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'));
  return join(tmpdir(), `felt-pglite-template-${migrationsFingerprint(schema, (hash) => hash.update(pglitePackage))}`);
}

/** One template per schema (by folder) per process. */
const made = new Map<string, Promise<string>>();

/** Makes the template once per machine (processes racing each make one; the first rename wins, whole). */
async function template(schema: TestSchema, dir: string): Promise<string> {
  if (existsSync(dir)) return dir;
  const partial = mkdtempSync(`${dir}.partial-`);
  try {
    const db = await PGliteDatabase.open(partial);
    try {
      await migrateDatabase(db, schema.migrations);
    } finally {
      await db.close(); // a clean shutdown: the folder is a consistent cluster
    }
    renameSync(partial, dir);
  } catch (error) {
    if (!existsSync(dir)) throw error; // else another process's rename won
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return dir;
}

function templateOnce(schema: TestSchema): Promise<string> {
  return oncePerKey(made, pgliteTemplateDir(schema), (dir) => template(schema, dir));
}

/**
 * A PGlite of the test's own migrated to `schema` (the store's tables alone by default), in a copy of the template;
 * dispose closes and deletes it.
 */
export async function openMigratedPglite(schema: TestSchema = STORE_SCHEMA): Promise<{ db: PGliteDatabase; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'felt-pglite-test-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  try {
    cpSync(await templateOnce(schema), dataDir, { recursive: true });
    const db = await PGliteDatabase.open(dataDir);
    try {
      // Nothing to apply (the template has them all): a check, and a safety net should the template lag behind.
      await migrateDatabase(db, schema.migrations);
    } catch (error) {
      await db.close();
      throw error;
    }
    return {
      db,
      async dispose() {
        try {
          await db.close();
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Fills an empty data folder with the migrated template, for a test whose subject is not the folder's first start
 * (the CLI's or the API's creating one: users-command's first suite and migrations.int-spec keep that): it spares
 * the cluster's creation, several seconds of CPU per folder.
 */
export async function fillPgliteFolderFromTemplate(dataDir: string, schema: TestSchema = STORE_SCHEMA): Promise<void> {
  cpSync(await templateOnce(schema), dataDir, { recursive: true });
}
