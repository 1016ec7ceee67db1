import type { KeyObject } from 'node:crypto';
import type { Command } from 'commander';
import { EventStore, IN_MEMORY, openDatabase, type Database } from '@felt/event-store';
import {
  AuditLog,
  cliActor,
  isStaffRefusal,
  StaffAdmin,
  StaffApprovals,
  type StaffAdminActor,
  type StaffRefusal,
  putStaffOnRecord,
  MAX_TOKEN_LIFETIME_SECONDS,
  signAccessToken,
  verifyAccessToken,
  resolveTokenKey,
  generatePassword,
  isUserRole,
  USER_ROLES,
  type Role,
  USER_NAME,
  Users,
  type User,
  type WideningAsked,
} from '@felt/staff';
import { runningApiPid } from '@felt/settings';
import { migrations } from '../../../migrations';

/** Where the users live: the API's own database (DATABASE_URL, else the PGlite folder DATA_DIR or ./data). */
interface DatabaseOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** A floor supervisor's access token (else FELT_TOKEN): who the staff changes are made as. */
  token?: string;
}

interface TokenOptions extends DatabaseOptions {
  user?: string;
  expires: string;
}

const DEFAULT_TTL = '8h';

function addDatabaseOptions(command: Command): Command {
  return command
    .option('--database-url <url>', 'PostgreSQL (default: the DATABASE_URL environment variable)')
    .option('--data-dir <dir>', "the embedded API's PGlite folder (default: DATA_DIR, else ./data)");
}

