#!/usr/bin/env node
// @ts-check
// No import circle anywhere in the tree, part of `npm run lint`. ESLint's import/no-cycle did this file by file and
// cost three quarters of the lint's time (it walks the graph again from every file); this reads each file's imports
// once with TypeScript's parser, resolves them as the compiler does (relative paths and tsconfig's @felt/* paths)
// and finds the strongly connected sets of the whole graph in one pass (Tarjan).
//
// Every static import and re-export is an edge, `import type` included: a circle of types only is not a loading
// hazard, but it is a circle of knowledge all the same (a module and the core that composes it), and the layers
// are meant to point one way. `import()` is not an edge: it is how a command loads what it needs lazily.
//
// Usage: node test/import-circles.js [--runtime] [ROOT]   (exit 1 and the circles on stderr when there are any);
// --runtime leaves out imports erased by the compiler (`import type`, `export type`, all-type named lists).
const { readdirSync, readFileSync, existsSync, statSync } = require('node:fs');
const { dirname, join, relative, resolve } = require('node:path');
const ts = require('typescript');

const FOLDERS = ['apps', 'libs', 'migrations', 'bench', 'test', 'examples'];
const SKIP = new Set(['node_modules', 'dist', 'dist-bench', 'data', 'coverage', 'public']);

/** @param {string} dir @returns {string[]} */
function tsFiles(dir) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tsFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** tsconfig.json's path aliases (exact names only, as Felt uses them), resolved against the root. */
function aliases(root) {
  const parsed = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const paths = parsed.config?.compilerOptions?.paths ?? {};
  const base = resolve(root, parsed.config?.compilerOptions?.baseUrl ?? '.');
  return new Map(Object.entries(paths).map(([name, targets]) => [name, resolve(base, /** @type {string[]} */ (targets)[0])]));
}

/** Erased by the compiler: `import type`, `export type`, or a list of named types only. */
function typeOnly(statement) {
  const clause = ts.isImportDeclaration(statement) ? statement.importClause : statement;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const named = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
  const plain = ts.isImportDeclaration(statement) && statement.importClause?.name !== undefined;
  return !plain && named !== undefined && ts.isNamedImports(named)
    ? named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)
    : !plain && named !== undefined && ts.isNamedExports(named)
      ? named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)
      : false;
}

/** The module specifiers a file imports or re-exports statically (type-only ones too, unless `runtime`). */
function specifiers(fileName, text, runtime = false) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  /** @type {string[]} */
  const found = [];
  for (const statement of source.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier) {
      if (runtime && typeOnly(statement)) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier)) found.push(statement.moduleSpecifier.text);
    } else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)) {
      if (runtime && statement.isTypeOnly) continue;
      const expression = statement.moduleReference.expression;
      if (ts.isStringLiteral(expression)) found.push(expression.text);
    }
  }
  return found;
}

/** The file an import leads to, or undefined for a package outside the tree. */
function resolveImport(from, specifier, alias, files) {
  const base = specifier.startsWith('.') ? resolve(dirname(from), specifier) : alias.get(specifier);
  if (base === undefined) return undefined;
  const stripped = base.replace(/\.js$/, '');
  return [base, `${stripped}.ts`, join(base, 'index.ts')].find((candidate) => files.has(candidate));
}

/** @param {ReadonlyMap<string, readonly string[]>} graph @returns {string[][]} */
function importCircles(graph) {
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const circles = [];
  // Iterative, so that a long chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    /** @type {[string, number][]} */
    const work = [[start, 0]];
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [v, next] = frame;
      if (next === 0) {
        index.set(v, index.size);
        low.set(v, /** @type {number} */ (index.get(v)));
        stack.push(v);
        onStack.add(v);
      }
      const edges = graph.get(v) ?? [];
      if (next < edges.length) {
        frame[1] = next + 1;
        const w = edges[next];
        if (!index.has(w)) work.push([w, 0]);
        else if (onStack.has(w)) low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (index.get(w))));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(/** @type {number} */ (low.get(parent)), /** @type {number} */ (low.get(v))));
      }
      if (low.get(v) !== index.get(v)) continue;
      /** @type {string[]} */
      const component = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || edges.includes(v)) circles.push(component.sort());
    }
  }
  return circles;
}

/** The import graph of the tree under `root`: file -> the files of the tree it imports. */
function importGraph(root, runtime = false) {
  const files = new Set(FOLDERS.flatMap((folder) => tsFiles(join(root, folder))));
  const alias = aliases(root);
  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of [...files].sort()) {
    const targets = specifiers(file, readFileSync(file, 'utf8'), runtime)
      .map((specifier) => resolveImport(file, specifier, alias, files))
      .filter((target) => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

module.exports = { importGraph, importCircles, specifiers };

if (require.main === module) {
  const args = process.argv.slice(2);
  const runtime = args.includes('--runtime');
  const root = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(__dirname, '..'));
  if (!statSync(root).isDirectory()) throw new Error(`not a folder: ${root}`);
  const circles = importCircles(importGraph(root, runtime));
  for (const circle of circles) {
    process.stderr.write(`import circle of ${circle.length} files:\n${circle.map((file) => `  ${relative(root, file)}`).join('\n')}\n`);
  }
  if (circles.length > 0) {
    process.stderr.write(
      'Break each circle: move what both sides need into a file that imports neither (docs/architecture.md "Layers").\n',
    );
    process.exit(1);
  }
}
