import {
  formatCard,
  FULL_DECK,
  isHandStartedV1,
  tableDecider,
  type HandStartedV1,
  type SealedDeck,
  type TableCommand,
  type TableEngine,
  type TableEvent,
  type TableRules,
} from '@felt/engine';

const formatted = (cards: readonly number[]) => cards.map(formatCard);

/**
 * The command that produced a recorded group of events (one append = one command's decision), rebuilt from the
 * events alone, so a verifier can run `decide` again and compare. The first event names the command; a group that
 * ends with TableClosed was a CloseTable (it lists the cash-outs first). Null when the first event is one the
 * dealer produces by itself (a deal of the board, an award...): no command yields it first.
 */
export function commandForEvents(
  events: readonly TableEvent[],
  revealed?: SealedDeck,
  liveCards = false,
  table: TableEngine = tableDecider,
): TableCommand | null {
  const first = events[0];
  return first === undefined ? null : commandFor(first, events[events.length - 1]!.type, revealed, liveCards, table);
}

/** Rules recorded without a version were decided under version 1: ask for it, or decide would take today's. */
function recordedRules(rules: TableRules): TableRules {
  return rules.version === undefined ? { ...rules, version: 1 } : rules;
}

/**
 * commandForEvents from what it looks at: the group's first event and the type of its last. A HandStarted names
 * no deck (it is sealed): `revealed` is the hand's DeckRevealed, which gives the seed or the deck, and the salt. On
 * live-cards tables (`liveCards`) the cards a shown hand tabled were entered with the command; from a deck they
 * were dealt.
 */
export function commandFor(
  first: TableEvent | HandStartedV1,
  lastType: string,
  revealed?: SealedDeck,
  liveCards = false,
  table: TableEngine = tableDecider,
): TableCommand | null {
  if (lastType === 'TableClosed') return { type: 'CloseTable' };
  switch (first.type) {
    case 'TableOpened':
      return { type: 'OpenTable', tableId: first.tableId, rules: recordedRules(first.rules) };
    case 'PlayerSeated':
      return { type: 'SeatPlayer', seat: first.seat, playerId: first.playerId, buyIn: first.buyIn, postToEnter: first.postToEnter };
    case 'PlayerLeft':
      return { type: 'LeaveTable', seat: first.seat };
    case 'PlayerSatOut':
      return { type: 'SitOut', seat: first.seat };
    case 'PlayerSatIn':
      return { type: 'SitIn', seat: first.seat, waitForBigBlind: first.waitForBigBlind };
    case 'ChipsAdded':
      return { type: 'AddChips', seat: first.seat, amount: first.amount };
    case 'ButtonDrawn': {
      if (first.shuffle.kind === 'seeded') return { type: 'DrawForButton', seed: first.shuffle.seed, prng: first.shuffle.prng };
      // Only the drawn cards are recorded: they were the top of the deck, in draw order; the rest cannot matter.
      const drawn = first.draws.map((d) => d.card);
      const rest = FULL_DECK.filter((c) => !drawn.includes(c));
      return { type: 'DrawForButton', deck: [...drawn, ...rest].map(formatCard) };
    }
    case 'ButtonPlaced':
      return { type: 'PlaceButton', seat: first.seat };
    case 'HandStarted': {
      // A live-cards hand has no deck at all: its cards are entered as they are dealt.
      if (first.shuffle.kind === 'live') return { type: 'StartHand' };
      // Schema version 1 held the deck and the seed; later ones are dealt from the deck revealed after the hand.
      const deck = isHandStartedV1(first) ? { ...first, salt: undefined } : revealed;
      if (deck === undefined) return null;
      const salt = deck.salt === undefined || deck.salt === '' ? {} : { salt: deck.salt };
      return deck.shuffle.kind === 'seeded'
        ? { type: 'StartHand', seed: deck.shuffle.seed, prng: deck.shuffle.prng, ...salt }
        : { type: 'StartHand', deck: deck.deck.map(formatCard), ...salt };
    }
    // A module's forced bet (the straddle) was its own command; every other blind, PostBlind.
    case 'BlindPosted':
      return table.moduleCommandFor(first, lastType) ?? { type: 'PostBlind', seat: first.seat, blind: first.kind };
    case 'HoleCardsDealt':
      return { type: 'Deal' };
    case 'RulesChanged':
      return { type: 'ChangeRules', rules: recordedRules(first.rules) };
    case 'PlayerFolded':
      return { type: 'Fold', seat: first.seat };
    case 'PlayerChecked':
      return { type: 'Check', seat: first.seat };
    case 'PlayerCalled':
      return { type: 'Call', seat: first.seat };
    case 'BetPlaced':
      return { type: 'Bet', seat: first.seat, amount: first.amount };
    case 'RaisePlaced':
      return { type: 'Raise', seat: first.seat, to: first.to };
    case 'HandShown':
      return liveCards ? { type: 'ShowHand', seat: first.seat, cards: formatted(first.cards) } : { type: 'ShowHand', seat: first.seat };
    // Live cards: the dealer's and the reader's entries (from a deck, BoardDealt only follows another command).
    case 'BoardDealt':
      return liveCards ? { type: 'DealBoard', street: first.street, cards: formatted(first.cards) } : null;
    case 'HoleCardsReported':
      return { type: 'ReportHoleCards', seat: first.seat, cards: formatted(first.cards) };
    case 'HandMucked':
      return { type: 'MuckHand', seat: first.seat };
    case 'HandVoided':
      return { type: 'VoidHand', reason: first.reason };
    case 'ActionCorrected':
      return { type: 'CorrectAction', action: first.action, reason: first.reason };
    case 'SeatChanged':
      return { type: 'ChangeSeat', from: first.from, to: first.to, postToEnter: first.postToEnter };
    // A house option's own event: its module rebuilds the command (RuleModule.commandFor).
    default:
      return table.moduleCommandFor(first, lastType);
  }
}
