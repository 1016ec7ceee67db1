import { MAX_HAND_VALUE, evaluate7 } from './evaluator';
import { sweepSevenCardCategories, sweepSevenCardValues } from './sweep';

describe('exhaustive sweep of all 133,784,560 seven-card hands', () => {
  it('gives the known number of hands per category', () => {
    const handsByCategory = sweepSevenCardCategories();
    expect(handsByCategory).toEqual({
      'straight-flush': 41_584,
      'four-of-a-kind': 224_848,
      'full-house': 3_473_184,
      flush: 4_047_644,
      straight: 6_180_020,
      'three-of-a-kind': 6_461_620,
      'two-pair': 31_433_400,
      'one-pair': 58_627_800,
      'high-card': 23_294_460,
    });
    expect(Object.values(handsByCategory).reduce((sum, hands) => sum + hands, 0)).toBe(133_784_560);
  });

  it('agrees value by value with evaluate7 called on every hand', () => {
    // The sweep reads its own per-rank rows; this walk goes through the public hot path instead.
    const handsPerValue = new Uint32Array(MAX_HAND_VALUE + 1);
    const evaluateSeven = evaluate7; // a local binding: transpiled imports are getters, slow in a hot loop
    for (let a = 0; a < 46; a++)
      for (let b = a + 1; b < 47; b++)
        for (let c = b + 1; c < 48; c++)
          for (let d = c + 1; d < 49; d++)
            for (let e = d + 1; e < 50; e++)
              for (let f = e + 1; f < 51; f++)
                for (let g = f + 1; g < 52; g++) handsPerValue[evaluateSeven(a, b, c, d, e, f, g)]++;
    expect(Buffer.from(handsPerValue.buffer).equals(Buffer.from(sweepSevenCardValues().buffer))).toBe(true);
  });
});
