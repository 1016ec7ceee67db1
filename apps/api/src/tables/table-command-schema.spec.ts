import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMAND_TYPES, CORE_COMMAND_SCHEMAS, createTableDecider, DEFAULT_MODULES, ruleModule, tableDecider } from '@felt/engine';
import { loadHouseRules } from '@felt/regulator';
import { bodySchema } from '../openapi/body-schema';
import type { z } from 'zod';
import { parseTableScriptJson, scriptCommandSchema } from '@felt/formats';
import {
  COMMAND_TYPE_BY_ROUTE,
  commandJsonSchema,
  commandRouteName,
  DEFAULT_TABLE_COMMANDS,
  openTableSchema,
  TABLE_COMMAND_TYPES,
  tableCommandSchema,
  tableCommandSchemas,
} from './table-command-schema';

const EXAMPLES = join(__dirname, '..', '..', '..', '..', 'examples');

describe('the API command schema', () => {
  it('covers every engine command but OpenTable, each with a route', () => {
    expect([...TABLE_COMMAND_TYPES, 'OpenTable'].sort()).toEqual([...COMMAND_TYPES].sort());
    expect(COMMAND_TYPE_BY_ROUTE.size).toBe(TABLE_COMMAND_TYPES.length);
    expect(commandRouteName('PostBlind')).toBe('post-blind');
    expect(commandRouteName('ChopBlinds')).toBe('chop-blinds');
    expect(commandRouteName('KillPot')).toBe('kill-pot');
    expect(commandRouteName('Deal')).toBe('deal');
    expect(COMMAND_TYPE_BY_ROUTE.get('draw-for-button')).toBe('DrawForButton');
  });

  it('accepts every command of every example table script, once the script-only keys (and the time the API stamps itself) are taken off', () => {
    let checked = 0;
    for (const file of readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'))) {
      const parsed = parseTableScriptJson(readFileSync(join(EXAMPLES, file), 'utf8'));
      if (!parsed.ok) continue;
      for (const command of parsed.script.commands) {
        const { note: _n, expectRejection: _r, expectBefore: _b, at: _at, ...body } = command as Record<string, unknown>;
        const result = tableCommandSchema.safeParse(body);
        expect({ file, body, ok: result.success }).toEqual({ file, body, ok: true });
        checked++;
      }
      expect(openTableSchema.safeParse({ tableId: 't1', rules: parsed.script.rules }).success).toBe(true);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it.each([
    ['a script-only key', { type: 'Fold', seat: 1, note: 'folds' }],
    ['an unknown key', { type: 'Fold', seat: 1, amount: 2 }],
    ['a straddle with a size', { type: 'Straddle', seat: 4, amount: 8 }],
    ['a deal with a seat', { type: 'Deal', seat: 1 }],
    ['a chop without consents', { type: 'ChopBlinds', consents: [] }],
    ['a chop consent without a name', { type: 'ChopBlinds', consents: [{ seat: 2 }] }],
    ['new rules of the wrong shape', { type: 'ChangeRules', rules: { smallBlind: 1 } }],
    ['a kill pot of a negative amount', { type: 'KillPot', seat: 2, amount: -4 }],
    ['a deck and a seed', { type: 'StartHand', deck: [], seed: 4 }],
    ['a deck and hole cards', { type: 'StartHand', deck: [], holeCards: { 1: 'AsAd' } }],
    ['seat 11', { type: 'Check', seat: 11 }],
    ['OpenTable', { type: 'OpenTable', tableId: 'x', rules: {} }],
  ])('refuses %s', (_what, body) => {
    expect(tableCommandSchema.safeParse(body).success).toBe(false);
  });

  it('accepts the house-option commands in their engine shapes', () => {
    for (const body of [
      { type: 'Straddle', seat: 4 },
      { type: 'KillPot', seat: 2 },
      { type: 'KillPot', seat: 2, amount: 4 },
      { type: 'Deal' },
      {
        type: 'ChopBlinds',
        consents: [
          { seat: 2, by: 'alice' },
          { seat: 3, by: 'bob' },
        ],
      },
      { type: 'ChangeRules', rules: { structure: { kind: 'pot-limit' }, smallBlind: 1, bigBlind: 2 } },
    ]) {
      expect(tableCommandSchema.safeParse(body).success).toBe(true);
    }
  });

  it("is the script schema's own for every command, the house options' too: a table script and the API refuse the same bodies", () => {
    for (const type of TABLE_COMMAND_TYPES) {
      const option = (scriptCommandSchema.options as unknown as z.ZodObject<z.ZodRawShape>[]).find(
        (o) => (o.shape.type as z.ZodLiteral<string>).value === type,
      )!;
      const apiFields = Object.keys((commandJsonSchema(type) as { properties: object }).properties).sort();
      expect(apiFields).toEqual(
        Object.keys(option.shape)
          .filter((k) => !['note', 'expectRejection', 'expectBefore', 'at'].includes(k))
          .sort(),
      );
    }
    for (const body of [
      { type: 'Straddle', seat: 4, amount: 4 },
      { type: 'ClockExpired', clock: 0 },
      { type: 'RunItTwice', consents: [] },
    ]) {
      expect(tableCommandSchema.safeParse(body).success).toBe(false);
      expect(scriptCommandSchema.safeParse(body).success).toBe(false);
    }
  });

  it("takes every command's body from the engine's one schema: the core's, or its module's (the script format narrows four)", () => {
    const engineSchemas: Record<string, z.ZodObject> = { ...CORE_COMMAND_SCHEMAS };
    for (const module of DEFAULT_MODULES) Object.assign(engineSchemas, module.commandSchemas ?? {});
    expect(Object.keys(engineSchemas).sort()).toEqual([...COMMAND_TYPES].sort());
    const narrowed = ['DrawForButton', 'StartHand', 'ChangeRules', 'CorrectAction'];
    for (const type of TABLE_COMMAND_TYPES.filter((t) => !narrowed.includes(t)))
      expect({ type, body: commandJsonSchema(type) }).toEqual({ type, body: bodySchema(engineSchemas[type]!) });
    // The narrowed ones keep the engine's fields as the engine writes them (a client sends no salt or prng).
    const startHand = commandJsonSchema('StartHand') as { properties: Record<string, unknown> };
    const engineStartHand = bodySchema(CORE_COMMAND_SCHEMAS.StartHand) as { properties: Record<string, unknown> };
    expect(startHand.properties.deck).toEqual(engineStartHand.properties.deck);
    expect(startHand.properties).not.toHaveProperty('salt');
    expect(startHand.properties).not.toHaveProperty('prng');
  });

  it('turns into JSON Schema for OpenAPI', () => {
    const raise = commandJsonSchema('Raise');
    expect(raise).toMatchObject({ type: 'object', required: expect.arrayContaining(['type', 'seat', 'to']), additionalProperties: false });
    expect(commandJsonSchema('OpenTable')).toMatchObject({ required: expect.arrayContaining(['tableId', 'rules']) });
  });

  it("takes a casino's modules' commands for the engine that runs them (FELT_HOUSE_RULES), and only for it", () => {
    const house = tableCommandSchemas(loadHouseRules(join(EXAMPLES, 'house-rules', 'index.js')));
    expect(house.types).toEqual([...TABLE_COMMAND_TYPES, 'WaiveSevenDeuceBounty']);
    expect(house.byRoute.get('waive-seven-deuce-bounty')).toBe('WaiveSevenDeuceBounty');
    expect(house.schema.safeParse({ type: 'WaiveSevenDeuceBounty', reason: 'misdeal played on' }).success).toBe(true);
    for (const body of [
      { type: 'WaiveSevenDeuceBounty' },
      { type: 'WaiveSevenDeuceBounty', reason: '' },
      { type: 'WaiveSevenDeuceBounty', reason: 'x', note: 'a script key' },
    ])
      expect(house.schema.safeParse(body).success).toBe(false);
    expect(tableCommandSchema.safeParse({ type: 'WaiveSevenDeuceBounty', reason: 'x' }).success).toBe(false);
    expect(commandJsonSchema('WaiveSevenDeuceBounty', house)).toMatchObject({ required: ['type', 'reason'], additionalProperties: false });
    // The same engine, the same schemas (built once per engine).
    expect(tableCommandSchemas(tableDecider)).toBe(DEFAULT_TABLE_COMMANDS);
  });

  it("takes a module's command that has no schema with any fields: its decide checks them (RuleModule.commandSchemas)", () => {
    const tips = ruleModule({
      name: 'tips',
      where: 'houseOptions',
      params: () => null,
      defaults: {},
      commands: { TipDealer: { actsForHandSeat: false, decide: () => ({ ok: true, events: [] }) } },
    });
    const commands = tableCommandSchemas(createTableDecider([...DEFAULT_MODULES, tips]));
    expect(commands.byRoute.get('tip-dealer')).toBe('TipDealer');
    expect(commands.schema.safeParse({ type: 'TipDealer', seat: 2, amount: 5 }).success).toBe(true);
  });
});
