import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as engine from '@felt/engine';
import { DEFAULT_MODULES, type AnyRuleModule } from '@felt/engine';

/**
 * No file outside a house option's module names its commands, events or forced bets (issue 32: a module owns how
 * its events render and who may send its commands): the formats, the projections, the regulator, the staff's roles
 * and the apps ask the table's modules (their `formats`, `describe`, `exportNotes`, `commandFor`, `chipsMoved`,
 * commands' `sentBy`) instead. Searched: every source file of libs/formats, libs/projections, libs/regulator,
 * libs/staff and apps/, but their tests (which play the options on purpose: a test of a straddle names it) and the
 * console (a screen for each option is the console's business, a view of the table as its players and floor see
 * it). Names: each default module's command and event types (as words, comments included) and forced-bet kinds (as
 * quoted strings).
 *
 * STILL_NAMED lists the places not yet moved, each with why; it may only shrink: an entry that no longer names
 * what it says fails too, so a fix removes its line.
 */
const ROOT = join(__dirname, '..');
const SEARCHED = ['libs/formats/src', 'libs/projections/src', 'libs/regulator/src', 'libs/staff/src', 'apps'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test', 'console']);
const TEST_FILE = /\.(spec|int-spec|e2e-spec|test-support|e2e-part)\.ts$/;

const STILL_NAMED: Readonly<Record<string, readonly string[]>> = {
  // A tournament's own clock events, of the same names in the tournament's stream: its replay rebuilds each from
  // its event, a typed switch over the tournament's events. Not the shot clock's: words the two clocks share.
  'libs/regulator/src/tournament-replay.ts': ['ClockPaused', 'ClockResumed', 'ClockStarted', 'PauseClock', 'ResumeClock'],
  // The tournament's own PauseClock and ResumeClock (its level clock), words the shot clock's commands share.
  'apps/api/src/tournaments/tournament-request.ts': ['PauseClock', 'ResumeClock'],
  // The commands only the tournament sends its tables (a chip race among them): the tournament drives the option.
  'apps/api/src/tournaments/tournament-tables.ts': ['RaceChips'],
  // PHH replay plays a file's straddles, chop and second board through the default modules' commands: the format
  // names those actions, so its reader sends them.
  'libs/formats/src/phh/replay.ts': ['ChopBlinds', 'RunItTwice', 'Straddle'],
};

/** What a module is named by outside it: its command and event types as words, its forced-bet kinds as quoted strings. */
export function namesOf(modules: readonly AnyRuleModule[]): { readonly name: string; readonly pattern: RegExp }[] {
  const events = [...new Set(modules.flatMap((m) => [...Object.keys(m.eventSchemas ?? {}), ...Object.keys(m.commands ?? {})]))];
  const kinds = [...new Set(modules.flatMap((m) => m.forcedBetKinds ?? []))];
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  return [
    ...events.map((e) => ({ name: e, pattern: new RegExp(`\\b${escape(e)}\\b`) })),
    ...kinds.map((k) => ({ name: `'${k}'`, pattern: new RegExp(`['"\`]${escape(k)}['"\`]`) })),
  ];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|js|mjs)$/.test(entry.name) && !TEST_FILE.test(entry.name) ? [path] : [];
  });
}

/** Every file that names a module's event or forced bet, with the names, sorted. */
export function namedOutside(modules: readonly AnyRuleModule[], dirs: readonly string[] = SEARCHED): Record<string, string[]> {
  const names = namesOf(modules);
  const found: Record<string, string[]> = {};
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    const hits = names.filter((n) => n.pattern.test(text)).map((n) => n.name);
    if (hits.length > 0) found[relative(ROOT, join(ROOT, file))] = hits.sort();
  }
  return found;
}

describe("the modules' names outside them", () => {
  it('appear nowhere in the formats, projections, regulator, staff roles or apps but where STILL_NAMED says why', () => {
    const expected = Object.fromEntries(Object.entries(STILL_NAMED).map(([file, names]) => [file, [...names].sort()]));
    expect(namedOutside(DEFAULT_MODULES)).toEqual(expected);
  });

  it("a casino's modules (examples/house-rules/) are named nowhere in them either, their commands included", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { houseRules } = require('../examples/house-rules/index.js') as { houseRules: (api: typeof engine) => readonly AnyRuleModule[] };
    const modules = houseRules(engine);
    expect(modules.flatMap((m) => Object.keys(m.commands ?? {}))).toContain('WaiveSevenDeuceBounty');
    expect(namedOutside(modules)).toEqual({});
  });

  it("are spoken for by their modules' formats, each of its own kinds and events only", () => {
    for (const m of DEFAULT_MODULES) {
      expect(Object.keys(m.formats?.forcedBets ?? {}).filter((kind) => !(m.forcedBetKinds ?? []).includes(kind))).toEqual([]);
      expect(Object.keys(m.formats?.deals ?? {}).filter((type) => !(type in (m.eventSchemas ?? {})))).toEqual([]);
      expect(Object.keys(m.formats?.record ?? {}).filter((type) => !(type in (m.eventSchemas ?? {})))).toEqual([]);
    }
    const spoken = DEFAULT_MODULES.flatMap((m) => Object.keys(m.formats?.forcedBets ?? {}));
    expect(spoken).toEqual(DEFAULT_MODULES.flatMap((m) => m.forcedBetKinds ?? []));
  });

  it('finds a name planted in a file it searches', () => {
    // The check's own reach: this file is a test (skipped), so plant through a module whose event is named here.
    const planted = namesOf([{ eventSchemas: { HandStarted: {} } } as unknown as AnyRuleModule]);
    expect(planted.map((n) => n.name)).toEqual(['HandStarted']);
    expect(Object.keys(namedOutside([{ eventSchemas: { HandStarted: {} } } as unknown as AnyRuleModule]))).toContain(
      'libs/formats/src/table-script/summary.ts',
    );
  });
});
