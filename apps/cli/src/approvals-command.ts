import type { Command } from 'commander';
import { isStaffRefusal, StaffApprovals, type PendingWidening } from '@felt/staff';
import { addChangeOptions, addDatabaseOptions, refuse, signedInActor, withUsers, type DatabaseOptions } from './staff-cli';

function pendingLine(p: PendingWidening): string {
  const who = p.requestedBy.name ?? p.requestedBy.id;
  return `${p.approvalId}  ${p.commandType.padEnd(13)} asked by ${who} at ${p.requestedAt.slice(0, 19)}, until ${p.expiresAt.slice(0, 19)}: ${p.widens}`;
}

/**
 * `felt users approvals [--json]`: the widening requests waiting; `felt users approve ID`: a second floor supervisor
 * (the one of --token, never the one who asked) approves a staff request (a new floor supervisor or regulator, or a
 * role changed to one), as POST /approvals/ID/approve does: the change and its WideningApproved in one transaction.
 * A table's widening needs the table's command path: approved through the API.
 */
export function registerApprovalCommands(users: Command, out: (text: string) => void): void {
  addDatabaseOptions(
    users.command('approvals').description('the widening requests waiting for a second floor supervisor').option('--json', 'as JSON'),
  ).action(async (options: DatabaseOptions & { json?: boolean }, command: Command) => {
    const pending = await withUsers(options, command, 'users approvals', (_u, staff) => staff.requests.pending());
    if (options.json) return out(`${JSON.stringify(pending, null, 2)}\n`);
    out(pending.length === 0 ? 'no widening request is waiting\n' : `${pending.map(pendingLine).join('\n')}\n`);
  });

  addChangeOptions(
    users
      .command('approve <approvalId>')
      .description(
        'approve a staff widening another floor supervisor asked for (as the floor supervisor of --token): the user is added or changed now',
      ),
  ).action(async (approvalId: string, options: DatabaseOptions, command: Command) => {
    const result = await withUsers(options, command, 'users approve', async (_u, staff) => {
      const actor = await signedInActor(options, staff, command, 'users approve', false);
      const pending = await staff.requests.decidable(approvalId, actor.userId!, true);
      if (isStaffRefusal(pending)) return pending;
      if (!StaffApprovals.isStaffRequest(pending))
        return command.error(
          `felt users approve: ${approvalId} is a widening at table ${pending.tableId}; approve it on the console or with POST /approvals/${approvalId}/approve.`,
          { exitCode: 2, code: 'felt.table-approval' },
        );
      return staff.approvals.apply(pending, actor);
    });
    if (isStaffRefusal(result)) return refuse(command, 'users approve', result);
    const { user, enrollment } = result;
    out(`approved: ${user.role} "${user.name}" (id ${user.id})\n`);
    if (enrollment)
      out(
        `enrollment code: ${enrollment.code}\n(shown once, until ${enrollment.expiresAt}: ${user.name} sets their own password with it, POST /auth/enroll or the console)\n`,
      );
  });
}
