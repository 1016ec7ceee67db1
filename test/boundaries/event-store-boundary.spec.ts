import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The event store's tables are its own: every statement on them lives in libs/event-store, and everything else
 * reaches them through EventStore's methods (docs/architecture.md, "Boundaries"). Tests and test support may tamper
 * with the log on purpose, so only the shipped sources are held to it.
 */
const ROOT = join(__dirname, '..', '..');
const SCANNED = ['apps', 'libs', 'bin'];
const OWNER = join('libs', 'event-store');
const STORE_TABLES = ['events', 'streams', 'commands', 'checkpoints', 'snapshots', 'migrations'];
// A table named in the clause of a statement that reads or writes it: FROM events, JOIN commands, INTO streams, ...
const STATEMENT_ON_TABLE = new RegExp(`\\b(FROM|JOIN|INTO|UPDATE|TABLE|TRUNCATE)\\s+(${STORE_TABLES.join('|')})\\b`);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'test-support' || entry.name === 'test' ? [] : sources(path);
    return /\.(ts|js)$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('the event store boundary', () => {
  const files = SCANNED.flatMap((dir) => sources(join(ROOT, dir))).filter((file) => !relative(ROOT, file).startsWith(OWNER));

  it('scans the shipped sources of the apps and the other libraries', () => {
    expect(files.some((f) => relative(ROOT, f) === join('apps', 'api', 'src', 'live', 'log-tail.ts'))).toBe(true);
    expect(files.length).toBeGreaterThan(100);
  });

  it('leaves every statement on the store tables to libs/event-store', () => {
    const offending = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line, at: `${relative(ROOT, file)}:${i + 1}` }))
        .filter(({ line }) => STATEMENT_ON_TABLE.test(line) && !/^\s*(\/\/|\*)/.test(line))
        .map(({ at, line }) => `${at}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });

  it('catches such a statement (the pattern is not blind)', () => {
    for (const sql of [
      'SELECT 1 FROM events LIMIT 1',
      'DELETE FROM checkpoints WHERE name = $1',
      'LEFT JOIN commands c ON',
      'INSERT INTO streams',
    ]) {
      expect(STATEMENT_ON_TABLE.test(sql)).toBe(true);
    }
    expect(STATEMENT_ON_TABLE.test('SELECT count(*) FROM lobby_tables')).toBe(false);
  });
});
