import { parseCard, formatCard, type Card } from '../cards/card';
import { playerToAct, NEXT_STREET, BOARD_CARDS } from '../betting/round';
import type { BoardStreet, TableCommand } from './commands';
import type { TableEvent } from './events';
import { rejection, type Rejection } from './rejections';
import { houseRunout } from '../house-options/registry';
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
 * Where a card already seen in this hand was seen: on the board, in a shown hand, or in a hand a reader reported.
 * The sentence goes to whoever entered the card, so a reader's record is not named by seat: the refusal must not
 * tell the table's staff whose face-down hand holds it (docs/security.md).
 */
function whereSeen(hand: HandState, card: Card): string | null {
  if (hand.board.includes(card)) return 'on the board';
  for (const p of hand.players) {
    if (p.holeCards.includes(card)) return p.shown ? `in seat ${p.seat}'s shown hand` : "in a player's hand, as a reader recorded it (check the card, or call the floor)";
  }
  return null;
}

/** The cards nobody has seen in this hand yet, in card order: what a dealer may still enter. */
export function unseenCards(hand: HandState): Card[] {
  const seen = new Set<Card>(hand.board);
  for (const p of hand.players) for (const c of p.holeCards) seen.add(c);
  const unseen: Card[] = [];
  for (let c = 0; c < 52; c++) if (!seen.has(c)) unseen.push(c);
  return unseen;
}

/**
 * Reads entered cards: an array of `count` card codes, none twice, none already seen in this hand (the cards of
 * `exceptSeat` are not counted as seen: a shown hand may repeat its reader's record).
 */
