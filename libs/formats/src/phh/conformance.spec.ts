import { join, relative } from 'node:path';
import { collectPhhFiles, replayPhhFiles } from '../index';

/**
 * The PHH conformance corpus (test/fixtures/phh, see its README): every hand must replay through the engine
 * and end with the stacks the source recorded. Known differences that are not errors (README):
 * - a split pot with an odd chip: Pluribus logs split it into halves (10112.5); the engine gives the whole odd
 *   chip to the first winner left of the button, so such hands match within one chip (replay.ts checks the chip
 *   went to the right player);
 * - Dwan-Ivey has no finishing stacks and an unknown hand (????) that nobody needed to show.
 */
const root = join(__dirname, '../../../../test/fixtures/phh');
const report = replayPhhFiles([root]);
const rel = (file: string) => relative(root, file);

describe('PHH conformance corpus', () => {
  it('finds every hand: 1,726 Pluribus, 18 WSOP, 1 historical', () => {
    const files = collectPhhFiles([root]).map(rel);
    expect(files.filter((f) => f.startsWith('pluribus/'))).toHaveLength(1726);
    expect(files.filter((f) => f.startsWith('wsop-2023-43-5/'))).toHaveLength(18);
    expect(files.filter((f) => f.startsWith('historical/'))).toHaveLength(1);
    expect(report.summary.hands).toBe(1745);
  });

  it('replays every hand to the recorded finishing stacks', () => {
    const wrong = report.hands.filter((h) => h.status !== 'matched').map((h) => `${h.status}: ${h.error}`);
    expect(wrong).toEqual([]);
    expect(report.summary).toEqual({ hands: 1745, matched: 1745, mismatched: 0, failed: 0 });
  });

  it('matches exactly except for odd chips, which only the Pluribus halves account for', () => {
    const inexact = report.hands.filter((h) => h.expectedStacks !== null && h.finalStacks!.some((s, i) => s !== h.expectedStacks![i]));
    expect(inexact.length).toBeGreaterThan(0);
    for (const h of inexact) {
      expect(rel(h.file)).toMatch(/^pluribus\//);
      expect(h.note).toMatch(/^odd chip: /);
      // The file splits into halves; the engine's stacks are whole chips within one chip of them.
      expect(h.expectedStacks!.some((s) => !Number.isInteger(s))).toBe(true);
      h.finalStacks!.forEach((s, i) => {
        expect(Number.isInteger(s)).toBe(true);
        expect(Math.abs(s - h.expectedStacks![i])).toBeLessThanOrEqual(1);
      });
    }
  });

  it('gives the odd chip of pluribus/32/23 to p3, the first winner left of the button', () => {
    const h = report.hands.find((x) => rel(x.file) === 'pluribus/32/23.phh')!;
    expect(h.expectedStacks).toEqual([9950, 9275, 10387.5, 10000, 10000, 10387.5]);
    expect(h.finalStacks).toEqual([9950, 9275, 10388, 10000, 10000, 10387]);
  });

  it('replays the fixed-limit and big-blind-ante hands of the WSOP final table', () => {
    const wsop = report.hands.filter((h) => rel(h.file).startsWith('wsop-2023-43-5/'));
    expect(wsop).toHaveLength(18);
    for (const h of wsop) expect(h.finalStacks).toEqual(h.expectedStacks);
  });

  it('replays Dwan-Ivey 2009 without error: Dwan wins the pot with the seven-high straight', () => {
    const h = report.hands.find((x) => rel(x.file) === 'historical/dwan-ivey-2009.phh')!;
    expect(h.status).toBe('matched');
    expect(h.error).toBeUndefined();
    expect(h.expectedStacks).toBeNull();
    // Ivey 1,125,600 and Dwan 553,500 all in on the turn, Antonius 2,000,000 folds his big blind; antes 500.
    expect(h.finalStacks).toEqual([1125600 - 553500, 2000000 - 2500, 553500 * 2 + 2500]);
  });
});
