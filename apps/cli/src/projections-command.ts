import type { Command } from 'commander';
import { Presets, SingleBar } from 'cli-progress';
import { EventStore, openDatabase, START, type Database } from '@felt/event-store';
import { READ_MODELS, readModelNamed, rebuildProjection, RebuildError, projectionStatus, type ProjectionStatus } from '@felt/read-models';
import { migrations } from '../../../migrations';

interface ProjectionsOptions {
  databaseUrl?: string;
  dataDir?: string;
  json?: boolean;
  batchSize?: string;
}

const NAMES = READ_MODELS.map((m) => m.name);

/**
 * `felt projections status` and `felt projections rebuild NAME|all`: the read models the worker keeps
 * (docs/projections.md). Both open the database as the application does (migrations included: a rebuild writes).
 * Exit codes: 0 done; 1 the rebuild failed (the live rows are untouched); 2 wrong usage or no database.
 */
export function registerProjectionsCommand(program: Command): void {
  const projections = program
    .command('projections')
    .description('the read models the worker keeps: where they are, and rebuilding them from the log');
  const withSource = (command: Command) =>
    command
      .option('--database-url <url>', 'PostgreSQL (default: the DATABASE_URL environment variable)')
      .option('--data-dir <dir>', 'a PGlite data folder instead of PostgreSQL (stop the worker and the API using it first)');
  withSource(
    projections
      .command('status')
      .description('each projection: its position, events behind the head of the log, rows, last update')
      .option('--json', 'print the status as JSON'),
  ).action((options: ProjectionsOptions, cmd: Command) => runStatus(options, cmd));
  withSource(
    projections
      .command('rebuild')
      .argument('<name>', `${NAMES.join(', ')} or all`)
      .description('rebuild a read model from the first event into fresh tables, then swap them in atomically')
      .option('--batch-size <n>', 'events per transaction', '20000'),
  ).action((name: string, options: ProjectionsOptions, cmd: Command) => runRebuild(name, options, cmd));
}

async function openStore(options: ProjectionsOptions, command: Command, what: string): Promise<{ store: EventStore; db: Database }> {
  const url = options.databaseUrl ?? (options.dataDir ? undefined : process.env.DATABASE_URL);
  if (!url && !options.dataDir)
    return command.error(
      `felt projections ${what}: say where the database is: --database-url URL (or DATABASE_URL), or --data-dir DIR (PGlite).`,
      { exitCode: 2, code: 'felt.source' },
    );
  let db: Database;
  try {
    db = await openDatabase(
      url ? { databaseUrl: url, migrations, postgres: { maxConnections: 2 } } : { dataDir: options.dataDir, migrations },
    );
  } catch (error) {
    return command.error(
      `felt projections ${what}: cannot open the database at ${url ? describe(url) : options.dataDir}: ${(error as Error).message}. ` +
        (url ? 'Check the URL and that PostgreSQL is running.' : 'Check the folder, and that no API or worker has it open.'),
      { exitCode: 2, code: 'felt.database' },
    );
  }
  return { store: new EventStore(db), db };
}

async function runStatus(options: ProjectionsOptions, command: Command): Promise<void> {
  const write = (text: string) => command.configureOutput().writeOut!(text);
  const { store, db } = await openStore(options, command, 'status');
  let status: ProjectionStatus[];
  try {
    status = await projectionStatus(store, db);
  } finally {
    await db.close();
  }
  if (options.json) return void write(`${JSON.stringify(status, null, 2)}\n`);
  const lines = [['projection', 'position', 'behind', 'rows', 'last update']];
  for (const s of status) {
    const rows = Object.entries(s.rows)
      .map(([table, n]) => `${n} ${table}`)
      .join(', ');
    lines.push([s.projection, s.position ? s.position.globalPosition : 'never run', String(s.behind), rows, s.updatedAt ?? '-']);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines)
    write(
      `${l
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join('  ')
        .trimEnd()}\n`,
    );
  const behind = status.filter((s) => s.behind > 0);
  if (behind.length > 0)
    write(`${behind.map((s) => s.projection).join(', ')} behind the log: is a worker running (npm run start:worker)?\n`);
}

async function runRebuild(name: string, options: ProjectionsOptions, command: Command): Promise<void> {
  const write = (text: string) => command.configureOutput().writeOut!(text);
  const models = name === 'all' ? READ_MODELS : [readModelNamed(name)].filter((m) => m !== undefined);
  if (models.length === 0)
    return command.error(`felt projections rebuild: there is no projection "${name}"; choose ${NAMES.join(', ')} or all.`, {
      exitCode: 2,
      code: 'felt.options',
    });
  const batchSize = Number(options.batchSize);
  if (!(Number.isSafeInteger(batchSize) && batchSize >= 1 && batchSize <= 100_000))
    return command.error(`felt projections rebuild: --batch-size must be a whole number from 1 to 100000, not "${options.batchSize}".`, {
      exitCode: 2,
      code: 'felt.options',
    });
  const { store, db } = await openStore(options, command, 'rebuild');
  try {
    const total = await store.countEventsAfter(START);
    for (const model of models) {
      const started = Date.now();
      const bar = process.stderr.isTTY
        ? new SingleBar(
            {
              stream: process.stderr,
              clearOnComplete: true,
              hideCursor: true,
              format: `${model.name} [{bar}] {percentage}% | {value}/{total} events | {eta}s`,
            },
            Presets.shades_classic,
          )
        : null;
      bar?.start(total, 0);
      let result;
      try {
        result = await rebuildProjection(store, model, { batchSize, onProgress: (events) => bar?.update(Math.min(events, total)) });
      } catch (error) {
        const reason =
          error instanceof RebuildError
            ? error.message
            : `${(error as Error).message}. The live rows are untouched; fix the cause (felt verify names broken events) and run the rebuild again.`;
        return command.error(`felt projections rebuild ${model.name}: ${reason}`, { exitCode: 1, code: 'felt.projections.rebuild' });
      } finally {
        bar?.stop();
      }
      const seconds = (Date.now() - started) / 1000;
      write(
        `${model.name}: rebuilt from ${result.events} events into ${result.rows} row writes and swapped in at position ${result.position.globalPosition} (${seconds.toFixed(1)}s)\n`,
      );
    }
  } finally {
    await db.close();
  }
}

/** Where the database is, without its password. */
function describe(url: string): string {
  try {
    const { hostname, port, pathname } = new URL(url);
    return `${hostname}${port ? `:${port}` : ''}${pathname}`;
  } catch {
    return 'the database URL (unreadable)';
  }
}
