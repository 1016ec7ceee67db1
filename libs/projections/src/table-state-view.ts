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

/** A table's folded state and the stream version it was folded to. */
export interface FoldedTableState {
  readonly state: TableState;
  readonly version: number;
}

/**
 * What the API shows of a table (GET /tables/:id, a command's answer, /live) before the audience rule hides hole
 * cards: the folded state with cards as text, the derived pots, and what the seat the hand waits for may do (the
 * engine's legalActions: exactly what decide will accept). The undealt deck, its seed and salt are left out. The one
 * shape the API answers and the console reads (docs/console.md).
 */
export function tableStateView(tableId: string, { state, version }: FoldedTableState, engine: TableEngine = tableDecider) {
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

export type TableStateView = ReturnType<typeof tableStateView>;
export type SeatStateView = TableStateView['seats'][number];
export type HandStateView = NonNullable<TableStateView['hand']>;
export type HandPlayerStateView = HandStateView['players'][number];

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
    // null once the audience rule hides them (the API's tableViewFor); '' when none were dealt.
    players: players.map((p) => ({ ...p, holeCards: formatCards(p.holeCards, '') as string | null })),
    pots: hand.phase === 'complete' ? [] : derivePots(players),
  };
}
