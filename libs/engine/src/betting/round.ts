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
  const players = hand.players;
  let n = 0;
  for (let i = 0; i < players.length; i++) if (isActive(players[i])) n++;
  return n;
}

export function contenderCount(hand: HandState): number {
  const players = hand.players;
  let n = 0;
  for (let i = 0; i < players.length; i++) if (!players[i].folded) n++;
  return n;
}

/**
 * A player owes an action while behind the bet, or while they have not acted and someone can still answer them
 * (`answerable`: two or more players can still bet).
 */
function owesAction(p: HandPlayer, currentBet: number, answerable: boolean): boolean {
  if (p.folded || p.allIn) return false;
  if (p.live < currentBet) return true;
  return !p.acted && answerable;
}

/**
 * The seat to act, derived from the state: the next in turn after the last actor. Preflop the turn follows
 * the hand's preflop order (a straddler or killer may be moved last); later streets go clockwise from the button.
 * `active`: activeCount(hand), when the caller has it already (the dealer counts it once for several questions).
 */
export function playerToAct(hand: HandState, active = activeCount(hand)): HandPlayer | null {
  if (hand.phase !== 'betting') return null;
  const round = hand.round;
  const players = hand.players;
  const n = players.length;
  const currentBet = round.currentBet;
  const answerable = active >= 2;
  if (round.street === 'preflop' && hand.preflopOrder.length > 0) {
    const order = hand.preflopOrder;
    const m = order.length;
    const start = hand.lastActor === null ? 0 : order.indexOf(hand.lastActor) + 1;
    for (let i = 0, k = start; i < m; i++, k++) {
      const seat = order[k >= m ? k - m : k];
      for (let j = 0; j < n; j++)
        if (players[j].seat === seat) {
          if (owesAction(players[j], currentBet, answerable)) return players[j];
          break;
        }
    }
    return null;
  }
  const start = indexAfter(players, hand.lastActor ?? round.anchor);
  for (let i = 0, k = start; i < n; i++, k++) {
    const p = players[k >= n ? k - n : k];
    if (owesAction(p, currentBet, answerable)) return p;
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
  // Nobody moved last (most hands): the order as it is.
  if (movedLast.length === 0) return order;
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
  return { street, currentBet, lastFullIncrement, lastFullLevel, fullRaises, capped: false, anchor, lastAggressor: null };
}

export const NEXT_STREET: Readonly<Record<Street, Exclude<Street, 'preflop'> | null>> = Object.freeze({
  preflop: 'flop',
  flop: 'turn',
  turn: 'river',
  river: null,
});
export const BOARD_CARDS: Readonly<Record<Exclude<Street, 'preflop'>, number>> = Object.freeze({ flop: 3, turn: 1, river: 1 });
