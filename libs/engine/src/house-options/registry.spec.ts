import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import fc from 'fast-check';
import { evolve, tableDecider, randomLegalCommand } from '../default-table';
import { DEFAULT_MODULES as RULE_MODULES } from './default-modules';
import { CORE_EVENT_TYPES, type TableEvent } from '../table/events';
import { CORE_COMMAND_TYPES } from '../table/commands';
import { CORE_REJECTION_CODES } from '../table/rejections';
import type { HouseCommand, HouseEvent, HouseRejectionCode } from '../table/extensions';
import { evolveCore } from '../table/evolve';
import { mulberry32 } from '../table/deck';
import { timedTable } from '../table/timed-table.test-support';
import type { TableRulesInput } from '../table/rules';
import type { TableState } from '../table/state';
import { expectToBe, expectToEqual } from '../../../../test/loop-assertions';

const hooks = tableDecider.hooks;

/** The names of the options, as they appear in identifiers and strings (house-options/*.ts). */
const OPTION_WORDS =
  /straddle|kill|chop|rake|missed|bombPot|runItTwice|shotClock|timeBank|Clock(Started|Paused|Resumed|Expired)|(Pause|Resume)Clock/i;

/** Code (not comments) of a source file, as its identifiers and string parts (comments are not in the syntax tree). */
function codeWords(source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile('core.ts', source, ts.ScriptTarget.ES2022, true);
  const words: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isIdentifier(node) ||
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      words.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file) });
    ts.forEachChild(node, visit);
  };
  visit(file);
  return words;
}

function coreFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts') && !name.endsWith('.test-support.ts'))
    .map((name) => join(dir, name));
}

