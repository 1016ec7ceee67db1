/**
 * The name of a shown hand for the showdown panel ("Two pair, kings and sevens"): the category of the best five of
 * the hole cards and the board. Who won is never decided here: the pots' winners come from the PotAwarded events
 * the engine wrote. This only puts a familiar name on the cards, the way a dealer announces them.
 */
const RANKS = '23456789TJQKA';
const PLURAL = ['twos', 'threes', 'fours', 'fives', 'sixes', 'sevens', 'eights', 'nines', 'tens', 'jacks', 'queens', 'kings', 'aces'];
const SINGLE = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'jack', 'queen', 'king', 'ace'];

export function handName(cards: readonly string[]): string {
  const ranks = cards.map((c) => RANKS.indexOf(c[0]!.toUpperCase())).filter((r) => r >= 0);
  // Fewer than five cards (a hand tabled before an all-in runout): the name of what is there, a pair or a high card.
  if (ranks.length === 0) return '';
  const bySuit = new Map<string, number[]>();
  for (const c of cards) bySuit.set(c[1]!.toLowerCase(), [...(bySuit.get(c[1]!.toLowerCase()) ?? []), RANKS.indexOf(c[0]!.toUpperCase())]);
  const flushRanks = [...bySuit.values()].find((r) => r.length >= 5);
  if (flushRanks) {
    const high = straightHigh(flushRanks);
    if (high === 12) return 'Royal flush';
    if (high !== null) return `Straight flush, ${SINGLE[high]} high`;
  }
  const counts = new Map<number, number>();
  for (const r of ranks) counts.set(r, (counts.get(r) ?? 0) + 1);
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const [first, second] = groups;
  if (first![1] === 4) return `Four ${PLURAL[first![0]]}`;
  if (first![1] === 3 && second && second[1] >= 2) return `Full house, ${PLURAL[first![0]]} full of ${PLURAL[second[0]]}`;
  if (flushRanks) return `Flush, ${SINGLE[Math.max(...flushRanks)]} high`;
  const straight = straightHigh(ranks);
  if (straight !== null) return `Straight, ${SINGLE[straight]} high`;
  if (first![1] === 3) return `Three ${PLURAL[first![0]]}`;
  if (first![1] === 2 && second && second[1] === 2) return `Two pair, ${PLURAL[first![0]]} and ${PLURAL[second[0]]}`;
  if (first![1] === 2) return `Pair of ${PLURAL[first![0]]}`;
  return `${SINGLE[Math.max(...ranks)]![0]!.toUpperCase()}${SINGLE[Math.max(...ranks)]!.slice(1)} high`;
}

/** The top rank of the best straight among these ranks (the ace also plays low: 5-4-3-2-A, rank -1 below), or null. */
function straightHigh(ranks: readonly number[]): number | null {
  const present = new Set(ranks);
  for (let high = 12; high >= 3; high--) {
    const run = [0, 1, 2, 3, 4].map((i) => high - i);
    if (run.every((r) => (r === -1 ? present.has(12) : present.has(r)))) return high;
  }
  return null;
}
