import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..');

/** Every `*.e2e-part.ts` below apps/, with the folder it is in. */
function parts(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') found.push(...parts(path));
    else if (entry.name.endsWith('.e2e-part.ts')) found.push(path);
  }
  return found;
}

/**
 * A part (`*.e2e-part.ts`) runs only when a jest file beside it imports it (api-parts, api-parts-2, console-parts):
 * jest's testRegex does not pick parts up, so a part no file imports would never run, silently.
 */
describe('test parts', () => {
  it('are each imported by exactly one jest file beside them', () => {
    const found = parts(join(ROOT, 'apps'));
    expect(found.length).toBeGreaterThan(30);
    const unloaded = found.flatMap((path) => {
      const folder = join(path, '..');
      const name = relative(folder, path).replace(/\.ts$/, '');
      const importers = readdirSync(folder).filter(
        (file) => file.endsWith('.e2e-spec.ts') && readFileSync(join(folder, file), 'utf8').includes(`import './${name}';`),
      );
      return importers.length === 1 ? [] : [{ part: relative(ROOT, path), importers }];
    });
    expect(unloaded).toEqual([]);
  });
});
