#!/usr/bin/env node
// `npm start`: serves the API from dist/, building it first when it is missing or older than the TypeScript sources
// (npm ci builds through the prepare script, so on a fresh checkout this starts at once).
const path = require('node:path');
const fs = require('node:fs');
const { spawnSync } = require('node:child_process');

const root = path.join(__dirname, '..');
const main = path.join(root, 'dist', 'apps', 'api', 'src', 'main.js');

function newestSource(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name))
      newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

// The build's record (tsc -b touches it whenever it checks, also when a change rewrote no output), else main.js.
const buildInfo = path.join(root, 'dist', '.tsbuildinfo', 'server.tsbuildinfo');
const built = fs.existsSync(main) ? Math.max(fs.statSync(main).mtimeMs, fs.existsSync(buildInfo) ? fs.statSync(buildInfo).mtimeMs : 0) : 0;
const sources = Math.max(
  newestSource(path.join(root, 'apps', 'api', 'src')),
  newestSource(path.join(root, 'libs')),
  newestSource(path.join(root, 'migrations')),
);
if (built < sources) {
  console.error(built === 0 ? 'felt-api: building (first start)…' : 'felt-api: sources changed since the last build; rebuilding…');
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
require(main);
