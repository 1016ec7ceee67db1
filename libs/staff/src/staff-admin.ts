import type { Database } from '@felt/event-store';
import type { AuditActor, AuditEvent } from '@felt/regulator';
import { apiActor, type AuditLog } from './audit-log';
import { ENROLLMENT_PENDING, EnrollmentCodes, type EnrollmentCode } from './enrollment';
import { hashPassword } from './passwords';
import { isUserRole, USER_ROLES, type Role } from './roles';
import { USER_NAME, Users, type User } from './users';

/** Why a change to the staff was refused: a stable code and a sentence for the floor (the routes answer 4xx with them). */
export interface StaffRefusal {
  readonly refused: true;
  readonly kind: 'invalid' | 'not-found' | 'conflict' | 'forbidden';
  readonly code: string;
  readonly message: string;
}

export function staffRefusal(kind: StaffRefusal['kind'], code: string, message: string): StaffRefusal {
  return { refused: true, kind, code, message };
}

export function isStaffRefusal(value: unknown): value is StaffRefusal {
  return typeof value === 'object' && value !== null && (value as StaffRefusal).refused === true;
}

/** Who asks for the change: their user id (null for the CLI, which has no user) and the audit metadata. */
export interface StaffAdminActor {
  readonly userId: string | null;
  readonly audit: AuditActor;
}

export interface UserChange {
  readonly role?: string;
  readonly disabled?: boolean;
}

export const MIN_PASSWORD_LENGTH = 8;

/**
 * Adding users, changing their role, disabling them and resetting their passwords, for POST/PATCH /users and
 * `felt users`: each change and its audit event commit in one transaction, so the users table and the audit stream
 * never disagree (felt verify checks that they do not). A change that would leave no floor supervisor able to sign
 * in is refused, as is a floor supervisor disabling or demoting themselves (another one must).
 */
export class StaffAdmin {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {}

