#!/usr/bin/env node
// `npm test` after the build: jest (arguments passed on, e.g. `npm test -- apps/api`), with the type check (the tests,
// bench and examples, against the declarations the build has just written; the build checked the code it compiles)
// and then `npm run lint` (ESLint's layers and circles, Prettier's check) running beside it instead of before it.
// tsc and ESLint are single-threaded: run first, they left one of a 2-core machine's cores idle. Their errors are
// printed after jest's report, and any of the three failing fails the run.
const { spawn } = require('node:child_process');
const { join } = require('node:path');

const root = join(__dirname, '..');

function run(command, args, stdio) {
  const child = spawn(command, args, { cwd: root, stdio });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

function report(name, result) {
  if (result.code === 0) {
    console.log(`${name}: no errors`);
  } else {
    process.stderr.write(result.output);
    console.error(`${name} failed (the errors above; \`npm run ${name}\` alone repeats them)`);
  }
}

async function main() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const beside = (async () => {
    const types = await run(
      process.execPath,
      [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.typecheck.json'],
      ['ignore', 'pipe', 'pipe'],
    );
    const lint = await run(npm, ['run', '--silent', 'lint'], ['ignore', 'pipe', 'pipe']);
    return { types, lint };
  })();
  const jest = run(process.execPath, [require.resolve('jest/bin/jest'), ...process.argv.slice(2)], 'inherit');
  const [{ types, lint }, tests] = await Promise.all([beside, jest]);
  report('typecheck', types);
  report('lint', lint);
  process.exit([tests.code, types.code, lint.code].find((code) => code !== 0) ?? 0);
}

main();
