import { resolve } from 'node:path';
import { IN_MEMORY } from '@felt/event-store';

/**
 * What the start-up log says about where events live and what survives what. PGlite never fsyncs, so its promise
 * is weaker than PostgreSQL's: the operator must read that at every start, not discover it after a power cut.
 */
export function describeDataLocation(options: { databaseUrl?: string; dataDir: string }): { message: string; warning?: string } {
  if (options.databaseUrl) return { message: `events are stored in PostgreSQL at ${redactUrl(options.databaseUrl)}` };
  if (options.dataDir === IN_MEMORY) {
    return {
      message: 'events are stored in an in-memory PGlite database',
      warning: 'in-memory PGlite: every event is lost when the process stops (tests only)',
    };
  }
  return {
    message: `events are stored in the embedded PGlite database in ${resolve(options.dataDir)} (no DATABASE_URL set)`,
    warning:
      'PGlite does not fsync: acknowledged events survive a killed process, but not an OS crash or a power loss. ' +
      'Casinos must run on PostgreSQL: set DATABASE_URL.',
  };
}

/** The URL without its password, for logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}
