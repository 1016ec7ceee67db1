import fc from 'fast-check';
import { formatPath } from '@felt/formats';
import { parseJsonText, scanJsonText } from './json-text';

/**
 * The API's JSON reading against JSON.parse: the same value for every text without a repeated member name, and a
 * DUPLICATE_KEY naming the first repeated one (as the text reads) for every text with one, at any depth. The texts
 * are written here from trees whose objects are lists of members (so a name can repeat), with any whitespace and
 * names escaped in any way JSON allows ("a", "\u0061"): the oracle is the tree, not the code.
 */

type Tree = { kind: 'scalar'; value: unknown } | { kind: 'array'; items: Tree[] } | { kind: 'object'; members: [string, Tree][] };

// Few names, so that repeats are common; "__proto__" because JSON.parse makes it an own member like any other.
const NAME = fc.constantFrom('a', 'b', 'seat', 'type', '__proto__', 'é', '"q"', '');

const treeArbitrary: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .oneof(
        fc.string({ maxLength: 5 }),
        fc.integer(),
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.boolean(),
        fc.constant(null),
      )
      .map((value) => ({ kind: 'scalar' as const, value })),
    fc.array(tie('tree'), { maxLength: 4 }).map((items) => ({ kind: 'array' as const, items })),
    fc.array(fc.tuple(NAME, tie('tree')), { maxLength: 5 }).map((members) => ({ kind: 'object' as const, members })),
  ),
})).tree;

const rootArbitrary = fc.oneof(
  fc.array(fc.tuple(NAME, treeArbitrary), { maxLength: 5 }).map((members): Tree => ({ kind: 'object', members })),
  fc.array(treeArbitrary, { maxLength: 4 }).map((items): Tree => ({ kind: 'array', items })),
);

/** How to write a text: the whitespace around each token and how each name's characters are spelled. */
interface Style {
  readonly space: () => string;
  readonly escapeChar: () => boolean;
}

function styleFrom(seeds: readonly number[]): Style {
  let i = 0;
  const next = () => seeds[i++ % seeds.length]!;
  return {
    space: () => ['', '', ' ', '\n', '\t ', '\r\n  '][next() % 6]!,
    escapeChar: () => next() % 4 === 0,
  };
}

function nameLiteral(name: string, style: Style): string {
  const plain = JSON.stringify(name);
  let out = '"';
  for (const ch of plain.slice(1, -1).match(/\\u[0-9a-f]{4}|\\.|[\s\S]/g) ?? []) {
    out += ch.length === 1 && style.escapeChar() ? `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}` : ch;
  }
  return `${out}"`;
}

function write(tree: Tree, style: Style): string {
  const s = style.space;
  if (tree.kind === 'scalar') return JSON.stringify(tree.value);
  if (tree.kind === 'array') return `[${s()}${tree.items.map((item) => `${s()}${write(item, style)}${s()}`).join(',')}${s()}]`;
  return `{${s()}${tree.members.map(([name, value]) => `${s()}${nameLiteral(name, style)}${s()}:${s()}${write(value, style)}${s()}`).join(',')}${s()}}`;
}

/** The path of the first member name repeated in its object, in the order the text reads; null: none. */
function firstDuplicate(tree: Tree, path: (string | number)[] = []): string | null {
  if (tree.kind === 'array') {
    for (const [i, item] of tree.items.entries()) {
      const found = firstDuplicate(item, [...path, i]);
      if (found !== null) return found;
    }
  }
  if (tree.kind === 'object') {
    const seen = new Set<string>();
    for (const [name, value] of tree.members) {
      if (seen.has(name)) return formatPath([...path, name]);
      seen.add(name);
      const found = firstDuplicate(value, [...path, name]);
      if (found !== null) return found;
    }
  }
  return null;
}

describe('reading JSON texts: JSON.parse, refusing repeated member names at any depth', () => {
  it('gives what JSON.parse gives for every text without a repeated name, and DUPLICATE_KEY at the first repeat for every text with one', () => {
    fc.assert(
      fc.property(rootArbitrary, fc.array(fc.nat(), { minLength: 1, maxLength: 16 }), (tree, seeds) => {
        const text = write(tree, styleFrom(seeds));
        const expected = JSON.parse(text) as unknown; // the texts are JSON whatever they repeat
        const duplicate = firstDuplicate(tree);
        const result = parseJsonText(text);
        if (duplicate === null) expect(result).toEqual({ ok: true, value: expected });
        else expect(result).toMatchObject({ ok: false, code: 'DUPLICATE_KEY', duplicate: { path: duplicate } });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every JSON.stringify output as JSON.parse does', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = JSON.stringify(value);
        expect(parseJsonText(text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 1000 },
    );
  });

  it('names where the repeat is, whatever the spelling of the name', () => {
    const duplicateOf = (text: string) => {
      const result = parseJsonText(text);
      return result.ok ? null : result.code === 'DUPLICATE_KEY' ? result.duplicate : result.code;
    };
    expect(duplicateOf('{"a":1,"a":2}')).toEqual({ path: 'a', key: 'a' });
    expect(duplicateOf('{"seat":1,"\\u0073eat":2}')).toEqual({ path: 'seat', key: 'seat' });
    expect(duplicateOf('[0,{"x":{"y":1,"y":2}}]')).toEqual({ path: '[1].x.y', key: 'y' });
    expect(duplicateOf('{"rules":{"houseOptions":{"rake":{"cap":1}},"houseOptions":{}}}')).toEqual({
      path: 'rules.houseOptions',
      key: 'houseOptions',
    });
    expect(duplicateOf('{"__proto__":{},"__proto__":1}')).toEqual({ path: '__proto__', key: '__proto__' });
    // The same name in two objects, or in a string, is no repeat.
    expect(duplicateOf('{"a":{"b":1},"b":2,"c":[{"b":3},{"b":4}],"d":"\\"b\\":1,\\"b\\":2"}')).toBeNull();
    // A broken text is MALFORMED_JSON first, whatever it repeats.
    expect(duplicateOf('{"a":1,"a":2')).toBe('MALFORMED_JSON');
  });

  it('ends on any text, JSON or not, and never throws', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', 'a', '1') })),
        (text) => {
          expect(() => scanJsonText(text)).not.toThrow();
          expect(['MALFORMED_JSON', 'DUPLICATE_KEY', 'JSON_TOO_DEEP', undefined]).toContain(
            (parseJsonText(text) as { code?: string }).code,
          );
        },
      ),
      { numRuns: 2000 },
    );
  });
});
