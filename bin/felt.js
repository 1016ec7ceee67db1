#!/usr/bin/env node
// The `felt` command. Runs the compiled CLI (npm ci builds it through the prepare script; npm run build rebuilds).
const path = require('node:path');
const fs = require('node:fs');
const main = path.join(__dirname, '..', 'dist', 'apps', 'cli', 'src', 'main.js');
if (!fs.existsSync(main)) {
  console.error('felt: the CLI is not built yet. Run `npm run build` (or `npm ci`) in the Felt folder first.');
  process.exit(2);
}
require(main);
