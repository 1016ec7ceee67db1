import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import * as engine from '@felt/engine';
import { createTableDecider, DEFAULT_MODULES, type AnyRuleModule, type TableEvent } from '@felt/engine';
import { ohhHandsFromEvents, parseTableScriptJson, phhHandsFromEvents, runTableScript, toPhhText } from '@felt/formats';
import { handHistory, ledgerDiscrepancy, project, sessionLedger, tableHands } from '@felt/projections';
import type { RecordedEvent } from '@felt/event-store';

/**
 * The jackpot drop (house-rules/jackpot-drop.js), a house option registered as a casino's own modules are: handed
 * to the engine's factory after the default ones. Nothing under libs/engine names it.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { jackpotDrop, dropByPot } = require('../house-rules/jackpot-drop.js') as {
  jackpotDrop: (api: typeof engine) => AnyRuleModule;
  dropByPot: (o: object, pots: readonly number[], rake: readonly number[], flopSeen: boolean) => number[];
};
const { houseRules } = require('../house-rules/index.js') as { houseRules: (api: typeof engine) => AnyRuleModule[] };
/* eslint-enable @typescript-eslint/no-require-imports */
const house = createTableDecider([...DEFAULT_MODULES, jackpotDrop(engine)]);
const dir = join(__dirname, '..', 'house-rules');

