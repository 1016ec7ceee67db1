import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as engine from '@felt/engine';
import { createTableDecider, DEFAULT_MODULES, type AnyRuleModule, type TableEvent } from '@felt/engine';
import { parseTableScriptJson, runTableScript } from '@felt/formats';
import { tableHands } from '@felt/projections';

/**
 * The promotion drop (house-rules/promotion-drop.js), the second drop module beside the jackpot drop: registered as
 * FELT_HOUSE_RULES registers them (house-rules/index.js), after the jackpot drop, taking from what is left.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { houseRules } = require('../house-rules/index.js') as { houseRules: (api: typeof engine) => AnyRuleModule[] };
/* eslint-enable @typescript-eslint/no-require-imports */
const house = createTableDecider([...DEFAULT_MODULES, ...houseRules(engine)]);

function script(houseOptions: Record<string, unknown> = {}) {
  const parsed = parseTableScriptJson(readFileSync(join(__dirname, '..', 'house-rules', 'pd-1-promotion-drop.json'), 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const rules = { ...parsed.script.rules, houseOptions: { ...parsed.script.rules.houseOptions, ...houseOptions } };
  return { ...parsed.script, rules } as typeof parsed.script;
}

const dropsOf = (events: readonly TableEvent[]) => events.filter((e) => (e.type as string) === 'DropTaken') as unknown[];

describe('the promotion drop, a second drop module beside the jackpot drop', () => {
  it('plays its table script: 3 rake, 1 jackpot drop, then 10% of the 26 left (2) to its own fund', () => {
    const run = runTableScript(script(), house);
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(dropsOf(run.events)).toEqual([
      { type: 'DropTaken', handNumber: 1, fundId: 'bad-beat', amount: 1, byPot: [1] },
      { type: 'DropTaken', handNumber: 1, fundId: 'high-hand', amount: 2, byPot: [2], drop: 'promotion' },
    ]);
    expect(run.hands[0].notes).toEqual(['Jackpot drop: 1 to fund bad-beat', 'Promotion drop: 2 to fund high-hand']);
    // Every chip accounted, and the log folds back to the same table (each module folds only its own drop).
    expect(Object.values(run.finalStacks).reduce((a, b) => a + b, 0) + run.state.rakeCollected).toBe(3000);
    expect(run.state.rakeCollected).toBe(6);
    expect(run.events.reduce((s, e) => house.evolve(s, e), house.initialState)).toEqual(run.state);
    const [record] = tableHands(run.events).map((h) => h.record);
    expect(record!.drops).toEqual([
      { fundId: 'bad-beat', amount: 1 },
      { fundId: 'high-hand', amount: 2 },
    ]);
  });

  it('measured on the whole pot (drop-first) it is 3; alone, after the rake only', () => {
    const promotion = { fundId: 'high-hand', percent: 10, cap: 3, threshold: 20 };
    expect(dropsOf(runTableScript(script({ promotionDrop: { ...promotion, order: 'drop-first' } }), house).events)).toContainEqual(
      expect.objectContaining({ fundId: 'high-hand', amount: 3 }),
    );
    // Without the jackpot drop: 10% of 27 is 2 still; with 30% (capped at 8) of 27: 8, of 26: 7.
    const alone = runTableScript(script({ jackpotDrop: undefined, promotionDrop: { ...promotion, percent: 30, cap: 8 } }), house);
    expect(dropsOf(alone.events)).toEqual([
      { type: 'DropTaken', handNumber: 1, fundId: 'high-hand', amount: 8, byPot: [8], drop: 'promotion' },
    ]);
    const both = runTableScript(script({ promotionDrop: { ...promotion, percent: 30, cap: 8 } }), house);
    expect(dropsOf(both.events)).toContainEqual(expect.objectContaining({ fundId: 'high-hand', amount: 7 }));
  });

  it('writes its own export note, and refuses the jackpot drop’s fund, and plays beside run it twice', () => {
    const run = runTableScript(script(), house);
    const module = house.modules.find((m) => m.name === 'promotionDrop')!;
    expect(module.exportNotes!({ events: run.events, format: 'phh', playerOf: (seat) => `p${seat}` }, {})).toEqual([
      'promotion drop: 2 taken for fund high-hand (by pot, main first: 2); not rake, the winners got the pots less rake and drop',
    ]);
    const refused = (houseOptions: Record<string, unknown>) => {
      const r = runTableScript(script(houseOptions), house);
      return r.failure && 'message' in r.failure ? r.failure.message : JSON.stringify(r.failure);
    };
    expect(refused({ promotionDrop: { fundId: 'bad-beat', amount: 1 } })).toContain('a fund of its own');
    // Run it twice halves what every module leaves of a pot (the settlement's held step): no conflict with it.
    expect(runTableScript(script({ runItTwice: true }), house).failure).toBeNull();
  });
});
