/**
 * A set of strings that only grows, kept as the book's state keeps everything (each version a value that never
 * changes) where adding a key costs O(1), not a copy of the set: the book collects a drop for every raked hand of the
 * room (50,000 a day), and a record copied on each one made the fold of a day's book quadratic (minutes, not
 * milliseconds: docs/benchmarks.md "The house's money at a room's scale").
 *
 * The versions along one line of history share one Map from key to the count of keys before it: a version of size n
 * holds the keys placed below n. Adding to the newest version extends the Map; adding to an older one (a fold going
 * on from a state it kept) first copies the keys that version holds, so no version ever sees another's later keys.
 */
export class GrowingSet {
  static readonly EMPTY = new GrowingSet(new Map(), 0);

  private constructor(
    private readonly places: Map<string, number>,
    readonly size: number,
  ) {}

  has(key: string): boolean {
    const place = this.places.get(key);
    return place !== undefined && place < this.size;
  }

  /** This set with `key` (this one where it holds it already). */
  with(key: string): GrowingSet {
    if (this.has(key)) return this;
    // The empty set is everyone's start: each line of history gets a Map of its own.
    const newest = this.size > 0 && this.places.size === this.size;
    const places = newest ? this.places : this.copy();
    places.set(key, this.size);
    return new GrowingSet(places, this.size + 1);
  }

  /** The keys, in the order they came. */
  keys(): string[] {
    return [...this.copy().keys()];
  }

  private copy(): Map<string, number> {
    const mine = new Map<string, number>();
    for (const [key, place] of this.places) if (place < this.size) mine.set(key, place);
    return mine;
  }
}
