const { relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/**
 * The slowest suites start first, so that the run does not end with one long suite on one worker while the others
 * idle. Jest does this itself from the timings it keeps in its cache; a fresh clone has none, and jest's fallback
 * (the biggest file first) starts some of the longest suites last: a short file that plays every example script
 * over HTTP outlasts a long file of quick checks. Without a cached timing, a suite's place comes from the seconds
 * below (a full run, 2026-12-06, on a 2-core machine at load average 9-21 from other work: their order matters,
 * not their size), or else from its level: end-to-end before integration before pure, the bigger file first.
 */
const SECONDS_SEEN = {
  'apps/api/test/visibility-matrix.e2e-spec.ts': 121,
  'apps/console/test/console-tables.e2e-spec.ts': 118,
  'apps/api/test/hands-postgres.e2e-spec.ts': 106,
  'libs/event-store/src/migrations.int-spec.ts': 74,
  'test/load/faults.e2e-spec.ts': 90,
  'apps/console/test/console-hands.e2e-spec.ts': 72,
  'test/load/load.e2e-spec.ts': 69,
  'apps/cli/src/regulator-commands.int-spec.ts': 65,
  'apps/api/test/crash.e2e-spec.ts': 64,
  'apps/cli/src/users-command.int-spec.ts': 59,
  'test/fuzz/openapi-fuzz.e2e-spec.ts': 55,
  'apps/api/test/auth-process.e2e-spec.ts': 49,
  'test/load/http-fuzz.e2e-spec.ts': 48,
  'libs/engine/src/table/random-hands.spec.ts': 42,
  'libs/projections/src/views-property.spec.ts': 41,
  'apps/console/test/shot-clock.e2e-spec.ts': 40,
  'apps/worker/src/relay/relay-to-consumer.int-spec.ts': 39,
  'apps/console/test/console-staff.e2e-spec.ts': 39,
  'apps/api/test/api-parts.e2e-spec.ts': 130,
  // Eleven suites that were files (live 55 s, login throttle 36 s among them): a guess from their sum, not seen yet.
  'apps/api/test/api-parts-2.e2e-spec.ts': 100,
  'libs/read-models/src/projection-concurrency.int-spec.ts': 37,
  'apps/worker/src/timer/timer.int-spec.ts': 35,
  'apps/api/test/pglite-smoke.e2e-spec.ts': 32,
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
