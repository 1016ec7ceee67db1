import fc from 'fast-check';
import { mulberry32 } from '@felt/engine';

/**
 * The stateful fuzzer's one source of choices: seeded, so that a run's seed replays its choices (the API's answers
 * decide the rest). fast-check arbitraries are drawn from it too (`sample`), each with a seed taken from it.
 */
export class FuzzRandom {
  private readonly next: () => number;

  constructor(readonly seed: number) {
    this.next = mulberry32(seed);
  }

  /** In [0, 1). */
  float(): number {
    return this.next();
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('bug: pick from nothing');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [number, T])[]): T {
    const total = choices.reduce((sum, [weight]) => sum + weight, 0);
    let r = this.next() * total;
    for (const [weight, value] of choices) {
      if ((r -= weight) < 0) return value;
    }
    return choices[choices.length - 1]![1];
  }

  /** A UUID-shaped id drawn from the seed (idempotency keys, so that a replay sends the same ones). */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.next() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  }

  /** One value of a fast-check arbitrary, drawn with a seed from this source. */
  sample<T>(arbitrary: fc.Arbitrary<T>): T {
    return fc.sample(arbitrary, { seed: this.int(0, 2 ** 31 - 1), numRuns: 1 })[0]!;
  }
}
