/**
 * The house's missed-blind policy as recorded in the rules (`rules.missedBlinds`), in zod: the contract's part of
 * the rules (missed-blinds.ts `recordedSchema`) and, inferred, the policy's type. Apart from entry-obligation.ts,
 * which takes the type only, so the console's owed posts stay plain data without the schemas' library.
 */
import { z } from 'zod';
import type { Infer } from '../table/schema-types';

export const MISSED_BLIND_POLICY_SCHEMA = z.strictObject({
  version: z.literal(1),
  /** What a seat that missed only the small blind posts to come back in. */
  missedSmallOnly: z.enum(['big-blind-live', 'small-blind-dead', 'wait-for-big-blind']),
  /** A seat that missed the big blind (or both) posts a big blind live plus a small blind dead (seeds; RRoP; DP). */
  missedBig: z.literal('big-live-small-dead'),
  /** RRoP #7: nobody may be dealt in, or make up blinds, between the big blind and the button. */
  allowEntryBetweenBlindsAndButton: z.boolean(),
});
export type MissedBlindPolicy = Infer<typeof MISSED_BLIND_POLICY_SCHEMA>;
