import type { Command } from 'commander';
import { EventStore, IN_MEMORY, openDatabase, type Database } from '@felt/event-store';
import {
  AuditLog,
  cliActor,
  putStaffOnRecord,
  resolveTokenKey,
  StaffAdmin,
  StaffApprovals,
  Users,
  verifyAccessToken,
  WideningRequests,
  type StaffAdminActor,
  type StaffRefusal,
} from '@felt/staff';
import { runningApiPid } from '@felt/settings';
import { migrations } from '../../../migrations';

// What every `felt users` command shares: where the users live, who makes the change, how a refusal is told.

/** Where the users live: the API's own database (DATABASE_URL, else the PGlite folder DATA_DIR or ./data). */
export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A floor supervisor's access token (else FELT_TOKEN): who the staff changes are made as. */
  token?: string;
}

export function addDatabaseOptions(command: Command): Command {
  return command
    .option('--database-url <url>', 'PostgreSQL (default: the DATABASE_URL environment variable)')
    .option('--data-dir <dir>', "the embedded API's PGlite folder (default: DATA_DIR, else ./data)");
}

/** The commands that change staff act as a signed-in floor supervisor (docs/security.md "Insiders", rows 3 and 9). */
export function addChangeOptions(command: Command): Command {
  return addDatabaseOptions(command).option(
    '--token <jwt>',
    "a floor supervisor's access token (POST /auth/login's accessToken; default: FELT_TOKEN): the change is theirs",
  );
}

/**
 * Who makes a staff change from the command line: the floor supervisor whose token is given (its signature checked
 * with the API's key, their row read: not disabled, still floor, the token's generation current), never whatever
 * `$USER` says. The one exception is the first user of an empty database, which no one could sign in to approve.
 */
export async function signedInActor(
  options: DatabaseOptions,
  staff: Staff,
  command: Command,
  name: string,
  firstUserAllowed: boolean,
): Promise<StaffAdminActor> {
  const token = options.token ?? (process.env.FELT_TOKEN || undefined);
  if (token === undefined) {
    if (firstUserAllowed && (await staff.users.count()) === 0) return { ...CLI_ACTOR, audit: cliActor() };
    return command.error(
      `felt ${name}: a staff change is made as a signed-in floor supervisor: give --token (or FELT_TOKEN), the accessToken of POST /auth/login.`,
      { exitCode: 2, code: 'felt.sign-in-required' },
    );
  }
  let verified: ReturnType<typeof verifyAccessToken>;
  try {
    verified = verifyAccessToken(
      { staff: resolveTokenKey({ ...location(options), tokenPrivateKey: process.env.FELT_TOKEN_PRIVATE_KEY || undefined }).publicKey },
      token,
    );
  } catch (error) {
    return command.error(`felt ${name}: ${(error as Error).message}`, { exitCode: 2, code: 'felt.secret' });
  }
  if (!verified.ok)
    return command.error(`felt ${name}: the token is not valid (${verified.reason}); sign in again.`, {
      exitCode: 2,
      code: 'felt.invalid-token',
    });
  const found = await staff.users.byIdWithGeneration(verified.principal.sub);
  const user = found?.user;
  if (!found || !user || user.disabled || user.role !== 'floor' || found.tokenGeneration !== (verified.principal.generation ?? 0)) {
    return command.error(
      `felt ${name}: the token is not a floor supervisor's who may sign in now (unknown, disabled, another role, or revoked); sign in again.`,
      { exitCode: 2, code: 'felt.not-floor' },
    );
  }
  return { userId: user.id, audit: { actorId: user.id, actorRole: user.role, actorName: user.name, device: null, via: 'cli' } };
}

/** The options as the API reads its environment: an explicit --data-dir wins over DATABASE_URL. */
export function location(options: DatabaseOptions): { databaseUrl: string | undefined; dataDir: string } {
  const databaseUrl = options.dataDir ? undefined : (options.databaseUrl ?? (process.env.DATABASE_URL || undefined));
  return { databaseUrl, dataDir: options.dataDir ?? (process.env.DATA_DIR || './data') };
}

/**
 * Opens the users' database with its migrations run (the users table may not exist yet). PGlite is one process's
 * database: while the embedded API runs on the folder, the CLI must not open it, and says so.
 */
export async function openUsers(options: DatabaseOptions, command: Command, name: string): Promise<Staff> {
  const { databaseUrl, dataDir } = location(options);
  if (!databaseUrl) {
    const pid = dataDir === IN_MEMORY ? null : runningApiPid(dataDir);
    if (pid !== null) {
      return command.error(
        `felt ${name}: the API (pid ${pid}) has the embedded database in ${dataDir} open, and PGlite allows one process at a time. ` +
          'Stop the API (Ctrl-C), run this again, then start it; or sign in through the running API: POST /auth/login.',
        { exitCode: 2, code: 'felt.database-busy' },
      );
    }
  }
  try {
    const db = await openDatabase({ databaseUrl, dataDir, migrations });
    const store = new EventStore(db);
    const audit = new AuditLog(store);
    const [users, admin] = [new Users(db), new StaffAdmin(db, audit)];
    return { users, db, audit, admin, approvals: new StaffApprovals(users, admin, audit), requests: new WideningRequests(store) };
  } catch (error) {
    return command.error(
      `felt ${name}: cannot open the database (${databaseUrl ? 'DATABASE_URL' : dataDir}): ${(error as Error).message}.`,
      {
        exitCode: 2,
        code: 'felt.database',
      },
    );
  }
}

/** The users' database, and the admin that changes staff with their audit events (as the API's routes do). */
export interface Staff {
  readonly users: Users;
  readonly db: Database;
  readonly audit: AuditLog;
  readonly admin: StaffAdmin;
  /** A new floor supervisor or regulator, or a role changed to one, waits for a second floor supervisor. */
  readonly approvals: StaffApprovals;
  /** The widening requests waiting in the audit stream. */
  readonly requests: WideningRequests;
}

export async function withUsers<T>(
  options: DatabaseOptions,
  command: Command,
  name: string,
  fn: (users: Users, staff: Staff) => Promise<T>,
): Promise<T> {
  const staff = await openUsers(options, command, name);
  try {
    // The staff that predate the audit stream go on record before the first change the CLI makes (once).
    await putStaffOnRecord(staff.db, new EventStore(staff.db), staff.audit, cliActor());
    return await fn(staff.users, staff);
  } finally {
    await staff.db.close();
  }
}

/** A refusal of the staff rules as the CLI's error (exit 2, the code in lower case). */
export function refuse(command: Command, name: string, refusal: StaffRefusal): never {
  return command.error(`felt ${name}: ${refusal.message}.`, { exitCode: 2, code: `felt.${refusal.code.toLowerCase().replace(/_/g, '-')}` });
}

export const CLI_ACTOR = { userId: null } as const;