  /**
   * A new user. Without `password` (the API, and the CLI by default) the user has none yet: the answer holds a
   * one-time enrollment code the person sets their own password with, so the floor never knows it. `password` is for
   * the operator creating their own account on the command line.
   */
  async create(
    name: unknown,
    role: unknown,
    actor: StaffAdminActor,
    password?: string,
    also: readonly AuditEvent[] = [],
  ): Promise<{ user: User; enrollment: EnrollmentCode | null } | StaffRefusal> {
    if (typeof name !== 'string' || !USER_NAME.test(name))
      return staffRefusal('invalid', 'INVALID_USER_NAME', 'a user name is 1 to 64 letters, digits, ".", "_", "@" or "-"');
    if (!isUserRole(role)) return unknownRole(role);
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
      return staffRefusal('invalid', 'PASSWORD_TOO_SHORT', `a password has at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    const hash = password === undefined ? ENROLLMENT_PENDING : await hashPassword(password); // before the transaction: scrypt takes tens of milliseconds
    return this.db.transaction(async (tx) => {
      const user = await new Users(tx).addHashed(name, role, hash);
      if (user === 'name-taken') return staffRefusal('conflict', 'USER_NAME_TAKEN', `there is already a user "${name}"`);
      await this.audit.append([{ type: 'UserCreated', userId: user.id, name: user.name, role: user.role }, ...also], actor.audit, tx);
      return { user, enrollment: password === undefined ? await new EnrollmentCodes(tx).issue(user.id) : null };
    });
  }

  /**
   * Changes a user's role and/or disabled flag; the events say what changed (none when nothing did). `also`: audit
   * events that commit with the change (an approval's WideningApproved), in the same append; create's likewise.
   */
  async update(
    idOrName: string,
    change: UserChange,
    actor: StaffAdminActor,
    also: readonly AuditEvent[] = [],
  ): Promise<{ user: User; events: AuditEvent[] } | StaffRefusal> {
    if (change.role !== undefined && !isUserRole(change.role)) return unknownRole(change.role);
    return this.db.transaction(async (tx) => {
      const users = new Users(tx);
      const floorIds = await users.lockActiveFloorIds();
      const user = await users.byIdOrName(idOrName);
      if (!user) return notFound(idOrName);
      const role = (change.role as Role | undefined) ?? user.role;
      const disabled = change.disabled ?? user.disabled;
      const self = actor.userId === user.id;
      if (self && disabled && !user.disabled)
        return staffRefusal('forbidden', 'CANNOT_DISABLE_SELF', 'you cannot disable yourself: another floor supervisor must');
      if (self && role !== user.role)
        return staffRefusal('forbidden', 'CANNOT_CHANGE_OWN_ROLE', 'you cannot change your own role: another floor supervisor must');
      const staysFloor = role === 'floor' && !disabled;
      if (floorIds.includes(user.id) && !staysFloor && floorIds.length === 1) {
        return staffRefusal(
          'conflict',
          'LAST_FLOOR_USER',
          `"${user.name}" is the last floor supervisor who can sign in; make another one first`,
        );
      }
      const events: AuditEvent[] = [];
      if (role !== user.role) {
        await users.setRole(user.id, role);
        events.push({ type: 'UserRoleChanged', userId: user.id, name: user.name, from: user.role, to: role });
      }
      if (disabled !== user.disabled) {
        await users.setDisabledById(user.id, disabled);
        events.push({ type: disabled ? 'UserDisabled' : 'UserEnabled', userId: user.id, name: user.name });
      }
      await this.audit.append([...events, ...also], actor.audit, tx);
      return { user: { ...user, role, disabled }, events };
    });
  }

  /**
   * Resets a password: the old one stops at once, as do the user's tokens (their generation moves on), and the
   * answer holds a new enrollment code the person sets their own password with. `password` (the CLI only): set it.
   */
  async resetPassword(
    idOrName: string,
    actor: StaffAdminActor,
    password?: string,
  ): Promise<{ user: User; enrollment: EnrollmentCode | null } | StaffRefusal> {
    if (password !== undefined && password.length < MIN_PASSWORD_LENGTH) {
      return staffRefusal('invalid', 'PASSWORD_TOO_SHORT', `a password has at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    const hash = password === undefined ? ENROLLMENT_PENDING : await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const users = new Users(tx);
      const user = await users.byIdOrName(idOrName);
      if (!user) return notFound(idOrName);
      await users.setPasswordHash(user.id, hash);
      await this.audit.append({ type: 'PasswordReset', userId: user.id, name: user.name }, actor.audit, tx);
      return { user, enrollment: password === undefined ? await new EnrollmentCodes(tx).issue(user.id) : null };
    });
  }

  /**
   * The person sets their own password with the code the floor handed them: refused (null) for a wrong, used or
   * expired code or a disabled user, with nothing written. The reset that issued the code already ended their tokens.
   */
  async enroll(name: string, code: string, password: string, requestId?: string): Promise<User | null | StaffRefusal> {
    if (password.length < MIN_PASSWORD_LENGTH)
      return staffRefusal('invalid', 'PASSWORD_TOO_SHORT', `a password has at least ${MIN_PASSWORD_LENGTH} characters`);
    const hash = await hashPassword(password);
    return this.db.transaction(async (tx) => {
      const users = new Users(tx);
      const user = await users.byName(name);
      if (!user || user.disabled || !(await new EnrollmentCodes(tx).redeem(user.id, code))) return null;
      await users.setPasswordHash(user.id, hash, false);
      await this.audit.append(
        { type: 'EnrollmentCompleted', userId: user.id, name: user.name },
        apiActor({ sub: user.id, name: user.name, role: user.role }, requestId),
        tx,
      );
      return user;
    });
  }
}

function unknownRole(role: unknown): StaffRefusal {
  return staffRefusal('invalid', 'UNKNOWN_ROLE', `role must be one of ${USER_ROLES.join(', ')}, not ${JSON.stringify(role) ?? 'nothing'}`);
}

function notFound(idOrName: string): StaffRefusal {
  return staffRefusal('not-found', 'USER_NOT_FOUND', `there is no user "${idOrName}"`);
}