function script(name: string, houseOptions?: Record<string, unknown>) {
  const parsed = parseTableScriptJson(readFileSync(join(dir, name), 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  if (!houseOptions) return parsed.script;
  const rules = { ...parsed.script.rules, houseOptions: { ...parsed.script.rules.houseOptions, ...houseOptions } };
  return { ...parsed.script, rules } as typeof parsed.script;
}

const dropsOf = (events: readonly TableEvent[]) => events.filter((e) => (e.type as string) === 'DropTaken') as unknown[];
const RULES = { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10 } as const;
const open = (jackpotDropOption: unknown) =>
  house.decide(
    { type: 'OpenTable', tableId: 't', rules: { ...RULES, houseOptions: { jackpotDrop: jackpotDropOption } } as never },
    house.initialState,
  );

describe('the jackpot drop, a house option from outside the engine', () => {
  it('plays its table script: 3 rake then 1 drop from the 30 pot; nothing from a hand without a flop', () => {
    const run = runTableScript(script('jd-1-jackpot-drop.json'), house);
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(dropsOf(run.events)).toEqual([{ type: 'DropTaken', handNumber: 1, fundId: 'bad-beat', amount: 1, byPot: [1] }]);
    // The 30 pot less 3 rake and 1 drop to its winner (the script's expectations check the pot's rake and drop too).
    expect(run.events.find((e) => e.type === 'PotAwarded')).toMatchObject({ pot: 0, amount: 26, winners: [{ seat: 1, amount: 26 }] });
    // Taken with the rake: after RakeTaken, before the pot is awarded.
    const types = run.events.map((e) => e.type as string);
    expect(types.indexOf('DropTaken')).toBe(types.indexOf('RakeTaken') + 1);
    expect(types[types.indexOf('DropTaken') + 1]).toBe('PotAwarded');
    expect(run.hands[0].notes).toEqual(['Jackpot drop: 1 to fund bad-beat']);
    // Every chip accounted: the players' 3,000 less the house's rake and drop.
    expect(Object.values(run.finalStacks).reduce((a, b) => a + b, 0) + run.state.rakeCollected).toBe(3000);
    expect(run.events.reduce((s, e) => house.evolve(s, e), house.initialState)).toEqual(run.state);
    // The file FELT_HOUSE_RULES names registers the same module.
    expect(houseRules(engine).map((m) => m.name)).toEqual(['jackpotDrop', 'promotionDrop']);
  });

  it('takes a percentage, capped, measured after the rake or on the whole pot as the order says', () => {
    const percent = (order: string, threshold = 0) =>
      dropsOf(
        runTableScript(script('jd-1-jackpot-drop.json', { jackpotDrop: { fundId: 'hh', percent: 10, cap: 5, threshold, order } }), house)
          .events,
      );
    // 10% of 27 (30 less 3 rake) is 2; of the whole 30, 3.
    expect(percent('rake-first')).toEqual([{ type: 'DropTaken', handNumber: 1, fundId: 'hh', amount: 2, byPot: [2] }]);
    expect(percent('drop-first')).toEqual([{ type: 'DropTaken', handNumber: 1, fundId: 'hh', amount: 3, byPot: [3] }]);
    // A threshold of 28: the pot after the rake (27) falls short, the whole pot (30) reaches it.
    expect(percent('rake-first', 28)).toEqual([]);
    expect(percent('drop-first', 28)).toHaveLength(1);
    // Without the flop requirement, the second hand's 25 pot (no flop, no rake) pays 10%: 2.
    const noFlop = runTableScript(
      script('jd-1-jackpot-drop.json', { jackpotDrop: { fundId: 'hh', percent: 10, flopRequired: false } }),
      house,
    );
    expect(dropsOf(noFlop.events)).toEqual([
      { type: 'DropTaken', handNumber: 1, fundId: 'hh', amount: 2, byPot: [2] },
      { type: 'DropTaken', handNumber: 2, fundId: 'hh', amount: 2, byPot: [2] },
    ]);
  });

  it('per pot: a side pot under the threshold pays nothing; a pot never pays more than it holds after the rake', () => {
    const o = { amount: 2, percent: null, threshold: 20, cap: null, flopRequired: true, order: 'rake-first' };
    expect(dropByPot(o, [300, 15], [3, 0], true)).toEqual([2, 0]);
    expect(dropByPot(o, [300, 15], [3, 0], false)).toEqual([0, 0]);
    expect(dropByPot({ ...o, threshold: 0, amount: 5 }, [4, 3], [2, 0], true)).toEqual([2, 3]);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(10_000), fc.nat(100)), { minLength: 1, maxLength: 6 }),
        fc.record({
          amount: fc.option(fc.integer({ min: 1, max: 500 })),
          percent: fc.integer({ min: 0, max: 10_000 }).map((h) => h / 100),
          threshold: fc.nat(1000),
          cap: fc.option(fc.nat(500)),
          order: fc.constantFrom('rake-first', 'drop-first'),
        }),
        (pots, p) => {
          const sizes = pots.map(([size]) => size);
          const rake = pots.map(([size, pct]) => Math.floor((size * pct) / 100));
          const drops = dropByPot({ ...p, flopRequired: false }, sizes, rake, true);
          drops.forEach((d, i) => {
            expect(Number.isInteger(d) && d >= 0).toBe(true);
            expect(d + rake[i]).toBeLessThanOrEqual(sizes[i]);
            if (p.cap !== null) expect(d).toBeLessThanOrEqual(p.cap);
          });
        },
      ),
    );
  });

  it('plays with run it twice: each pot is halved after the rake and the drop (JD-2, worked by hand)', () => {
    const run = runTableScript(script('jd-2-run-it-twice.json'), house);
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(dropsOf(run.events)).toEqual([{ type: 'DropTaken', handNumber: 1, fundId: 'bad-beat', amount: 1, byPot: [1] }]);
    // 201 less 5 rake and 1 drop: 195, halved 98 (with the odd chip, to c first left of the button) and 97.
    expect(run.events.find((e) => e.type === 'PotAwarded')).toMatchObject({
      pot: 0,
      amount: 195,
      winners: [
        { seat: 3, amount: 98 },
        { seat: 1, amount: 97 },
      ],
    });
    expect(run.events.find((e) => (e.type as string) === 'RunsAwarded')).toMatchObject({
      pots: [
        {
          pot: 0,
          runs: [
            { run: 1, amount: 98, winners: [{ seat: 3, amount: 98 }] },
            { run: 2, amount: 97, winners: [{ seat: 1, amount: 97 }] },
          ],
        },
      ],
    });
    // Every chip accounted: the players' 400 less the house's 5 rake and 1 drop.
    expect(run.state.rakeCollected).toBe(6);
    expect(Object.values(run.finalStacks).reduce((a, b) => a + b, 0) + run.state.rakeCollected).toBe(400);
    expect(run.events.reduce((s, e) => house.evolve(s, e), house.initialState)).toEqual(run.state);
    // A percentage on the whole pot (drop-first): 10% of 201 is 20, capped at 7; 201 - 5 - 7 = 189 halves 95 and 94.
    const percent = runTableScript(
      script('jd-2-run-it-twice.json', { jackpotDrop: { fundId: 'hh', percent: 10, cap: 7, order: 'drop-first' } }),
      house,
    );
    expect(dropsOf(percent.events)).toEqual([{ type: 'DropTaken', handNumber: 1, fundId: 'hh', amount: 7, byPot: [7] }]);
    expect(percent.finalStacks).toEqual({ a: 194, b: 99, c: 95 });

    // PHH and OHH: both runs, the finishing stacks after rake and drop, and the drop's note (no field for it).
    const [phh] = phhHandsFromEvents(run.events, undefined, house.modules).hands;
    expect(phh!.finishingStacks).toEqual([99, 98, 197]);
    const note = 'jackpot drop: 1 taken for fund bad-beat (by pot, main first: 1); not rake, the winners got the pots less rake and drop';
    expect(phh!.notes.filter((n) => n.kind === 'house-rule').map((n) => n.text)).toEqual([note]);
    expect(toPhhText([phh!])).toContain('_felt_runs = 2');
    const [ohh] = ohhHandsFromEvents(run.events, { modules: house.modules });
    expect((ohh!.ohh.felt_notes ?? []).filter((n: { kind: string }) => n.kind === 'house-rule')).toEqual([
      { kind: 'house-rule', text: note },
    ]);
  });

  it('is in the hand record, per pot and per fund, and in the exports: the pot as the players built it', () => {
    const run = runTableScript(script('jd-1-jackpot-drop.json'), house);
    const [first, second] = tableHands(run.events).map((h) => h.record);
    expect(first!.drops).toEqual([{ fundId: 'bad-beat', amount: 1 }]);
    expect(first!.pots).toEqual([expect.objectContaining({ amount: 26, rake: 3, drop: 1 })]);
    expect(first!.rake).toBe(3);
    expect(first).not.toHaveProperty('dropByPot');
    expect(second).not.toHaveProperty('drops');
    // OHH's pot has a jackpot field; PHH's rake by pot is [the whole pot, its rake].
    const [ohh] = ohhHandsFromEvents(run.events);
    expect(ohh!.ohh.pots).toEqual([expect.objectContaining({ amount: 30, rake: 3, jackpot: 1 })]);
    expect(phhHandsFromEvents(run.events).hands[0]!.rake).toEqual({ total: 3, byPot: [[30, 3]] });
  });

  it('is in the hand history and the session ledger read from the log, which balances with it', () => {
    const run = runTableScript(script('jd-1-jackpot-drop.json'), house);
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
    const recorded = run.events.map(
      ({ type, ...data }, i) =>
        ({ streamId: 'table-t', streamVersion: i + 1, type, schemaVersion: 1, data, recordedAt: at(i) }) as unknown as RecordedEvent,
    );
    expect(project(handHistory, recorded).hands.t![0]!.drops).toEqual([{ fundId: 'bad-beat', amount: 1 }]);
    const ledger = project(sessionLedger, recorded);
    expect(ledger.tables.t).toMatchObject({ rake: 3, drops: 1 });
    expect(ledgerDiscrepancy(ledger, 't')).toBe(0);
  });

  it('writes a note for PHH and OHH, which have no field for a drop', () => {
    const run = runTableScript(script('jd-1-jackpot-drop.json'), house);
    const module = house.modules.find((m) => m.name === 'jackpotDrop')!;
    expect(module.exportNotes!({ events: run.events, format: 'ohh', playerOf: (seat) => `p${seat}` }, {})).toEqual([
      'jackpot drop: 1 taken for fund bad-beat (by pot, main first: 1); not rake, the winners got the pots less rake and drop',
    ]);
  });

  it('refuses options a floor would get wrong, with a sentence, and the engine without it refuses the option by name', () => {
    const refused = runTableScript(script('jd-1-jackpot-drop.json'));
    expect(refused.failure).toMatchObject({ kind: 'rejected', code: 'INVALID_RULES' });
    const cases: [unknown, string][] = [
      [true, 'fund id'],
      [{ fundId: 'bad beat', amount: 1 }, 'fund id'],
      [{ fundId: 'bb', amount: 1, percent: 5 }, 'either a set amount or a percentage'],
      [{ fundId: 'bb' }, 'either a set amount or a percentage'],
      [{ fundId: 'bb', amount: 0 }, 'at least 1'],
      [{ fundId: 'bb', percent: 1.005 }, 'hundredths'],
      [{ fundId: 'bb', amount: 1, threshold: -1 }, 'threshold'],
      [{ fundId: 'bb', amount: 1, order: 'later' }, 'rake-first'],
    ];
    for (const [option, why] of cases) {
      const d = open(option);
      expect(d.ok).toBe(false);
      if (!d.ok) {
        expect(d.rejection.code).toBe('INVALID_RULES');
        expect(d.rejection.message).toContain(why);
      }
    }
    expect(open({ fundId: 'bb', amount: 1 }).ok).toBe(true);
  });
});
