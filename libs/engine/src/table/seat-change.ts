import { accept, reject, type Decision } from '../decider';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import { rejection, type Rejection } from './rejections';
import type { TableHooks } from './hooks';
import { cloneSeat, cloneTable, handInProgress, playerInHand, seatAt, type TableState } from './state';

/**
 * A player's seat change at the same table (docs/house-options.md, "Seat changes"). RRoP (Button and blind use)
 * lets a player change seats without penalty as long as the big blind has not already passed the new seat; a player
 * who moves to a seat the blind has passed would skip their share of the blinds, so there they enter as a new player:
 * they wait for the big blind, or post one to be dealt in at once. Missed blinds owed go with the player.
 */

type Result = Decision<TableEvent, Rejection>;
const no = (code: Rejection['code'], message: string, field?: string): Result => reject(rejection(code, message, field));

export function changeSeat(h: TableHooks, command: Extract<TableCommand, { type: 'ChangeSeat' }>, state: TableState): Result {
  const max = state.rules!.maxSeats;
  const c = command as { from: unknown; to: unknown; postToEnter?: unknown };
  for (const field of ['from', 'to'] as const) {
    const seat = c[field];
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 1 || seat > max)
      return no('SEAT_OUT_OF_RANGE', `Seat must be a whole number from 1 to ${max}.`, field);
  }
  if (c.postToEnter !== undefined && typeof c.postToEnter !== 'boolean')
    return no('INVALID_COMMAND', 'postToEnter must be true or false.', 'postToEnter');
  const { from, to } = command;
  const player = seatAt(state, from);
  if (player === null) return no('SEAT_EMPTY', `Nobody sits in seat ${from}.`, 'from');
  if (from === to) return accept([]);
  if (seatAt(state, to) !== null) return no('SEAT_TAKEN', `Seat ${to} is taken.`, 'to');
  const objection = h.seatMayGo(state, from, 'change-seat');
  if (objection !== null) return reject(objection);
  const hand = handInProgress(state) ? state.hand! : null;
  if (hand !== null) {
    if (playerInHand(hand, from)?.playerId === player.playerId)
      return no('PLAYER_IN_HAND', `Seat ${from} is dealt in this hand; change seats after it ends.`, 'from');
  }
  const lastBigBlind = hand !== null ? hand.bigBlindSeat : (state.lastPositions?.bigBlind ?? null);
  const newPlayer = lastBigBlind !== null && stepsAfter(lastBigBlind, to, max) > stepsAfter(lastBigBlind, from, max);
  return accept([{ type: 'SeatChanged', from, to, playerId: player.playerId, newPlayer, postToEnter: command.postToEnter === true }]);
}

/**
 * Seats clockwise from the last big blind to `seat` (the last big blind itself counts a whole turn): the big blind
 * reaches the seats in this order, so a seat further on is one the blind has passed, for a player who came from nearer.
 */
function stepsAfter(bigBlind: number, seat: number, max: number): number {
  return ((seat - bigBlind + max - 1) % max) + 1;
}

/** evolve for SeatChanged. */
export function seatChanged(state: TableState, event: Extract<TableEvent, { type: 'SeatChanged' }>): TableState {
  const current = state.seats[event.from - 1];
  if (!current || current.playerId !== event.playerId || state.seats[event.to - 1])
    throw new Error(`corrupt stream: seat change ${event.from} → ${event.to} out of place`);
  const moved = cloneSeat(current);
  moved.seat = event.to;
  if (event.newPlayer) {
    moved.isNew = true;
    moved.waitForBigBlind = !event.postToEnter;
  }
  const seats = state.seats.slice();
  seats[event.from - 1] = null;
  seats[event.to - 1] = moved;
  const next = cloneTable(state);
  next.seats = seats;
  return next;
}
