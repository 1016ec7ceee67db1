import {
  COMMAND_TYPES,
  FULL_DECK,
  commandFor,
  formatCard,
  parseCard,
  shuffledDeck,
  type Card,
  type LegalAction,
  type TableCommand,
} from '@felt/engine';

/**
 * Two tables alike but for the cards hidden from a sender, and the random commands both get: the pieces of the
 * property that no answer depends on a card its sender may not see (docs/security.md "Insiders", row 2), shared by
 * the engine-level spec (hidden-cards.spec.ts) and the one over HTTP (apps/api/test/hidden-cards.e2e-part.ts).
 */

/** The dealing positions a hand of up to six players ever deals from (hole cards, both runs' boards and burns): 2n + 16. */
export const NEVER_DEALT_FROM = 28;

/**
 * A deck, and the same deck with the cards hidden from the sender moved among themselves: the hole cards of `players`
 * players and every card no hand deals, or (`seesHoleCards`: a dealer of a table whose rules show them the hole
 * cards) only the cards no hand deals. The boards are the same in both.
 */
export function deckPair(random: () => number, players: number, seesHoleCards: boolean): [Card[], Card[]] {
  const a = shuffledDeck(Math.floor(random() * 2 ** 32));
  const hidden: number[] = [];
  for (let i = seesHoleCards ? NEVER_DEALT_FROM : 0; i < 52; i++) if (i >= NEVER_DEALT_FROM || i < 2 * players) hidden.push(i);
  const b = a.slice();
  const moved = hidden.map((i) => a[i]!);
  for (let i = moved.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [moved[i], moved[j]] = [moved[j]!, moved[i]!];
  }
  hidden.forEach((position, k) => (b[position] = moved[k]!));
  return [a, b];
}

/** Two live deals of the same seats (what each table's reader will read), each seat's cards distinct within its table. */
export function truthPair(random: () => number, seats: readonly number[]): [Map<number, Card[]>, Map<number, Card[]>] {
  const deal = () => {
    const deck = shuffledDeck(Math.floor(random() * 2 ** 32));
    return new Map(seats.map((seat, i) => [seat, [deck[2 * i]!, deck[2 * i + 1]!]]));
  };
  return [deal(), deal()];
}

/** What a sender knows of the table when choosing a command: the legal actions and the cards face up. */
export interface PublicSide {
  readonly legal: readonly LegalAction[];
  readonly faceUp: ReadonlySet<Card>;
}

/** The cards face up in a table view: its board and the shown hands (cards as text, "AhKd7c"). */
export function faceUpOf(board: string, shown: readonly string[]): Set<Card> {
  const cards = new Set<Card>();
  for (const text of [board, ...shown]) for (const pair of text.match(/../g) ?? []) cards.add(parseCard(pair)!);
  return cards;
}

/** Cards a sender could pick: from the whole deck, or only among those not face up (as a dealer entering the board would). */
function someCards(random: () => number, count: number, side: PublicSide, avoidFaceUp: boolean): string[] {
  const pool = FULL_DECK.filter((c) => !avoidFaceUp || !side.faceUp.has(c));
  const out: string[] = [];
  for (let i = 0; i < count && pool.length > 0; i++) out.push(formatCard(pool.splice(Math.floor(random() * pool.length), 1)[0]!));
  return out;
}

/**
 * A command any role might send, legal or not, chosen from what it sees: a legal action (the board with cards not
 * face up, which a hidden record may hold), or any command type with random seats, amounts and cards (some
 * malformed; a reader's report always malformed). Never a hand's start or a well-formed report: the spec sends
 * those itself (each table's reader reads its own cards).
 */
export function randomCommand(random: () => number, side: PublicSide): TableCommand {
  const legal = side.legal;
  const r = random();
  if (r < 0.5 && legal.length > 0) {
    const action = legal[Math.floor(random() * legal.length)]!;
    if (action.type === 'DealBoard') return { type: 'DealBoard', cards: someCards(random, action.cardsToEnter, side, true) };
    if (action.type === 'ReportHoleCards' || action.type === 'ShowHand') return { type: 'Fold', seat: action.seat ?? 1 };
    return commandFor(action, random);
  }
  const seat = 1 + Math.floor(random() * 6);
  const cards = someCards(random, Math.floor(random() * 4), side, random() < 0.5);
  if (random() < 0.25) cards.push(['Zz', '1x', 'AA', ''][Math.floor(random() * 4)]!);
  // One in ten: a reader's report that is malformed whatever the records hold (a bad card, one card, a card twice,
  // each after a real one): the probe of issue 30, which learnt a hidden card from which refusal came back.
  const type = r < 0.6 ? 'ReportHoleCards' : COMMAND_TYPES[Math.floor(random() * COMMAND_TYPES.length)]!;
  if (type === 'ReportHoleCards')
    return { type, seat, cards: [cards[0] ?? 'As', ...[['Zz'], [], [cards[0] ?? 'As']][Math.floor(random() * 3)]!] };
  if (NOT_RANDOM.has(type)) return { type: 'Fold', seat };
  return {
    type,
    seat,
    cards,
    amount: 1 + Math.floor(random() * 60),
    to: 1 + Math.floor(random() * 80),
    action: 1 + Math.floor(random() * 4),
    reason: 'a floor decision',
    consents: [{ seat, by: 'p' }],
    clock: 1,
  } as unknown as TableCommand;
}

const NOT_RANDOM: ReadonlySet<string> = new Set(['OpenTable', 'ChangeRules', 'CloseTable', 'StartHand', 'DrawForButton']);

/** Event types whose answer exposes hidden cards to every sender (the showdown) or, once a hand is over, to the floor and regulators. */
export const SHOWDOWN_EVENTS: ReadonlySet<string> = new Set(['ShowdownStarted', 'HandShown']);
export const HAND_END_EVENTS: ReadonlySet<string> = new Set(['HandEnded', 'HandVoided']);
