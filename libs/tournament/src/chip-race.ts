/**
 * The chip race at a colour-up (TDA 2024, "Chip Race"): the chips of the denomination taken out that a player
 * cannot exchange in full units are raced off. Their value, rounded to the nearest chip of the next denomination
 * (half up, ⚙), is the number of new chips; each odd chip is a ticket with a random key (from the server, recorded),
 * the highest keys win, **at most one chip per player**; a player left with no chip at all gets one anyway (never raced
 * out). Pure: the keys come in.
 */
export interface OddChips {
  readonly entryId: string;
  /** Chips of the removed denomination the player still holds after colouring up in full units. */
  readonly chips: number;
  /** The player's stack before the race (to know who would be raced out). */
  readonly stack: number;
}

export interface RaceResult {
  readonly entryId: string;
  /** The value taken off the stack: chips × the removed chip's value. */
  readonly removed: number;
  /** 0 or 1 chip of the next denomination. */
  readonly won: number;
}

/** How many keys a race needs: one per odd chip. */
export function raceTickets(odd: readonly Pick<OddChips, 'chips'>[]): number {
  return odd.reduce((n, o) => n + o.chips, 0);
}

export function chipRace(odd: readonly OddChips[], chip: number, nextChip: number, keys: readonly number[]): RaceResult[] {
  const total = odd.reduce((n, o) => n + o.chips * chip, 0);
  const newChips = Math.floor((2 * total + nextChip) / (2 * nextChip));
  const tickets = odd.flatMap((o) => Array.from({ length: o.chips }, () => o.entryId)).map((entryId, i) => ({ entryId, key: keys[i]!, i }));
  tickets.sort((a, b) => b.key - a.key || a.i - b.i);
  const winners = new Set<string>();
  for (const t of tickets) {
    if (winners.size >= newChips) break;
    winners.add(t.entryId);
  }
  return odd.map((o) => {
    const removed = o.chips * chip;
    const won = winners.has(o.entryId) || o.stack - removed === 0 ? 1 : 0;
    return { entryId: o.entryId, removed, won };
  });
}
