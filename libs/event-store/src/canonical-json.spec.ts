import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { NotJsonError, canonicalJson, toJsonValue } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys by UTF-16 code units at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 0, y: 1 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":1,"z":0}]},"b":1}');
    // U+00E9 after 'z'; an astral character (surrogates D83D...) before U+FFFF: code-unit order, as RFC 8785.
    expect(canonicalJson({ '\uffff': 1, '😀': 2, é: 3, z: 4, Z: 5 })).toBe('{"Z":5,"z":4,"é":3,"😀":2,"\uffff":1}');
  });

  it('writes numbers and strings as JSON.stringify does', () => {
    expect(canonicalJson([0, -0, 1.5, -2, 1e21, 1e-7, 0.1 + 0.2, 2 ** 53 + 2])).toBe(
      '[0,0,1.5,-2,1e+21,1e-7,0.30000000000000004,9007199254740994]',
    );
    expect(canonicalJson('tab\there "q" \\ \u0001 é')).toBe('"tab\\there \\"q\\" \\\\ \\u0001 é"');
    expect(canonicalJson([true, false, null])).toBe('[true,false,null]');
  });

  it('leaves out undefined properties and refuses everything that is not JSON', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    for (const bad of [
      undefined,
      [undefined],
      Number.NaN,
      Infinity,
      1n,
      () => 1,
      Symbol('s'),
      new Date(0),
      new Map(),
      { s: 'a\u0000b' },
      '\ud800',
    ]) {
      expect(() => canonicalJson(bad)).toThrow(NotJsonError);
    }
    class Chips {
      amount = 5;
    }
    expect(() => canonicalJson({ stack: new Chips() })).toThrow(/\$\.stack is a Chips/);
  });

  it('names where the refused value is: nested keys and indexes, object keys, and the root the caller names', () => {
    expect(() => canonicalJson({ data: { seats: [1, 2, Number.NaN] } })).toThrow(
      new NotJsonError('$.data.seats[2] is NaN, not a finite number'),
    );
    expect(() => canonicalJson({ a: [[1, undefined]] })).toThrow(new NotJsonError('$.a[0][1] is undefined'));
    expect(() => canonicalJson([{ name: 'x\u0000y' }])).toThrow(new NotJsonError('$[0].name contains U+0000, which jsonb cannot store'));
    expect(() => canonicalJson({ seat: { '\ud800': 1 } })).toThrow(
      new NotJsonError('$.seat key "\\ud800" contains an unpaired UTF-16 surrogate'),
    );
    expect(() => canonicalJson({ at: new Date(0) }, '$.events[3].data')).toThrow(
      new NotJsonError('$.events[3].data.at is a Date, not a plain object'),
    );
    expect(() => canonicalJson(() => 1, '$.state')).toThrow(new NotJsonError('$.state is a function, not JSON'));
  });

  it('writes any JSON value as the plain recursive definition does', () => {
    // The definition, written the simplest way (no validation, no paths). Not JSON.stringify of a key-sorted copy:
    // JavaScript lists integer-like keys ("0") first whatever the order they were added in.
    const reference = (value: unknown): string => {
      if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
      if (value === null || typeof value !== 'object') return JSON.stringify(value);
      const record = value as Record<string, unknown>;
      return `{${Object.keys(record)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${reference(record[key])}`)
        .join(',')}}`;
    };
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
      }),
      { numRuns: 1000 },
    );
    expect(canonicalJson({ '': null, '0': 0, a: 1 })).toBe('{"":null,"0":0,"a":1}');
  });

  it('accepts plain objects from another realm and without a prototype', () => {
    expect(canonicalJson(runInNewContext('({ b: [1], a: { c: null } })'))).toBe('{"a":{"c":null},"b":[1]}');
    expect(canonicalJson(Object.assign(Object.create(null), { k: 1 }))).toBe('{"k":1}');
  });

  it('is stable through a JSON round trip, whatever the key order', () => {
    const value = { z: [{ y: 1, x: 'é' }], a: 2 ** 60, m: -0.000001 };
    const text = canonicalJson(value);
    expect(canonicalJson(JSON.parse(text))).toBe(text);
    expect(canonicalJson(JSON.parse('{"m":-0.000001,"a":1152921504606846976,"z":[{"x":"é","y":1}]}'))).toBe(text);
    expect(toJsonValue({ a: undefined, b: [1] })).toEqual({ b: [1] });
  });
});
