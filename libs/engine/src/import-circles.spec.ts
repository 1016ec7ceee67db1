import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * No import circle in the engine, and every file loads first. A circle between files that import each other's
 * values makes the result depend on which file a program loads first: before the factory (table/table-decider.ts
 * createTableDecider), loading a house option's file first crashed (`TypeError … reading 'seatEntry'` compiled,
 * `Cannot access 'shotClockModule' before initialization` under tsx), and it worked only through index.ts.
 *
 * The graph is what survives compilation: each file is compiled as the build compiles it (TypeScript's own
 * transpiler, CommonJS) and its `require`s are read. An import used only as a type is erased, so it orders no
 * loading and is not an edge (as ESLint's import/no-cycle treats `import type`).
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

/** The relative modules a file requires once compiled, resolved to files of `files` (others are libraries). */
export function runtimeImports(fileName: string, source: string, files: ReadonlySet<string>): string[] {
  const compiled = ts.transpileModule(source, {
    fileName,
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
  }).outputText;
  const found: string[] = [];
  for (const m of compiled.matchAll(/require\("(\.{1,2}\/[^"]*)"\)/g)) {
    const base = resolve(dirname(fileName), m[1]);
    const target = [`${base}.ts`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
    if (target !== undefined && !found.includes(target)) found.push(target);
  }
  return found;
}

/** The circles of a graph: each strongly connected set of more than one file, or a file that imports itself. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circles;
}

/** The graph of in-memory sources, by file name (for the planted circles). */
function graphOf(sources: Record<string, string>): Map<string, string[]> {
  const names = new Set(Object.keys(sources).map((name) => resolve('/planted', name)));
  return new Map(
    Object.entries(sources).map(([name, source]) => [resolve('/planted', name), runtimeImports(resolve('/planted', name), source, names)]),
  );
}

describe('the engine has no import circle', () => {
  const files = sourceFiles(ROOT);

  it('between any of its files, as compiled', () => {
    const set = new Set(files);
    const graph = new Map(files.map((f) => [f, runtimeImports(f, readFileSync(f, 'utf8'), set)]));
    const circles = importCircles(graph).map((c) => c.map((f) => relative(ROOT, f)));
    expect(circles).toEqual([]);
    // The check saw the engine's real graph: the factory imports the core, the default table the default modules.
    expect(graph.get(join(ROOT, 'default-table.ts'))).toEqual([
      join(ROOT, 'table/table-decider.ts'),
      join(ROOT, 'house-options/default-modules.ts'),
    ]);
  });

  it('finds a planted circle, through a re-export and a chain of three, and ignores type-only imports', () => {
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
    // Types only, both ways: erased by the compiler, so no circle (also an import whose names are used only as types).
    const types = graphOf({
      'a.ts': "import type { B } from './b';\nexport interface A { b: B }",
      'b.ts': "import { A } from './a';\nexport interface B { a?: A }\nexport const one = 1;",
    });
    expect(importCircles(types)).toEqual([]);
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
