import { z } from 'zod';

/**
 * A tournament's structure as data (docs/tournaments.md "Structure"): levels and breaks, late registration,
 * re-entry, rebuys and add-ons, the starting stack, the fees of each buy-in (what goes to the prize pool, to the
 * house, to the staff), seats per table, the payout table and the guarantee. Money and chips are whole numbers
 * (money in the currency's smallest unit the house uses, e.g. cents). Written once here; the API validates the
 * same schema.
 */
const count = (name: string, min = 0) =>
  z
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(min, { error: `${name} is at least ${min}` })
    .max(1_000_000_000, { error: `${name} is at most 1,000,000,000` });

/** What one buy-in (an entry, a re-entry, a rebuy or an add-on) costs, split three ways. */
export const feesSchema = z.strictObject({
  /** Goes to the prize pool. */
  prizePool: count('prizePool'),
  /** The house's take. */
  houseFee: count('houseFee'),
  /** The staff's share (dealers' and floor's fee). */
  staffFee: count('staffFee'),
});

const playLevel = z.strictObject({
  kind: z.literal('level'),
  smallBlind: count('smallBlind', 1),
  bigBlind: count('bigBlind', 1),
  /** Each player's ante, or with bigBlindAnte the big blind's ante for the table (0: no ante). */
  ante: count('ante').default(0),
  bigBlindAnte: z.boolean().default(false),
  minutes: count('minutes', 1).max(600, { error: 'a level lasts at most 600 minutes' }),
});

const breakLevel = z.strictObject({
  kind: z.literal('break'),
  minutes: count('minutes', 1).max(600, { error: 'a break lasts at most 600 minutes' }),
  /** A colour-up at this break: the chip taken out of play, and the smallest chip left (what the odd chips are raced for). */
  colourUp: z
    .strictObject({ chip: count('chip', 1), nextChip: count('nextChip', 2) })
    .refine((c) => c.nextChip > c.chip && c.nextChip % c.chip === 0, { error: 'nextChip is a multiple of chip, larger than it' })
    .optional(),
  /** The add-on is offered during this break. */
  addOn: z.boolean().default(false),
});

const payoutRow = z.strictObject({
  /** This row applies from this many entries (until the next row's minEntries). */
  minEntries: count('minEntries', 1),
  /** Each paid place's share in basis points (1/100 of a percent), first place first; they sum to 10000. */
  places: z.array(count('a place share', 1)).min(1, { error: 'a payout row pays at least one place' }).max(1000),
});

