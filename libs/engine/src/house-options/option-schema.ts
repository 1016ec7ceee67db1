/**
 * The pieces a module's option schema is built of (rule-module.ts `schema`), each with the one sentence the floor
 * reads whatever is wrong with the value (a word where a number belongs, or a number out of range).
 */
import { z } from 'zod';
import { seatField, textField } from '../table/command-schemas';
import { MAX_SEATS } from '../table/rules-input';

/** The option's version: 1, the default. */
export const optionVersion = (error: string) => z.literal(1, { error }).default(1);

/** A whole number from `min` to `max`. */
export const wholeNumber = (error: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.int({ error }).min(min, { error }).max(max, { error });

/** true or false. */
export const flag = (error = 'true or false') => z.boolean({ error });

/**
 * Parameters through an option's schema: its output, or the first problem, as the rules check reports it (`field`
 * relative to the option; an unknown parameter named with the ones the option has).
 */
export function parseOption(
  schema: z.ZodObject,
  given: unknown,
): { ok: true; params: unknown } | { ok: false; field: string; why: string } {
  const parsed = schema.safeParse(given);
  if (parsed.success) return { ok: true, params: parsed.data };
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys' && issue.path.length === 0)
    return { ok: false, field: issue.keys[0]!, why: `unknown parameter (known: ${Object.keys(schema.shape).join(', ')})` };
  return { ok: false, field: issue.path.join('.'), why: issue.message };
}

/** One of these words. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, error: string) => z.enum(values, { error });

/** Who agrees to a house option in a command (a chop, running it twice): a seat and a name each, recorded in the event. */
export const consentsField = (to: string) =>
  z
    .array(
      z.strictObject({
        seat: seatField(),
        by: textField('consents[].by', 128).min(1, { error: 'consents[].by may not be empty' }),
      }),
    )
    .min(1, { error: `name who consents to ${to}` })
    .max(MAX_SEATS, { error: `at most ${MAX_SEATS} consents` });
