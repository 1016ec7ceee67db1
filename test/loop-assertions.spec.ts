import { expectToBe, expectToEqual } from './loop-assertions';

describe('loop assertions decide as jest does', () => {
  it("expectToEqual passes what toEqual passes, strict or not, and fails with toEqual's difference", () => {
    expectToEqual({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] });
    // Looser than strict: an undefined property is a missing one for toEqual.
    expectToEqual({ a: 1, b: undefined }, { a: 1 });
    expect(() => expectToEqual({ a: [1, 2] }, { a: [1, 3] })).toThrow(/toEqual/);
    expect(() => expectToEqual({ a: 1 }, { a: '1' })).toThrow(/Expected/);
  });

  it('expectToBe is Object.is, as toBe', () => {
    expectToBe(NaN, NaN);
    expectToBe('complete', 'complete');
    expect(() => expectToBe(0, -0)).toThrow(/toBe/);
    expect(() => expectToBe({}, {})).toThrow(/toBe/);
    expect(() => expectToBe(3, 4)).toThrow(/Expected: 4/);
  });
});