export const structureSchema = z
  .strictObject({
    name: z.string({ error: 'name must be a string' }).min(1).max(80, { error: 'name is at most 80 characters' }),
    startingStack: count('startingStack', 1),
    seatsPerTable: count('seatsPerTable', 2).max(10, { error: 'a table has at most 10 seats' }),
    levels: z
      .array(z.discriminatedUnion('kind', [playLevel, breakLevel], { error: 'a level has kind "level" or "break"' }))
      .min(1)
      .max(200),
    /** Registration (and re-entry) stays open to the end of this play level (1 = the first). */
    lateRegistrationLevel: count('lateRegistrationLevel', 1),
    /** How many entries one player may have in all (1: no re-entry). */
    maxEntriesPerPlayer: count('maxEntriesPerPlayer', 1).max(100).default(1),
    entry: feesSchema,
    rebuy: z
      .strictObject({
        fees: feesSchema,
        chips: count('chips', 1),
        max: count('max', 1),
        untilLevel: count('untilLevel', 1),
        atOrBelow: count('atOrBelow'),
      })
      .optional(),
    addOn: z.strictObject({ fees: feesSchema, chips: count('chips', 1) }).optional(),
    payouts: z.array(payoutRow).min(1).max(100),
    /** Payouts are rounded down to this unit (the smallest chip or note paid); the remainder goes to first place. */
    roundTo: count('roundTo', 1).default(1),
    /** The least the prize pool will be: the house pays the difference (the overlay). */
    guarantee: count('guarantee').default(0),
    /**
     * Where hands are played: engine (absent) on Felt's own tables, which the tournament opens, seats and reads;
     * reported: tables elsewhere, whose dealer or floor reports each hand's stacks (RecordHand).
     */
    tables: z.enum(['engine', 'reported'], { error: 'tables is "engine" or "reported"' }).optional(),
  })
  .superRefine((s, ctx) => {
    const playLevels = s.levels.filter((l) => l.kind === 'level');
    if (playLevels.length === 0) ctx.addIssue({ code: 'custom', path: ['levels'], message: 'a structure has at least one play level' });
    if (s.lateRegistrationLevel > playLevels.length)
      ctx.addIssue({ code: 'custom', path: ['lateRegistrationLevel'], message: `there are only ${playLevels.length} play levels` });
    s.levels.forEach((l, i) => {
      if (l.kind === 'level' && l.smallBlind > l.bigBlind)
        ctx.addIssue({ code: 'custom', path: ['levels', i, 'smallBlind'], message: 'the small blind is at most the big blind' });
    });
    s.payouts.forEach((row, i) => {
      const sum = row.places.reduce((a, b) => a + b, 0);
      if (sum !== 10000)
        ctx.addIssue({ code: 'custom', path: ['payouts', i, 'places'], message: `the shares sum to ${sum} basis points, not 10000` });
      if (row.places.some((p, j) => j > 0 && p > row.places[j - 1]!))
        ctx.addIssue({ code: 'custom', path: ['payouts', i, 'places'], message: 'a place never pays more than the place above it' });
      if (row.places.length > row.minEntries)
        ctx.addIssue({
          code: 'custom',
          path: ['payouts', i, 'minEntries'],
          message: 'a row pays at most as many places as it has entries',
        });
      if (i > 0 && row.minEntries <= s.payouts[i - 1]!.minEntries)
        ctx.addIssue({ code: 'custom', path: ['payouts', i, 'minEntries'], message: 'rows are in increasing minEntries' });
    });
    if (s.payouts[0] && s.payouts[0].minEntries !== 1 && s.payouts[0].minEntries > 2)
      ctx.addIssue({ code: 'custom', path: ['payouts', 0, 'minEntries'], message: 'the first row applies from 1 or 2 entries' });
    if (s.rebuy && s.rebuy.untilLevel > playLevels.length)
      ctx.addIssue({ code: 'custom', path: ['rebuy', 'untilLevel'], message: `there are only ${playLevels.length} play levels` });
    if (s.addOn && !s.levels.some((l) => l.kind === 'break' && l.addOn))
      ctx.addIssue({ code: 'custom', path: ['addOn'], message: 'an add-on needs a break marked addOn' });
  });

export type TournamentStructureInput = z.input<typeof structureSchema>;
export type TournamentStructure = z.output<typeof structureSchema>;
export type Fees = z.output<typeof feesSchema>;
export type Level = TournamentStructure['levels'][number];
export type PlayLevel = Extract<Level, { kind: 'level' }>;

/** The structure checked, or the first problem as a sentence naming the field. */
export function parseStructure(
  input: unknown,
): { ok: true; structure: TournamentStructure } | { ok: false; field: string; message: string } {
  const parsed = structureSchema.safeParse(input);
  if (parsed.success) return { ok: true, structure: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  return { ok: false, field, message: field ? `${field}: ${issue.message}` : issue.message };
}

/** The play level number (1-based, breaks not counted) of structure step `step` (0-based), or the last one before a break. */
export function playLevelNumber(structure: TournamentStructure, step: number): number {
  let n = 0;
  for (let i = 0; i <= step && i < structure.levels.length; i++) if (structure.levels[i]!.kind === 'level') n++;
  return n;
}

/** What one buy-in costs the player. */
export function priceOf(fees: Fees): number {
  return fees.prizePool + fees.houseFee + fees.staffFee;
}