function readEnteredCards(hand: HandState, texts: unknown, count: number, what: string, exceptSeat: number | null): Card[] | Rejection {
  if (!Array.isArray(texts)) return rejection('WRONG_CARD_COUNT', `Enter ${what} as a list of ${count} card${count === 1 ? '' : 's'}.`, 'cards');
  if (texts.length !== count)
    return rejection('WRONG_CARD_COUNT', `${capitalized(what)} ${count === 1 ? 'is one card' : `is ${count} cards`}; ${texts.length} ${texts.length === 1 ? 'was' : 'were'} entered.`, 'cards');
  const cards: Card[] = [];
  for (let i = 0; i < texts.length; i++) {
    const text: unknown = texts[i];
    const card = typeof text === 'string' ? parseCard(text) : undefined;
    if (card === undefined) return rejection('INVALID_CARD', `"${String(text)}" is not a card (a rank 2-9, T, J, Q, K, A and a suit c, d, h, s, as in "Ah").`, `cards[${i}]`);
    if (cards.includes(card)) return rejection('CARD_ALREADY_SEEN', `The ${formatCard(card)} was entered twice.`, `cards[${i}]`);
    const seen = exceptSeat !== null && playerInHand(hand, exceptSeat)?.holeCards.includes(card) ? null : whereSeen(hand, card);
    if (seen !== null) return rejection('CARD_ALREADY_SEEN', `The ${formatCard(card)} was already seen in this hand, ${seen}.`, `cards[${i}]`);
    cards.push(card);
  }
  return cards;
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
export function boardDue(state: TableState): { street: BoardStreet; count: number } | Rejection {
  if (!isLiveCards(state.rules)) return notLive('the board comes from the deck');
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  if (hand.phase === 'forced-bets') return rejection('BETTING_NOT_OVER', 'The hole cards are not dealt yet; the board comes after the betting before it.');
  const street = NEXT_STREET[hand.round.street];
  if (street === null || houseRunout(state, hand)?.kind === 'stop' || (hand.phase !== 'betting' && hand.phase !== 'showdown'))
    return rejection('BOARD_NOT_DUE', 'The board is complete; the hand is at the showdown.');
  if (hand.phase === 'showdown') {
    const untabled = hand.showdownOrder.find((seat) => isUntabled(playerInHand(hand, seat)!));
    if (untabled !== undefined)
      return rejection('BOARD_NOT_DUE', `A player is all in: every hand is tabled before the ${street} is dealt; seat ${untabled} shows (or mucks) first.`);
    return { street, count: BOARD_CARDS[street] };
  }
  const toAct = playerToAct(hand);
  if (toAct !== null)
    return rejection('BETTING_NOT_OVER', `The ${street} is dealt once the ${hand.round.street} betting is over; seat ${toAct.seat} is still to act.`);
  return { street, count: BOARD_CARDS[street] };
}

/**
 * Whether a live hand at the showdown still waits for board cards: rules version 2 tables an all-in showdown before
 * the rest of the board, which the dealer then enters (boardDue says when).
 */
export function liveBoardLeft(state: TableState, hand: HandState): boolean {
  return NEXT_STREET[hand.round.street] !== null && houseRunout(state, hand)?.kind !== 'stop';
}

function isUntabled(p: HandPlayer): boolean {
  return !p.folded && !p.shown && !p.mucked;
}

/** DealBoard: the street's cards as BoardDealt, or why not. */
export function dealBoard(command: Extract<TableCommand, { type: 'DealBoard' }>, state: TableState): TableEvent | Rejection {
  const due = boardDue(state);
  if ('code' in due) return due;
  if (command.street !== undefined && command.street !== due.street)
    return rejection('BOARD_NOT_DUE', `The ${due.street} is next, not the ${String(command.street)}.`, 'street');
  const cards = readEnteredCards(state.hand!, command.cards, due.count, `the ${due.street}`, null);
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

/** ReportHoleCards: HoleCardsReported, nothing when the reader repeats itself, or why not. */
export function reportHoleCards(command: Extract<TableCommand, { type: 'ReportHoleCards' }>, state: TableState): TableEvent[] | Rejection {
  const player = reportCheck(state, command.seat);
  if ('code' in player) return player;
  const cards = readEnteredCards(state.hand!, command.cards, HOLE_CARDS, `seat ${command.seat}'s hand`, command.seat);
  if ('code' in cards) return cards;
  if (player.holeCards.length > 0) {
    if (sameCards(player.holeCards, cards)) return [];
    return rejection('CARDS_CONTRADICT_READER', `Seat ${command.seat}'s cards are already recorded, and differently: check the reader, or call the floor.`, 'cards');
  }
  return [{ type: 'HoleCardsReported', seat: command.seat, cards }];
}

/**
 * The cards a ShowHand tables. From a deck they are the dealt cards, and entering any is refused. Live: the
 * entered cards, which must agree with a reader's record; without an entry, the reader's record.
 */
export function shownCards(command: Extract<TableCommand, { type: 'ShowHand' }>, state: TableState, player: HandPlayer): readonly Card[] | Rejection {
  const entered = command.cards;
  if (!isLiveCards(state.rules)) return entered === undefined ? player.holeCards : notLive('the shown cards are the dealt ones; send ShowHand without cards');
  if (entered === undefined) {
    if (player.holeCards.length === HOLE_CARDS) return player.holeCards;
    return rejection('CARDS_REQUIRED', `Enter the two cards seat ${command.seat} shows.`, 'cards');
  }
  const cards = readEnteredCards(state.hand!, entered, HOLE_CARDS, `seat ${command.seat}'s hand`, command.seat);
  if ('code' in cards) return cards;
  if (player.holeCards.length > 0 && !sameCards(player.holeCards, cards))
    // The sentence does not recite the reader's record: the hand may still be mucked unseen.
    return rejection('CARDS_CONTRADICT_READER', `The cards entered for seat ${command.seat} are not the ones the reader recorded: check the cards, or call the floor.`, 'cards');
  // The reader's order is kept so that the record reads the same whichever way the cards were entered.
  return player.holeCards.length > 0 ? player.holeCards : cards;
}

/** Whether the seat's hole cards must be entered when shown (nobody reported them). */
export function showNeedsCards(state: TableState, player: HandPlayer): boolean {
  return isLiveCards(state.rules) && player.holeCards.length < HOLE_CARDS;
}

function sameCards(a: readonly Card[], b: readonly Card[]): boolean {
  return a.length === b.length && a.every((c) => b.includes(c));
}
