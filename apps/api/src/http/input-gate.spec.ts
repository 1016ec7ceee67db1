import fc from 'fast-check';
import { badHeader, badJsonText, badText, badUrl } from './input-gate';
import { scanJsonText } from './json-text';

const jsonDepth = (text: string): number => scanJsonText(text).depth;

/** How deep objects and arrays nest in a parsed value (a scalar is 0). */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const items = Array.isArray(value) ? value : Object.values(value);
  return 1 + items.reduce<number>((deepest, item) => Math.max(deepest, depthOf(item)), 0);
}

describe('the input gate', () => {
  it('counts the nesting of any JSON text as its parse would, brackets inside strings aside', () => {
    fc.assert(fc.property(fc.jsonValue({ maxDepth: 8 }), (value) => jsonDepth(JSON.stringify(value)) === depthOf(value)));
    expect(jsonDepth('{"a":"[[[{{{\\"]]]","b":[1,[2]]}')).toBe(3);
    expect(jsonDepth('['.repeat(50_000))).toBe(10_001);
  });

  it('refuses control characters and lone surrogates, and takes any other Unicode text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => badText(text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ''), 'url') === null),
    );
    for (const bad of ['\u0000', 'a\u0007', '\u001b[2J', '\u007f', '\u0085', '\ud800', 'x\udc00', '\udfff\ud800'])
      expect(badText(bad, 'body')).not.toBeNull();
    expect(badText('line\nbreak\tand tab', 'body')).toBeNull();
    expect(badText('line\nbreak', 'url')).not.toBeNull();
    expect(badText('🂡 zoë', 'header')).toBeNull();
  });

  it('finds a bad string or key anywhere in a JSON value', () => {
    expect(badJsonText({ a: [{ b: 'fine' }, { c: 'x\u0000' }] })?.extensions.errors).toEqual([
      { path: 'body.a[1].c', message: 'holds a control character' },
    ]);
    expect(badJsonText({ ['\ud800']: 1 })?.code).toBe('INVALID_TEXT');
    expect(badJsonText({ a: ['ok', 1, null, true, { b: 'ok\n' }] })).toBeNull();
  });

  it('decodes URLs strictly and header bytes as UTF-8', () => {
    expect(badUrl('/tables/t1/events?fromVersion=2')).toBeNull();
    expect(badUrl('/tables/z%C3%B6e')).toBeNull();
    for (const bad of ['/t/%00', '/t?x=%FF', '/t/%ED%A0%80', '/t?x=%', '/t/%0a']) expect(badUrl(bad)?.code).toBe('INVALID_TEXT');
    expect(badHeader('x-device-id', Buffer.from('zoë').toString('latin1'))).toBeNull();
    expect(badHeader('x-device-id', 'a\xff')?.code).toBe('INVALID_TEXT');
    expect(badHeader('x-device-id', 'a\tb')).toBeNull();
  });
});
