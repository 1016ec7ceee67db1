import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';

/**
 * The engine is pure (docs/architecture.md): decide and evolve are functions of their arguments, so nothing may
 * live at module level that a call could change and the next call read. This spec reads every source file of
 * libs/engine/src and refuses, at the top level of a module:
 * - `let` and `var`;
 * - a mutable collection: an array or object literal, `new Map/Set/WeakMap/WeakSet/Array/Object`, or a call that
 *   builds one (Object.fromEntries, Object.assign, Object.create, Array.from, .map/.filter/.slice/...), unless it is
 *   wrapped in Object.freeze(...) or asserted `as const`; inside a frozen literal, nested literals must be frozen
 *   (or `as const`) too.
 * A cache, if speed ever needs one, is passed in explicitly (or decide returns the next state, as it does).
 */

const COLLECTION_CONSTRUCTORS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array', 'Object']);
const COLLECTION_BUILDERS = new Set([
  'fromEntries',
  'assign',
  'create',
  'from',
  'map',
  'filter',
  'slice',
  'concat',
  'flatMap',
  'reduce',
  'entries',
  'keys',
  'values',
  'split',
]);

export interface PurityViolation {
  readonly line: number;
  readonly name: string;
  readonly why: string;
}

/** The top-level mutable state in one module's source. */
export function mutableModuleState(fileName: string, source: string): PurityViolation[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true);
  const violations: PurityViolation[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const list = statement.declarationList;
    const isConst = (list.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of list.declarations) {
      const name = declaration.name.getText(file);
      if (!isConst) {
        violations.push({ line: lineOf(declaration), name, why: 'a top-level let/var: module state that calls can change' });
        continue;
      }
      const problem = declaration.initializer ? mutableValue(declaration.initializer) : null;
      if (problem) violations.push({ line: lineOf(declaration), name, why: problem });
    }
  }
  return violations;
}

/** Why this top-level value is a mutable collection, or null when it is not one. */
function mutableValue(expression: ts.Expression): string | null {
  const e = unwrap(expression);
  if (isFrozen(e)) {
    const inner = (e as ts.CallExpression).arguments[0];
    return inner ? mutableInside(unwrap(inner)) : null;
  }
  if (isAsConst(e)) return null;
  if (ts.isArrayLiteralExpression(e)) return 'a top-level array literal that is neither frozen nor `as const`';
  if (ts.isObjectLiteralExpression(e)) return 'a top-level object literal that is neither frozen nor `as const`';
  if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && COLLECTION_CONSTRUCTORS.has(e.expression.text))
    return `a top-level new ${e.expression.text}: a mutable collection`;
  if (ts.isCallExpression(e) && builderName(e) !== null) return `a top-level collection built by ${builderName(e)}(...) and not frozen`;
  return null;
}

/** Literals nested in a frozen literal are frozen (or `as const`) too. */
function mutableInside(e: ts.Expression): string | null {
  const children: ts.Expression[] = [];
  if (ts.isArrayLiteralExpression(e)) children.push(...e.elements);
  else if (ts.isObjectLiteralExpression(e)) for (const p of e.properties) if (ts.isPropertyAssignment(p)) children.push(p.initializer);
  for (const child of children) {
    const c = unwrap(child);
    if (isFrozen(c) || isAsConst(c)) continue;
    if (ts.isArrayLiteralExpression(c) || ts.isObjectLiteralExpression(c)) return 'a literal inside a frozen one that is not frozen itself';
  }
  return null;
}

function unwrap(e: ts.Expression): ts.Expression {
  let x = e;
  for (;;) {
    if (ts.isParenthesizedExpression(x) || ts.isSatisfiesExpression(x) || ts.isNonNullExpression(x)) x = x.expression;
    else if ((ts.isAsExpression(x) || ts.isTypeAssertionExpression(x)) && !isAsConst(x)) x = x.expression;
    else return x;
  }
}

function isAsConst(e: ts.Expression): boolean {
  return ts.isAsExpression(e) && ts.isTypeReferenceNode(e.type) && e.type.typeName.getText() === 'const';
}

function isFrozen(e: ts.Expression): boolean {
  return ts.isCallExpression(e) && e.expression.getText() === 'Object.freeze';
}

function builderName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isPropertyAccessExpression(callee) && COLLECTION_BUILDERS.has(callee.name.text)) return callee.getText();
  return null;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) files.push(path);
  }
  return files;
}

describe('purity: no module-level mutable state in libs/engine/src', () => {
  it('finds a planted top-level let, Map, Set, array and object, and accepts frozen and `as const` ones', () => {
    const planted = [
      'let remembered: object[] = [];',
      'var count = 0;',
      'const cache = new Map<string, number>();',
      'const seen = new Set<number>();',
      'const list: number[] = [];',
      'const record = { a: 1 };',
      'const built = Object.fromEntries([["a", 1]]);',
      'const shallow = Object.freeze({ inner: [1, 2] });',
      'const frozen = Object.freeze([1, 2]);',
      'const frozenRecord: Readonly<Record<string, number>> = Object.freeze({ a: 1, nested: Object.freeze([1]) });',
      "const codes = ['A', 'B'] as const;",
      'const limit = 10;',
      'const name = "felt";',
      'function helper() { let local = []; return local; }',
    ].join('\n');
    expect(mutableModuleState('planted.ts', planted).map((v) => v.name)).toEqual([
      'remembered',
      'count',
      'cache',
      'seen',
      'list',
      'record',
      'built',
      'shallow',
    ]);
  });

  it('every module of the engine keeps no state between calls', () => {
    const root = __dirname;
    const found: string[] = [];
    for (const path of sourceFiles(root)) {
      for (const v of mutableModuleState(path, readFileSync(path, 'utf8')))
        found.push(`${relative(root, path)}:${v.line} ${v.name}: ${v.why}`);
    }
    expect(found).toEqual([]);
  });
});
