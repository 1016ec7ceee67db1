import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import * as ts from 'typescript';

/**
 * Tests wait on conditions, never on the clock: a fixed sleep is too short on a busy machine (a flaky test) and too
 * long on a quiet one (a slow suite). This spec reads every test source (the *.spec.ts, *.int-spec.ts and
 * *.e2e-spec.ts files, test-support code, and test/) with the TypeScript compiler and refuses:
 * - a promise resolved by a timer, `new Promise((resolve) => setTimeout(resolve, ms))` in any spelling (a timer that
 *   resolves with a value, in a race, is a deadline and is allowed; so is one that rejects or kills);
 * - `setTimeout` from timers/promises, and Playwright's `waitForTimeout`;
 * - a call of a function named sleep, delay, pause or wait.
 * The one poll interval allowed is POLL's: eventually() looks at its condition again after it, up to a deadline.
 * Where a test's subject is time passing (a shot clock running out, a pause on the page), the time is injected
 * (Playwright's page clock, a clock the code takes) or the test waits on the condition it leads to.
 */
const ROOT = join(__dirname, '..');
const SEARCHED = ['apps', 'libs', 'test'];
const POLL = join('libs', 'event-store', 'test-support', 'eventually.ts');
const SLEEP_NAMES = new Set(['sleep', 'delay', 'pause', 'wait']);
const TIMER_PROMISES = new Set(['timers/promises', 'node:timers/promises']);
const MAY_SLEEP = /setTimeout|waitForTimeout|timers\/promises|\b(sleep|delay|pause|wait)\s*\(/;

export interface FixedSleep {
  readonly line: number;
  readonly what: string;
}

/** The fixed sleeps in one test source. */
export function fixedSleeps(fileName: string, source: string): FixedSleep[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.ES2022, true);
  const found: FixedSleep[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, what });
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && TIMER_PROMISES.has(node.moduleSpecifier.text))
      report(node, `import from ${node.moduleSpecifier.text}`);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
      if (name === 'require' && node.arguments.some((a) => ts.isStringLiteral(a) && TIMER_PROMISES.has(a.text)))
        report(node, `require of ${(node.arguments[0] as ts.StringLiteral).text}`);
      if (name === 'waitForTimeout') report(node, 'waitForTimeout(...)');
      if (ts.isIdentifier(callee) && SLEEP_NAMES.has(name)) report(node, `${name}(...)`);
      if (name === 'setTimeout' && resolvesPromise(node)) report(node, 'setTimeout resolving a promise (a sleep)');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A setTimeout whose callback is the resolve of the promise around it, or calls it with no value. */
function resolvesPromise(call: ts.CallExpression): boolean {
  const resolve = enclosingResolve(call);
  const callback = call.arguments[0];
  if (resolve === null || callback === undefined) return false;
  if (ts.isIdentifier(callback)) return callback.text === resolve;
  if (!ts.isArrowFunction(callback) && !ts.isFunctionExpression(callback)) return false;
  let calls = false;
  const look = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === resolve && node.arguments.length === 0)
      calls = true;
    ts.forEachChild(node, look);
  };
  look(callback.body);
  return calls;
}

/** The name of the first parameter of the nearest `new Promise(executor)` around the node. */
function enclosingResolve(node: ts.Node): string | null {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (!ts.isNewExpression(at) || !ts.isIdentifier(at.expression) || at.expression.text !== 'Promise') continue;
    const executor = at.arguments?.[0];
    if (executor && (ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))) {
      const first = executor.parameters[0];
      return first && ts.isIdentifier(first.name) ? first.name.text : null;
    }
  }
  return null;
}

function isTestSource(path: string): boolean {
  const inRepo = relative(ROOT, path).split(sep).join('/');
  return (
    /\.(spec|int-spec|e2e-spec)\.ts$/.test(inRepo) ||
    /test-support/.test(inRepo) ||
    /^test\//.test(inRepo) ||
    /^apps\/[^/]+\/test\//.test(inRepo)
  );
}

function testSources(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'fixtures') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...testSources(path));
    else if (/\.(ts|js)$/.test(entry.name) && isTestSource(path)) files.push(path);
  }
  return files;
}

describe('no fixed sleeps in the tests', () => {
  it('finds planted sleeps in their usual spellings, and lets deadlines, kills and condition waits be', () => {
    const planted = [
      "import { setTimeout as later } from 'node:timers/promises';",
      'async function a() { await new Promise((resolve) => setTimeout(resolve, 50)); }',
      'async function b() { await new Promise<void>((done) => setTimeout(() => done(), 200)); }',
      'async function c() { await new Promise(function (r) { setTimeout(function () { r(); }, 10); }); }',
      'async function d(page: any) { await page.waitForTimeout(300); }',
      'async function e() { await sleep(1000); await delay(5); }',
      'async function f() { await new Promise((resolve) => window.setTimeout(resolve, 600)); }',
      // Not sleeps: a deadline in a race, a timer that rejects or kills, a condition wait, a socket paused.
      "const deadline = new Promise((resolve) => setTimeout(() => resolve('timeout'), 15000));",
      "const late = new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 1000));",
      "function g(child: any) { setTimeout(() => child.kill('SIGKILL'), 10000); }",
      'async function h(page: any, socket: any) { await page.locator("x").waitFor(); socket.pause(); await page.clock.fastForward(10000); }',
    ].join('\n');
    expect(fixedSleeps('planted.ts', planted)).toEqual([
      { line: 1, what: 'import from node:timers/promises' },
      { line: 2, what: 'setTimeout resolving a promise (a sleep)' },
      { line: 3, what: 'setTimeout resolving a promise (a sleep)' },
      { line: 4, what: 'setTimeout resolving a promise (a sleep)' },
      { line: 5, what: 'waitForTimeout(...)' },
      { line: 6, what: 'sleep(...)' },
      { line: 6, what: 'delay(...)' },
      { line: 7, what: 'setTimeout resolving a promise (a sleep)' },
    ]);
  });

  it('every test source waits on conditions (the poll of eventually() apart)', () => {
    const found: string[] = [];
    for (const dir of SEARCHED) {
      for (const path of testSources(join(ROOT, dir))) {
        const source = readFileSync(path, 'utf8');
        // Parsed only when a sleep could be in it: most files name none of these.
        if (relative(ROOT, path) === POLL || !MAY_SLEEP.test(source)) continue;
        for (const s of fixedSleeps(path, source)) found.push(`${relative(ROOT, path)}:${s.line} ${s.what}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the poll of eventually() is its only sleep, between two looks at the condition', () => {
    expect(fixedSleeps(POLL, readFileSync(join(ROOT, POLL), 'utf8')).map((s) => s.what)).toEqual([
      'setTimeout resolving a promise (a sleep)',
    ]);
  });
});
