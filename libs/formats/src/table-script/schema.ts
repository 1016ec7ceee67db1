import { z } from 'zod';
import { COMMAND_TYPES, REJECTION_CODES, MAX_SEATS } from '@felt/engine';

/**
 * The table-script format (docs/table-scripts.md): a table's rules, its players, where the button starts, and the
 * commands the floor sends, in the same JSON shape the HTTP API accepts. Validation is strict (an unknown key is an
 * error, so a typo such as "amout" never passes silently) and every problem names its path in the file.
 */

const int = (what: string) => z.number({ error: `${what} must be a number` }).int({ error: `${what} must be a whole number` });
const chips = (what: string) => int(what).min(0, { error: `${what} may not be negative` });
const seat = int('a seat').min(1, { error: 'seats are numbered from 1' }).max(MAX_SEATS, { error: `seats are numbered up to ${MAX_SEATS}` });
const text = (what: string) => z.string({ error: `${what} must be a string` });

export const rejectionCodeSchema = z.enum(REJECTION_CODES, {
  error: (issue) => `unknown rejection code ${JSON.stringify(issue.input)}; the codes are listed in libs/engine/src/table/rejections.ts`,
});

// ----- The table rules: the shape of the engine's TableRulesInput (the engine fills defaults and checks sense).

const structureSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('no-limit'), minimumBet: z.enum(['big-blind', 'lower-then-upper']).optional() }),
    z.strictObject({ kind: z.literal('pot-limit') }),
    z.strictObject({
      kind: z.literal('fixed-limit'),
      smallBet: chips('smallBet').optional(),
      bigBet: chips('bigBet').optional(),
      maxBetsPerRound: int('maxBetsPerRound').optional(),
      headsUpUncapped: z.boolean().optional(),
    }),
    z.strictObject({
      kind: z.literal('spread-limit'),
      min: chips('min').optional(),
      max: chips('max'),
      riverMax: chips('riverMax').optional(),
      maxRaises: int('maxRaises').optional(),
    }),
  ],
  { error: (issue) => (issue.code === 'invalid_union' ? 'structure.kind must be "no-limit", "pot-limit", "fixed-limit" or "spread-limit"' : undefined) },
);

export const rulesSchema = z.strictObject({
  variant: z.literal('texas-holdem').optional(),
  structure: structureSchema,
  smallBlind: chips('smallBlind'),
  bigBlind: chips('bigBlind'),
  ante: z.strictObject({ kind: z.enum(['none', 'everyone', 'big-blind', 'button']), amount: chips('the ante') }).optional(),
  maxSeats: int('maxSeats').optional(),
  buttonMode: z.enum(['dead', 'moving']).optional(),
  gameType: z.enum(['cash', 'tournament']).optional(),
  buyIn: z.strictObject({ min: chips('buyIn.min'), max: chips('buyIn.max') }).nullable().optional(),
  missedBlinds: z
    .strictObject({
      version: z.literal(1).optional(),
      missedSmallOnly: z.enum(['big-blind-live', 'small-blind-dead', 'wait-for-big-blind']).optional(),
      missedBig: z.literal('big-live-small-dead').optional(),
      allowEntryBetweenBlindsAndButton: z.boolean().optional(),
    })
    .optional(),
  /** House options (straddle, kill, chop, rake, ...): passed to the engine as they are; the engine checks them. */
  houseOptions: z.record(z.string(), z.unknown()).optional(),
  /** The dealer's console shows every seat's hole cards (cards read electronically); default false. */
  dealerSeesHoleCards: z.boolean().optional(),
});

// ----- Script-only keys a command may carry; the runner strips them before the engine sees the command.

const legalActionSchema = z.strictObject({
  type: z.enum(['PostBlind', 'Fold', 'Check', 'Call', 'Bet', 'Raise', 'ShowHand', 'MuckHand']),
  seat: seat.optional(),
  blind: text('blind').optional(),
  amount: chips('amount').optional(),
  min: chips('min').optional(),
  max: chips('max').optional(),
});

const scriptKeys = {
  /** A comment for the reader ("UTG raises"). */
  note: text('note').optional(),
  /** The command must be refused with this code (and, if given, a message containing this text); the script goes on. */
  expectRejection: z.strictObject({ code: rejectionCodeSchema, message: text('message').optional() }).optional(),
  /** Checked just before the command is applied. */
  expectBefore: z
    .strictObject({
      /** The seat the hand waits for (legalActions(state).seat), or null. */
      toAct: seat.nullable().optional(),
      /** Chips in the middle: everything put in this hand, less what was returned or already paid out. */
      pot: chips('pot').optional(),
      /** Exactly these legal actions (order does not matter; seat may be left out). */
      legalActions: z.array(legalActionSchema).optional(),
      /** Chips behind, by player id. */
      stacks: z.record(z.string(), chips('a stack')).optional(),
    })
    .optional(),
};

