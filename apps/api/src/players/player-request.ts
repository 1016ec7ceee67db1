import { z } from 'zod';
import { BAN_REASONS, PLAYER_STATUSES } from '@felt/players';
import { ApiProblem } from '../http/status-mapping';

/** Bodies of the registry's routes (docs/players.md "Routes"). Anything else is a 400 that names the field. */
export const playerIdSchema = z
  .string({ error: 'playerId must be a string' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/, { error: 'playerId is 1 to 64 letters, digits, ".", "_", ":" or "-"' });
export const listIdSchema = z
  .string({ error: 'listId must be a string' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/, { error: 'listId is 1 to 40 letters, digits, ".", "_" or "-"' });
const entryId = z
  .string({ error: 'entryId must be a string' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]{0,63}$/, { error: 'entryId is 1 to 64 letters, digits, ".", "_", ":", "/" or "-"' });
const name = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, { error: 'name may not be empty' })
  .max(80, { error: 'name is at most 80 characters' });
const alias = z.string({ error: 'alias must be a string' }).regex(/^[\p{L}\p{N}][\p{L}\p{N} .'_-]{0,15}$/u, {
  error: "alias is 1 to 16 letters, digits, spaces or . ' _ - (initials or a nickname; it is shown on the public board)",
});
const birthDate = z.iso.date({ error: 'birthDate is a date, YYYY-MM-DD' });
const contact = z
  .strictObject({
    phone: z.string().max(40).optional(),
    email: z.string().max(120).optional(),
    address: z.string().max(200).optional(),
  })
  .transform((c) => Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined)) as Record<string, string>);
const instant = z.iso.datetime({ error: 'a time is ISO-8601 UTC, e.g. 2026-12-06T20:00:00Z' });

export const registerSchema = z.strictObject({
  /** The casino's card number; without it the API makes one up. */
  playerId: playerIdSchema.optional(),
  name,
  alias,
  birthDate: birthDate.optional(),
  contact: contact.optional(),
});

export const changeSchema = z.strictObject({
  name: name.optional(),
  alias: alias.optional(),
  birthDate: birthDate.nullable().optional(),
  contact: contact.optional(),
  status: z.enum(PLAYER_STATUSES).optional(),
});

export const noteSchema = z.strictObject({ text: z.string().trim().min(1, { error: 'text may not be empty' }).max(500) });

export const banSchema = z.strictObject({
  banId: entryId.optional(),
  reason: z.enum(BAN_REASONS, { error: `reason is one of ${BAN_REASONS.join(', ')}` }),
  /** Default: now. */
  start: instant.optional(),
  /** null or absent: until lifted. */
  end: instant.nullable().optional(),
});

const entry = z
  .strictObject({ entryId, cardNumber: playerIdSchema.optional(), name: name.optional(), birthDate: birthDate.optional() })
  .refine((e) => e.cardNumber !== undefined || (e.name !== undefined && e.birthDate !== undefined), {
    error: 'an entry names a card number, or a name and a birth date',
  });
export type ImportEntry = z.infer<typeof entry>;

/** An exclusion list as JSON entries or as CSV text (docs/players.md "The exclusion list format"). */
export const importSchema = z
  .strictObject({
    source: z.string().trim().min(1).max(120),
    entries: z.array(entry).max(100_000).optional(),
    csv: z.string().max(8_000_000).optional(),
  })
  .refine((b) => (b.entries === undefined) !== (b.csv === undefined), { error: 'send either entries or csv' });

const CSV_COLUMNS = ['entryId', 'cardNumber', 'name', 'birthDate'] as const;

/** CSV with the header line entryId,cardNumber,name,birthDate (RFC 4180 quoting); each row checked like a JSON entry. */
export function entriesOfCsv(text: string): ImportEntry[] {
  const rows = parseCsv(text);
  const header = rows.shift()?.map((h) => h.trim());
  if (!header || header.join(',') !== CSV_COLUMNS.join(','))
    throw ApiProblem.invalidRequest([{ path: 'csv', message: `the first line is ${CSV_COLUMNS.join(',')}` }]);
  return rows.map((cells, i) => {
    const raw = Object.fromEntries(CSV_COLUMNS.map((c, j) => [c, cells[j]?.trim() || undefined]).filter(([, v]) => v !== undefined));
    const parsed = entry.safeParse(raw);
    if (!parsed.success)
      throw ApiProblem.invalidRequest(parsed.error.issues.map((issue) => ({ path: `csv line ${i + 2}`, message: issue.message })));
    return parsed.data;
  });
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      if (row.some((x) => x !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  row.push(cell);
  if (row.some((x) => x !== '')) rows.push(row);
  return rows;
}
