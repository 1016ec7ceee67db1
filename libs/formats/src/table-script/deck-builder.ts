import { formatCard, parseCards, shuffledDeck, type Card } from '@felt/engine';

/**
 * Builds a full 52-card deck (top card first) that deals the given hole cards and board, in the engine's dealing
 * order (libs/engine/src/table/deck.ts): hole cards one at a time clockwise from the first seat left of the button,
 * two rounds; then burn, flop (3), burn, turn, burn, river. Positions the script leaves open are filled with the
 * remaining cards in the order of the engine's seeded shuffle (seed 0 unless given), so a script always deals the
 * same deck.
 */
export interface DeckRequest {
  /** Seats dealt in, clockwise from the first seat left of the button (the engine's dealing order). */
  readonly dealingOrder: readonly number[];
  /** Two cards by seat. */
  readonly holeCards: ReadonlyMap<number, string>;
  /** Up to five board cards, flop first. */
  readonly board?: string;
  /**
   * Running it twice: the second run's cards, dealt after the first run's river with a burn before each street:
   * five (agreed before the flop), two (on the flop: turn and river) or one (on the turn: the river).
   */
  readonly secondRun?: string;
  readonly fillSeed?: number;
}

export type DeckResult = { readonly ok: true; readonly deck: string[] } | { readonly ok: false; readonly why: string };

/** Deck positions of the five board cards for `players` dealt in (a burn card before flop, turn and river). */
export function boardPositions(players: number): number[] {
  const first = players * 2;
  return [first + 1, first + 2, first + 3, first + 5, first + 7];
}

/** The streets of a second run by its number of cards: from the flop, the turn or the river. */
const SECOND_RUN_STREETS: Record<number, readonly number[] | undefined> = { 5: [3, 1, 1], 2: [1, 1], 1: [1] };

export function buildDeck(request: DeckRequest): DeckResult {
  const n = request.dealingOrder.length;
  const slots: (Card | undefined)[] = new Array(52).fill(undefined);
  const used = new Map<Card, string>();
  const place = (position: number, card: Card, owner: string): string | null => {
    const previous = used.get(card);
    if (previous !== undefined) return `${formatCard(card)} is given twice (${previous} and ${owner})`;
    used.set(card, owner);
    slots[position] = card;
    return null;
  };

  for (const [seat, text] of request.holeCards) {
    const index = request.dealingOrder.indexOf(seat);
    if (index < 0)
      return { ok: false, why: `seat ${seat} is not dealt in this hand (dealt: ${request.dealingOrder.join(', ') || 'nobody'})` };
    const cards = parseCards(text);
    if (cards === undefined || cards.length !== 2)
      return { ok: false, why: `the hole cards of seat ${seat} ("${text}") must be two cards such as "AsKd"` };
    for (let round = 0; round < 2; round++) {
      const problem = place(round * n + index, cards[round], `seat ${seat}`);
      if (problem) return { ok: false, why: problem };
    }
  }

  if (request.board !== undefined) {
    const cards = parseCards(request.board);
    if (cards === undefined || cards.length > 5)
      return { ok: false, why: `the board ("${request.board}") must be up to five cards such as "Qc9d7s4h2c"` };
    const positions = boardPositions(n);
    for (let i = 0; i < cards.length; i++) {
      const problem = place(positions[i], cards[i], 'the board');
      if (problem) return { ok: false, why: problem };
    }
  }

  if (request.secondRun !== undefined) {
    const cards = parseCards(request.secondRun);
    const streets = cards === undefined ? undefined : SECOND_RUN_STREETS[cards.length];
    if (cards === undefined || streets === undefined)
      return {
        ok: false,
        why: `the second run ("${request.secondRun}") is five, two or one cards: the streets still to come when the players agreed`,
      };
    // After the first run's river: a burn before each street of the second run.
    let position = boardPositions(n)[4] + 1;
    let k = 0;
    for (const size of streets) {
      position++;
      for (let i = 0; i < size; i++) {
        const problem = place(position++, cards[k++], 'the second run');
        if (problem) return { ok: false, why: problem };
      }
    }
  }

  const filler = shuffledDeck(request.fillSeed ?? 0).filter((card) => !used.has(card));
  let next = 0;
  for (let i = 0; i < 52; i++) if (slots[i] === undefined) slots[i] = filler[next++];
  return { ok: true, deck: slots.map((card) => formatCard(card as Card)) };
}
