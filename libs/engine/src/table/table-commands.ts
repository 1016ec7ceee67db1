import { reject } from '../decider';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import { normalizeRules, rulesVersion } from './rules';
import { handInProgress, playerInHand, seatAt, type HandPlayer, type TableState } from './state';
import { resolveDeck, deckSourceCheck } from './deck';
import type { TableHooks } from './hooks';
import { no, unchanged, type Result } from './decided';
import { withFollowUps } from './dealer';

/** The table's own commands, outside a hand's play: opening and closing, seats, chips, the button and the rules. */

export function openTable(h: TableHooks, command: Extract<TableCommand, { type: 'OpenTable' }>, state: TableState): Result {
  if (state.status !== 'unopened') return no('TABLE_ALREADY_OPEN', 'This table was already opened.');
  if (typeof command.tableId !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(command.tableId))
    return no('INVALID_COMMAND', 'The table id must be 1 to 64 letters, digits or - _ . :', 'tableId');
  const normalized = normalizeRules(h, command.rules);
  if (!normalized.ok) return reject(normalized.rejection);
  return withFollowUps(h, state, [{ type: 'TableOpened', tableId: command.tableId, rules: normalized.rules }]);
}

export function closeTable(h: TableHooks, state: TableState): Result {
  if (handInProgress(state)) return no('HAND_IN_PROGRESS', 'Finish or void the hand in progress before closing the table.');
  const events: TableEvent[] = [];
  for (const s of state.seats) if (s) events.push({ type: 'PlayerLeft', seat: s.seat, playerId: s.playerId, cashOut: s.stack });
  events.push({ type: 'TableClosed' });
  return withFollowUps(h, state, events);
}

export function seatPlayer(h: TableHooks, command: Extract<TableCommand, { type: 'SeatPlayer' }>, state: TableState): Result {
  if (seatAt(state, command.seat) !== null) return no('SEAT_TAKEN', `Seat ${command.seat} is taken.`, 'seat');
  if (typeof command.playerId !== 'string' || command.playerId.length === 0 || command.playerId.length > 64)
    return no('INVALID_COMMAND', 'The player id must be 1 to 64 characters.', 'playerId');
  if (isSeated(state, command.playerId))
    return no('PLAYER_ALREADY_SEATED', `Player ${command.playerId} already has a seat at this table.`, 'playerId');
  const range = state.rules!.buyIn;
  if (range && (command.buyIn < range.min || command.buyIn > range.max))
    return no('BUY_IN_OUT_OF_RANGE', `The buy-in must be from ${range.min} to ${range.max}.`, 'buyIn');
  return withFollowUps(h, state, [
    {
      type: 'PlayerSeated',
      seat: command.seat,
      playerId: command.playerId,
      buyIn: command.buyIn,
      postToEnter: command.postToEnter === true,
    },
  ]);
}

function isSeated(state: TableState, playerId: string): boolean {
  for (const s of state.seats) if (s !== null && s.playerId === playerId) return true;
  return false;
}

function dealtIn(state: TableState, seat: number): HandPlayer | undefined {
  if (!handInProgress(state)) return undefined;
  const p = playerInHand(state.hand!, seat);
  return p && p.playerId === seatAt(state, seat)?.playerId ? p : undefined;
}

export function leaveTable(h: TableHooks, command: Extract<TableCommand, { type: 'LeaveTable' }>, state: TableState): Result {
  const seat = seatAt(state, command.seat)!;
  const objection = h.seatMayGo(state, command.seat, 'leave');
  if (objection) return reject(objection);
  const inHand = dealtIn(state, command.seat);
  if (inHand && !inHand.folded) return no('PLAYER_IN_HAND', `Seat ${command.seat} is still in the hand; fold or finish it first.`, 'seat');
  return withFollowUps(h, state, [
    { type: 'PlayerLeft', seat: command.seat, playerId: seat.playerId, cashOut: inHand ? inHand.stack : seat.stack },
  ]);
}