/** The commands that change staff act as a signed-in floor supervisor (docs/security.md "Insiders", rows 3 and 9). */
function addChangeOptions(command: Command): Command {
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
async function signedInActor(
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
function location(options: DatabaseOptions): { databaseUrl: string | undefined; dataDir: string } {
  const databaseUrl = options.dataDir ? undefined : (options.databaseUrl ?? (process.env.DATABASE_URL || undefined));
  return { databaseUrl, dataDir: options.dataDir ?? (process.env.DATA_DIR || './data') };
}

/**
 * Opens the users' database with its migrations run (the users table may not exist yet). PGlite is one process's
 * database: while the embedded API runs on the folder, the CLI must not open it, and says so.
 */
async function openUsers(options: DatabaseOptions, command: Command, name: string): Promise<Staff> {
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
    const audit = new AuditLog(new EventStore(db));
    const [users, admin] = [new Users(db), new StaffAdmin(db, audit)];
    return { users, db, audit, admin, approvals: new StaffApprovals(users, admin, audit) };
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
interface Staff {
  readonly users: Users;
  readonly db: Database;
  readonly audit: AuditLog;
  readonly admin: StaffAdmin;
  /** A new floor supervisor or regulator, or a role changed to one, waits for a second floor supervisor. */
  readonly approvals: StaffApprovals;
}

/** What to tell the floor supervisor whose request waits for another's approval. */
function askedLines(asked: WideningAsked): string {
  return `not done yet: ${asked.detail}\napproval ${asked.approvalId}: another floor supervisor approves it on the console's Staff screen or with POST /approvals/${asked.approvalId}/approve (until ${asked.expiresAt})\n`;
}

async function withUsers<T>(
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
function refuse(command: Command, name: string, refusal: StaffRefusal): never {
  return command.error(`felt ${name}: ${refusal.message}.`, { exitCode: 2, code: `felt.${refusal.code.toLowerCase().replace(/_/g, '-')}` });
}

const CLI_ACTOR = { userId: null } as const;

/** "8h", "30m", "45s", "7d" or a number of seconds. */
export function parseDuration(text: string): number | null {
  const match = /^(\d{1,7})([smhd]?)$/.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return seconds > 0 ? seconds : null;
}

function userLine(u: User): string {
  return `${u.name.padEnd(20)} ${u.role.padEnd(10)} ${(u.disabled ? 'disabled' : 'active').padEnd(9)} ${u.createdAt.slice(0, 19)}  ${u.id}`;
}

/**
 * `felt users add NAME --role ROLE [--password P]`, `felt users list [--json]`, `felt users disable|enable NAME`,
 * `felt users role NAME ROLE`, `felt users reset-password NAME [--password P]` (each change with its audit event,
 * made as the signed-in floor supervisor of --token under the rules of POST/PATCH /users: a floor supervisor or a
 * regulator is asked for here and approved by another floor supervisor),
 * `felt token --user NAME [--expires 8h]`: for a user row only, a display's or a service's too (docs/api.md "Authentication and roles").
 * Exit codes: 0 done; 2 bad options, a name in use or unknown, or the database cannot be opened.
 */
export function registerUsersCommand(program: Command): void {
  const users = program.command('users').description('the users who may sign in to the API: add, list, disable, enable');
  const out = (text: string) => program.configureOutput().writeOut!(text);

  addChangeOptions(
    users
      .command('add <name>')
      .description(
        "add a user (as the floor supervisor of --token): an enrollment code is printed once; a floor supervisor or regulator waits for another floor supervisor's approval (its id is printed); the first user of an empty database gets a password instead (or --password)",
      )
      .requiredOption('--role <role>', USER_ROLES.join(', '))
      .option('--password <password>', 'the password (at least 8 characters)'),
  ).action(async (name: string, options: DatabaseOptions & { role: string; password?: string }, command: Command) => {
    if (!USER_NAME.test(name))
      return command.error(`felt users add: a name is 1 to 64 letters, digits, ".", "_", "@" or "-", not "${name}".`, { exitCode: 2 });
    if (!isUserRole(options.role))
      return command.error(`felt users add: --role must be one of ${USER_ROLES.join(', ')}, not "${options.role}".`, { exitCode: 2 });
    if (options.password !== undefined && options.password.length < 8)
      return command.error('felt users add: a password has at least 8 characters.', { exitCode: 2 });
    const result = await withUsers(options, command, 'users add', async (_u, staff) => {
      const actor = await signedInActor(options, staff, command, 'users add', true);
      // The first user has no one to enroll them: a password for the operator. Everyone after gets a code.
      const first = actor.userId === null;
      if (!first && options.password !== undefined)
        return command.error('felt users add: --password is for the first user only; others set their own with the enrollment code.', {
          exitCode: 2,
          code: 'felt.password-not-yours',
        });
      const asked = await staff.approvals.askCreate(name, options.role, actor);
      if (asked) return asked;
      const password = first ? (options.password ?? generatePassword()) : undefined;
      const created = await staff.admin.create(name, options.role as Role, actor, password);
      return isStaffRefusal(created) ? created : { ...created, password };
    });
    if (isStaffRefusal(result)) {
      if (result.code === 'USER_NAME_TAKEN')
        return command.error(`felt users add: there is already a user "${name}".`, { exitCode: 2, code: 'felt.name-taken' });
      return refuse(command, 'users add', result);
    }
    if ('approvalId' in result) return out(askedLines(result));
    const added = result.user;
    out(`added ${added.role} "${added.name}" (id ${added.id})\n`);
    if (result.enrollment)
      out(
        `enrollment code: ${result.enrollment.code}\n(shown once, until ${result.enrollment.expiresAt}: ${added.name} sets their own password with it, POST /auth/enroll or the console)\n`,
      );
    else if (options.password === undefined)
      out(
        `password: ${result.password}\n(shown once; sign in with POST /auth/login or get a token with felt token --user ${added.name})\n`,
      );
  });

  addDatabaseOptions(
    users.command('list').description('every user: name, role, active or disabled, created, id').option('--json', 'as JSON'),
  ).action(async (options: DatabaseOptions & { json?: boolean }, command: Command) => {
    const list = await withUsers(options, command, 'users list', (u) => u.list());
    if (options.json) return out(`${JSON.stringify(list, null, 2)}\n`);
    out(list.length === 0 ? 'no users yet: felt users add NAME --role floor\n' : `${list.map(userLine).join('\n')}\n`);
  });

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    addChangeOptions(
      users
        .command(`${verb} <name>`)
        .description(disabled ? 'stop a user signing in; their tokens stop working at once' : 'let a disabled user sign in again'),
    ).action(async (name: string, options: DatabaseOptions, command: Command) => {
      const result = await withUsers(options, command, `users ${verb}`, async (_u, staff) =>
        staff.admin.update(name, { disabled }, await signedInActor(options, staff, command, `users ${verb}`, false)),
      );
      if (isStaffRefusal(result)) {
        if (result.code === 'USER_NOT_FOUND')
          return command.error(`felt users ${verb}: there is no user "${name}".`, { exitCode: 2, code: 'felt.no-user' });
        return refuse(command, `users ${verb}`, result);
      }
      out(`${disabled ? 'disabled' : 'enabled'} "${name}"\n`);
    });
  }

  addChangeOptions(
    users
      .command('role <name> <role>')
      .description(
        `change a user's role (${USER_ROLES.join(', ')}); their tokens stop at once; to floor, regulator or count, once another floor supervisor approves (its id is printed)`,
      ),
  ).action(async (name: string, role: string, options: DatabaseOptions, command: Command) => {
    const result = await withUsers(options, command, 'users role', async (_u, staff) => {
      const actor = await signedInActor(options, staff, command, 'users role', false);
      return (await staff.approvals.askChange(name, { role }, actor)) ?? staff.admin.update(name, { role }, actor);
    });
    if (isStaffRefusal(result)) return refuse(command, 'users role', result);
    if ('approvalId' in result) return out(askedLines(result));
    out(result.events.length === 0 ? `"${name}" is already ${role}\n` : `"${name}" is now ${role}\n`);
  });

  addChangeOptions(
    users
      .command('reset-password <name>')
      .description(
        "reset a user's password (as the floor supervisor of --token): an enrollment code is printed once (--password P: your own only)",
      )
      .option('--password <password>', 'your own new password (at least 8 characters)'),
  ).action(async (name: string, options: DatabaseOptions & { password?: string }, command: Command) => {
    const result = await withUsers(options, command, 'users reset-password', async (_u, staff) => {
      const actor = await signedInActor(options, staff, command, 'users reset-password', false);
      const target = await staff.users.byName(name);
      // A floor supervisor may set their own password here, never another's: others get a code.
      if (options.password !== undefined && target?.id !== actor.userId)
        return command.error(
          "felt users reset-password: --password sets your own password only; another's reset gives an enrollment code.",
          { exitCode: 2, code: 'felt.password-not-yours' },
        );
      return staff.admin.resetPassword(name, actor, options.password);
    });
    if (isStaffRefusal(result)) return refuse(command, 'users reset-password', result);
    out(
      options.password === undefined
        ? `enrollment code for "${result.user.name}": ${result.enrollment!.code}\n(shown once, until ${result.enrollment!.expiresAt}: ${result.user.name} sets their own password with it)\n`
        : `new password for "${result.user.name}" set\n`,
    );
  });

  addDatabaseOptions(
    program
      .command('token')
      .description(
        'print an access token for a user (signed with FELT_TOKEN_PRIVATE_KEY, else <data dir>/token.key, made if missing); a display or a service is a user too: felt users add NAME --role service',
      )
      .option('--user <name>', 'a user in the database')
      .option('--expires <duration>', 'lifetime: 8h, 30m, 7d or seconds', DEFAULT_TTL),
  ).action(async (options: TokenOptions, command: Command) => {
    const ttl = parseDuration(options.expires);
    if (ttl === null)
      return command.error(`felt token: --expires is like 8h, 30m, 7d or a number of seconds, not "${options.expires}".`, { exitCode: 2 });
    if (ttl > MAX_TOKEN_LIFETIME_SECONDS)
      return command.error(
        `felt token: --expires is at most ${MAX_TOKEN_LIFETIME_SECONDS / 86400}d (the API refuses longer-lived tokens).`,
        { exitCode: 2 },
      );
    if (options.user === undefined)
      return command.error(
        'felt token: give --user NAME; a token is for a user (a display or a service too: felt users add NAME --role service).',
        { exitCode: 2 },
      );
    const name = options.user;
    let secret: KeyObject;
    try {
      secret = resolveTokenKey({ ...location(options), tokenPrivateKey: process.env.FELT_TOKEN_PRIVATE_KEY || undefined }).privateKey;
    } catch (error) {
      return command.error(`felt token: ${(error as Error).message}`, { exitCode: 2, code: 'felt.secret' });
    }
    const user = await withUsers(options, command, 'token', async (u, staff) => {
      const row = await u.byNameWithHash(name);
      const found = row ? { ...row.user, generation: row.tokenGeneration } : null;
      // A token for a user is a sign-in made on the operator's machine: on record like one.
      if (found && !found.disabled) {
        await staff.audit.append(
          { type: 'TokenIssued', userId: found.id, name: found.name, role: found.role, expiresInSeconds: ttl },
          cliActor(),
        );
      }
      return found;
    });
    if (!user)
      return command.error(`felt token: there is no user "${options.user}" (felt users list).`, { exitCode: 2, code: 'felt.no-user' });
    if (user.disabled) return command.error(`felt token: user "${user.name}" is disabled.`, { exitCode: 2, code: 'felt.disabled' });
    out(`${signAccessToken(secret, { sub: user.id, name: user.name, role: user.role, generation: user.generation }, ttl)}\n`);
  });
}
