import { z } from 'zod';
import { CORE_COMMAND_SCHEMAS, tableDecider, type TableCommandType, type TableEngine } from '@felt/engine';
import { rulesSchema, scriptCommandSchema, scriptSchemasFor, type ScriptCommand } from '@felt/formats';
import { bodySchema } from '../openapi/body-schema';

/**
 * The JSON the API accepts for each engine command: exactly a table-script command (libs/formats table-script
 * schema, where each command's shape is written once, the house options' too) without the keys only a script runner
 * understands (note, expectRejection, expectBefore, at), for the engine the process runs (tableCommandSchemas).
 * StartHand keeps its holeCards/board helpers. An extra or mistyped field is a 400; an unknown type too.
 */

/** A command as the API accepts it; the handler turns StartHand's helpers into a deck (toEngineCommand). */
export type TableCommandBody = ScriptCommand;

/** `at` too: the API stamps every command with its own time (docs/api.md "Time on commands"), never a client's. */
const SCRIPT_ONLY_KEYS = { note: true, expectRejection: true, expectBefore: true, at: true } as const;

const CROSS_CHECKED = new Set(['StartHand', 'DrawForButton', 'CorrectAction']);

type AnyObjectSchema = z.ZodObject<z.ZodRawShape>;

/** The commands an engine's tables take through the API: their types, one schema, their routes, their bodies. */
export interface TableCommandSchemas {
  /** Every command but OpenTable (which is POST /tables): the core's, then each module's. */
  readonly types: readonly TableCommandType[];
  readonly schema: z.ZodType<TableCommandBody>;
  /** POST /tables/:tableId/<route>: the command type of each route. */
  readonly byRoute: ReadonlyMap<string, TableCommandType>;
  /** The modules of the engine, whose commands say who may send them and what their routes say. */
  readonly modules: TableEngine['modules'];
  /** Each command's body schema (OpenTable's too). */
  readonly bodyOf: (type: string) => AnyObjectSchema | undefined;
}

/**
 * The API's commands for an engine (the default modules and FELT_HOUSE_RULES' casino modules): each exactly the
 * table script's command of that engine without the keys only a script runner understands. A module's command
 * without a schema is taken with any fields, checked by its decide alone (RuleModule.commandSchemas).
 */
export function tableCommandSchemas(engine: TableEngine): TableCommandSchemas {
  const known = BY_ENGINE.get(engine);
  if (known) return known;
  const types = engine.commandTypes.filter((type) => type !== 'OpenTable');
  const byType = new Map<string, AnyObjectSchema>();
  for (const option of scriptSchemasFor(engine).command.options as unknown as AnyObjectSchema[]) {
    const type = option.shape.type as z.ZodLiteral<string> | z.ZodEnum;
    const body = option.omit(SCRIPT_ONLY_KEYS as never) as AnyObjectSchema;
    if (type instanceof z.ZodLiteral) byType.set(type.value as string, body);
    // The commands with no schema of their own: one loose object each, so each has its route and its body.
    else for (const t of type.options as string[]) byType.set(t, z.looseObject({ type: z.literal(t) }) as unknown as AnyObjectSchema);
  }
  const missing = types.filter((type) => !byType.has(type));
  if (missing.length > 0) throw new Error(`apps/api has no request schema for engine command(s) ${missing.join(', ')}`);
  const schema = z
    .discriminatedUnion('type', [...byType.values()] as unknown as [AnyObjectSchema, ...AnyObjectSchema[]], {
      error: (issue) => {
        if (issue.code !== 'invalid_union') return undefined;
        const type = (issue.input as { type?: unknown } | undefined)?.type;
        if (type === 'OpenTable') return 'open a table with POST /tables';
        if (type === undefined) return `"type" is required: one of ${types.join(', ')}`;
        return `unknown command type ${JSON.stringify(type)}: one of ${types.join(', ')}`;
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
  const schemas: TableCommandSchemas = Object.freeze({
    types,
    schema: schema as unknown as z.ZodType<TableCommandBody>,
    byRoute: new Map(types.map((type) => [commandRouteName(type), type])),
    modules: engine.modules,
    bodyOf: (type: string) => (type === 'OpenTable' ? (openTableSchema as unknown as AnyObjectSchema) : byType.get(type)),
  });
  BY_ENGINE.set(engine, schemas);
  return schemas;
}

const BY_ENGINE = new WeakMap<TableEngine, TableCommandSchemas>();

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

/** The default engine's (tableDecider: no casino modules): what a process without FELT_HOUSE_RULES takes. */
export const DEFAULT_TABLE_COMMANDS = tableCommandSchemas(tableDecider);
export const TABLE_COMMAND_TYPES = DEFAULT_TABLE_COMMANDS.types;
export const tableCommandSchema = DEFAULT_TABLE_COMMANDS.schema;
export const COMMAND_TYPE_BY_ROUTE = DEFAULT_TABLE_COMMANDS.byRoute;

/** JSON Schema of one command's body, for the OpenAPI document. */
export function commandJsonSchema(type: string, commands: TableCommandSchemas = DEFAULT_TABLE_COMMANDS): Record<string, unknown> {
  const schema = commands.bodyOf(type);
  if (!schema) throw new Error(`no schema for ${type}`);
  return bodySchema(schema);
}
