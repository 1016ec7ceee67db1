import type { KeyObject } from 'node:crypto';
import type { Command } from 'commander';
import {
  cliActor,
  generatePassword,
  isStaffRefusal,
  isUserRole,
  MAX_TOKEN_LIFETIME_SECONDS,
  resolveTokenKey,
  signAccessToken,
  USER_NAME,
  USER_ROLES,
  type Role,
  type User,
  type WideningAsked,
} from '@felt/staff';
import { registerApprovalCommands } from './approvals-command';
import { addChangeOptions, addDatabaseOptions, location, refuse, signedInActor, withUsers, type DatabaseOptions } from './staff-cli';

interface TokenOptions extends DatabaseOptions {
  user?: string;
  expires: string;
}

const DEFAULT_TTL = '8h';

/** What to tell the floor supervisor whose request waits for another's approval. */
function askedLines(asked: WideningAsked): string {
  return `not done yet: ${asked.detail}\napproval ${asked.approvalId}: another floor supervisor approves it on the console's Staff screen, with POST /approvals/${asked.approvalId}/approve or felt users approve ${asked.approvalId} (until ${asked.expiresAt})\n`;
}

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
 * `felt users role NAME ROLE`, `felt users reset-password NAME [--password P]`, `felt users approvals|approve ID` (each change with its audit event,
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
        .description(
          disabled
            ? 'stop a user signing in; their tokens stop working at once'
            : 'let a disabled user sign in again (a floor supervisor or regulator: once another floor supervisor approves)',
        ),
    ).action(async (name: string, options: DatabaseOptions, command: Command) => {
      const result = await withUsers(options, command, `users ${verb}`, async (_u, staff) => {
        const actor = await signedInActor(options, staff, command, `users ${verb}`, false);
        // Enabling a floor supervisor or a regulator needs another floor supervisor's approval.
        return (
          (disabled ? null : await staff.approvals.askChange(name, { disabled }, actor)) ?? staff.admin.update(name, { disabled }, actor)
        );
      });
      if (isStaffRefusal(result)) {
        if (result.code === 'USER_NOT_FOUND')
          return command.error(`felt users ${verb}: there is no user "${name}".`, { exitCode: 2, code: 'felt.no-user' });
        return refuse(command, `users ${verb}`, result);
      }
      if ('approvalId' in result) return out(askedLines(result));
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

  registerApprovalCommands(users, out);

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
