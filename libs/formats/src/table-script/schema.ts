import { z } from 'zod';
import {
  MAX_SEATS,
  tableDecider,
  type TableEngine,
  CORE_COMMAND_SCHEMAS as CORE,
  DEFAULT_MODULES,
  type HouseCommand,
  chipsField,
  seatField,
  textField,
  wholeNumberField,
} from '@felt/engine';
import { rulesSchema } from './rules-schema';
import { cardList, expectSchema, expectSchemaOf, rejectionCodeSchema, rejectionCodeSchemaOf, tableViewSchema } from './expect-schema';

export { expectSchema, rejectionCodeSchema };

/**
 * The table-script format (docs/table-scripts.md): a table's rules, its players, where the button starts, and the
 * commands the floor sends, in the same JSON shape the HTTP API accepts. Validation is strict (an unknown key is an
 * error, so a typo such as "amout" never passes silently) and every problem names its path in the file.
 */

const int = wholeNumberField;
const chips = chipsField;
const seat = seatField();
const LONG_TEXT = 4000;
const text = textField;
/** An object keyed by seat or player id has at most one entry per seat. */
const bySeat = <T extends z.ZodType>(what: string, value: T) =>
  z
    .record(text(`${what} key`, 64), value)
    .refine((o) => Object.keys(o).length <= MAX_SEATS, { error: `${what} has at most ${MAX_SEATS} entries` });

// ----- Script-only keys a command may carry; the runner strips them before the engine sees the command.

/** The legal actions a script may expect: the core's players' and dealer's, and the house options' commands (their modules'). */
const LEGAL_ACTION_TYPES = [
  'PostBlind',
  'Fold',
  'Check',
  'Call',
  'Bet',
  'Raise',
  'ShowHand',
  'MuckHand',
  'DealBoard',
  'ReportHoleCards',
  ...DEFAULT_MODULES.flatMap((module) => Object.keys(module.commands ?? {})),
] as [string, ...string[]];

const legalActionSchema = z.strictObject({
  type: z.enum(LEGAL_ACTION_TYPES),
  seat: seat.optional(),
  street: z.enum(['flop', 'turn', 'river']).optional(),
  cardsToEnter: int('cardsToEnter').optional(),
  blind: text('blind').optional(),
  amount: chips('amount').optional(),
  min: chips('min').optional(),
  max: chips('max').optional(),
});

/** The refusal a script expects of a command, with a code of `code`'s (an engine's). */
function expectRejectionWith(code: z.ZodType<string>) {
  return z.strictObject({ code, message: text('message', LONG_TEXT).optional() }).optional();
}

const scriptKeys = {
  /**
   * When the command is given, ISO-8601 UTC ("2026-12-04T18:00:30.000Z"): a clocked table's deadlines and expiries
   * follow from it (docs/house-options.md "Shot clock and time banks"). The API stamps its own and refuses a client's.
   */
  at: text('at', 32).optional(),
  /** A comment for the reader ("UTG raises"). */
  note: text('note', LONG_TEXT).optional(),
  /** The command must be refused with this code (and, if given, a message containing this text); the script goes on. */
  expectRejection: expectRejectionWith(rejectionCodeSchema),
  /** Checked just before the command is applied. */
  expectBefore: z
    .strictObject({
      /** The seat the hand waits for (legalActions(state).seat), or null. */
      toAct: seat.nullable().optional(),
      /** Chips in the middle: everything put in this hand, less what was returned or already paid out. */
      pot: chips('pot').optional(),
      /** Exactly these legal actions (order does not matter; seat may be left out). */
      legalActions: z.array(legalActionSchema).max(32).optional(),
      /** Chips behind, by player id. */
      stacks: bySeat('stacks', chips('a stack')).optional(),
      /** At least these legal actions (others may be offered too). */
      legalActionsInclude: z.array(legalActionSchema).max(32).optional(),
      /** Owed blinds and the kill button, as tableView reports them (only the keys given are checked). */
      table: tableViewSchema.optional(),
    })
    .optional(),
};

const scriptSeed = chips('seed').optional();

/** A command as a script writes it: the engine's schema with a script's own keys. */
const withScriptKeys = <Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) => z.strictObject({ ...schema.shape, ...scriptKeys });