/**
 * Sitting out cannot dodge a forced bet that is due (rules version 2): a house option may object (a forced bet it
 * owes the next hand), and a seat with a forced bet due in the hand now being dealt posts it first. Version 1
 * accepted both.
 */
export function sitOut(h: TableHooks, command: Extract<TableCommand, { type: 'SitOut' }>, state: TableState): Result {
  if (seatAt(state, command.seat)!.sittingOut) return unchanged(state);
  if (rulesVersion(state.rules!) >= 2) {
    const objection = h.seatMayGo(state, command.seat, 'sit-out');
    if (objection) return reject(objection);
    const hand = state.hand;
    const due =
      hand && hand.phase === 'forced-bets' && dealtIn(state, command.seat)
        ? hand.forcedBetsDue.find((f) => f.seat === command.seat)
        : undefined;
    if (due)
      return no(
        'BLINDS_PENDING',
        `Seat ${command.seat} owes the ${due.kind.replace(/-/g, ' ')} of ${due.amount} in this hand; post it before sitting out.`,
        'seat',
      );
  }
  return withFollowUps(h, state, [{ type: 'PlayerSatOut', seat: command.seat }]);
}

export function addChips(h: TableHooks, command: Extract<TableCommand, { type: 'AddChips' }>, state: TableState): Result {
  if (dealtIn(state, command.seat))
    return no('PLAYER_IN_HAND', `Seat ${command.seat} is in the hand; chips can be added after it ends.`, 'seat');
  const seat = seatAt(state, command.seat)!;
  const max = state.rules!.buyIn?.max;
  if (max !== undefined && seat.stack + command.amount > max)
    return no('BUY_IN_OUT_OF_RANGE', `Seat ${command.seat} may have at most ${max} on the table.`, 'amount');
  return withFollowUps(h, state, [{ type: 'ChipsAdded', seat: command.seat, amount: command.amount }]);
}

export function drawForButton(h: TableHooks, command: Extract<TableCommand, { type: 'DrawForButton' }>, state: TableState): Result {
  if (state.handsPlayed > 0 || state.initialButton !== null) return no('BUTTON_ALREADY_PLACED', 'The button has already been placed.');
  const seats = state.seats.filter((s) => s !== null && !s.sittingOut);
  if (seats.length < 2) return no('NOT_ENOUGH_PLAYERS', 'At least two seated players are needed to draw for the button.');
  const refusedSource = deckSourceCheck(state.rules!, command, 'draw');
  if (refusedSource) return reject(refusedSource);
  const deck = resolveDeck(command);
  if (!deck.ok) return no('INVALID_DECK', `The deck is invalid: ${deck.why}.`, deck.field);
  // One card each, clockwise from seat 1; the highest card wins, suits breaking ties in bridge order (the card
  // numbering already orders clubs < diamonds < hearts < spades within a rank).
  const draws = seats.map((s, i) => ({ seat: s!.seat, card: deck.deck[i] }));
  const button = draws.reduce((best, d) => (d.card > best.card ? d : best)).seat;
  return withFollowUps(h, state, [{ type: 'ButtonDrawn', draws, button, shuffle: deck.shuffle }]);
}

export function changeRules(h: TableHooks, command: Extract<TableCommand, { type: 'ChangeRules' }>, state: TableState): Result {
  if (handInProgress(state)) return no('HAND_IN_PROGRESS', 'Rules change between hands; finish or void the hand first.');
  const normalized = normalizeRules(h, command.rules);
  if (!normalized.ok) return reject(normalized.rejection);
  const occupied = state.seats.filter((s) => s !== null && s.seat > normalized.rules.maxSeats);
  if (occupied.length > 0)
    return no('INVALID_RULES', `Seat ${occupied[0]!.seat} is occupied; the table cannot shrink below it.`, 'rules.maxSeats');
  return withFollowUps(h, state, [{ type: 'RulesChanged', rules: normalized.rules }]);
}
