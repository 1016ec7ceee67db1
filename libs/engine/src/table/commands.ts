import type { HouseCommand } from './extensions';
import { CORE_COMMAND_SCHEMAS, type CoreCommand } from './command-schemas';

export type { ForcedBetKind } from './events';
export type { DeckSource } from './command-schemas';

export type BoardStreet = 'flop' | 'turn' | 'river';

/**
 * Commands: what floor staff ask of a table. Seats are numbered 1..maxSeats. The core's are the types of their zod
 * schemas (command-schemas.ts, with the deck or seed a dealing command carries); the house options' are declared in
 * their modules (house-options/*.ts `commandSchemas`). Actor, time and command id travel in the envelope the
 * application keeps beside the command (they end up in each event's metadata).
 */
export type TableCommand = (CoreCommand | HouseCommand) & CommandTime;

/**
 * When the command was given, as an ISO-8601 UTC time ("2026-01-02T03:04:05.678Z"): the API stamps every command
 * from its own clock (a client cannot send it), and a rule replay takes it from the events' metadata. Table scripts
 * and logs written before it have none; then nothing that needs the time happens (a house option's clock).
 */
export interface CommandTime {
  readonly at?: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The command's time in milliseconds since the epoch; null when it has none. `at` is checked by decide first. */
export function commandTime(command: CommandTime): number | null {
  return command.at === undefined ? null : Date.parse(command.at);
}

/** Whether a command's `at` is a time decide accepts: ISO-8601 UTC, to the millisecond at most. */
export function isCommandTime(at: unknown): boolean {
  return typeof at === 'string' && INSTANT.test(at) && Number.isFinite(Date.parse(at));
}

export type TableCommandType = TableCommand['type'];

/** The core's command types (an engine's whole list adds its modules' commands: table-decider.ts commandTypes). */
export const CORE_COMMAND_TYPES: readonly CoreCommand['type'][] = Object.freeze(Object.keys(CORE_COMMAND_SCHEMAS) as CoreCommand['type'][]);