const cardList = text('a card list');

const commandSchemas = [
  z.strictObject({ type: z.literal('CloseTable'), ...scriptKeys }),
  z.strictObject({
    type: z.literal('SeatPlayer'),
    seat,
    playerId: text('playerId'),
    buyIn: chips('buyIn'),
    postToEnter: z.boolean().optional(),
    ...scriptKeys,
  }),
  z.strictObject({ type: z.literal('LeaveTable'), seat, ...scriptKeys }),
  z.strictObject({ type: z.literal('SitOut'), seat, ...scriptKeys }),
  z.strictObject({ type: z.literal('SitIn'), seat, waitForBigBlind: z.boolean().optional(), ...scriptKeys }),
  z.strictObject({ type: z.literal('AddChips'), seat, amount: chips('amount'), ...scriptKeys }),
  z.strictObject({ type: z.literal('DrawForButton'), deck: z.array(text('a card')).optional(), seed: chips('seed').optional(), ...scriptKeys }),
  z.strictObject({ type: z.literal('PlaceButton'), seat, ...scriptKeys }),
  z.strictObject({
    type: z.literal('StartHand'),
    /** The whole deck, top card first (52 cards). */
    deck: z.array(text('a card')).optional(),
    /**
     * A 32-bit seed for mulberry32-fisher-yates, a demo shuffle anyone can predict (the house shuffle takes a 256-bit
     * seed: leave the seed out through the API); with holeCards/board it orders the cards the script leaves open.
     */
    seed: chips('seed').optional(),
    /** Hole cards by seat number or player id: {"3": "AsKd"} or {"alice": "As Kd"}. */
    holeCards: z.record(z.string(), cardList).optional(),
    /** Up to five board cards in the order they come: flop, turn, river ("Qc9d7s4h2c"). */
    board: cardList.optional(),
    ...scriptKeys,
  }),
  z.strictObject({
    type: z.literal('PostBlind'),
    seat,
    /** small-blind, big-blind, ante, make-up-big, make-up-small, new-player, ... (the engine's ForcedBetKind). */
    blind: text('blind').optional(),
    ...scriptKeys,
  }),
  z.strictObject({ type: z.literal('Fold'), seat, ...scriptKeys }),
  z.strictObject({ type: z.literal('Check'), seat, ...scriptKeys }),
  z.strictObject({ type: z.literal('Call'), seat, ...scriptKeys }),
  z.strictObject({ type: z.literal('Bet'), seat, amount: chips('amount'), ...scriptKeys }),
  z.strictObject({ type: z.literal('Raise'), seat, to: chips('to'), ...scriptKeys }),
  z.strictObject({ type: z.literal('ShowHand'), seat, ...scriptKeys }),
  z.strictObject({ type: z.literal('MuckHand'), seat, ...scriptKeys }),
  z.strictObject({ type: z.literal('VoidHand'), reason: text('reason'), ...scriptKeys }),
] as const;

/** The commands this schema knows field by field. */
const KNOWN_COMMAND_TYPES: readonly string[] = commandSchemas.map((s) => s.shape.type.value);

/**
 * Engine commands this schema does not spell out yet (house options such as a straddle or a chop): accepted with
 * any fields and checked by the engine itself, so a new command is scriptable the day the engine has it.
 */
const OTHER_ENGINE_COMMANDS = (COMMAND_TYPES as readonly string[]).filter((t) => t !== 'OpenTable' && !KNOWN_COMMAND_TYPES.includes(t));
const otherCommandSchemas =
  OTHER_ENGINE_COMMANDS.length > 0 ? [z.looseObject({ type: z.enum(OTHER_ENGINE_COMMANDS as [string, ...string[]]), ...scriptKeys })] : [];

export const SCRIPT_COMMAND_TYPES: readonly string[] = [...KNOWN_COMMAND_TYPES, ...OTHER_ENGINE_COMMANDS];

export const scriptCommandSchema = z
  .discriminatedUnion('type', [...commandSchemas, ...otherCommandSchemas], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return undefined;
      const type = (issue.input as { type?: unknown } | undefined)?.type;
      if (type === 'OpenTable') return 'OpenTable is not a script command: the runner opens the table from "rules"';
      return `the command type must be one of ${SCRIPT_COMMAND_TYPES.join(', ')} (got ${JSON.stringify(type)})`;
    },
  })
  .superRefine((command, ctx) => {
    if (command.type === 'StartHand' && command.deck !== undefined && (command.holeCards !== undefined || command.board !== undefined))
      ctx.addIssue({ code: 'custom', message: 'give either a full "deck" or "holeCards"/"board", not both', path: ['deck'] });
    if ((command.type === 'StartHand' || command.type === 'DrawForButton') && command.deck !== undefined && command.seed !== undefined)
      ctx.addIssue({ code: 'custom', message: 'give either a "deck" or a "seed", not both', path: ['seed'] });
  });

