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
 *   (the modules' timer-and-floor commands, the room's NoShow) and nothing else; reads nothing.
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
/** The roles that may send table commands (a dealer only to the tables assigned to them, the timer only the modules' timer-and-floor commands). */
export const COMMAND_ROLES: readonly Role[] = ['dealer', 'floor', 'timer'];
/** The room command the timer service sends when a call to a seat runs out (room controller); its table ones are the modules' timer-and-floor commands. */
export const TIMER_ROOM_COMMANDS: ReadonlySet<string> = new Set(['NoShow']);

/**
 * The core's commands only a floor supervisor may send: opening and closing a table, new rules between hands, voiding
 * a hand, correcting a mis-keyed action. A dealer runs the game; these change its terms or undo it. A house option's
 * own commands say who may send them in their module (ModuleCommand.sentBy), a casino's module too.
 */
export const FLOOR_ONLY_COMMANDS: ReadonlySet<string> = new Set(['OpenTable', 'CloseTable', 'ChangeRules', 'VoidHand', 'CorrectAction']);
