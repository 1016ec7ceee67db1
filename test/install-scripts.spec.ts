import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Every dependency with an install script is decided in package.json's allowScripts (npm 11.16+ runs the allowed,
 * skips the denied), with the reason beside it under "//": a dependency change that brings a new install script fails
 * here until someone decides it, rather than running it unreviewed on everyone's `npm ci`.
 */
const root = join(__dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  allowScripts?: Record<string, boolean>;
  '//'?: { allowScripts?: Record<string, string> };
  scarfSettings?: { enabled?: boolean };
};
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { hasInstallScript?: boolean; version?: string }>;
};

/** The lockfile's packages that have install scripts, by name (`node_modules/a/node_modules/@b/c` → `@b/c`). */
function packagesWithInstallScripts(): string[] {
  const names = Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && entry.hasInstallScript === true)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
  return [...new Set(names)].sort();
}

/** An allowScripts key's package name (`esbuild`, `esbuild@0.28.2`, `@swc/core@1.2.3` → the name). */
function nameOf(key: string): string {
  const at = key.indexOf('@', 1);
  return at === -1 ? key : key.slice(0, at);
}

describe('install scripts', () => {
  const decided = Object.keys(pkg.allowScripts ?? {});

  it('of every dependency that has one are decided in allowScripts, and no entry is left over', () => {
    expect(packagesWithInstallScripts()).not.toEqual([]);
    expect([...new Set(decided.map(nameOf))].sort()).toEqual(packagesWithInstallScripts());
  });

  it('say why they are allowed or denied', () => {
    const reasons = pkg['//']?.allowScripts ?? {};
    expect(Object.keys(reasons).sort()).toEqual([...decided].sort());
    for (const key of decided) expect(reasons[key]).toMatch(pkg.allowScripts![key] ? /^allowed: / : /^denied: /);
  });

  it('leave the telemetry off, also for an npm that predates allowScripts', () => {
    expect(pkg.allowScripts?.['@scarf/scarf']).toBe(false);
    expect(pkg.scarfSettings).toEqual({ enabled: false });
  });
});