const potExpectationSchema = z.strictObject({
  /** The hand number (1 is the script's first hand); the last hand when left out. */
  hand: int('hand').min(1).optional(),
  /** What the pot held, rake included. */
  amount: chips('amount'),
  /** The house's rake from this pot. */
  rake: chips('rake').optional(),
  /** Player ids that may win the pot. */
  eligible: z.array(text('a player id')).optional(),
  /** What each winner receives, by player id. */
  winners: z.record(z.string(), chips('a share')).optional(),
});

const handExpectationSchema = z.strictObject({
  hand: int('hand').min(1),
  button: seat.optional(),
  smallBlind: seat.nullable().optional(),
  bigBlind: seat.optional(),
  board: cardList.optional(),
  /** Chips the house raked from the hand. */
  rake: chips('rake').optional(),
});

export const expectSchema = z.strictObject({
  /** Chips each player has at the end (behind, if the script stops in the middle of a hand). */
  finalStacks: z.record(z.string(), chips('a stack')),
  /** The pots of a hand, main pot first; every pot of each hand named here must be listed. */
  pots: z.array(potExpectationSchema).optional(),
  /** Exactly the refusals the script meets, by command index (each must also be marked with expectRejection). */
  rejections: z.array(z.strictObject({ command: int('command').min(0), code: rejectionCodeSchema })).optional(),
  /** Button and blind positions of given hands. */
  hands: z.array(handExpectationSchema).optional(),
});

export const tableScriptSchema = z
  .strictObject({
    $schema: text('$schema').optional(),
    name: text('name').min(1, { error: 'name may not be empty' }),
    description: text('description').optional(),
    /** Where the scenario comes from ("rules.md FL-1"). */
    source: text('source').optional(),
    /** The table id for OpenTable; "script" by default. */
    tableId: text('tableId').optional(),
    rules: rulesSchema,
    players: z
      .array(z.strictObject({ seat, playerId: text('playerId').min(1, { error: 'playerId may not be empty' }), stack: chips('stack') }))
      .min(1, { error: 'a script needs at least one player' }),
    /** The seat the button starts on; leave it out to DrawForButton or PlaceButton among the commands. */
    button: seat.optional(),
    commands: z.array(scriptCommandSchema),
    expect: expectSchema.optional(),
  })
  .superRefine((script, ctx) => {
    const seats = new Set<number>();
    const ids = new Set<string>();
    script.players.forEach((p, i) => {
      if (seats.has(p.seat)) ctx.addIssue({ code: 'custom', message: `seat ${p.seat} is given twice`, path: ['players', i, 'seat'] });
      if (ids.has(p.playerId)) ctx.addIssue({ code: 'custom', message: `player "${p.playerId}" is given twice`, path: ['players', i, 'playerId'] });
      seats.add(p.seat);
      ids.add(p.playerId);
    });
    script.expect?.rejections?.forEach((r, i) => {
      const command = script.commands[r.command];
      if (!command) ctx.addIssue({ code: 'custom', message: `there is no command ${r.command}`, path: ['expect', 'rejections', i, 'command'] });
      else if (command.expectRejection?.code !== r.code)
        ctx.addIssue({
          code: 'custom',
          message: `commands[${r.command}] must carry "expectRejection": {"code": "${r.code}"} too, or the runner stops there`,
          path: ['expect', 'rejections', i],
        });
    });
  });

export type TableScript = z.infer<typeof tableScriptSchema>;
export type ScriptCommand = z.infer<typeof scriptCommandSchema>;
export type TableScriptExpectations = z.infer<typeof expectSchema>;
export type LegalActionExpectation = z.infer<typeof legalActionSchema>;

export interface ScriptIssue {
  /** Where in the file: "commands[3].to", "players[0].stack", or "" for the whole document. */
  readonly path: string;
  readonly message: string;
}

export type ParsedTableScript = { readonly ok: true; readonly script: TableScript } | { readonly ok: false; readonly issues: readonly ScriptIssue[] };

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out;
}

/** Validates parsed JSON as a table script. */
export function parseTableScript(input: unknown): ParsedTableScript {
  const result = tableScriptSchema.safeParse(input);
  if (result.success) return { ok: true, script: result.data };
  return { ok: false, issues: result.error.issues.map((issue) => ({ path: formatPath(issue.path), message: issue.message })) };
}

/** Reads a table script from JSON text; a syntax error is reported as an issue at the document's root. */
export function parseTableScriptJson(json: string): ParsedTableScript {
  let input: unknown;
  try {
    input = JSON.parse(json);
  } catch (error) {
    return { ok: false, issues: [{ path: '', message: `the file is not valid JSON (${(error as Error).message})` }] };
  }
  return parseTableScript(input);
}
