import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { IN_MEMORY } from '@felt/event-store';

export const JWT_SECRET_FILE = 'jwt-secret';

export interface SecretSettings {
  readonly jwtSecret: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}

/** Where the secret came from, for the start-up log. */
export interface ResolvedSecret {
  readonly secret: string;
  readonly source: 'JWT_SECRET' | 'file' | 'created' | 'ephemeral';
  readonly file?: string;
}

/**
 * The HS256 secret: JWT_SECRET; else `<DATA_DIR>/jwt-secret`. The embedded default (no DATABASE_URL) creates that
 * file (mode 0600) on its first start, so `npm start` needs nothing set. With a DATABASE_URL the file is read if it
 * exists but never created: several API processes share one database, and each making up its own secret would
 * refuse the others' tokens; so the start fails and asks for JWT_SECRET. An in-memory PGlite gets a secret that
 * lives as long as the process. `felt token` follows the same rules, so it may make the file before the first start.
 */
export function resolveJwtSecret(settings: SecretSettings): ResolvedSecret {
  if (settings.jwtSecret !== undefined) {
    if (settings.jwtSecret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters (e.g. `openssl rand -base64 48`)');
    return { secret: settings.jwtSecret, source: 'JWT_SECRET' };
  }
  if (!settings.databaseUrl && settings.dataDir === IN_MEMORY) return { secret: randomBytes(48).toString('base64url'), source: 'ephemeral' };
  const file = join(settings.dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) throw new Error(`${file} holds no usable secret (at least 32 characters); delete it to have a new one made`);
    return { secret, source: 'file', file };
  }
  if (settings.databaseUrl) {
    throw new Error(
      `JWT_SECRET is not set: with DATABASE_URL every API process must sign tokens with the same secret. Set JWT_SECRET (32+ characters, e.g. \`openssl rand -base64 48\`) or put it in ${file}.`,
    );
  }
  mkdirSync(settings.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return { secret, source: 'created', file };
}
