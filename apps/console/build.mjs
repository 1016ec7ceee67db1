// The console's bundle (package.json build:console, after tsc has checked the program): one esbuild call, one
// self-contained ES module per page with its source map, the libraries it imports (@felt/room's boards,
// @felt/projections' hand record) bundled in; then the static files of public/. Modules an older build wrote
// (one per source file, before the bundle) are removed, so the folder serves only what this build made.
import { build } from 'esbuild';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const outdir = join(here, '../../dist/apps/console');

const { metafile } = await build({
  entryPoints: [join(here, 'src/main.ts'), join(here, 'src/board-page.ts'), join(here, 'src/clock-page.ts')],
  tsconfig: join(here, 'tsconfig.json'),
  outdir,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  sourcemap: true,
  metafile: true,
  // The engine's shuffle imports node:crypto; no page calls it, and package.json's sideEffects lets the bundle leave
  // it out. Marked external only so that resolving it is no error: test/console-bundle.spec.ts checks no page imports it.
  external: ['node:*'],
  logLevel: 'warning',
});
const written = new Set(Object.keys(metafile.outputs).map((file) => basename(file)));
for (const file of readdirSync(outdir))
  if (/\.(js|js\.map|d\.ts)$/.test(file) && !written.has(file)) rmSync(join(outdir, file), { force: true });
cpSync(join(here, 'public'), outdir, { recursive: true });
