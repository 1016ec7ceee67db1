import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { IN_MEMORY, migrateDatabase, PGliteDatabase } from '../src';
import { migrations } from '../../../migrations';
import { migrationsFingerprint } from './migrations-fingerprint';

const MIGRATOR = join(__dirname, '..', 'src', 'migrate-pglite.ts');

/**
 * The migrated, empty PGlite the tests start from, as a tar file (PGlite's dumpDataDir) in the temp folder, named by
 * a hash of the migrations, the migrator and PGlite's version, so that a changed migration makes a new one.
 *
 * Why: creating a PGlite cluster (initdb, in WebAssembly) costs 4-8 s of CPU; unpacking a dump of one costs about
 * 1.6 s. The suite opens about a hundred in-memory databases. The migrations and the first open of an empty cluster
 * are still tested as they run in production (openDatabase: migrations.int-spec.ts, the CLI's and the API's own
 * data folders); this only spares the tests that need a migrated database the cluster's creation.
 */
export function pgliteTemplatePath(): string {
  // PGlite's package.json is not among its exports: read it next to its entry point.
  const pglitePackage = readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'));
  return join(tmpdir(), `felt-pglite-template-${migrationsFingerprint([MIGRATOR], (hash) => hash.update(pglitePackage))}.tar`);
}

let made: Promise<string> | undefined;

/** Makes the template once per machine (two jest workers racing both make one; the rename keeps either whole). */
async function template(): Promise<string> {
  const path = pgliteTemplatePath();
  if (existsSync(path)) return path;
  const db = await PGliteDatabase.open(IN_MEMORY);
  try {
    await migrateDatabase(db, migrations);
    const partial = `${path}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, await db.dumpDataDir());
    renameSync(partial, path);
  } finally {
    await db.close();
  }
  return path;
}

function templateOnce(): Promise<string> {
  made ??= template().catch((error: unknown) => {
    made = undefined;
    throw error;
  });
  return made;
}

/** An in-memory PGlite with every migration applied, unpacked from the template (made on first use). */
export async function openMigratedPglite(): Promise<PGliteDatabase> {
  const db = await PGliteDatabase.open(IN_MEMORY, { loadDataDir: await templateOnce() });
  try {
    // Nothing to apply (the template has them all): a check, and a safety net should the template lag behind.
    await migrateDatabase(db, migrations);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/**
 * Fills an empty data folder with the migrated template, for a test whose subject is not the folder's first start
 * (the CLI's or the API's creating one: users-command's first suite and migrations.int-spec keep that): it spares
 * the cluster's creation, several seconds of CPU per folder.
 */
export async function fillPgliteFolderFromTemplate(dataDir: string): Promise<void> {
  const db = await PGliteDatabase.open(dataDir, { loadDataDir: await templateOnce() });
  await db.close();
}
