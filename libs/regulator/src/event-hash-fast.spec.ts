import { computeEventHash } from '@felt/event-store';
import { fastEventHash } from './event-hash-fast';
import { randomTableLog } from './random-table-log';

describe('fastEventHash', () => {
  it('equals computeEventHash on every event of a random table and on awkward values', () => {
    const log = randomTableLog({ tableId: 'h', seed: 3, events: 600 });
    for (const e of log) expect(fastEventHash(e.prevHash, e)).toBe(e.hash);
    const odd = {
      ...log[0]!,
      data: {
        b: 'é\n"\u0001',
        a: [1, 2.5, -0, 1e21, null, true],
        z: { y: {}, x: [] },
        u: undefined,
        'q"\\k': 'pair \ud83d\ude00',
        é: -1.5e-7,
      } as never,
    };
    expect(fastEventHash(log[0]!.prevHash, odd)).toBe(computeEventHash(log[0]!.prevHash, odd));
    // Longer than the reused buffer, with multi-byte characters.
    const long = { ...log[0]!, data: { note: 'é€😀'.repeat(30000) } as never };
    expect(fastEventHash(log[0]!.prevHash, long)).toBe(computeEventHash(log[0]!.prevHash, long));
  });

  it('keeps apart key lists that join alike (U+0000 cannot come from jsonb, but can from a file)', () => {
    const [first] = randomTableLog({ tableId: 'h', seed: 5, events: 1 });
    const shapes = [
      { 'a\u0000b': 1, c: 2 },
      { a: 1, 'b\u0000c': 2 },
    ];
    const hashOf = (data: object) => fastEventHash(first!.prevHash, { ...first!, data: data as never });
    const forwards = shapes.map(hashOf);
    const backwards = [...shapes].reverse().map(hashOf).reverse();
    expect(forwards).toEqual(backwards);
    expect(forwards[0]).not.toBe(forwards[1]);
  });

  it('refuses a previous hash that is not 64 hex digits', () => {
    const [first] = randomTableLog({ tableId: 'h', seed: 4, events: 2 });
    expect(() => fastEventHash('zz', first!)).toThrow(TypeError);
  });
});
