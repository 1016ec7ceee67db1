import { z } from 'zod';
import { CORE_RULES_INPUT_SCHEMA, MAX_SEATS, chipsField, textField, wholeNumberField } from '@felt/engine';

const int = wholeNumberField;
const chips = chipsField;
const text = textField;

// ----- The table rules: the engine's core rules input (CORE_RULES_INPUT_SCHEMA), and the house options' shapes.

export const rulesSchema = CORE_RULES_INPUT_SCHEMA.extend({
  missedBlinds: z
    .strictObject({
      version: z.literal(1).optional(),
      missedSmallOnly: z.enum(['big-blind-live', 'small-blind-dead', 'wait-for-big-blind']).optional(),
      missedBig: z.literal('big-live-small-dead').optional(),
      allowEntryBetweenBlindsAndButton: z.boolean().optional(),
    })
    .optional(),
  /**
   * House options (docs/house-options.md): each true (its defaults), false/null (off) or an object overriding some
   * of its parameters. Only the shapes are checked here (no unknown key at any depth, the right types); the engine
   * checks the values and their sense with the table's rules.
   */
  houseOptions: z
    .strictObject({
      straddle: houseOption({
        positions: text('positions', 32),
        maxStraddles: int('maxStraddles'),
        minPlayersDealt: int('minPlayersDealt'),
        sizeMultiple: int('sizeMultiple'),
        buttonStraddleOrder: text('buttonStraddleOrder', 32),
        minRaiseBasis: text('minRaiseBasis', 32),
        allowInLimit: z.boolean(),
      }),
      killGame: houseOption({
        mode: text('mode', 32),
        trigger: text('trigger', 32),
        secondLegMinBets: int('secondLegMinBets'),
        minPotInBigBets: int('minPotInBigBets'),
        requireFlop: z.boolean(),
        killerAction: text('killerAction', 32),
        minPlayers: int('minPlayers'),
      }),
      killPot: houseOption({ size: text('size', 32), overblindOnly: z.boolean() }),
      chop: houseOption({ fee: chips('fee'), allowHeadsUp: z.boolean() }),
      rake: houseOption({
        percent: z.number({ error: 'percent must be a number' }),
        cap: chips('cap').nullable(),
        capScope: text('capScope', 32),
        capByPlayers: z
          .array(z.strictObject({ minPlayers: int('minPlayers'), cap: chips('cap') }))
          .max(MAX_SEATS, { error: `capByPlayers has at most ${MAX_SEATS} rows` })
          .nullable(),
        roundDownTo: int('roundDownTo'),
        noFlopNoDrop: z.boolean(),
        allocation: text('allocation', 32),
      }),
      bombPot: houseOption({ ante: chips('ante').nullable(), everyNthHand: int('everyNthHand').nullable() }),
      runItTwice: houseOption({}),
      shotClock: houseOption({
        seconds: int('seconds'),
        timeBankExtensions: int('timeBankExtensions'),
        timeBankSeconds: int('timeBankSeconds'),
        onExpiry: text('onExpiry', 32),
      }),
    })
    // A casino's own option (a module given to the engine, examples/house-rules/): flat parameters of plain values
    // here; the engine refuses a name no module has, and the module checks its values.
    .catchall(
      z.union([z.boolean(), z.null(), z.record(z.string().max(64), z.union([z.number(), z.string().max(64), z.boolean(), z.null()]))]),
    )
    .optional(),
});

/** One house option: true (its defaults), false or null (off), or some of its parameters (and its version, 1). */
function houseOption(parameters: z.ZodRawShape) {
  const partial = Object.fromEntries(Object.entries(parameters).map(([key, schema]) => [key, (schema as z.ZodType).optional()]));
  return z.union([z.boolean(), z.null(), z.strictObject({ version: z.literal(1).optional(), ...partial })]).optional();
}
