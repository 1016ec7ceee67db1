import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * docker-compose.yml gives each service only its own secrets (docs/security.md "Insiders", row 6): the worker's
 * services mount the timer's key and nothing else, never the API's token signing key, the seal key or the old shared
 * JWT secret; the API's services never mount the timer's private key.
 */
const compose = readFileSync(join(__dirname, '..', 'docker-compose.yml'), 'utf8');

/** The lines of a top-level entry (`name:` at two spaces, or an `x-` anchor at none) up to the next one. */
function block(name: string): string {
  const lines = compose.split('\n');
  const start = lines.findIndex((l) => l === `  ${name}:` || l.startsWith(`${name}:`));
  if (start < 0) throw new Error(`no ${name} in docker-compose.yml`);
  const topLevel = !lines[start]!.startsWith(' ');
  const end = lines.findIndex((l, i) => i > start && (/^[a-z][\w-]*:/.test(l) || (!topLevel && /^ {2}[a-z][\w-]*:/.test(l))));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

describe('docker-compose.yml: each service only its own secrets', () => {
  it.each(['worker', 'ha-worker', 'x-felt-worker'])('%s: no staff signing key, no seal key, no shared JWT secret', (name) => {
    const text = block(name);
    for (const secret of ['JWT_SECRET', 'FELT_SEAL_KEY', 'FELT_TOKEN_PRIVATE_KEY', 'felt-secrets', 'seal-key', 'token.key', 'jwt-secret'])
      expect(text).not.toContain(secret);
  });

  it('the workers take the shape of x-felt-worker (its volume is the timer key only)', () => {
    expect(block('worker')).toContain('<<: *felt-worker');
    expect(block('ha-worker')).toContain('<<: *felt-worker');
    expect(block('x-felt-worker')).toContain('felt-timer-secret:/var/lib/felt-timer:ro');
  });

  it.each(['api', 'ha-api', 'x-felt'])('%s: never the timer’s private key', (name) => {
    const text = block(name);
    expect(text).not.toContain('felt-timer-secret');
    expect(text).not.toContain('FELT_TIMER_PRIVATE_KEY');
  });
});
