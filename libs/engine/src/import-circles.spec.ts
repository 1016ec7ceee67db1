import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';
import { importCircles } from '../../../test/import-circles';

/**
 * No import circle in the engine, not even of types, and every file loads first. A circle between files that
 * import each other's values makes the result depend on which file a program loads first: before the factory
 * (table/table-decider.ts createTableDecider), loading a house option's file first crashed (`TypeError … reading
 * 'seatEntry'` compiled, `Cannot access 'shotClockModule' before initialization` under tsx), and it worked only
 * through index.ts. A circle of types orders no loading, but it is the same knot for a reader: the core's records
 * named the modules' types and the modules the core's. Now the core's records are extended by declaration merging
 * (table/extensions.ts, which each module augments), so the core imports no module at all.
 *
 * The graph counts every reference a file makes to another: imports and re-exports, `import type`, `import('…')`
 * types and module augmentations (TypeScript's own pre-processor finds them).
 */

const ROOT = __dirname;

/** The engine's source files (not its specs): the ones a program may load. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out.sort();
}

/** The relative modules a file refers to (values or types), resolved to files of `files` (others are libraries). */
export function importsOf(fileName: string, source: string, files: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
    if (!specifier.startsWith('.')) continue;
    const base = resolve(dirname(fileName), specifier);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
    if (target !== undefined && !found.includes(target)) found.push(target);
  }
  return found;
}

/** The graph of in-memory sources, by file name (for the planted circles). */
function graphOf(sources: Record<string, string>): Map<string, string[]> {
  const names = new Set(Object.keys(sources).map((name) => resolve('/planted', name)));
  return new Map(
    Object.entries(sources).map(([name, source]) => [resolve('/planted', name), importsOf(resolve('/planted', name), source, names)]),
  );
}

describe('the engine has no import circle', () => {
  const files = sourceFiles(ROOT);

  it('between any of its files, counting imports of types', () => {
    const set = new Set(files);
    const graph = new Map(files.map((f) => [f, importsOf(f, readFileSync(f, 'utf8'), set)]));
    const circles = importCircles(graph).map((c) => c.map((f) => relative(ROOT, f)));
    expect(circles).toEqual([]);
    // The core (table/, betting/) refers to no module: only to the contract (rule-module.ts, house-options.ts) and
    // the records' layout (record-layout.ts), which import only the extension points.
    const contract = ['house-options/rule-module.ts', 'house-options/house-options.ts', 'house-options/record-layout.ts'].map((f) =>
      join(ROOT, f),
    );
    const core = files.filter((f) => /^(table|betting)\//.test(relative(ROOT, f)));
    const modulesNamed = core.flatMap((f) =>
      graph
        .get(f)!
        .filter((to) => relative(ROOT, to).startsWith('house-options/') && !contract.includes(to))
        .map((to) => `${relative(ROOT, f)} -> ${relative(ROOT, to)}`),
    );
    expect(modulesNamed).toEqual([]);
    // The check saw the engine's real graph: the factory imports the core, the default table the default modules.
    expect(graph.get(join(ROOT, 'default-table.ts'))).toEqual([
      join(ROOT, 'table/table-decider.ts'),
      join(ROOT, 'house-options/default-modules.ts'),
    ]);
  });

  it('finds a planted circle, through a re-export, a chain of three and imports of types only', () => {
    expect(
      graphOf({
        'a.ts': "import { b } from './b';\nexport const a = () => b;",
        'b.ts': "import { a } from './a';\nexport const b = () => a;",
      }).size,
    ).toBe(2);
    const two = importCircles(
      graphOf({
        'a.ts': "import { b } from './b';\nexport const a = () => b;",
        'b.ts': "import { a } from './a';\nexport const b = () => a;",
      }),
    );
    expect(two.map((c) => c.map((f) => relative('/planted', f)))).toEqual([['a.ts', 'b.ts']]);
    const three = importCircles(
      graphOf({
        'x/a.ts': "export { c } from '../c';",
        'b.ts': "import { a } from './x/a';\nexport const b = a;",
        'c.ts': "import { b } from './b';\nexport const c = () => b;",
      }),
    );
    expect(three.map((c) => c.map((f) => relative('/planted', f)))).toEqual([['b.ts', 'c.ts', 'x/a.ts']]);
    // Types only count too: `import type` one way, a re-exported type the other; an `import('…')` type; an augmentation.
    const types = graphOf({
      'a.ts': "import type { B } from './b';\nexport interface A { b: B }",
      'b.ts': "export type { A } from './a';\nexport interface B { n: number }",
    });
    expect(importCircles(types).map((c) => c.map((f) => relative('/planted', f)))).toEqual([['a.ts', 'b.ts']]);
    const inline = graphOf({
      'a.ts': "export type A = import('./b').B;",
      'b.ts': "declare module './a' { interface Z { b: 1 } }\nexport type B = 1;",
    });
    expect(importCircles(inline).map((c) => c.map((f) => relative('/planted', f)))).toEqual([['a.ts', 'b.ts']]);
    expect(
      importCircles(graphOf({ 'self.ts': "import { x } from './self';\nexport const y = () => x;\nexport const x = 1;" })).length,
    ).toBe(1);
  });

  /** Each file loaded first, in a fresh module registry: a circle would leave an import undefined or uninitialized. */
  it.each(files.map((f) => relative(ROOT, f)))('loads %s first, alone', (file) => {
    let exports: Record<string, unknown> = {};
    jest.isolateModules(() => {
      // A file loaded by path in a fresh registry: only require does that.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      exports = require(join(ROOT, file)) as Record<string, unknown>;
    });
    for (const [name, value] of Object.entries(exports)) expect([name, value]).not.toEqual([name, undefined]);
  });
});