describe('the rule-module registry', () => {
  it('table/ and betting/ name no house option outside comments (the core asks the registry)', () => {
    const root = join(__dirname, '..');
    const found: string[] = [];
    for (const file of [...coreFiles(join(root, 'table')), ...coreFiles(join(root, 'betting'))]) {
      for (const w of codeWords(readFileSync(file, 'utf8')))
        if (OPTION_WORDS.test(w.text)) found.push(`${relative(root, file)}:${w.line} ${w.text}`);
    }
    expect(found).toEqual([]);
  });

  it('finds an option named in planted core code, and not in its comments', () => {
    const planted = [
      '// a straddle in a comment',
      '/** the kill button */',
      'const x = hand.house.straddles;',
      "if (type === 'ChopBlinds') {}",
    ].join('\n');
    expect(
      codeWords(planted)
        .filter((w) => OPTION_WORDS.test(w.text))
        .map((w) => w.text),
    ).toEqual(['straddles', "'ChopBlinds'"]);
  });

  it('lists each module command, event and rejection code after the core ones, exactly those its file declares', () => {
    const after = <T>(list: readonly T[], core: readonly T[]) => list.slice(core.length);
    expect(tableDecider.commandTypes.slice(0, CORE_COMMAND_TYPES.length)).toEqual(CORE_COMMAND_TYPES);
    expect(tableDecider.eventTypes.slice(0, CORE_EVENT_TYPES.length)).toEqual(CORE_EVENT_TYPES);
    expect(tableDecider.rejectionCodes.slice(0, CORE_REJECTION_CODES.length)).toEqual(CORE_REJECTION_CODES);
    // The merged types (each module's `declare module '../table/extensions'`) name what the modules' objects list:
    // a Record over the type's members fails to compile when one is missing or extra.
    const commands: Record<HouseCommand['type'], true> = {
      Straddle: true,
      KillPot: true,
      ChopBlinds: true,
      CallBombPot: true,
      RunItTwice: true,
      RunItOnce: true,
      ClockExpired: true,
      UseTimeBank: true,
      PauseClock: true,
      ResumeClock: true,
      RaceChips: true,
    };
    const events: Record<HouseEvent['type'], true> = {
      KillButtonChanged: true,
      KillPotPosted: true,
      BlindsChopped: true,
      RakeTaken: true,
      BombPotCalled: true,
      RunItTwiceAgreed: true,
      RunItOnceChosen: true,
      SecondBoardDealt: true,
      RunsAwarded: true,
      ClockStarted: true,
      ClockPaused: true,
      ClockResumed: true,
      TimeBankUsed: true,
      ClockExpired: true,
      ChipsRaced: true,
    };
    const codes: Record<HouseRejectionCode, true> = {
      STRADDLE_OUT_OF_TURN: true,
      KILL_BLIND_OWED: true,
      CLOCK_STALE: true,
      CLOCK_NOT_DUE: true,
      CLOCK_NOT_RUNNING: true,
      CLOCK_PAUSED: true,
      CLOCK_RAN_OUT: true,
      TIME_BANK_EMPTY: true,
    };
    expect([...after(tableDecider.commandTypes, CORE_COMMAND_TYPES)].sort()).toEqual(Object.keys(commands).sort());
    expect([...after(tableDecider.eventTypes, CORE_EVENT_TYPES)].sort()).toEqual(Object.keys(events).sort());
    expect([...after(tableDecider.rejectionCodes, CORE_REJECTION_CODES)].sort()).toEqual(Object.keys(codes).sort());
  });

  it('keeps the documented order, and each module a frozen object with a name, defaults and a home in the rules', () => {
    expect(RULE_MODULES.map((m) => m.name)).toEqual([
      'straddle',
      'killGame',
      'killPot',
      'chop',
      'rake',
      'bombPot',
      'runItTwice',
      'shotClock',
      'missedBlinds',
      'chipRace',
    ]);
    for (const m of RULE_MODULES) {
      expect(Object.isFrozen(m)).toBe(true);
      expect(['houseOptions', 'rules']).toContain(m.where);
      // Its defaults are valid at some cash table (straddles are off at limit, kill games need limits); but the chip
      // race's, which nobody sets (the game type switches it on at every tournament table).
      if (m.name === 'chipRace') continue;
      const structures = ['no-limit', 'pot-limit', 'fixed-limit', 'spread-limit'] as const;
      expect(
        structures.some(
          (structure) => (m.validate?.(m.defaults, { structure, tournament: false, smallBlind: 1, bigBlind: 2 }) ?? null) === null,
        ),
      ).toBe(true);
      // A module with a zod schema: its defaults are what the schema makes of nothing.
      if (m.schema) expect(m.schema.parse({})).toEqual(m.defaults);
    }
  });

  /**
   * A module idle when off (rule-module.ts `idleWhenOff`) has its core-event handlers skipped at tables where it is
   * off. Random 2-6 player tables with other options on (their handlers run beside the skipped ones), the idle
   * options switched on or off between hands (ChangeRules), every command timed (so only the rules keep a clock
   * from starting), played by the random legal player: folding the log with the skips and without them gives the
   * same state after every event. decide folds its events with the same evolve, so its events are the same too.
   */
  it('skipping the handlers of a module idle when off changes no state, over random hands with the option on and off', () => {
    const idle = RULE_MODULES.filter((m) => m.idleWhenOff === true && m.where === 'houseOptions');
    expect(idle.map((m) => m.name)).toEqual(['shotClock']);
    const foldEverything = (s: TableState, e: TableEvent): TableState => {
      const house = hooks.houseEvolution(e.type);
      return house === undefined ? evolveCore(hooks, s, e) : hooks.evolveHouse(house.owned ? s : evolveCore(hooks, s, e), e, house, false);
    };
    const T0 = Date.parse('2026-12-05T08:00:00.000Z');
    let skipped = 0;
    fc.assert(
      fc.property(
        fc.record({
          players: fc.integer({ min: 2, max: 6 }),
          seed: fc.integer({ min: 0, max: 0x7fffffff }),
          others: fc.subarray(['straddle', 'rake', 'chop', 'runItTwice']),
          idleOn: fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
        }),
        ({ players, seed, others, idleOn }) => {
          const random = mulberry32(seed);
          const rules = (on: boolean): TableRulesInput => ({
            structure: { kind: 'no-limit' },
            smallBlind: 1,
            bigBlind: 2,
            maxSeats: 6,
            houseOptions: Object.fromEntries([...others.map((o) => [o, true]), ...(on ? idle.map((m) => [m.name, true]) : [])]),
          });
          let now = T0;
          const t = timedTable(() => (now += Math.floor(random() * 40_000)));
          t.must({ type: 'OpenTable', tableId: 'idle', rules: rules(idleOn[0]!) });
          for (let s = 1; s <= players; s++)
            t.must({ type: 'SeatPlayer', seat: s, playerId: `p${s}`, buyIn: 50 + Math.floor(random() * 100) });
          t.must({ type: 'PlaceButton', seat: 1 });
          for (let hand = 0; hand < idleOn.length; hand++) {
            if (t.state.seats.filter((s) => s !== null && s.stack > 0).length < 2) break;
            if (hand > 0) t.must({ type: 'ChangeRules', rules: rules(idleOn[hand]!) });
            t.must({ type: 'StartHand', seed: Math.floor(random() * 1e9) });
            for (let guard = 0; t.state.hand !== null && t.state.hand.phase !== 'complete' && guard < 500; guard++) {
              const command = randomLegalCommand(t.state, random);
              if (command === null) break;
              // A time bank the dealer pressed after the deadline is refused (CLOCK_RAN_OUT): nothing recorded.
              if (!t.apply(command) && command.type !== 'UseTimeBank') throw new Error(`refused: ${JSON.stringify(command)}`);
            }
            expectToBe(t.state.hand?.phase, 'complete');
          }
          let withSkips: TableState = tableDecider.initialState;
          let without: TableState = tableDecider.initialState;
          for (const e of t.log) {
            const house = hooks.houseEvolution(e.type);
            if (house && withSkips.rules && house.handlers.some((h) => h.skipWhenOff && h.module.params(withSkips.rules!) === null))
              skipped++;
            withSkips = evolve(withSkips, e);
            without = foldEverything(without, e);
            expectToEqual(without, withSkips);
          }
          expectToEqual(withSkips, t.state);
        },
      ),
      { numRuns: 60 },
    );
    // The skips did happen (betting actions at tables without the option).
    expect(skipped).toBeGreaterThan(0);
  });
});
