#!/usr/bin/env node
// The `felt` command. Runs the compiled CLI (npm ci builds it through the prepare script; npm run build rebuilds).
const path = require('node:path');
const fs = require('node:fs');
const main = path.join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');
if (!fs.existsSync(main)) {
  console.error('felt: the CLI is not built yet. Run `npm run build` (or `npm ci`) in the Felt folder first.');
  process.exit(2);
}
// Folding a long log allocates many short-lived objects: a larger young generation than V8's default cuts a
// projection rebuild's CPU by about a fifth. V8 sizes it at start, so the heavy commands start again with it.
const HEAVY = new Set(['projections', 'verify', 'replay']);
const YOUNG = '--max-semi-space-size=64';
if (HEAVY.has(process.argv[2]) && !process.execArgv.some((a) => a.startsWith('--max-semi-space-size')) && !process.env.FELT_NO_RESPAWN) {
  const { spawnSync } = require('node:child_process');
  const result = spawnSync(process.execPath, [YOUNG, ...process.execArgv, __filename, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? (result.signal ? 128 + (require('node:os').constants.signals[result.signal] ?? 0) : 1));
}
// `felt phh` replays a corpus in a second or two, most of it spent warming the JIT: V8's optimizing compiler,
// asked at its default budget, compiles a few hundred functions that run only a little longer. A larger budget
// keeps it to the truly hot ones (a third less CPU on 1,745 hands, the same on 8,725; docs/benchmarks.md).
// Set before any of Felt's code is compiled.
if (process.argv[2] === 'phh' && process.env.FELT_PHH_V8_FLAGS !== '')
  require('node:v8').setFlagsFromString(process.env.FELT_PHH_V8_FLAGS ?? '--interrupt-budget=1000000');
require(main);
