'use strict';
/**
 * Preloaded into the API by bench/tournament-api.bench.ts (`node --require`): listens to the tournament's decision
 * timings (apps/api/src/tournaments/apply-tournament-command.ts, TOURNAMENT_DECISIONS) and its hand ends' steps
 * (hand-end-timings.ts, TOURNAMENT_HAND_ENDS) and appends them, one JSON
 * line each, to FELT_BENCH_DECISIONS_FILE, written a second at a time so that the measurement costs the API little.
 */
const { subscribe } = require('node:diagnostics_channel');
const { appendFileSync } = require('node:fs');

const file = process.env.FELT_BENCH_DECISIONS_FILE;
if (file) {
  let lines = [];
  const flush = () => {
    if (lines.length === 0) return;
    appendFileSync(file, lines.join(''));
    lines = [];
  };
  subscribe('felt:tournament:decision', (timing) => lines.push(`${JSON.stringify(timing)}\n`));
  // Where each hand end's time goes (apps/api/src/tournaments/hand-end-timings.ts): lines of type HandEnd.
  subscribe('felt:tournament:hand-end', (timing) => lines.push(`${JSON.stringify(timing)}\n`));
  setInterval(flush, 1000).unref();
  process.on('exit', flush);
}
