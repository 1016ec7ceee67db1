import { createTableDecider, type TableEngine } from './table-decider';
import { tableDecider } from '../default-table';
import { DEFAULT_MODULES } from '../house-options/default-modules';
import { mulberry32 } from './deck';
import { HOOKS } from './hooks';
import type { AnyRuleModule } from '../house-options/rule-module';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import type { TableRulesInput } from './rules';
import type { TableState } from './state';

/**
 * The hooks are composed for the modules enabled under the table's rules (table/hooks.ts `composed`): an option
 * that is off contributes no hook call, an idle module's handlers of core events are not called where it is off,
 * and each module's parameters are read once per rules record, not at every call.
 */

/** Every module of the default list with its hooks, parameters and evolve handlers counting their calls (by module, by name). */
function countingModules(): { modules: AnyRuleModule[]; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const counted =
    (m: AnyRuleModule, name: string, f: (...args: never[]) => unknown) =>
    (...args: never[]) => {
      calls.set(`${m.name}.${name}`, (calls.get(`${m.name}.${name}`) ?? 0) + 1);
      return f.apply(m, args);
    };
  const modules = DEFAULT_MODULES.map((m) => {
    const wrapped: Record<string, unknown> = { ...m, params: counted(m, 'params', m.params) };
    for (const hook of HOOKS) if (m[hook]) wrapped[hook] = counted(m, hook, m[hook] as never);
    wrapped.evolve = Object.fromEntries(
      Object.entries(m.evolve ?? {}).map(([type, f]) => [type, counted(m, `evolve.${type}`, f as never)]),
    );
    return wrapped as unknown as AnyRuleModule;
  });
  return { modules, calls };
}

/** A table of `engine` with six players, then `hands` hands played by the random legal player. */
function play(engine: TableEngine, rules: TableRulesInput, hands: number, seed: number): { state: TableState; events: TableEvent[] } {
  const events: TableEvent[] = [];
  let state = engine.initialState;
  const apply = (command: TableCommand) => {
    const d = engine.decide(command, state);
    if (!d.ok) throw new Error(`${command.type} refused: ${d.rejection.code}`);
    events.push(...d.events);
    state = d.state;
  };
  apply({ type: 'OpenTable', tableId: 'hooks', rules });
  for (let seat = 1; seat <= 6; seat++) apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 500 });
  apply({ type: 'PlaceButton', seat: 1 });
  const random = mulberry32(seed);
  for (let hand = 0; hand < hands; hand++) {
    apply({ type: 'StartHand', seed: seed + hand });
    for (let guard = 0; state.hand !== null && state.hand.phase !== 'complete'; guard++) {
      if (guard > 500) throw new Error('the hand did not end');
      apply(engine.randomLegalCommand(state, random)!);
    }
    // Keep six players in: a player out of chips buys in again.
    for (const s of state.seats) if (s !== null && s.stack === 0) apply({ type: 'AddChips', seat: s.seat, amount: 500 });
  }
  return { state, events };
}

const PLAIN: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };

describe('hooks composed for the enabled modules', () => {
  it('asks no hook of an option that is off, nor an idle module about core events, and plays as the default engine', () => {
    const { modules, calls } = countingModules();
    const played = play(createTableDecider(modules), PLAIN, 30, 7);
    expect(played.events).toEqual(play(tableDecider, PLAIN, 30, 7).events);
    const hookCalls = [...calls.keys()].filter((k) => HOOKS.some((hook) => k.endsWith(`.${hook}`)));
    // Missed blinds is always on; every other option is off at this table.
    expect(hookCalls.filter((k) => !k.startsWith('missedBlinds.'))).toEqual([]);
    expect(hookCalls).toEqual(expect.arrayContaining(['missedBlinds.seatEntry', 'missedBlinds.forcedBets']));
    expect([...calls.keys()].filter((k) => k.startsWith('shotClock.evolve.'))).toEqual([]);
    // A module that folds core events whatever the rules still does (the log is history).
    expect(calls.get('missedBlinds.evolve.HandEnded')).toBe(30);
  });

  it('reads each module’s parameters once per rules record, not per hand', () => {
    const { modules, calls } = countingModules();
    const engine = createTableDecider(modules);
    play(engine, PLAIN, 5, 11);
    const afterFive = new Map(calls);
    play(engine, PLAIN, 40, 11);
    // The second table has rules of its own (a new record): as many reads as the first, whatever the number of hands.
    const reads = (of: Map<string, number>) => DEFAULT_MODULES.map((m) => of.get(`${m.name}.params`) ?? 0);
    const first = reads(afterFive);
    expect(first.every((n) => n > 0)).toBe(true);
    expect(reads(calls).map((n, i) => n - first[i])).toEqual(first);
  });

  it('asks an option’s hooks once the rules switch it on, and its idle handlers with it', () => {
    const { modules, calls } = countingModules();
    const engine = createTableDecider(modules);
    const on: TableRulesInput = { ...PLAIN, houseOptions: { straddle: true, shotClock: true } };
    const played = play(engine, on, 10, 3);
    expect(played.events).toEqual(play(tableDecider, on, 10, 3).events);
    expect(calls.get('straddle.dealerDeals')).toBeGreaterThan(0);
    expect(calls.get('straddle.legalActions')).toBeGreaterThan(0);
    expect(calls.get('shotClock.afterCommand')).toBeGreaterThan(0);
    expect(calls.get('shotClock.evolve.PlayerFolded') ?? calls.get('shotClock.evolve.PlayerChecked')).toBeGreaterThan(0);
    // Still off: the rake, the chop, the kills, bomb pots, run it twice.
    for (const name of ['rake', 'chop', 'killGame', 'killPot', 'bombPot', 'runItTwice'])
      expect([...calls.keys()].filter((k) => k.startsWith(`${name}.`) && HOOKS.some((hook) => k.endsWith(`.${hook}`)))).toEqual([]);
  });
});
