import { z } from 'zod';
import { FUND_KINDS } from '@felt/accounting';
import { tableIdSchema } from '../tables/table-command-schema';

/** Bodies of the money routes (docs/money.md "Routes"). Anything else is a 400 that names the field. */
const id = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, { error: `${name} is 1 to 64 letters, digits, ".", "_", ":" or "-"` });
const cents = (name: string, min = 1) =>
  z
    .number({ error: `${name} must be a number of cents` })
    .int({ error: `${name} is a whole number of cents` })
    .min(min, { error: `${name} is at least ${min} cent${min === 1 ? '' : 's'}` })
    .max(100_000_000_000, { error: `${name} is at most 100,000,000,000 cents` });
const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, { error: `${name} may not be empty` })
    .max(max, { error: `${name} is at most ${max} characters` });
const percent = z.number().int().min(0).max(100);
const iso = (name: string) => z.iso.datetime({ error: `${name} is an ISO-8601 time in UTC (…Z)` });

export const openFundSchema = z.strictObject({
  fundId: id('fundId'),
  rules: z.strictObject({
    kind: z.enum(FUND_KINDS),
    name: text('name', 60),
    backupPercent: percent.max(50).optional(),
    reseedFromBackup: z.boolean().optional(),
    qualifyingHand: z
      .string()
      .regex(/^[2-9TJQKA]{5}( suited)?$/, {
        error: 'qualifyingHand is five ranks, e.g. "AAAKK" (aces full of kings), "suited" after them for a flush',
      })
      .optional(),
    payoutPercent: percent.min(1).optional(),
    split: z.strictObject({ loser: percent, winner: percent, table: percent }).optional(),
    bothHoleCards: z.boolean().optional(),
    prize: cents('prize', 0).optional(),
  }),
});

export const dropSchema = z.strictObject({
  fundId: id('fundId'),
  tableId: tableIdSchema,
  handNumber: z.number().int().min(1),
  amount: cents('amount'),
});

/** POST /money/chip-values: what one chip of the table is worth in cents, from now on. */
export const chipValueSchema = z.strictObject({
  tableId: tableIdSchema,
  centsPerChip: z
    .number({ error: 'centsPerChip must be a number of cents' })
    .int({ error: 'centsPerChip is a whole number of cents' })
    .min(1, { error: 'centsPerChip is at least 1 cent' })
    .max(10_000_000, { error: 'centsPerChip is at most 10,000,000 cents' }),
});

export const cashSchema = z.strictObject({
  type: z.enum(['CashBuyIn', 'ChipsFromCage'], { error: 'type is CashBuyIn or ChipsFromCage' }),
  tableId: tableIdSchema,
  shiftId: id('shiftId'),
  playerId: id('playerId'),
  amount: cents('amount'),
});

/** Money moves asked for by hand (a payout is asked for by the hand or period: badBeatSchema, highHandSchema). */
export const moneyRequestSchema = z.strictObject({
  requestId: id('requestId'),
  request: z.discriminatedUnion(
    'kind',
    [
      z.strictObject({ kind: z.literal('SeedFund'), fundId: id('fundId'), amount: cents('amount'), note: text('note', 200) }),
      z.strictObject({ kind: z.enum(['Fill', 'Credit']), tableId: tableIdSchema, shiftId: id('shiftId'), amount: cents('amount') }),
      z.strictObject({
        kind: z.literal('Count'),
        tableId: tableIdSchema,
        shiftId: id('shiftId'),
        counted: cents('counted', 0),
        reason: text('reason', 200).optional(),
      }),
    ],
    { error: 'request.kind is one of SeedFund, Fill, Credit, Count' },
  ),
});

export const badBeatSchema = z.strictObject({
  requestId: id('requestId'),
  fundId: id('fundId'),
  tableId: tableIdSchema,
  handNumber: z.number().int().min(1),
});

/** GET /money/hands/:tableId/:handNumber/bad-beat?fundId=. */
export const badBeatQuerySchema = z.strictObject({ fundId: id('fundId') });

export const highHandSchema = z.strictObject({
  requestId: id('requestId'),
  fundId: id('fundId'),
  period: text('period', 40),
  from: iso('from'),
  to: iso('to'),
});

export const declineSchema = z.strictObject({ reason: text('reason', 200) });
export const confirmSchema = z.strictObject({});

/** A shift for the revenue report: GET /money/revenue?shiftId=&from=&to=. */
export const revenueQuerySchema = z.strictObject({ shiftId: id('shiftId'), from: iso('from'), to: iso('to') });
export const requestIdSchema = id('requestId');
export const fundIdSchema = id('fundId');
