import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_MEMORY } from '@felt/event-store';
import { resolveJwtSecret } from './jwt-secret';

describe('resolveJwtSecret', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'felt-secret-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const LONG = 'x'.repeat(32);

  it('takes JWT_SECRET first, and refuses a short one', () => {
    expect(resolveJwtSecret({ jwtSecret: LONG, databaseUrl: 'postgres://h/db', dataDir: dir })).toEqual({ secret: LONG, source: 'JWT_SECRET' });
    expect(() => resolveJwtSecret({ jwtSecret: 'short', databaseUrl: undefined, dataDir: dir })).toThrow('at least 32 characters');
  });

  it('embedded: creates <dataDir>/jwt-secret once (mode 0600) and reads it after', () => {
    const created = resolveJwtSecret({ jwtSecret: undefined, databaseUrl: undefined, dataDir: join(dir, 'data') });
    expect(created.source).toBe('created');
    expect(statSync(created.file!).mode & 0o777).toBe(0o600);
    expect(created.secret.length).toBeGreaterThanOrEqual(32);
    const again = resolveJwtSecret({ jwtSecret: undefined, databaseUrl: undefined, dataDir: join(dir, 'data') });
    expect(again).toEqual({ secret: created.secret, source: 'file', file: created.file });
    expect(readFileSync(created.file!, 'utf8').trim()).toBe(created.secret);
  });

  it('with DATABASE_URL: reads an existing file but never creates one', () => {
    expect(() => resolveJwtSecret({ jwtSecret: undefined, databaseUrl: 'postgres://h/db', dataDir: dir })).toThrow(/JWT_SECRET is not set/);
    writeFileSync(join(dir, 'jwt-secret'), `${LONG}\n`);
    expect(resolveJwtSecret({ jwtSecret: undefined, databaseUrl: 'postgres://h/db', dataDir: dir }).secret).toBe(LONG);
  });

  it('refuses a file without a usable secret', () => {
    writeFileSync(join(dir, 'jwt-secret'), 'tiny\n');
    expect(() => resolveJwtSecret({ jwtSecret: undefined, databaseUrl: undefined, dataDir: dir })).toThrow(/no usable secret/);
  });

  it('in-memory PGlite: a secret for this process only', () => {
    const a = resolveJwtSecret({ jwtSecret: undefined, databaseUrl: undefined, dataDir: IN_MEMORY });
    expect(a.source).toBe('ephemeral');
    expect(resolveJwtSecret({ jwtSecret: undefined, databaseUrl: undefined, dataDir: IN_MEMORY }).secret).not.toBe(a.secret);
  });
});
