import { isDeepStrictEqual } from 'node:util';

/*
 * expect(actual).toBe / .toEqual for the inner loops of property tests. Each expect() call builds every matcher jest
 * knows and an Error for its stack, about 20-100 µs; a property test that compares thousands of states spent most
 * of its CPU there (a profile of the whole suite: 74 s in expect, most of it in five suites). These compare first
 * and call jest's matcher only on a mismatch, which then decides by its own rules and prints the usual difference.
 */

/** expect(actual).toBe(expected), checked with Object.is first. */
export function expectToBe(actual: unknown, expected: unknown): void {
  if (!Object.is(actual, expected)) expect(actual).toBe(expected);
}

/**
 * expect(actual).toEqual(expected), checked with a strict deep comparison first: strictly equal values are equal by
 * toEqual's looser rules too (which ignore undefined properties), so only a strict mismatch goes to jest to decide.
 */
export function expectToEqual(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
