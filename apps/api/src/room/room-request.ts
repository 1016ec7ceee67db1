import { z } from 'zod';
import { rulesSchema } from '@felt/formats';
import { aliasSchema, openGameFieldsSchema, roomPlayerIdSchema, roomSeatSchema, tableSeatsSchema } from '@felt/room';
import { splitEnvelope, validate, type RawCommandRequest } from '../tables/command-request';
import { tableIdSchema } from '../tables/table-command-schema';
import type { CommandRequest } from '../tables/command-envelope';

/**
 * Bodies of the room's routes (docs/api.md "The room"). Anything else is a 400 that names the field. The commands'
 * shapes are libs/room's (command-schema.ts), written once; here only what the API adds: the table rules checked as
 * the engine's (they are opaque to the room), and the bodies of the routes that become other commands.
 */
export { gameIdSchema, listCommandSchema } from '@felt/room';

export const openGameSchema = openGameFieldsSchema.extend({ tableRules: rulesSchema.optional() });

const chips = z
  .number({ error: 'buyIn must be a number' })
  .int({ error: 'buyIn is a whole number of chips' })
  .min(1, { error: 'buyIn is at least 1 chip' });

export const addTableSchema = z.strictObject({
  tableId: tableIdSchema,
  seats: tableSeatsSchema.optional(),
  mustMove: z.boolean().optional(),
  /** Aliases of players already at the table (by their table player id); others are shown to the floor by id. */
  aliases: z.record(roomPlayerIdSchema, aliasSchema).optional(),
});

export const seatSchema = z.strictObject({ playerId: roomPlayerIdSchema, buyIn: chips.optional(), postToEnter: z.boolean().optional() });
export const vacateSchema = z.strictObject({ tableId: tableIdSchema, seat: roomSeatSchema });

/** A room command's envelope: a table command's, without the table and the command. */
export type RoomEnvelope = Pick<CommandRequest, 'commandId' | 'commandIdGenerated' | 'expectedVersion' | 'metadata'>;

/** The body checked against `schema`, and the envelope (Idempotency-Key / commandId, If-Match / expectedVersion, actor). */
export function parseRoomRequest<T>(schema: z.ZodType<T>, raw: RawCommandRequest): { body: T; envelope: RoomEnvelope } {
  const { fields, envelope, issues } = splitEnvelope(raw);
  return { body: validate(schema, fields, issues, 'INVALID_REQUEST'), envelope };
}
