import { z } from 'zod';
import { rulesSchema } from '@felt/formats';
import { MUST_MOVE_ORDERS, NO_SHOW_POLICIES, PASS_OVER_REASONS, TABLE_CHANGE_PRIORITIES } from '@felt/room';
import { splitEnvelope, validate, type RawCommandRequest } from '../tables/command-request';
import { tableIdSchema } from '../tables/table-command-schema';
import type { CommandMetadata } from '../tables/command-request';

/** Bodies of the room's routes (docs/api.md "The room"). Anything else is a 400 that names the field. */
export const gameIdSchema = z.string({ error: 'gameId must be a string' }).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, {
  error: 'gameId is 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit',
});
const playerId = z
  .string({ error: 'playerId must be a string' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, { error: 'playerId is 1 to 64 letters, digits, ".", "_", ":" or "-"' });
const alias = z.string({ error: 'alias must be a string' }).regex(/^[\p{L}\p{N}][\p{L}\p{N} .'_-]{0,15}$/u, {
  error: "alias is 1 to 16 letters, digits, spaces or . ' _ - (initials or a nickname; it is shown on the public board)",
});
const seat = z
  .number({ error: 'seat must be a number' })
  .int({ error: 'seat must be a whole number' })
  .min(1, { error: 'seats are numbered from 1' })
  .max(10, { error: 'a table has at most 10 seats' });
const text = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, { error: `${name} may not be empty` })
    .max(60, { error: `${name} is at most 60 characters` });
const chips = z
  .number({ error: 'buyIn must be a number' })
  .int({ error: 'buyIn is a whole number of chips' })
  .min(1, { error: 'buyIn is at least 1 chip' });

export const openGameSchema = z.strictObject({
  gameId: gameIdSchema,
  name: text('name'),
  stakes: text('stakes'),
  structure: text('structure'),
  seatsPerTable: z.number().int().min(2).max(10).optional(),
  tableRules: rulesSchema.optional(),
  policies: z
    .strictObject({
      callResponseSeconds: z.number().int().min(30).max(1800).optional(),
      noShow: z.enum(NO_SHOW_POLICIES).optional(),
      mustMoveOrder: z.enum(MUST_MOVE_ORDERS).optional(),
      newTableAt: z.number().int().min(2).max(20).optional(),
      tableChange: z.enum(TABLE_CHANGE_PRIORITIES).optional(),
    })
    .optional(),
});

/** The list and call commands, sent to POST /room/games/:gameId/commands. */
export const listCommandSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('JoinList'), playerId, alias }),
    z.strictObject({ type: z.literal('LeaveList'), playerId }),
    z.strictObject({ type: z.literal('RequestTableChange'), playerId, toTableId: tableIdSchema.optional() }),
    z.strictObject({ type: z.literal('CancelTableChange'), playerId }),
    z.strictObject({
      type: z.literal('CallPlayer'),
      playerId,
      tableId: tableIdSchema,
      seat,
      passOver: z
        .array(z.strictObject({ playerId, reason: z.enum(PASS_OVER_REASONS) }))
        .max(200)
        .optional(),
    }),
    z.strictObject({ type: z.literal('NoShow'), playerId }),
    z.strictObject({ type: z.literal('CloseGame') }),
  ],
  { error: 'type is one of JoinList, LeaveList, RequestTableChange, CancelTableChange, CallPlayer, NoShow, CloseGame' },
);

export const addTableSchema = z.strictObject({
  tableId: tableIdSchema,
  seats: z.number().int().min(2).max(10).optional(),
  mustMove: z.boolean().optional(),
  /** Aliases of players already at the table (by their table player id); others are shown to the floor by id. */
  aliases: z.record(playerId, alias).optional(),
});

export const seatSchema = z.strictObject({ playerId, buyIn: chips.optional(), postToEnter: z.boolean().optional() });
export const vacateSchema = z.strictObject({ tableId: tableIdSchema, seat });

export interface RoomEnvelope {
  readonly commandId: string;
  readonly commandIdGenerated: boolean;
  readonly expectedVersion?: number;
  readonly metadata: CommandMetadata;
}

/** The body checked against `schema`, and the envelope (Idempotency-Key / commandId, If-Match / expectedVersion, actor). */
export function parseRoomRequest<T>(schema: z.ZodType<T>, raw: RawCommandRequest): { body: T; envelope: RoomEnvelope } {
  const { fields, envelope, issues } = splitEnvelope(raw);
  return { body: validate(schema, fields, issues, 'INVALID_REQUEST'), envelope };
}
