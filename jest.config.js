const os = require('node:os');

// One config for all test levels; the suffix says what a test needs:
// *.spec.ts (pure), *.int-spec.ts (PostgreSQL/Redis/PGlite), *.e2e-spec.ts (the whole app).
const swc = {
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
  sourceMaps: 'inline',
};
// PGlite's buffer cache in the tests (workers and the processes they start inherit it): their databases are a few
// MB, and PostgreSQL's default 128MB made each of the suite's hundreds of PGlite starts touch ~170 MB of memory
// (0.5 CPU-s of the 1 s an open costs). See PGliteDatabase.open.
process.env.PGLITE_SHARED_BUFFERS ??= '16MB';
module.exports = {
  // FELT_TEST_CPU_LOG=file: each test file's CPU seconds, written there (test/cpu-per-file-environment.js).
  testEnvironment: process.env.FELT_TEST_CPU_LOG ? '<rootDir>/test/cpu-per-file-environment.js' : 'node',
  rootDir: '.',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testRegex: '\\.(spec|int-spec|e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@felt/(engine|formats|event-store|projections|regulator|settings|room|players|staff|read-models|tournament)$':
      '<rootDir>/libs/$1/src/index.ts',
    '^@felt/formats/phh$': '<rootDir>/libs/formats/src/phh/files.ts',
  },
  // A deadline, not a measurement: generous, so that a busy machine makes a test slow rather than red.
  testTimeout: 180000,
  // The suites share nothing but the machine's PostgreSQL and Redis (each has its own databases, key prefix, ports and
  // temp folders), and many of them wait on the database, child processes or a browser: a worker more than there
  // are cores keeps the cores busy (jest's default, one fewer than the cores, runs a 2-core machine's suites one by
  // one). At most four, so that the databases' connections stay well under PostgreSQL's 100.
  maxWorkers: Math.min(4, os.availableParallelism() + 1),
  // The slowest suites first, also on a fresh clone (whose jest cache has no timings yet): see the file.
  testSequencer: '<rootDir>/test/slowest-first-sequencer.js',
};