/**
 * The core commands a script (and so the API) writes otherwise than the engine reads them: narrower (no salt, no
 * prng, a 32-bit seed: the house's seed and salt are the API's own), with helpers a script's runner or the API's
 * handler turns into the engine's fields (holeCards and board into a deck; backTo into an action number), or with
 * the rules' house-option parts. Every field is the engine's or one of these; none is written twice.
 */
const SCRIPT_FORMS = {
  DrawForButton: CORE.DrawForButton.omit({ prng: true, salt: true }).extend({ seed: scriptSeed, ...scriptKeys }),
  StartHand: CORE.StartHand.omit({ prng: true, salt: true }).extend({
    /**
     * A 32-bit seed for mulberry32-fisher-yates, a demo shuffle anyone can predict (the house shuffle takes a 256-bit
     * seed: leave the seed out through the API); with holeCards/board it orders the cards the script leaves open.
     */
    seed: scriptSeed,
    /** Hole cards by seat number or player id: {"3": "AsKd"} or {"alice": "As Kd"}. */
    holeCards: bySeat('holeCards', cardList).optional(),
    /** Up to five board cards in the order they come: flop, turn, river ("Qc9d7s4h2c"). */
    board: cardList.optional(),
    /** Running it twice: the second run's five, two or one cards, dealt after the first run ("KhQc"). */
    secondRun: cardList.optional(),
    ...scriptKeys,
  }),
  ChangeRules: CORE.ChangeRules.extend({ rules: rulesSchema, ...scriptKeys }),
  /**
   * `action` numbers the hand's standing betting actions (1 = the first); `backTo` names it by the stream version of
   * its event instead (a script's events are numbered from 1, TableOpened first, as the API's versions). One of the two.
   */
  CorrectAction: z.strictObject({
    type: CORE.CorrectAction.shape.type,
    action: CORE.CorrectAction.shape.action.optional(),
    backTo: int('backTo').min(1, { error: 'versions are numbered from 1' }).optional(),
    reason: CORE.CorrectAction.shape.reason,
    ...scriptKeys,
  }),
};

type Core = typeof CORE;
type Plain = Exclude<keyof Core, keyof typeof SCRIPT_FORMS | 'OpenTable'>;
type CoreScriptCommandSchema =
  { [K in Plain]: ReturnType<typeof withScriptKeys<Core[K]['shape']>> }[Plain] | (typeof SCRIPT_FORMS)[keyof typeof SCRIPT_FORMS];
/** A house option's command (its shape is its module's: engine house-options/*.ts `commandSchemas`). */
type HouseCommandSchema = ReturnType<typeof withScriptKeys<{ type: z.ZodLiteral<HouseCommand['type']> }>>;
type KnownCommandSchema = CoreScriptCommandSchema | HouseCommandSchema;

/** An engine's commands as a script writes them: each schema, and the types of those its module gave none. */
function commandSchemasOf(engine: Pick<TableEngine, 'modules' | 'commandTypes'>) {
  const known = [
    // The core's commands (the engine's CORE_COMMAND_SCHEMAS, in its order), each with a script's own keys; OpenTable
    // is not a script's (the runner opens the table from "rules") nor a command route (it is POST /tables).
    ...(Object.keys(CORE) as (keyof Core)[])
      .filter((type) => type !== 'OpenTable')
      .map((type) =>
        type in SCRIPT_FORMS
          ? SCRIPT_FORMS[type as keyof typeof SCRIPT_FORMS]
          : (withScriptKeys(CORE[type] as z.ZodObject) as unknown as CoreScriptCommandSchema),
      ),
    // The house options' commands, as their modules declare them (the engine's modules, in their order, a casino's
    // own included); whether the table plays the option, and what the command may do, is the engine's to decide.
    ...engine.modules
      .flatMap((module) => Object.values(module.commandSchemas ?? {}))
      .map((schema) => withScriptKeys(schema) as unknown as HouseCommandSchema),
  ] as [KnownCommandSchema, ...KnownCommandSchema[]];
  const knownTypes: readonly string[] = known.map((s) => s.shape.type.value);
  // Commands whose module gives no schema (a casino's own may not): accepted with any fields and checked by the
  // engine itself, so a new command is scriptable the day the engine has it.
  const others = (engine.commandTypes as readonly string[]).filter((t) => t !== 'OpenTable' && !knownTypes.includes(t));
  return { known, others, types: [...knownTypes, ...others] };
}

