#!/usr/bin/env node
// `npm test` after the build: jest (arguments passed on, e.g. `npm test -- apps/api`), with the type check of
// `npm run typecheck` running beside it instead of before it: the tests, bench and examples, against the declarations
// the build has just written (the build checked the code it compiles). tsc is single-threaded: run first, it left
// one of a 2-core machine's cores idle. Its errors are printed after jest's report, and either failing fails the run.
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

async function main() {
  const typecheck = run(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.typecheck.json'], ['ignore', 'pipe', 'pipe']);
  const jest = run(process.execPath, [require.resolve('jest/bin/jest'), ...process.argv.slice(2)], 'inherit');
  const [types, tests] = await Promise.all([typecheck, jest]);
  if (types.code === 0) {
    console.log('typecheck: no errors');
  } else {
    process.stderr.write(types.output);
    console.error(`typecheck failed (the errors above; \`npm run typecheck\` alone repeats them)`);
  }
  process.exit(tests.code !== 0 ? tests.code : types.code);
}

main();
