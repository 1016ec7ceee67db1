import { randomUUID } from 'node:crypto';
import type { AuditActor } from '@felt/regulator';
import type { AuditLog } from './audit-log';
import type { EnrollmentCode } from './enrollment';
import type { Role } from './roles';
import { isStaffRefusal, type StaffAdmin, type StaffAdminActor, type StaffRefusal, type UserChange } from './staff-admin';
import { USER_NAME, type User, type Users } from './users';
import { APPROVAL_TTL_MS, wideningApproved, type PendingWidening } from './widening-requests';

/** The 202 answer to a widening asked for by one floor supervisor. */
export interface WideningAsked {
  readonly code: 'APPROVAL_REQUIRED';
  readonly detail: string;
  readonly approvalId: string;
  /** Empty for a staff request. */
  readonly tableId: string;
  readonly widens: string;
  readonly expiresAt: string;
}

/**
 * Records a widening request (WideningRequested in the audit stream, the actor who asked); nothing is applied.
 * `command`: what an approval applies (a table command, a dealer assignment, a staff change). For the API's
 * approvals (apps/api/src/tables/widening-approvals.ts) and the CLI's staff changes.
 */
export async function requestWidening(
  audit: AuditLog,
  tableId: string,
  command: Record<string, unknown> & { type: string },
  widens: string,
  actor: AuditActor,
  now = new Date(),
): Promise<WideningAsked> {
  const approvalId = randomUUID();
  const expiresAt = new Date(now.getTime() + APPROVAL_TTL_MS).toISOString();
  await audit.append({ type: 'WideningRequested', approvalId, tableId, commandType: command.type, widens, expiresAt, command }, actor);
  return {
    code: 'APPROVAL_REQUIRED',
    detail: `Another floor supervisor must approve this within the hour: ${widens}. Nothing is changed until then.`,
    approvalId,
    tableId,
    widens,
    expiresAt,
  };
}

/** The approval's command for a new floor supervisor or regulator (WideningRequested.command). */
export const CREATE_USER = 'CreateUser';
/** The approval's command for a user's role changed to floor, regulator or count. */
export const CHANGE_USER = 'ChangeUser';

/**
 * What giving `role` to `name` widens of who sees cards or signs for money, or null: a floor supervisor sees every
 * table's hole cards and changes who else does; a regulator reads every hole card; a count team member is the second
 * person of a money move (a floor supervisor alone making one, whose enrollment code comes back to them, would sign
 * their own payouts). Two floor supervisors for each (docs/security.md "Insiders", row 3); a dealer or a service
 * account is one person's decision.
 */
export function roleWidens(name: string, role: Role | string, again = false): string | null {
  const as = again ? 'signs in again as' : 'becomes';
  if (role === 'floor') return `"${name}" ${as} a floor supervisor, who sees every table's hole cards and decides who else does`;
  if (role === 'regulator') return `"${name}" ${as} a regulator, who reads every hole card`;
  if (role === 'count')
    return `"${name}" ${again ? 'signs in again as a count team member' : 'joins the count team'}, who signs for money moves another person asked for`;
  return null;
}

/** A request as the audit stream holds it: what it asked for. */
export type StaffRequest = Pick<PendingWidening, 'commandType' | 'command'>;

/** What an approved staff request did: the new user and their enrollment code, or the change. */
export type StaffApplied = { readonly user: User; readonly enrollment?: EnrollmentCode | null; readonly changes?: readonly string[] };

/**
 * Two floor supervisors to make someone a floor supervisor or a regulator, for POST/PATCH /users and `felt users`:
 * the request is recorded (WideningRequested, with no table) and nothing is written until another floor supervisor
 * approves it (POST /approvals/:id/approve or `felt users approve`, which applies it through StaffAdmin as the approver
 * with WideningApproved in the same append: neither is written without the other). The first user of an empty database (no signed-in actor) is the exception: nobody to ask.
 */
export class StaffApprovals {
  constructor(
    private readonly users: Users,
    private readonly admin: StaffAdmin,
    private readonly audit: AuditLog,
  ) {}

  /**
   * The 202 answer when adding `name` as `role` needs a second floor supervisor, or null (do it now); a refusal the
   * change would get anyway (a bad name, a name taken) comes first, with nothing recorded.
   */
  async askCreate(name: unknown, role: unknown, actor: StaffAdminActor): Promise<WideningAsked | StaffRefusal | null> {
    if (actor.userId === null || typeof name !== 'string' || !USER_NAME.test(name) || typeof role !== 'string') return null; // StaffAdmin answers bad input
    const widens = roleWidens(name, role);
    if (widens === null) return null;
    if (await this.users.byName(name))
      return { refused: true, kind: 'conflict', code: 'USER_NAME_TAKEN', message: `there is already a user "${name}"` };
    return requestWidening(this.audit, '', { type: CREATE_USER, name, role }, widens, actor.audit);
  }

  /**
   * The 202 answer when `change` makes an existing user a floor supervisor or a regulator, or lets a disabled one sign
   * in again (enabling gives back what the role sees), or null (do it now).
   */
  async askChange(idOrName: string, change: UserChange, actor: StaffAdminActor): Promise<WideningAsked | null> {
    if (actor.userId === null || (change.role === undefined && change.disabled !== false)) return null;
    const user = await this.users.byIdOrName(idOrName);
    // No such user, or oneself: StaffAdmin gives the answer (404, 403).
    if (!user || user.id === actor.userId) return null;
    const newRole = change.role !== undefined && change.role !== user.role ? roleWidens(user.name, change.role) : null;
    const enabled = change.disabled === false && user.disabled ? roleWidens(user.name, change.role ?? user.role, true) : null;
    const widens = newRole ?? enabled;
    if (widens === null) return null;
    return requestWidening(
      this.audit,
      '',
      { type: CHANGE_USER, userId: user.id, name: user.name, change: { ...change } },
      widens,
      actor.audit,
    );
  }

  /** Whether a request is a staff request (else a table's). */
  static isStaffRequest(pending: StaffRequest): boolean {
    return pending.commandType === CREATE_USER || pending.commandType === CHANGE_USER;
  }

  /**
   * Applies an approved staff request as `approver` (the change's audit event names them; WideningRequested the
   * asker), WideningApproved recorded in the change's own append and transaction.
   */
  async apply(pending: PendingWidening, approver: StaffAdminActor): Promise<StaffApplied | StaffRefusal> {
    const command = pending.command as { name: string; role?: string; userId?: string; change?: UserChange };
    const approved = [wideningApproved(pending, 0)];
    if (pending.commandType === CREATE_USER) return this.admin.create(command.name, command.role, approver, undefined, approved);
    const changed = await this.admin.update(command.userId!, command.change ?? {}, approver, approved);
    return isStaffRefusal(changed) ? changed : { user: changed.user, changes: changed.events.map((e) => e.type) };
  }
}
