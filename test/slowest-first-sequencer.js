const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * The slowest suites start first, so that the run does not end with one long suite on one worker while the others
 * idle. Jest does this itself from the timings it keeps in its cache; a fresh clone has none, and jest's fallback
 * (the biggest file first) starts some of the longest suites last: a short file that plays every example script
 * over HTTP outlasts a long file of quick checks. Without a cached timing, a suite's place comes from the seconds
 * below (a full run, 2026-12-04, on a loaded 2-core machine: their order matters, not their size), or else from
 * its level: end-to-end before integration before pure, the bigger file first.
 */
const SECONDS_SEEN = {
  // One file of 874 s then, split by backend since.
  'apps/api/test/hands-postgres.e2e-spec.ts': 437,
  'apps/api/test/hands-pglite.e2e-spec.ts': 437,
  'apps/console/test/console.e2e-spec.ts': 586,
  'test/load/faults.e2e-spec.ts': 500,
  'apps/api/test/crash.e2e-spec.ts': 358,
  'libs/event-store/src/migrations.int-spec.ts': 336,
  'apps/api/test/visibility-matrix.e2e-spec.ts': 332,
  'apps/cli/src/regulator-commands.int-spec.ts': 302,
  'test/load/load.e2e-spec.ts': 300,
  'apps/cli/src/users-command.int-spec.ts': 290,
  'libs/projections/src/views-property.spec.ts': 247,
  'apps/api/test/audit-stream.e2e-spec.ts': 236,
  'apps/api/test/live-cards.e2e-spec.ts': 221,
  'apps/api/test/live.e2e-spec.ts': 206,
  'apps/console/test/room.e2e-spec.ts': 200,
  'apps/api/test/input-gate.e2e-spec.ts': 172,
  'apps/api/test/auth.e2e-spec.ts': 148,
  'apps/api/test/known-leaks.e2e-spec.ts': 125,
  'apps/api/test/room.e2e-spec.ts': 112,
  'apps/api/test/bad-input.e2e-spec.ts': 110,
  'libs/engine/src/cards/evaluator.spec.ts': 109,
  'apps/api/test/concurrency.e2e-spec.ts': 108,
  'test/load/http-fuzz.e2e-spec.ts': 107,
  'apps/api/test/floor-corrections.e2e-spec.ts': 97,
  'libs/engine/src/cards/evaluator-sweep.spec.ts': 90,
  'libs/event-store/src/append-and-read.int-spec.ts': 65,
  'apps/worker/src/relay/outbox-relay.int-spec.ts': 58,
  'libs/engine/src/table/random-hands.spec.ts': 43,
};

/** Milliseconds, in the unit of jest's own timings. */
function estimate(test) {
  const path = relative(test.context.config.rootDir, test.path).split('\\').join('/');
  if (SECONDS_SEEN[path] !== undefined) return SECONDS_SEEN[path] * 1000;
  const size = test.context.hasteFS.getSize(test.path) ?? 0;
  const level = path.endsWith('.e2e-spec.ts') ? 60_000 : path.endsWith('.int-spec.ts') ? 20_000 : 0;
  return level + size / 10;
}

class SlowestFirst extends Sequencer {
  sort(tests) {
    // The default sort fills test.duration from jest's cache where it has one.
    const sorted = super.sort(tests);
    const key = new Map(sorted.map((test) => [test, [this.hasFailed(test) ? 1 : 0, test.duration ?? estimate(test)]]));
    return sorted.sort((a, b) => key.get(b)[0] - key.get(a)[0] || key.get(b)[1] - key.get(a)[1]);
  }
}

module.exports = SlowestFirst;
