import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * `npm run lint` (ESLint with eslint.config.mjs, then Prettier's check) fails on each kind of violation it exists to
 * stop. The violations are planted in a small tree of the same shape in a temp folder, linted with the project's
 * own config and tools, so the real tree is never written to while other suites read it.
 */

const ROOT = join(__dirname, '..');
const bin = (pkg: string, file: string) => join(ROOT, 'node_modules', pkg, file);

const PLANTED: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      baseUrl: '.',
      strict: true,
      paths: { '@felt/formats': ['libs/formats/src/index.ts'], '@felt/engine': ['libs/engine/src/index.ts'] },
    },
    include: ['apps', 'libs'],
  }),
  'libs/engine/src/index.ts': 'export const ENGINE = 1;\n',
  'libs/formats/src/index.ts':
    "import { ENGINE } from '@felt/engine';\n\nexport const FORMATS = ENGINE + 1;\nexport { AGAIN } from './alias-circle';\n",
  'apps/api/src/main.ts': "import { FORMATS } from '@felt/formats';\n\nexport const API = FORMATS;\n",
  // An app importing a library: allowed.
  'apps/worker/src/main.ts': "import { FORMATS } from '@felt/formats';\n\nexport const WORKER = FORMATS;\n",
  // An app importing another app.
  'apps/cli/src/app-to-app.ts': "import { API } from '../../api/src/main';\n\nexport const CLI = API;\n",
  // The engine importing another library.
  'libs/engine/src/engine-to-lib.ts': "import { FORMATS } from '@felt/formats';\n\nexport const UP = FORMATS;\n",
  // A library importing an app.
  'libs/formats/src/lib-to-app.ts': "import { API } from '../../../apps/api/src/main';\n\nexport const UP = API;\n",
  // A circle of two files.
  'libs/formats/src/circle-a.ts': "import { b } from './circle-b';\n\nexport const a = (): number => b() + 1;\n",
  'libs/formats/src/circle-b.ts': "import { a } from './circle-a';\n\nexport const b = (): number => (a.length > 0 ? 1 : 0);\n",
  // A circle through the path alias: the library's index and a file it re-exports that imports the alias back.
  'libs/formats/src/alias-circle.ts': "import { FORMATS } from '@felt/formats';\n\nexport const AGAIN = FORMATS;\n",
  // A circle of types only: erased by the compiler, it orders no loading (allowed by `--runtime`).
  'libs/formats/src/type-circle-a.ts': "import type { B } from './type-circle-b';\n\nexport interface A {\n  readonly b?: B;\n}\n",
  'libs/formats/src/type-circle-b.ts': "import type { A } from './type-circle-a';\n\nexport interface B {\n  readonly a?: A;\n}\n",
  // An eslint-disable comment that disables nothing.
  'libs/formats/src/needless-disable.ts':
    '// eslint-disable-next-line @typescript-eslint/no-explicit-any\nexport const VALUE: number = 1;\n',
  // Well formed, then badly formatted, for Prettier.
  'libs/formats/src/formatted.ts': "export const list = ['a', 'b'];\n",
  'libs/formats/src/unformatted.ts': 'export const list = [ "a","b" ]\n',
};

interface LintMessage {
  readonly ruleId: string | null;
  readonly message: string;
}

let dir: string;
let findings: Map<string, readonly LintMessage[]>;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'felt-lint-planted-'));
  for (const [path, text] of Object.entries(PLANTED)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const eslint = spawnSync(
    process.execPath,
    [bin('eslint', 'bin/eslint.js'), '-c', join(ROOT, 'eslint.config.mjs'), '--format', 'json', 'apps', 'libs'],
    {
      cwd: dir,
      encoding: 'utf8',
    },
  );
  expect(eslint.stderr).toBe('');
  const results = JSON.parse(eslint.stdout) as { filePath: string; messages: LintMessage[] }[];
  findings = new Map(results.map((r) => [r.filePath.slice(dir.length + 1), r.messages]));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rulesOf = (path: string): (string | null)[] => (findings.get(path) ?? []).map((m) => m.ruleId);

describe('ESLint on planted violations', () => {
  it('refuses an app importing another app', () => {
    expect(rulesOf('apps/cli/src/app-to-app.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(findings.get('apps/cli/src/app-to-app.ts')![0].message).toContain('An app imports no other app');
  });

  it('refuses the engine importing another library, and a library importing an app', () => {
    expect(rulesOf('libs/engine/src/engine-to-lib.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(findings.get('libs/engine/src/engine-to-lib.ts')![0].message).toContain('libs/engine may import no other library');
    expect(rulesOf('libs/formats/src/lib-to-app.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('refuses an eslint-disable comment that disables nothing', () => {
    expect(findings.get('libs/formats/src/needless-disable.ts')!.map((m) => m.message)).toEqual([
      expect.stringContaining('Unused eslint-disable directive'),
    ]);
  });

  it('passes what the layers allow: apps and libraries importing the libraries below them', () => {
    for (const path of [
      'apps/api/src/main.ts',
      'apps/worker/src/main.ts',
      'libs/formats/src/index.ts',
      'libs/engine/src/index.ts',
      'libs/formats/src/type-circle-a.ts',
      'libs/formats/src/type-circle-b.ts',
    ]) {
      expect([path, rulesOf(path)]).toEqual([path, []]);
    }
  });
});

describe('the import-circle check on the planted tree', () => {
  const circles = (...args: string[]) =>
    spawnSync(process.execPath, [join(ROOT, 'test/import-circles.js'), ...args, dir], { cwd: dir, encoding: 'utf8' });

  it('refuses a circle of two files, naming both, through relative imports and path aliases alike', () => {
    const found = circles('--runtime');
    expect(found.status).toBe(1);
    const named = found.stderr.split('\n').filter((line) => line.startsWith('  '));
    expect(named.map((line) => line.trim()).sort()).toEqual([
      'libs/formats/src/alias-circle.ts',
      'libs/formats/src/circle-a.ts',
      'libs/formats/src/circle-b.ts',
      'libs/formats/src/index.ts',
    ]);
  });

  it('counts a circle of types only unless asked for runtime edges', () => {
    const all = circles();
    expect(all.stderr).toContain('libs/formats/src/type-circle-a.ts');
    expect(circles('--runtime').stderr).not.toContain('type-circle');
  });
});

describe('Prettier on a planted file', () => {
  const check = (path: string) =>
    spawnSync(process.execPath, [bin('prettier', 'bin/prettier.cjs'), '--config', join(ROOT, '.prettierrc.json'), '--check', path], {
      cwd: dir,
      encoding: 'utf8',
    });

  it('fails on a badly formatted file and passes a formatted one', () => {
    const bad = check('libs/formats/src/unformatted.ts');
    expect([bad.status, bad.stdout + bad.stderr]).toEqual([1, expect.stringContaining('unformatted.ts')]);
    expect(check('libs/formats/src/formatted.ts').status).toBe(0);
  });
});
