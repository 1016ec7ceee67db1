import { isCommandTime, type TableCommand } from './commands';
import { isChipAmount } from './rules';
import { seatAt, type TableState } from './state';
import type { TableHooks } from './hooks';
import { no, type Result } from './decided';

/** Commands that act for a seat in the hand: the seat need not still be occupied (a player may have left). */
function actsForHandSeat(h: TableHooks, type: TableCommand['type']): boolean {
  switch (type) {
    case 'Fold':
    case 'Check':
    case 'Call':
    case 'Bet':
    case 'Raise':
    case 'ShowHand':
    case 'MuckHand':
    case 'PostBlind':
    case 'ReportHoleCards':
      return true;
    case 'SeatPlayer':
    case 'LeaveTable':
    case 'SitOut':
    case 'SitIn':
    case 'AddChips':
    case 'PlaceButton':
      return false;
    default:
      return h.houseCommand(type)?.spec.actsForHandSeat ?? false;
  }
}

/** The chip amount a command carries, if any (a switch: a lookup table keyed by the type missed for most commands). */
function amountField(
  h: TableHooks,
  type: TableCommand['type'],
): { field: 'amount' | 'to' | 'buyIn'; name: string; optional?: true } | null {
  switch (type) {
    case 'Bet':
    case 'AddChips':
      return AMOUNT;
    case 'Raise':
      return RAISE_TOTAL;
    case 'SeatPlayer':
      return BUY_IN;
    // The other core commands carry no amount (listed so the hot ones never look in the registry).
    case 'Fold':
    case 'Check':
    case 'Call':
    case 'PostBlind':
    case 'ShowHand':
    case 'MuckHand':
    case 'StartHand':
    case 'Deal':
    case 'DealBoard':
    case 'ReportHoleCards':
    case 'OpenTable':
    case 'CloseTable':
    case 'LeaveTable':
    case 'SitOut':
    case 'SitIn':
    case 'DrawForButton':
    case 'PlaceButton':
    case 'ChangeRules':
    case 'VoidHand':
      return null;
    default:
      return (h.houseCommand(type)?.spec.amount as ReturnType<typeof amountField> | undefined) ?? null;
  }
}
const AMOUNT = { field: 'amount', name: 'amount' } as const;
const RAISE_TOTAL = { field: 'to', name: 'raise total' } as const;
const BUY_IN = { field: 'buyIn', name: 'buy-in' } as const;

/** Shape checks for JSON that did not come through a typed client: seats and amounts must be whole numbers. */
export function checkFields(h: TableHooks, command: TableCommand, state: TableState): Result | null {
  const c = command as unknown as Record<string, unknown>;
  if (c.at !== undefined && !isCommandTime(c.at))
    return no('INVALID_COMMAND', "The command's time (at) must be an ISO-8601 UTC time such as 2026-01-02T03:04:05.678Z.", 'at');
  const seat = c.seat;
  if (seat !== undefined || 'seat' in command) {
    const max = state.rules?.maxSeats ?? 10;
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 1 || seat > max)
      return no('SEAT_OUT_OF_RANGE', `Seat must be a whole number from 1 to ${max}.`, 'seat');
    if (command.type !== 'SeatPlayer' && !actsForHandSeat(h, command.type) && seatAt(state, seat) === null)
      return no('SEAT_EMPTY', `Nobody sits in seat ${seat}.`, 'seat');
  }
  const amount = amountField(h, command.type);
  if (amount !== null) {
    const value = c[amount.field];
    if (!(value === undefined && amount.optional) && !(isChipAmount(value) && value > 0))
      return no('INVALID_AMOUNT', `The ${amount.name} must be a whole number of chips above zero.`, amount.field);
  }
  if (command.type === 'SitIn' && c.waitForBigBlind !== undefined && typeof c.waitForBigBlind !== 'boolean')
    return no('INVALID_COMMAND', 'waitForBigBlind must be true or false.', 'waitForBigBlind');
  if (command.type === 'SeatPlayer' && c.postToEnter !== undefined && typeof c.postToEnter !== 'boolean')
    return no('INVALID_COMMAND', 'postToEnter must be true or false.', 'postToEnter');
  return null;
}
