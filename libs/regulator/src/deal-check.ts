import {
  DEFAULT_MODULES,
  deckCommitment,
  formatCards,
  resolveDeck,
  type AnyRuleModule,
  type Card,
  type ModuleDeal,
  type SealedDeck,
  type TableEvent,
} from '@felt/engine';
import type { StreamEvent } from '@felt/event-store';
import { jsonEqual } from './json-equal';

/**
 * How a regulator checks a deal once its deck is revealed (docs/regulators.md, "Checking a deal"): the revealed deck
 * is 52 distinct cards; SHA-256 of the salt and the deck is the commitment HandStarted published before any card was
 * dealt; a seeded deck is what the named derivation makes of the seed; and every card dealt (hole cards, board) is
 * the card at its place in that deck. The dealing order is the engine's (table/deck.ts): one card at a time to each
 * player in HandStarted's order, twice; then burn, flop (3), burn, turn, burn, river; a second run (a module's event
 * that deals one, its `formats.deals`: running it twice) goes on after the river's place, a burn before each of its streets.
 */
export interface SealedHand {
  readonly handNumber: number;
  /** Stream version of the HandStarted. */
  readonly version: number;
  readonly commitment: string | null;
  /** Seats in dealing order. */
  readonly seats: readonly number[];
}

export interface DealProblem {
  readonly version: number;
  readonly message: string;
}

/** The sealed hand a recorded HandStarted opens, or null when it is not one (an old log's HandStarted held its deck). */
export function sealedHandOf(event: StreamEvent): SealedHand | null {
  if (event.type !== 'HandStarted') return null;
  const data = event.data as { handNumber?: unknown; deck?: unknown; deckCommitment?: unknown; players?: unknown };
  if (data.deck !== undefined || !Array.isArray(data.players)) return null;
  // A live-cards hand has no deck anywhere (its cards are entered as dealt): nothing sealed to wait for.
  if ((data as { shuffle?: { kind?: unknown } }).shuffle?.kind === 'live') return null;
  return {
    handNumber: Number(data.handNumber),
    version: event.streamVersion,
    commitment: typeof data.deckCommitment === 'string' ? data.deckCommitment : null,
    seats: (data.players as { seat: number }[]).map((p) => p.seat),
  };
}

/** The DeckRevealed in a command's group of events, if there is one. */
export function revealedDeckOf(group: readonly StreamEvent[]): { deck: SealedDeck; version: number } | null {
  const event = group.find((e) => e.type === 'DeckRevealed');
  return event ? { deck: event.data as unknown as SealedDeck, version: event.streamVersion } : null;
}

export function dealProblems(
  hand: SealedHand,
  revealed: { deck: SealedDeck; version: number },
  groups: readonly (readonly StreamEvent[])[],
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): DealProblem[] {
  const problems: DealProblem[] = [];
  const at = revealed.version;
  const { deck, salt, shuffle, handNumber } = revealed.deck;
  const name = `hand ${hand.handNumber}`;
  if (handNumber !== hand.handNumber) problems.push({ version: at, message: `${name}: the deck revealed is hand ${handNumber}'s` });
  if (!isWholeDeck(deck)) return [...problems, { version: at, message: `${name}: the deck revealed is not 52 distinct cards` }];
  if (typeof salt !== 'string' || !/^(?:[0-9a-f]{2})*$/.test(salt))
    return [...problems, { version: at, message: `${name}: the salt revealed is not hex` }];
  const commitment = deckCommitment(salt, deck);
  if (commitment !== hand.commitment)
    problems.push({
      version: at,
      message: `${name}: the deck and salt revealed hash to ${commitment}, not to the commitment ${hand.commitment} published when the hand started`,
    });
  if (shuffle?.kind === 'seeded') {
    const derived = resolveDeck({ seed: shuffle.seed, prng: shuffle.prng });
    if (!derived.ok) problems.push({ version: at, message: `${name}: the seed revealed cannot be used: ${derived.why}` });
    else if (!jsonEqual(derived.deck, deck))
      problems.push({ version: at, message: `${name}: ${shuffle.prng} does not derive the revealed deck from the revealed seed` });
  }
  const n = hand.seats.length;
  const moduleDeal = moduleDealOf(modules);
  // The second run's next burn: right after the first run's river (the engine deals it so).
  let secondRunAt = 2 * n + BOARD_OFFSET.river + 1;
  for (const group of groups) {
    for (const e of group) {
      if (e.type === 'HoleCardsDealt') {
        for (const dealt of (e.data as { hands: { seat: number; cards: Card[] | null }[] }).hands) {
          const i = hand.seats.indexOf(dealt.seat);
          if (dealt.cards === null || i < 0) continue;
          const expected = [deck[i]!, deck[n + i]!];
          if (!jsonEqual(dealt.cards, expected))
            problems.push({
              version: e.streamVersion,
              message: `${name}: seat ${dealt.seat} was dealt ${formatCards(dealt.cards)}, but the revealed deck gives ${formatCards(expected)}`,
            });
        }
      } else if (e.type === 'BoardDealt') {
        const { street, cards } = e.data as { street: 'flop' | 'turn' | 'river'; cards: Card[] };
        const from = 2 * n + BOARD_OFFSET[street];
        const expected = deck.slice(from, from + cards.length);
        if (!jsonEqual(cards, expected))
          problems.push({
            version: e.streamVersion,
            message: `${name}: the ${street} was ${formatCards(cards)}, but the revealed deck gives ${formatCards(expected)}`,
          });
      } else if (e.type === 'DeckSealed') {
        // A log kept without the API's encryption holds the sealed deck in the clear: it must be the revealed one.
        const data = e.data as { deck?: unknown };
        if (data.deck !== undefined && !jsonEqual(e.data, { handNumber, deck, shuffle, salt }))
          problems.push({ version: e.streamVersion, message: `${name}: the deck sealed at the start is not the deck revealed at the end` });
      } else {
        const dealt = moduleDeal(e);
        if (dealt === null) continue;
        const { street, cards } = dealt;
        const expected = deck.slice(secondRunAt + 1, secondRunAt + 1 + cards.length);
        secondRunAt += 1 + cards.length;
        if (!jsonEqual(cards, expected))
          problems.push({
            version: e.streamVersion,
            message: `${name}: the second run's ${street} was ${formatCards(cards as Card[])}, but the revealed deck gives ${formatCards(expected)}`,
          });
      }
    }
  }
  return problems;
}

/** What a module's own event dealt from the deck (its `formats.deals`), or null for any other event. */
function moduleDealOf(modules: readonly AnyRuleModule[]): (e: StreamEvent) => ModuleDeal | null {
  const deals = new Map(modules.flatMap((m) => Object.entries(m.formats?.deals ?? {})));
  return (e) => {
    const deal = deals.get(e.type);
    return deal ? deal({ ...(e.data as object), type: e.type } as TableEvent) : null;
  };
}

/** Where each street starts after the hole cards: a burn before each. */
const BOARD_OFFSET = { flop: 1, turn: 5, river: 7 } as const;

function isWholeDeck(deck: unknown): deck is Card[] {
  if (!Array.isArray(deck) || deck.length !== 52) return false;
  const seen = new Set<number>();
  for (const c of deck) if (Number.isInteger(c) && c >= 0 && c < 52) seen.add(c);
  return seen.size === 52;
}
