import { z } from 'zod';
import { PASS_OVER_REASONS } from './events';
import { roomPoliciesInputSchema } from './house-policies/room-policies';

/**
 * The room's commands as a client sends them, written once: the API validates its bodies with these schemas (and
 * documents them from them: OpenAPI), RoomCommand's types are inferred from them (commands.ts), and the decider checks
 * the same rules (ids, aliases, seats) with the same constants, for commands that come another way (a replay).
 */

/** Ids the floor chooses (games, players, the room's tables): 1-64 plain characters. */
export const ROOM_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
/** What the public board shows of a player: initials or a nickname. */
export const ALIAS = /^[\p{L}\p{N}][\p{L}\p{N} .'_-]{0,15}$/u;
export const MAX_TABLE_SEATS = 10;

const id = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .regex(ROOM_ID, { error: `${name} is 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit` });

export const gameIdSchema = id('gameId');
export const roomPlayerIdSchema = id('playerId');
export const aliasSchema = z.string({ error: 'alias must be a string' }).regex(ALIAS, {
  error: "alias is 1 to 16 letters, digits, spaces or . ' _ - (initials or a nickname; it is shown on the public board)",
});
export const roomSeatSchema = z
  .number({ error: 'seat must be a number' })
  .int({ error: 'seat must be a whole number' })
  .min(1, { error: 'seats are numbered from 1' })
  .max(MAX_TABLE_SEATS, { error: `a table has at most ${MAX_TABLE_SEATS} seats` });
export const tableSeatsSchema = z.number().int().min(2).max(MAX_TABLE_SEATS);
const text = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, { error: `${name} may not be empty` })
    .max(60, { error: `${name} is at most 60 characters` });

/** OpenGame's fields (POST /room/games). tableRules are the engine's OpenTable rules, opaque to the room. */
export const openGameFieldsSchema = z.strictObject({
  gameId: gameIdSchema,
  name: text('name'),
  stakes: text('stakes'),
  structure: text('structure'),
  seatsPerTable: tableSeatsSchema.optional(),
  tableRules: z.record(z.string(), z.unknown()).readonly().optional(),
  policies: roomPoliciesInputSchema.optional(),
});

export const passOverSchema = z.strictObject({ playerId: roomPlayerIdSchema, reason: z.enum(PASS_OVER_REASONS) });

const LIST_COMMANDS = [
  z.strictObject({ type: z.literal('JoinList'), playerId: roomPlayerIdSchema, alias: aliasSchema }),
  z.strictObject({ type: z.literal('LeaveList'), playerId: roomPlayerIdSchema }),
  z.strictObject({ type: z.literal('RequestTableChange'), playerId: roomPlayerIdSchema, toTableId: id('toTableId').optional() }),
  z.strictObject({ type: z.literal('CancelTableChange'), playerId: roomPlayerIdSchema }),
  z.strictObject({
    type: z.literal('CallPlayer'),
    playerId: roomPlayerIdSchema,
    tableId: id('tableId'),
    seat: roomSeatSchema,
    /** Everyone ahead of the called player for this seat, each with the documented reason they are passed over. */
    passOver: z.array(passOverSchema).max(200).readonly().optional(),
  }),
  z.strictObject({ type: z.literal('NoShow'), playerId: roomPlayerIdSchema }),
  z.strictObject({ type: z.literal('CloseGame') }),
] as const;

/** The list and call commands (POST /room/games/:gameId/commands). */
export const listCommandSchema = z.discriminatedUnion('type', LIST_COMMANDS, {
  error: `type is one of ${LIST_COMMANDS.map((c) => c.shape.type.value).join(', ')}`,
});
