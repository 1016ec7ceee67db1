import { z } from 'zod';
import { DEAL_METHODS } from '@felt/tournament';
import { tableIdSchema } from '../tables/table-command-schema';

/** Bodies of the tournament routes (docs/tournaments.md "Routes"). Anything else is a 400 that names the field. */
export const tournamentIdSchema = z.string({ error: 'tournamentId must be a string' }).regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, {
  error: 'tournamentId is 1 to 64 letters, digits, ".", "_", ":" or "-", starting with a letter or digit',
});
const playerId = z
  .string({ error: 'playerId must be a string' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, { error: 'playerId is 1 to 64 letters, digits, ".", "_", ":" or "-"' });
const entryId = z
  .string({ error: 'entryId must be a string' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}#[0-9]{1,3}$/, { error: 'entryId is a player id, "#" and the entry number (p1#1)' });
const alias = z.string({ error: 'alias must be a string' }).regex(/^[\p{L}\p{N}][\p{L}\p{N} .'_-]{0,15}$/u, {
  error: "alias is 1 to 16 letters, digits, spaces or . ' _ - (initials or a nickname; it is shown to dealers)",
});
const int = (name: string, min: number, max: number) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} is at least ${min}` })
    .max(max, { error: `${name} is at most ${max}` });
const seat = int('seat', 1, 10);

/** POST /tournaments: the structure is checked by the decider (422 INVALID_STRUCTURE naming the field). */
export const createTournamentSchema = z.strictObject({ tournamentId: tournamentIdSchema, structure: z.record(z.string(), z.unknown()) });

/** The commands sent to POST /tournaments/:id/commands (random draws are the server's, never the sender's). */
export const tournamentCommandSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('AddTable'), tableId: tableIdSchema }),
    z.strictObject({ type: z.literal('Register'), playerId, alias }),
    z.strictObject({ type: z.literal('ReEnter'), playerId }),
    z.strictObject({ type: z.literal('Unregister'), entryId }),
    z.strictObject({ type: z.literal('DrawSeats') }),
    z.strictObject({ type: z.literal('StartClock') }),
    z.strictObject({ type: z.literal('PauseClock') }),
    z.strictObject({ type: z.literal('ResumeClock') }),
    z.strictObject({ type: z.literal('AddTime'), seconds: int('seconds', -3600, 3600) }),
    z.strictObject({ type: z.literal('AdvanceLevel'), fromStep: int('fromStep', 0, 199), early: z.boolean().optional() }),
    z.strictObject({
      type: z.literal('RecordHand'),
      tableId: tableIdSchema,
      button: seat,
      stacks: z.array(z.strictObject({ entryId, chips: int('chips', 0, 1_000_000_000_000) })).max(10),
    }),
    z.strictObject({
      type: z.literal('OverrideMove'),
      entryId,
      to: z.strictObject({ tableId: tableIdSchema, seat }),
      reason: z.string({ error: 'reason must be a string' }).min(3).max(200),
    }),
    z.strictObject({
      type: z.literal('ColourUp'),
      odd: z.array(z.strictObject({ entryId, chips: int('chips', 1, 100) })).max(1000),
    }),
    z.strictObject({ type: z.literal('HandForHand'), on: z.boolean({ error: 'on is true or false' }) }),
    z.strictObject({
      type: z.literal('Deal'),
      method: z.enum(DEAL_METHODS),
      consents: z.array(entryId).min(2).max(10),
      leaveToPlayFor: int('leaveToPlayFor', 1, 1_000_000_000_000).optional(),
    }),
    z.strictObject({ type: z.literal('Rebuy'), entryId }),
    z.strictObject({ type: z.literal('AddOn'), entryId }),
  ],
  {
    error:
      'type is one of AddTable, Register, ReEnter, Unregister, DrawSeats, StartClock, PauseClock, ResumeClock, AddTime, AdvanceLevel, RecordHand, OverrideMove, ColourUp, HandForHand, Deal, Rebuy, AddOn',
  },
);

export type TournamentCommandBody = z.output<typeof tournamentCommandSchema>;
