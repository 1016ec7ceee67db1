/**
 * Who may do what (docs/api.md "Authentication and roles"):
 * - dealer: table commands on the tables a floor supervisor assigned to them; sees that table's hole cards.
 * - floor: the floor supervisor: everything a dealer does on every table, plus the floor-only commands, dealer
 *   assignments and the regulator routes.
 * - regulator: reads only (tables, events, recall, export), hole cards included.
 * - service: reads only, for consumers (displays, the worker); never hole cards.
 * - count: a member of the count team: enters the end-of-shift count of each table's drop box and confirms (or
 *   declines) a money move another person asked for, on the house's book (docs/money.md "Two people"); reads the book
 *   and nothing else (no table, no card, no player).
 * - timer: the worker's timer service (apps/worker/src/timer), never a user: sends the expiries that are due
 *   (TIMER_COMMANDS, the room's NoShow) and nothing else; reads nothing.
 */
export const ROLES = ['dealer', 'floor', 'regulator', 'service', 'count', 'timer'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The roles a user row may have (the timer is a service principal, with no user behind it). */
export const USER_ROLES: readonly Role[] = ['dealer', 'floor', 'regulator', 'service', 'count'];
export function isUserRole(value: unknown): value is Role {
  return typeof value === 'string' && (USER_ROLES as readonly string[]).includes(value);
}

/** Every role that may read tables and their events. */
export const READ_ROLES: readonly Role[] = ['dealer', 'floor', 'regulator', 'service'];
/** The roles that may send table commands (a dealer only to the tables assigned to them, the timer only CLOCK_EXPIRY_COMMANDS). */
export const COMMAND_ROLES: readonly Role[] = ['dealer', 'floor', 'timer'];
/** The room command the timer service sends when a call to a seat runs out (room controller); its table ones are CLOCK_EXPIRY_COMMANDS. */
export const TIMER_ROOM_COMMANDS: ReadonlySet<string> = new Set(['NoShow']);

/**
 * Commands only a floor supervisor may send: opening and closing a table, new rules between hands, a chop of the
 * blinds (the floor approves it), voiding a hand, correcting a mis-keyed action. A dealer runs the game; these
 * change its terms or undo it.
 */
export const FLOOR_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  'OpenTable',
  'CloseTable',
  'ChangeRules',
  'ChopBlinds',
  'CallBombPot',
  'VoidHand',
  'CorrectAction',
  'PauseClock',
  'ResumeClock',
]);

/**
 * The shot clock's expiry: sent by the timer service when a deadline passes, or by the floor; never by a dealer (a
 * dealer does not decide that a player's time ran out). The timer service's principal (role `timer`) may send these
 * and nothing else (TableAccess.checkCommand, docs/security.md).
 */
export const CLOCK_EXPIRY_COMMANDS: ReadonlySet<string> = new Set(['ClockExpired']);
