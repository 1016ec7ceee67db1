import { z } from 'zod';
import { COMMAND_TYPES, CORE_COMMAND_SCHEMAS, type TableCommandType } from '@felt/engine';
import { rulesSchema, scriptCommandSchema, type ScriptCommand } from '@felt/formats';
import { bodySchema } from '../openapi/body-schema';

/**
 * The JSON the API accepts for each engine command: exactly a table-script command (libs/formats table-script
 * schema, where each command's shape is written once, the house options' too) without the keys only a script runner
 * understands (note, expectRejection, expectBefore, at). StartHand keeps its holeCards/board helpers. An extra or
 * mistyped field is a 400; a command the script schema does not spell out has no route (the check below).
 */

/** A command as the API accepts it; the handler turns StartHand's helpers into a deck (toEngineCommand). */
export type TableCommandBody = ScriptCommand;

/** Every command but OpenTable (which is POST /tables). */
export const TABLE_COMMAND_TYPES: readonly TableCommandType[] = COMMAND_TYPES.filter((type) => type !== 'OpenTable');

/** `at` too: the API stamps every command with its own time (docs/api.md "Time on commands"), never a client's. */
const SCRIPT_ONLY_KEYS = { note: true, expectRejection: true, expectBefore: true, at: true } as const;

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;
const scriptOptions = scriptCommandSchema.options as unknown as AnyObjectSchema[];
const strictScriptOptions = scriptOptions
  .filter((option) => (option.def.catchall as { def?: { type?: string } } | undefined)?.def?.type === 'never')
  .map((option) => option.omit(SCRIPT_ONLY_KEYS as never) as AnyObjectSchema);

const byType = new Map<string, AnyObjectSchema>();
for (const schema of strictScriptOptions) byType.set((schema.shape.type as z.ZodLiteral<string>).value, schema);
const missing = TABLE_COMMAND_TYPES.filter((type) => !byType.has(type));
if (missing.length > 0) throw new Error(`apps/api has no request schema for engine command(s) ${missing.join(', ')}`);

const CROSS_CHECKED = new Set(['StartHand', 'DrawForButton', 'CorrectAction']);

export const tableCommandSchema = z
  .discriminatedUnion('type', [...byType.values()] as unknown as [AnyObjectSchema, ...AnyObjectSchema[]], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const type = (issue.input as { type?: unknown } | undefined)?.type;
      if (type === 'OpenTable') return 'open a table with POST /tables';
      if (type === undefined) return `"type" is required: one of ${TABLE_COMMAND_TYPES.join(', ')}`;
      return `unknown command type ${JSON.stringify(type)}: one of ${TABLE_COMMAND_TYPES.join(', ')}`;
    },
  })
  // The script format's cross-field rules (a deck or a seed, not both; ...) hold for the API too. Only the dealing
  // commands have any, so only they are parsed a second time.
  .superRefine((command, ctx) => {
    if (!CROSS_CHECKED.has((command as { type: string }).type)) return;
    const checked = scriptCommandSchema.safeParse(command);
    if (checked.success) return;
    // Only its own cross-field issues: the field-by-field ones were reported above already.
    for (const issue of checked.error.issues)
      if (issue.code === 'custom') ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

/** Table ids become stream ids ("table-<id>") and URL segments: keep them short and plain. */
export const tableIdSchema = z.string({ error: 'tableId must be a string' }).regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, {
  error: 'tableId is 1 to 64 letters, digits, "_", "." or "-", starting with a letter or digit',
});

/** The engine's OpenTable, its type optional (the route says it), its id a stream id's, its rules the house options' too. */
export const openTableSchema = CORE_COMMAND_SCHEMAS.OpenTable.extend({
  type: CORE_COMMAND_SCHEMAS.OpenTable.shape.type.optional(),
  tableId: tableIdSchema,
  rules: rulesSchema,
});

export type OpenTableBody = z.infer<typeof openTableSchema>;

/** "PostBlind" → "post-blind": the per-command route under /tables/:tableId/. */
export function commandRouteName(type: string): string {
  return type.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? '' : '-') + c.toLowerCase());
}

export const COMMAND_TYPE_BY_ROUTE: ReadonlyMap<string, TableCommandType> = new Map(
  TABLE_COMMAND_TYPES.map((type) => [commandRouteName(type), type]),
);

/** JSON Schema of one command's body, for the OpenAPI document. */
export function commandJsonSchema(type: string): Record<string, unknown> {
  const schema = type === 'OpenTable' ? openTableSchema : byType.get(type);
  if (!schema) throw new Error(`no schema for ${type}`);
  return bodySchema(schema);
}
