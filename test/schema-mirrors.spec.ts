import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { COMMAND_TYPES, DEFAULT_MODULES, publishedEventSchemas } from '@felt/engine';

/**
 * One schema source (issue 33): a table command's or event's fields are written once, in its zod schema (the core's
 * in libs/engine/src/table/command-schemas.ts and recorded-event-schemas.ts, a house option's in its module's
 * `commandSchemas`/`eventSchemas`), and its TypeScript type is inferred from it. This finds any hand-written object
 * type that names one of them: a `{ type: 'SeatPlayer'; ... }` anywhere but in a schema's home is a mirror that the
 * next change to the command will leave behind. Naming a member of the engine's union (`Extract<TableCommand,
 * { type: 'ClockExpired' }>`) is not a mirror.
 */

const ROOT = join(__dirname, '..');
const TREES = ['apps', 'libs', 'examples', 'bench', 'tools'];

/** Files where a hand-written type of one of these names is not a mirror, each with why. */
const ALLOWED: Readonly<Record<string, string>> = {
  // The tournament's own commands and events, some of which share a name with a table's (Deal, PauseClock, ClockStarted).
  'libs/tournament/src/commands.ts': "the tournament's own commands",
  'libs/tournament/src/events.ts': "the tournament's own events",
};

/** The table's command and event types, as the default engine has them. */
const NAMES = new Set<string>([...COMMAND_TYPES, ...Object.keys(publishedEventSchemas(DEFAULT_MODULES))]);

interface Mirror {
  readonly file: string;
  readonly line: number;
  readonly type: string;
}

/** The hand-written object types in a source naming one of `names` as their `type`. */
function mirrorsIn(file: string, source: string, names: ReadonlySet<string>): Mirror[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: Mirror[] = [];
  const visit = (node: ts.Node): void => {
    const members = ts.isTypeLiteralNode(node) || ts.isInterfaceDeclaration(node) ? node.members : null;
    const named = members?.map(typeMember).find((name) => name !== null && names.has(name));
    if (named && !selectsFromAUnion(node) && !describesALegalAction(node))
      found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, type: named });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The string literal of a `type: '...'` member. */
function typeMember(member: ts.TypeElement): string | null {
  if (!ts.isPropertySignature(member) || member.name.getText() !== 'type' || !member.type) return null;
  const t = member.type;
  return ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : null;
}

/** `Extract<X, { type: 'A' }>` / `Exclude<...>`: picking members of a union by their type. */
function selectsFromAUnion(node: ts.Node): boolean {
  const parent = node.parent;
  return ts.isTypeReferenceNode(parent) && ['Extract', 'Exclude'].includes(parent.typeName.getText());
}

/** A legal action (what a seat may do now, with its limits) shares its command's name but is not the command. */
function describesALegalAction(node: ts.Node): boolean {
  for (let n: ts.Node | undefined = node; n; n = n.parent)
    if ((ts.isTypeAliasDeclaration(n) || ts.isInterfaceDeclaration(n)) && /LegalAction/.test(n.name.text)) return true;
  return false;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['node_modules', 'dist', 'test-support', 'public'].includes(entry.name)) out.push(...sources(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.(spec|int-spec|e2e-spec|e2e-part|test-support)\.ts$|\.d\.ts$/.test(entry.name))
      out.push(path);
  }
  return out;
}

describe('one schema source: no hand-written mirror of a table command or event', () => {
  it('finds none outside the schemas', () => {
    const mirrors = TREES.flatMap((tree) => {
      let files: string[];
      try {
        files = sources(join(ROOT, tree));
      } catch {
        return [];
      }
      return files.flatMap((path) => {
        const file = relative(ROOT, path);
        return ALLOWED[file] ? [] : mirrorsIn(file, readFileSync(path, 'utf8'), NAMES);
      });
    });
    expect(mirrors).toEqual([]);
  });

  it("names a core event written by hand in the engine's events.ts: its types come from the recorded schemas", () => {
    const file = 'libs/engine/src/table/events.ts';
    const planted =
      "type CoreEvent = { readonly type: 'HoleCardsDealt'; readonly hands: readonly unknown[] } | { readonly type: 'TableClosed' };";
    expect(ALLOWED[file]).toBeUndefined();
    expect(mirrorsIn(file, planted, NAMES)).toEqual([
      { file, line: 1, type: 'HoleCardsDealt' },
      { file, line: 1, type: 'TableClosed' },
    ]);
  });

  it('names a planted mirror, and lets a selection or a legal action be', () => {
    const planted = [
      "export type Bet = { readonly type: 'Bet'; readonly seat: number; readonly amount: number };",
      'export interface Called {',
      "  readonly type: 'CallBombPot';",
      '}',
      "type Expiry = { readonly command: Extract<TableCommand, { type: 'ClockExpired' }> };",
      "type FoldLegalAction = { readonly type: 'Fold'; readonly seat: number };",
      "type Unrelated = { readonly type: 'SomethingElse'; readonly x: number };",
    ].join('\n');
    expect(mirrorsIn('planted.ts', planted, NAMES)).toEqual([
      { file: 'planted.ts', line: 1, type: 'Bet' },
      { file: 'planted.ts', line: 2, type: 'CallBombPot' },
    ]);
  });
});
