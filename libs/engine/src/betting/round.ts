import type { HandPlayer, HandState, BettingRound } from '../table/state';
import type { Street } from '../table/events';

/** Players in dealing order starting after `seat` (clockwise), wrapping around. */
export function* clockwiseAfter(players: readonly HandPlayer[], seat: number): Generator<HandPlayer> {
  const n = players.length;
  const start = indexAfter(players, seat);
  for (let i = 0; i < n; i++) yield players[(start + i) % n];
}

/**
 * The index in `players` (sorted by seat) of the first player clockwise after `seat`: players[(start + i) % n]
 * walks the table from there. The engine's own loops use this rather than the generator above, which costs
 * an iterator object and a resumption per player.
 */
export function indexAfter(players: readonly HandPlayer[], seat: number): number {
  const n = players.length;
  let start = 0;
  while (start < n && players[start].seat <= seat) start++;
  return start === n ? 0 : start;
}

function isActive(p: HandPlayer): boolean {
  return !p.folded && !p.allIn;
}

export function activeCount(hand: HandState): number {
  let n = 0;
  for (const p of hand.players) if (isActive(p)) n++;
  return n;
}

export function contenderCount(hand: HandState): number {
  let n = 0;
  for (const p of hand.players) if (!p.folded) n++;
  return n;
}

/** A player owes an action while behind the bet, or while they have not acted and someone can still answer them. */
function owesAction(hand: HandState, p: HandPlayer, active: number): boolean {
  if (!isActive(p)) return false;
  if (p.live < hand.round.currentBet) return true;
  return !p.acted && active >= 2;
}

/**
 * The seat to act, derived from the state: the next in turn after the last actor. Preflop the turn follows
 * the hand's preflop order (a straddler or killer may be moved last); later streets go clockwise from the button.
 */
export function playerToAct(hand: HandState): HandPlayer | null {
  if (hand.phase !== 'betting') return null;
  const active = activeCount(hand);
  const round = hand.round;
  const players = hand.players;
  if (round.street === 'preflop' && hand.preflopOrder.length > 0) {
    const order = hand.preflopOrder;
    const n = order.length;
    const start = round.lastActor === null ? 0 : order.indexOf(round.lastActor) + 1;
    for (let i = 0; i < n; i++) {
      const seat = order[(start + i) % n];
      for (let j = 0; j < players.length; j++)
        if (players[j].seat === seat) {
          if (owesAction(hand, players[j], active)) return players[j];
          break;
        }
    }
    return null;
  }
  const n = players.length;
  const start = indexAfter(players, round.lastActor ?? round.anchor);
  for (let i = 0; i < n; i++) {
    const p = players[(start + i) % n];
    if (owesAction(hand, p, active)) return p;
  }
  return null;
}

/**
 * Preflop order: clockwise from the player left of the big blind, or left of the last straddler. A killer who
 * acts last, or a button straddler in "normal-skip" order, is moved to the end of the order (house options).
 */
export function preflopActionOrder(seatsBySeat: readonly number[], anchor: number, movedLast: readonly number[]): number[] {
  const n = seatsBySeat.length;
  let start = 0;
  while (start < n && seatsBySeat[start] <= anchor) start++;
  const order: number[] = [];
  for (let i = 0; i < n; i++) order.push(seatsBySeat[(start + i) % n]);
  const rest = order.filter((s) => !movedLast.includes(s));
  return [...rest, ...movedLast.filter((s) => order.includes(s))];
}

/**
 * A fresh betting round. The opening amounts are positional (preflop: the bring-in; later streets: the bet
 * unit as the increment) rather than a spread of a partial record, which cost a tenth of a PHH replay.
 */
export function newRound(
  street: Street,
  anchor: number,
  currentBet = 0,
  lastFullIncrement = 0,
  lastFullLevel = 0,
  fullRaises = 0,
): BettingRound {
  return { street, currentBet, lastFullIncrement, lastFullLevel, fullRaises, capped: false, lastActor: null, anchor, lastAggressor: null };
}

export const NEXT_STREET: Readonly<Record<Street, Exclude<Street, 'preflop'> | null>> = Object.freeze({
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
});
export const BOARD_CARDS: Readonly<Record<Exclude<Street, 'preflop'>, number>> = Object.freeze({ flop: 3, turn: 1, river: 1 });