/** The script commands of an engine's tables: one union, with the script format's cross-field rules. */
function scriptCommandUnion(engine: Pick<TableEngine, 'modules' | 'commandTypes' | 'rejectionCodes'>) {
  const { known, others, types } = commandSchemasOf(engine);
  // A refusal a script expects may carry the engine's codes, a casino's module's own among them.
  const ownCodes = { expectRejection: expectRejectionWith(rejectionCodeSchemaOf(engine.rejectionCodes)) };
  const loose = others.length > 0 ? [z.looseObject({ type: z.enum(others as [string, ...string[]]), ...scriptKeys, ...ownCodes })] : [];
  const options = engine === tableDecider ? known : (known.map((s) => s.extend(ownCodes)) as unknown as typeof known);
  return z
    .discriminatedUnion('type', [...options, ...loose], {
      error: (issue) => {
        if (issue.code !== 'invalid_union') return undefined;
        const type = (issue.input as { type?: unknown } | undefined)?.type;
        if (type === 'OpenTable') return 'OpenTable is not a script command: the runner opens the table from "rules"';
        return `the command type must be one of ${types.join(', ')} (got ${JSON.stringify(type)})`;
      },
    })
    .superRefine((command, ctx) => {
      if (
        command.type === 'StartHand' &&
        command.deck !== undefined &&
        (command.holeCards !== undefined || command.board !== undefined || command.secondRun !== undefined)
      )
        ctx.addIssue({ code: 'custom', message: 'give either a full "deck" or "holeCards"/"board"/"secondRun", not both', path: ['deck'] });
      if ((command.type === 'StartHand' || command.type === 'DrawForButton') && command.deck !== undefined && command.seed !== undefined)
        ctx.addIssue({ code: 'custom', message: 'give either a "deck" or a "seed", not both', path: ['seed'] });
      if (command.type === 'CorrectAction' && (command.action === undefined) === (command.backTo === undefined))
        ctx.addIssue({
          code: 'custom',
          message: 'name the action to take back with either "backTo" (its event version) or "action" (its number in the hand), not both',
          path: ['backTo'],
        });
    });
}

/** The script commands of the default engine's tables (tableDecider: the core and the default house options). */
export const scriptCommandSchema = scriptCommandUnion(tableDecider);
export const SCRIPT_COMMAND_TYPES: readonly string[] = commandSchemasOf(tableDecider).types;

/** A table script whose commands are `command`'s (an engine's: scriptSchemasFor). */
const tableScriptWith = (command: typeof scriptCommandSchema, expect: typeof expectSchema) =>
  z
    .strictObject({
      $schema: text('$schema').optional(),
      name: text('name').min(1, { error: 'name may not be empty' }),
      description: text('description').optional(),
      /** Where the scenario comes from ("docs/rules.md FL-1"). */
      source: text('source').optional(),
      /** The table id for OpenTable; "script" by default. */
      tableId: text('tableId').optional(),
      rules: rulesSchema,
      players: z
        .array(z.strictObject({ seat, playerId: text('playerId').min(1, { error: 'playerId may not be empty' }), stack: chips('stack') }))
        .min(1, { error: 'a script needs at least one player' }),
      /** The seat the button starts on; leave it out to DrawForButton or PlaceButton among the commands. */
      button: seat.optional(),
      /**
       * The position the table starts in beyond seats, stacks and button (docs/table-scripts.md "Setup"): reached by
       * ordinary commands and setup hands before the script's own commands; hands are counted from after it.
       */
      setup: z
        .strictObject({
          /** By player id: the blinds they owe ("small", "big"); they are left sitting out. */
          owedBlinds: z
            .record(
              text('a player id', 128),
              z
                .array(z.enum(['small', 'big']))
                .min(1)
                .max(2),
            )
            .optional(),
          /** The player holding the kill button (one leg): they won the last setup hand. */
          killButton: text('killButton', 128).optional(),
          /** The player who kills the first hand after the setup (and holds the kill button): they won the last two. */
          killer: text('killer', 128).optional(),
        })
        .optional(),
      commands: z.array(command),
      expect: expect.optional(),
    })
    .superRefine((script, ctx) => {
      const seats = new Set<number>();
      const ids = new Set<string>();
      script.players.forEach((p, i) => {
        if (seats.has(p.seat)) ctx.addIssue({ code: 'custom', message: `seat ${p.seat} is given twice`, path: ['players', i, 'seat'] });
        if (ids.has(p.playerId))
          ctx.addIssue({ code: 'custom', message: `player "${p.playerId}" is given twice`, path: ['players', i, 'playerId'] });
        seats.add(p.seat);
        ids.add(p.playerId);
      });
      if (script.setup !== undefined && script.button === undefined)
        ctx.addIssue({
          code: 'custom',
          message: 'a setup block needs "button": the seat the first hand after the setup has the button on',
          path: ['button'],
        });
      if (script.setup?.killButton !== undefined && script.setup.killer !== undefined && script.setup.killButton !== script.setup.killer)
        ctx.addIssue({
          code: 'custom',
          message: 'the killer holds the kill button: give "killer" alone, or the same player in both',
          path: ['setup', 'killButton'],
        });
      for (const key of ['killButton', 'killer'] as const) {
        const player = script.setup?.[key];
        if (player !== undefined && !ids.has(player))
          ctx.addIssue({ code: 'custom', message: `setup.${key} names "${player}", who is not among the players`, path: ['setup', key] });
      }
      for (const player of Object.keys(script.setup?.owedBlinds ?? {}))
        if (!ids.has(player))
          ctx.addIssue({
            code: 'custom',
            message: `setup.owedBlinds names "${player}", who is not among the players`,
            path: ['setup', 'owedBlinds', player],
          });
      script.expect?.rejections?.forEach((r, i) => {
        const command = script.commands[r.command];
        if (!command)
          ctx.addIssue({ code: 'custom', message: `there is no command ${r.command}`, path: ['expect', 'rejections', i, 'command'] });
        else if (command.expectRejection?.code !== r.code)
          ctx.addIssue({
            code: 'custom',
            message: `commands[${r.command}] must carry "expectRejection": {"code": "${r.code}"} too, or the runner stops there`,
            path: ['expect', 'rejections', i],
          });
      });
    });

