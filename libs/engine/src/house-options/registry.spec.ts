import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { RULE_MODULES } from './registry';
import { HOUSE_COMMAND_TYPES, HOUSE_EVENT_TYPES } from './declarations';
import { EVENT_TYPES } from '../table/events';
import { COMMAND_TYPES } from '../table/commands';

/** The names of the options, as they appear in identifiers and strings (house-options/*.ts). */
const OPTION_WORDS = /straddle|kill|chop|rake|missed|bombPot|runItTwice|shotClock|timeBank|Clock(Started|Paused|Resumed|Expired)|(Pause|Resume)Clock/i;

/** Code (not comments) of a source file, as its identifiers and string parts (comments are not in the syntax tree). */
function codeWords(source: string): { line: number; text: string }[] {
  const file = ts.createSourceFile('core.ts', source, ts.ScriptTarget.ES2022, true);
  const words: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
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
      for (const w of codeWords(readFileSync(file, 'utf8'))) if (OPTION_WORDS.test(w.text)) found.push(`${relative(root, file)}:${w.line} ${w.text}`);
    }
    expect(found).toEqual([]);
  });

  it('finds an option named in planted core code, and not in its comments', () => {
    const planted = ['// a straddle in a comment', '/** the kill button */', 'const x = hand.house.straddles;', "if (type === 'ChopBlinds') {}"].join('\n');
    expect(codeWords(planted).filter((w) => OPTION_WORDS.test(w.text)).map((w) => w.text)).toEqual(['straddles', "'ChopBlinds'"]);
  });

  it('declares every module command and event in declarations.ts, and the engine lists them', () => {
    const commands = RULE_MODULES.flatMap((m) => Object.keys(m.commands ?? {}));
    expect([...commands].sort()).toEqual([...HOUSE_COMMAND_TYPES].sort());
    for (const type of commands) expect(COMMAND_TYPES).toContain(type);
    const owned = RULE_MODULES.flatMap((m) => Object.keys(m.evolve ?? {})).filter((type) => (HOUSE_EVENT_TYPES as readonly string[]).includes(type));
    expect([...new Set(owned)].sort()).toEqual([...HOUSE_EVENT_TYPES].sort());
    for (const type of HOUSE_EVENT_TYPES) expect(EVENT_TYPES).toContain(type);
  });

  it('keeps the documented order, and each module a frozen object with a name, defaults and a home in the rules', () => {
    expect(RULE_MODULES.map((m) => m.name)).toEqual(['straddle', 'killGame', 'killPot', 'chop', 'rake', 'bombPot', 'runItTwice', 'shotClock', 'missedBlinds']);
    for (const m of RULE_MODULES) {
      expect(Object.isFrozen(m)).toBe(true);
      expect(['houseOptions', 'rules']).toContain(m.where);
      // Its defaults are valid at some cash table (straddles are off at limit, kill games need limits).
      const structures = ['no-limit', 'pot-limit', 'fixed-limit', 'spread-limit'] as const;
      expect(structures.some((structure) => m.validate(m.defaults, { structure, tournament: false, smallBlind: 1, bigBlind: 2 }) === null)).toBe(true);
    }
  });
});
