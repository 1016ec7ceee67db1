import { parseCard, formatCard, type Card } from '../cards/card';
import { playerToAct, NEXT_STREET, BOARD_CARDS } from '../betting/round';
import type { BoardStreet, TableCommand } from './commands';
import type { TableEvent } from './events';
import { rejection, type Rejection } from './rejections';
import type { TableHooks } from './hooks';
import { cardSourceOf, type TableRules } from './rules';
import { handInProgress, playerInHand, type HandPlayer, type HandState, type TableState } from './state';

/**
 * Live cards: a table dealt with physical cards, where Felt knows a card only once someone tells it. The dealer
 * enters each street of the board as it is dealt and the hands tabled at the showdown; a reader (an RFID shoe or
 * table) may report a player's hole cards. A hand that is mucked unseen is never known. The checks here are the
 * one check behind both decide and legalActions; decide adds the dealer's follow-ups.
 */
export function isLiveCards(rules: TableRules | null): boolean {
  return rules !== null && cardSourceOf(rules) === 'live';
}

/** Every hand has two hole cards in hold'em. */
export const HOLE_CARDS = 2;

/**
 * Where a card is face up in this hand, or null: on the board or in a shown hand. Entries are compared with these
 * alone, never with a reader's record of a face-down hand: a refusal that depended on a record would tell whoever
 * entered the card what the record holds (docs/security.md "Insiders", row 2).
 */
function whereFaceUp(hand: HandState, card: Card): string | null {
  if (hand.board.includes(card)) return 'on the board';
  for (const p of hand.players) if (p.shown && p.holeCards.includes(card)) return `in seat ${p.seat}'s shown hand`;
  return null;
}

/**
 * Whether a reader's record of this player's hand stands: the player has one, not yet shown, and none of its cards
 * is face up. The dealer's entries (DealBoard, ShowHand with cards) are the truth of what is face up: a record they
 * contradict is set aside, derived here rather than recorded (an event would change the table's versions, and so
 * the answer, by what the record held); the seat's cards are then entered when shown.
 */
export function readerRecordStands(hand: HandState, player: HandPlayer): boolean {
  if (player.shown || player.holeCards.length !== HOLE_CARDS) return false;
  for (const card of player.holeCards) if (whereFaceUp(hand, card) !== null) return false;
  return true;
}

/**
 * Reads entered cards as a whole before comparing any: a list of `count` card codes, none twice. Then, and only
 * then, checkFaceUp compares them with what is face up.
 */
function readEntry(texts: unknown, count: number, what: string): Card[] | Rejection {
  if (!Array.isArray(texts))
    return rejection('WRONG_CARD_COUNT', `Enter ${what} as a list of ${count} card${count === 1 ? '' : 's'}.`, 'cards');
  if (texts.length !== count)
    return rejection(
      'WRONG_CARD_COUNT',
      `${capitalized(what)} ${count === 1 ? 'is one card' : `is ${count} cards`}; ${texts.length} ${texts.length === 1 ? 'was' : 'were'} entered.`,
      'cards',
    );
  const cards: Card[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text: unknown = texts[i];
    const card = typeof text === 'string' ? parseCard(text) : undefined;
    if (card === undefined)
      return rejection(
        'INVALID_CARD',
        `"${String(text)}" is not a card (a rank 2-9, T, J, Q, K, A and a suit c, d, h, s, as in "Ah").`,
        `cards[${i}]`,
      );
    cards.push(card);
  }
  for (let i = 1; i < cards.length; i++)
    if (cards.indexOf(cards[i]) < i) return rejection('CARD_ALREADY_SEEN', `The ${formatCard(cards[i])} was entered twice.`, `cards[${i}]`);
  return cards;
}

/** The entry's first card already face up in this hand, as a refusal; null when none is. */
function checkFaceUp(hand: HandState, cards: readonly Card[]): Rejection | null {
  for (let i = 0; i < cards.length; i++) {
    const seen = whereFaceUp(hand, cards[i]);
    if (seen !== null)
      return rejection('CARD_ALREADY_SEEN', `The ${formatCard(cards[i])} was already seen in this hand, ${seen}.`, `cards[${i}]`);
  }
  return null;
}

/** An entry read whole, then compared with what is face up. */
function readEnteredCards(hand: HandState, texts: unknown, count: number, what: string): Card[] | Rejection {
  const cards = readEntry(texts, count, what);
  if ('code' in cards) return cards;
  return checkFaceUp(hand, cards) ?? cards;
}

