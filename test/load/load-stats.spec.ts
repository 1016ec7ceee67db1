import { firstAtOrAfter, LoadStats, percentile } from '../../bench/load/load-stats';

describe('load statistics', () => {
  it('finds the first time at or after a moment (the resumption after a fault)', () => {
    const times = [10, 20, 20, 35];
    expect(firstAtOrAfter(times, 0)).toBe(10);
    expect(firstAtOrAfter(times, 20)).toBe(20);
    expect(firstAtOrAfter(times, 21)).toBe(35);
    expect(firstAtOrAfter(times, 36)).toBeUndefined();
    expect(firstAtOrAfter([], 1)).toBeUndefined();
  });

  it('measures the longest stretch without an applied command inside a window, its edges included', () => {
    const stats = new LoadStats();
    stats.ackTimes.push(100, 150, 400, 420, 1000);
    expect(stats.longestSilence(100, 500)).toBe(250); // 150 -> 400
    expect(stats.longestSilence(0, 120)).toBe(100); // from the window's start to the first command
    expect(stats.longestSilence(420, 900)).toBe(480); // from the last command to the window's end
    expect(stats.longestSilence(2000, 3000)).toBe(1000); // nothing applied at all
  });

  it('counts the commands applied inside a window, its edges included (those applied while a part was down)', () => {
    const stats = new LoadStats();
    stats.ackTimes.push(100, 150, 400, 420, 1000);
    expect(stats.acksBetween(150, 420)).toBe(3);
    expect(stats.acksBetween(421, 999)).toBe(0);
    expect(stats.acksBetween(0, 5000)).toBe(5);
  });

  it('takes percentiles by rank (nearest rank), NaN without values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});
