#!/usr/bin/env node
// Sums a log written by cpu-per-file-environment.js: `node test/cpu-per-file-report.js LOG [how many files]`.
const { readFileSync } = require('node:fs');

const [log, top = '30'] = process.argv.slice(2);
if (!log) {
  console.error('usage: node test/cpu-per-file-report.js LOG [how many files]');
  process.exit(2);
}
const rows = readFileSync(log, 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line));
const total = (row) => row.cpu + row.children;
const sum = (pick) => rows.reduce((a, row) => a + pick(row), 0);
console.log(
  `${rows.length} files: ${sum(total).toFixed(1)} CPU-s (${sum((r) => r.cpu).toFixed(1)} in jest's workers, ${sum((r) => r.children).toFixed(1)} in processes they started)`,
);
console.log('| CPU-s | of which children | wall s | file |\n|---:|---:|---:|---|');
for (const row of rows.sort((a, b) => total(b) - total(a)).slice(0, Number(top))) {
  console.log(`| ${total(row).toFixed(1)} | ${row.children.toFixed(1)} | ${row.wall.toFixed(0)} | ${row.file} |`);
}
