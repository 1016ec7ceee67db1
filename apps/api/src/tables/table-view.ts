import {
  derivePots,
  formatCards,
  handInProgress,
  playerInHand,
  standingActions,
  tableDecider,
  type HandState,
  type LegalAction,
  type SeatState,
  type TableEngine,
  type TableState,
} from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import type { FoldedTable } from './table-state-cache';

/**
 * What the API shows of a table: the folded state with cards as text, the derived pots, and what the seat the hand
 * waits for may do (the engine's legalActions: exactly what decide will accept). The undealt deck, its seed and salt are left out.
 */
export function tableView(tableId: string, { state, version }: FoldedTable, engine: TableEngine = tableDecider) {
  const legal = engine.legalActions(state);
  return {
    tableId,
    version,
    status: state.status,
    rules: state.rules,
    seats: state.seats.filter((seat) => seat !== null).map((seat) => seatView(state, seat)),
    handsPlayed: state.handsPlayed,
    /** Where the button sits for the next hand, once drawn or placed and before the first hand. */
    initialButton: state.initialButton,
    lastPositions: state.lastPositions,
    kill: state.kill,
    rakeCollected: state.rakeCollected,
    chipsOnTable: engine.chipsOnTable(state),
    hand: state.hand ? handView(state.hand) : null,
    toAct: legal.seat,
    legalActions: legal.actions as readonly LegalAction[],
    // A clocked table (docs/house-options.md "Shot clock and time banks"): the running clock, null when none runs.
    ...(state.rules?.houseOptions.shotClock ? { clock: state.clock } : {}),
  };
}

export type TableView = ReturnType<typeof tableView>;

/**
 * A seat, and whether its player is busted: no chips and not in the hand in progress (an all-in player is not
 * busted until the hand is over). A busted player leaves (LeaveTable, cash-out 0) or rebuys (AddChips).
 */
function seatView(state: TableState, seat: SeatState) {
  const inHand = handInProgress(state) && playerInHand(state.hand!, seat.seat)?.playerId === seat.playerId;
  return { ...seat, busted: seat.stack === 0 && !inHand };
}

function handView(hand: HandState) {
  // lastAction is the correction chain: earlier copies of this hand, deck included. The view lists the actions only.
  const { deck: _undealt, seal: _sealed, deckPosition: _position, lastAction: _chain, board, players, house, ...rest } = hand;
  return {
    ...rest,
    // The house options' fields stay where clients have always read them (hand.straddles, hand.killSeat, ...): the
    // engine keeps them in one record for speed, which is its own business.
    ...house,
    secondBoard: formatCards(house.secondBoard, ''),
    /** The betting actions still standing, numbered as CorrectAction's `action` (1 = the first). */
    actions: standingActions(hand).map((c, i) => ({ action: i + 1, ...c.action })),
    board: formatCards(board, ''),
    players: players.map((p) => ({ ...p, holeCards: formatCards(p.holeCards, '') })),
    pots: hand.phase === 'complete' ? [] : derivePots(players),
  };
}

/** A stored event as the API returns it. */
export function eventView(event: RecordedEvent) {
  return {
    eventId: event.eventId,
    version: event.streamVersion,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
    globalPosition: event.globalPosition,
    hash: event.hash,
  };
}
