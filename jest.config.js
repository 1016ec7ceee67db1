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
module.exports = {
  testEnvironment: 'node',
  rootDir: '.',
  roots: ['<rootDir>/apps', '<rootDir>/libs', '<rootDir>/test'],
  testRegex: '\\.(spec|int-spec|e2e-spec)\\.ts$',
  transform: { '^.+\\.ts$': ['@swc/jest', swc] },
  moduleNameMapper: {
    '^@felt/(engine|formats|event-store|projections|regulator|settings)$': '<rootDir>/libs/$1/src/index.ts',
  },
  testTimeout: 60000,
};