/** Table scripts of the default engine's tables. */
export const tableScriptSchema = tableScriptWith(scriptCommandSchema, expectSchema);

const SCHEMAS_BY_ENGINE = new WeakMap<
  object,
  { readonly command: typeof scriptCommandSchema; readonly script: typeof tableScriptSchema }
>();

/**
 * The script schemas of an engine's tables: its modules' commands (a casino's own too, examples/house-rules/) with
 * theirs. Typed as the default engine's: a casino module's commands are plain objects to the script's types.
 */
export function scriptSchemasFor(engine: TableEngine): {
  readonly command: typeof scriptCommandSchema;
  readonly script: typeof tableScriptSchema;
} {
  if (engine === tableDecider) return { command: scriptCommandSchema, script: tableScriptSchema };
  let schemas = SCHEMAS_BY_ENGINE.get(engine);
  if (!schemas) {
    const command = scriptCommandUnion(engine) as unknown as typeof scriptCommandSchema;
    schemas = { command, script: tableScriptWith(command, expectSchemaOf(engine.rejectionCodes)) };
    SCHEMAS_BY_ENGINE.set(engine, schemas);
  }
  return schemas;
}

export type TableScript = z.infer<typeof tableScriptSchema>;
export type ScriptCommand = z.infer<typeof scriptCommandSchema>;
export type TableScriptExpectations = z.infer<typeof expectSchema>;
export type LegalActionExpectation = z.infer<typeof legalActionSchema>;

export interface ScriptIssue {
  /** Where in the file: "commands[3].to", "players[0].stack", or "" for the whole document. */
  readonly path: string;
  readonly message: string;
}

export type ParsedTableScript =
  { readonly ok: true; readonly script: TableScript } | { readonly ok: false; readonly issues: readonly ScriptIssue[] };

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Validates parsed JSON as a table script for `engine`'s tables (the default engine's unless given). */
export function parseTableScript(input: unknown, engine: TableEngine = tableDecider): ParsedTableScript {
  const result = scriptSchemasFor(engine).script.safeParse(input);
  if (result.success) return { ok: true, script: result.data };
  return { ok: false, issues: result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })) };
}

/** Reads a table script from JSON text; a syntax error is reported as an issue at the document's root. */
export function parseTableScriptJson(json: string, engine: TableEngine = tableDecider): ParsedTableScript {
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (error) {
    return { ok: false, issues: [{ path: '', message: `the file is not valid JSON (${(error as Error).message})` }] };
  }
  return parseTableScript(input, engine);
}