/** The cards nobody has seen in this hand yet, in card order: what a dealer may still enter. */
export function unseenCards(hand: HandState): Card[] {
  const seen = new Set<Card>(hand.board);
  for (const p of hand.players) for (const c of p.holeCards) seen.add(c);
  const unseen: Card[] = [];
  for (let c = 0; c < 52; c++) if (!seen.has(c)) unseen.push(c);
  return unseen;
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function notLive(what: string): Rejection {
  return rejection('NOT_A_LIVE_TABLE', `This table deals from a recorded deck: ${what}.`);
}

/** StartHand on a live table: refused when it carries a deck, a seed or a salt (nobody knows the order of a live shoe). */
export function liveStartCheck(command: Extract<TableCommand, { type: 'StartHand' }>): Rejection | null {
  const field = (['deck', 'seed', 'prng', 'salt'] as const).find((key) => command[key] !== undefined);
  if (field === undefined) return null;
  return rejection(
    'DECK_NOT_ALLOWED',
    'This table plays live cards: a hand starts without a deck or seed, and the board is entered as it is dealt.',
    field,
  );
}

/**
 * The street the dealer deals next, or why no board card may be entered now: shared by DealBoard, legalActions and
 * the automatic steps. The board is due when a betting round is over; under rules version 2 also at the showdown,
 * once the hands of an all-in showdown are tabled (TDA 16: tabled before the rest of the board is dealt).
 */
export function boardDue(h: TableHooks, state: TableState): { street: BoardStreet; count: number } | Rejection {
  if (!isLiveCards(state.rules)) return notLive('the board comes from the deck');
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  if (hand.phase === 'forced-bets')
    return rejection('BETTING_NOT_OVER', 'The hole cards are not dealt yet; the board comes after the betting before it.');
  const street = NEXT_STREET[hand.round.street];
  if (street === null || h.houseRunout(state, hand)?.kind === 'stop' || (hand.phase !== 'betting' && hand.phase !== 'showdown'))
    return rejection('BOARD_NOT_DUE', 'The board is complete; the hand is at the showdown.');
  if (hand.phase === 'showdown') {
    const untabled = hand.showdownOrder.find((seat) => isUntabled(playerInHand(hand, seat)!));
    if (untabled !== undefined)
      return rejection(
        'BOARD_NOT_DUE',
        `A player is all in: every hand is tabled before the ${street} is dealt; seat ${untabled} shows (or mucks) first.`,
      );
    return { street, count: BOARD_CARDS[street] };
  }
  const toAct = playerToAct(hand);
  if (toAct !== null)
    return rejection(
      'BETTING_NOT_OVER',
      `The ${street} is dealt once the ${hand.round.street} betting is over; seat ${toAct.seat} is still to act.`,
    );
  return { street, count: BOARD_CARDS[street] };
}

/**
 * Whether a live hand at the showdown still waits for board cards: rules version 2 tables an all-in showdown before
 * the rest of the board, which the dealer then enters (boardDue says when).
 */
export function liveBoardLeft(h: TableHooks, state: TableState, hand: HandState): boolean {
  return NEXT_STREET[hand.round.street] !== null && h.houseRunout(state, hand)?.kind !== 'stop';
}

function isUntabled(p: HandPlayer): boolean {
  return !p.folded && !p.shown && !p.mucked;
}

/** DealBoard: the street's cards as BoardDealt, or why not. */
export function dealBoard(h: TableHooks, command: Extract<TableCommand, { type: 'DealBoard' }>, state: TableState): TableEvent | Rejection {
  const due = boardDue(h, state);
  if ('code' in due) return due;
  if (command.street !== undefined && command.street !== due.street)
    return rejection('BOARD_NOT_DUE', `The ${due.street} is next, not the ${String(command.street)}.`, 'street');
  const cards = readEnteredCards(state.hand!, command.cards, due.count, `the ${due.street}`);
  if ('code' in cards) return cards;
  return { type: 'BoardDealt', street: due.street, cards };
}

/** Whether a reader may report this seat's hole cards now: shared by ReportHoleCards and legalActions. */
export function reportCheck(state: TableState, seat: number): HandPlayer | Rejection {
  if (!isLiveCards(state.rules)) return notLive('every hole card is already recorded');
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  if (hand.phase === 'forced-bets') return rejection('DEAL_PENDING', 'The hole cards are not dealt yet.');
  const player = playerInHand(hand, seat);
  if (!player || player.folded || player.mucked) return rejection('NOT_IN_HAND', `Seat ${seat} has no hand in play.`, 'seat');
  return player;
}

/**
 * ReportHoleCards: HoleCardsReported, nothing when the reader repeats itself, or why not. Only a reader device sends
 * it (the API's check), and a reader knows its own readings: a report that contradicts what it reported before in
 * this hand, or what is face up, is one refusal that names no card and no seat (READER_CONFLICT; the API records a
 * security event with it), never recorded.
 */
export function reportHoleCards(command: Extract<TableCommand, { type: 'ReportHoleCards' }>, state: TableState): TableEvent[] | Rejection {
  const player = reportCheck(state, command.seat);
  if ('code' in player) return player;
  const hand = state.hand!;
  const cards = readEntry(command.cards, HOLE_CARDS, `seat ${command.seat}'s hand`);
  if ('code' in cards) return cards;
  if (player.holeCards.length > 0 && sameCards(player.holeCards, cards)) return [];
  const contradicted =
    player.holeCards.length > 0 || cards.some((c) => whereFaceUp(hand, c) !== null || hand.players.some((p) => p.holeCards.includes(c)));
  if (contradicted) return READER_CONFLICT;
  return [{ type: 'HoleCardsReported', seat: command.seat, cards }];
}

const READER_CONFLICT: Rejection = Object.freeze(
  rejection(
    'READER_CONFLICT',
    'The reader reported cards that conflict with what is already recorded in this hand: nothing was recorded; check the reader (the floor is alerted).',
    'cards',
  ),
);

/**
 * The cards a ShowHand tables. From a deck they are the dealt cards, and entering any is refused. Live: the entered
 * cards, compared only with what is face up; where a reader's record stands and the dealer enters other cards, the
 * entry is the truth (the record is set aside, readerConflicts says so). Without an entry, the standing record.
 */
export function shownCards(
  command: Extract<TableCommand, { type: 'ShowHand' }>,
  state: TableState,
  player: HandPlayer,
): readonly Card[] | Rejection {
  const entered = command.cards;
  if (!isLiveCards(state.rules))
    return entered === undefined ? player.holeCards : notLive('the shown cards are the dealt ones; send ShowHand without cards');
  const hand = state.hand!;
  const stands = readerRecordStands(hand, player);
  if (entered === undefined)
    return stands ? player.holeCards : rejection('CARDS_REQUIRED', `Enter the two cards seat ${command.seat} shows.`, 'cards');
  const cards = readEnteredCards(hand, entered, HOLE_CARDS, `seat ${command.seat}'s hand`);
  if ('code' in cards) return cards;
  // The reader's order is kept when it read the same cards, so that the record reads the same whichever way they were entered.
  return stands && sameCards(player.holeCards, cards) ? player.holeCards : cards;
}

/**
 * Whether an accepted DealBoard or ShowHand (with cards) contradicts a reader's record that stood: an entered card
 * in another seat's record, or a shown hand other than its own record. The answer never says so (it is what it
 * would be without the record); the API records a security event (ReaderConflict: table and hand, no card, no
 * seat) for the floor and surveillance. `state` is the table before the command.
 */
export function readerConflicts(command: TableCommand, state: TableState): boolean {
  const hand = state.hand;
  if (hand === null || !isLiveCards(state.rules)) return false;
  const entered = command.type === 'DealBoard' || command.type === 'ShowHand' ? command.cards : undefined;
  if (!Array.isArray(entered)) return false;
  const cards = entered.map((text) => (typeof text === 'string' ? parseCard(text) : undefined));
  for (const p of hand.players) {
    if (!readerRecordStands(hand, p)) continue;
    if (command.type === 'ShowHand' && p.seat === command.seat) {
      if (
        !sameCards(
          p.holeCards,
          cards.filter((c): c is Card => c !== undefined),
        )
      )
        return true;
    } else if (p.holeCards.some((c) => cards.includes(c))) return true;
  }
  return false;
}

/** Whether the seat's hole cards must be entered when shown (no reader's record of them stands). */
export function showNeedsCards(state: TableState, player: HandPlayer): boolean {
  return isLiveCards(state.rules) && !readerRecordStands(state.hand!, player);
}

function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}
