import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { EventStore, openDatabase, PostgresDatabase, type Database, type RecordedEvent } from '@felt/event-store';
import { readJsonl, type JsonlRead } from '@felt/regulator';

/** Where replay, verify and export read the log: PostgreSQL, a PGlite folder, or a JSONL export. */
export interface SourceOptions {
  databaseUrl?: string;
  dataDir?: string;
  file?: string;
}

export type EventLog =
  /** `db` is for the application's own tables (the staff roster); the log is read through `store`. */
  | {
      readonly kind: 'store';
      readonly store: EventStore;
      readonly db: Database;
      readonly databaseUrl: string | null;
      close(): Promise<void>;
    }
  | { readonly kind: 'file'; readonly file: string; readonly read: JsonlRead; close(): Promise<void> };

export function addSourceOptions(command: Command): Command {
  return command
    .option('--database-url <url>', 'PostgreSQL to read (default: the DATABASE_URL environment variable)')
    .option('--data-dir <dir>', 'a PGlite data folder to read instead of PostgreSQL')
    .option('--file <export.jsonl>', 'a JSONL export (felt export --format jsonl) to read instead of a database');
}

/**
 * Opens the log. PostgreSQL is opened without running migrations (a regulator's role may only read); a PGlite
 * folder is the application's own embedded database and is opened as the application opens it.
 */
export async function openEventLog(options: SourceOptions, command: Command, name: string): Promise<EventLog> {
  if (options.file) {
    let text: string;
    try {
      text = readFileSync(options.file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return command.error(
        `felt ${name}: cannot read ${options.file}: ${code === 'ENOENT' ? 'there is no such file' : (error as Error).message}.`,
        { exitCode: 2, code: 'felt.file' },
      );
    }
    return { kind: 'file', file: options.file, read: readJsonl(text), close: async () => undefined };
  }
  const url = options.databaseUrl ?? (options.dataDir ? undefined : process.env.DATABASE_URL);
  if (!url && !options.dataDir)
    return command.error(
      `felt ${name}: say where the log is: --database-url URL (or DATABASE_URL), --data-dir DIR (PGlite) or --file EXPORT.jsonl.`,
      {
        exitCode: 2,
        code: 'felt.source',
      },
    );
  let db: Database | undefined;
  let store: EventStore;
  try {
    db = url ? new PostgresDatabase(url, { maxConnections: 3 }) : await openDatabase({ dataDir: options.dataDir });
    store = new EventStore(db);
    await store.readAll({ limit: 1 }); // the log is there and this role may read it
  } catch (error) {
    await db?.close().catch(() => undefined);
    return command.error(
      `felt ${name}: cannot read the event store at ${url ? redact(url) : options.dataDir}: ${(error as Error).message}.`,
      { exitCode: 2, code: 'felt.database' },
    );
  }
  const opened = db;
  return { kind: 'store', store, db: opened, databaseUrl: url ?? null, close: () => opened.close() };
}

/** A stream's events in version order (from a file: in file order, as written). */
export async function readStreamFrom(log: EventLog, streamId: string): Promise<RecordedEvent[]> {
  if (log.kind === 'file') return log.read.events.filter((e) => e.streamId === streamId);
  const out: RecordedEvent[] = [];
  for (;;) {
    const page = await log.store.readStream(streamId, { fromVersion: (out[out.length - 1]?.streamVersion ?? 0) + 1, limit: 10000 });
    out.push(...page);
    if (page.length < 10000) return out;
  }
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(the database URL)';
  }
}
