// The layers, kept by a machine (docs/architecture.md "Layers"): apps -> libs -> nothing upward, no app imports
// another, each library imports only the libraries below it. Import circles are test/import-circles.js's (one pass over
// the whole graph; import-x/no-cycle walked it again from every file). Run as `npm run lint`, part of `npm test`
// (test/lint.spec.ts plants a violation of each rule and checks that lint fails on it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const APPS = ['api', 'cli', 'worker', 'console'];

/** What each library may import: the ones below it. A library not named here may import none. */
export const LIBRARY_LAYERS = {
  engine: [],
  'event-store': [],
  settings: [],
  formats: ['engine', 'projections'],
  room: ['engine', 'event-store'],
  players: ['engine', 'event-store', 'projections'],
  projections: ['engine', 'event-store', 'room'],
  regulator: ['accounting', 'engine', 'event-store', 'formats', 'projections', 'room', 'tournament'],
  staff: ['event-store', 'regulator'],
  'read-models': ['engine', 'event-store', 'projections', 'room'],
  accounting: ['engine', 'event-store', 'formats', 'projections'],
  tournament: ['engine', 'event-store'],
};

/** Tests and their support may start another app (the CLI's tests run the API); source files may not. */
const TEST_FILES = [
  '**/*.spec.ts',
  '**/*.int-spec.ts',
  '**/*.e2e-spec.ts',
  '**/*.e2e-part.ts',
  '**/*.test-support.ts',
  '**/test/**',
  '**/test-support/**',
];

const appZones = APPS.map((app) => ({
  target: `./apps/${app}`,
  from: './apps',
  except: [`./${app}`],
  message: 'An app imports no other app: move what both need into a library (libs/).',
}));

const libraryZones = [
  {
    target: './libs',
    from: ['./apps', './migrations', './bench', './examples'],
    message: 'A library imports nothing above it (apps, migrations, bench).',
  },
  {
    target: './migrations',
    from: ['./apps', './bench', './test', './examples'],
    message: 'Migrations import only libraries.',
  },
];

/** Source files only: a library's tests may use any library to set a scene (a read model's tests record tables with the regulator's recorder). */
const layerZones = [
  ...Object.entries(LIBRARY_LAYERS).map(([lib, below]) => ({
    target: `./libs/${lib}`,
    from: './libs',
    except: [`./${lib}`, ...below.map((other) => `./${other}`)],
    message: `libs/${lib} may import ${below.length === 0 ? 'no other library' : below.map((other) => `libs/${other}`).join(', ')} (eslint.config.mjs LIBRARY_LAYERS).`,
  })),
  { target: './libs', from: './test', message: "A library's source imports no test helper." },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-bench/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'apps/console/public/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['./tsconfig.json', './apps/console/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...libraryZones] }],
      // The input gates match control characters on purpose: refusing them is their job.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
          caughtErrors: 'none',
        },
      ],
    },
  },
  {
    files: ['libs/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...libraryZones, ...layerZones] }],
    },
  },
  {
    // Tests, benchmarks and fuzzers read untyped JSON answers; typing each one would be noise.
    files: [...TEST_FILES, 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...libraryZones, ...appZones] }],
    },
  },
);
