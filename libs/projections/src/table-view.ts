import {
  tableDecider,
  legalActions,
  derivePots,
  formatCard,
  type ForcedBetDue,
  type LegalAction,
  type Street,
  type TableState,
  type TableRules,
  type TableEngine,
} from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import type { Projection } from './projection';
import { isDeckSealed, tableEventOf, tableIdOfStream } from './table-event';

/** One seat as the floor sees it. `holeCards` is null when nothing was dealt to it; tableViewFor hides it. */
export interface SeatRow {
  readonly seat: number;
  readonly playerId: string;
  /** Chips behind (during a hand: behind, not counting what is in the pot). */
  readonly stack: number;
  readonly sittingOut: boolean;
  readonly waitForBigBlind: boolean;
  readonly owesSmallBlind: boolean;
  readonly owesBigBlind: boolean;
  readonly inHand: boolean;
  /** Chips in the pot this hand, and this street's live part. */
  readonly committed: number;
  readonly streetBet: number;
  readonly folded: boolean;
  readonly allIn: boolean;
  readonly holeCards: readonly string[] | null;
  /** Tabled at the showdown: from then on everyone may see the cards. */
  readonly shown: boolean;
  readonly mucked: boolean;
}

export interface PotRow {
  readonly amount: number;
  readonly eligible: readonly number[];
}

export interface HandRow {
  readonly handNumber: number;
  readonly phase: 'forced-bets' | 'betting' | 'showdown' | 'complete';
  readonly street: Street;
  readonly button: number;
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  readonly board: readonly string[];
  /** Derived by the engine's derivePots from what each player put in (pots are never stored by the engine). */
  readonly pots: readonly PotRow[];
  readonly currentBet: number;
  /** The seat the hand waits for (a bettor or a showdown decision), null when the dealer has the next move. */
  readonly toAct: number | null;
  readonly legalActions: readonly LegalAction[];
  readonly straddles: readonly number[];
  readonly killSeat: number | null;
  /** A bomb pot: the ante every player posts (no blinds, no preflop betting). Absent otherwise. */
  readonly bombPot?: { readonly ante: number };
  /** Running it twice: the second run's cards dealt so far (the first run is `board`). Absent otherwise. */
  readonly secondBoard?: readonly string[];
  readonly limitPercent: number;
  readonly showdownOrder: readonly number[];
  readonly rake: number;
}

export interface TableRow {
  readonly tableId: string;
  readonly status: 'unopened' | 'open' | 'closed';
  readonly rules: TableRules | null;
  readonly seats: readonly SeatRow[];
  /** The button of the hand in progress or last dealt, else where it was drawn or placed. */
  readonly button: number | null;
  /** Forced bets still to post before the cards are dealt. */
  readonly blindsDue: readonly ForcedBetDue[];
  /** The hand in progress, or the last one dealt until the next starts (its shown cards stay visible). */
  readonly hand: HandRow | null;
  readonly kill: { readonly holder: number | null; readonly killer: number | null };
  readonly handsPlayed: number;
  readonly rakeCollected: number;
  readonly chipsOnTable: number;
}

/**
 * The table view: the engine's state folded from the table's stream (the same evolve the regulator replays)
 * plus the row derived from it. `engine` holds the deck and every hole card, so it never leaves the server:
 * only tableViewFor(view, audience) does.
 */
export interface TableView {
  readonly streamId: string;
  /** Stream version of the last event folded (0 before any). */
  readonly version: number;
  readonly engine: TableState;
  readonly row: TableRow;
}

export function initialTableView(streamId: string): TableView {
  return { streamId, version: 0, engine: tableDecider.initialState, row: tableRowOf(tableDecider.initialState, tableIdOfStream(streamId)) };
}

/** Folds one event of this table's stream; events of other streams, and ones already folded, leave it as it is. */
export function evolveTableView(view: TableView, recorded: RecordedEvent, engine: TableEngine = tableDecider): TableView {
  const next = evolveTableEngine(view, recorded, engine);
  return next === view ? view : { ...next, row: tableRowOf(next.engine, tableIdOfStream(view.streamId)) };
}

/**
 * `engine`: the tables' engine (FELT_HOUSE_RULES: a casino's modules after the default ones), default the engine's.
 * evolveTableView without deriving the row (it is left as it was): for a runner folding many events of a table at
 * once, which derives the row with tableRowOf once at the end.
 */
export function evolveTableEngine(view: TableView, recorded: RecordedEvent, engine: TableEngine = tableDecider): TableView {
  if (recorded.streamId !== view.streamId || recorded.streamVersion <= view.version) return view;
  const event = tableEventOf(recorded, engine);
  if (event === null && !isDeckSealed(recorded)) return view;
  if (recorded.streamVersion !== view.version + 1)
    throw new Error(`${view.streamId}: event v${recorded.streamVersion} after v${view.version}; the reader skipped events`);
  // The sealed deck is not for views: the version moves on, the engine state keeps no deck (the dealt cards come in
  // the events that deal them).
  if (event === null) return { streamId: view.streamId, version: recorded.streamVersion, engine: view.engine, row: view.row };
  return { streamId: view.streamId, version: recorded.streamVersion, engine: engine.evolve(view.engine, event), row: view.row };
}

/** Derives the row from a folded engine state: a pure function, so a fold of the events checks the view. */
export function tableRowOf(state: TableState, tableId: string): TableRow {
  const hand = state.hand;
  const inHand = new Map((hand?.players ?? []).map((p) => [p.seat, p]));
  const seats: SeatRow[] = [];
  for (const s of state.seats) {
    if (!s) continue;
    // A seat emptied and retaken during a hand is not the player dealt in there.
    const p = inHand.get(s.seat);
    const dealt = p !== undefined && p.playerId === s.playerId ? p : undefined;
    const live = dealt !== undefined && hand!.phase !== 'complete';
    seats.push({
      seat: s.seat,
      playerId: s.playerId,
      stack: live ? dealt.stack : s.stack,
      sittingOut: s.sittingOut,
      waitForBigBlind: s.waitForBigBlind,
      owesSmallBlind: s.missedSmall,
      owesBigBlind: s.missedBig,
      inHand: live && !dealt.folded,
      committed: live ? dealt.committed : 0,
      streetBet: live ? dealt.live : 0,
      folded: dealt?.folded ?? false,
      allIn: dealt?.allIn ?? false,
      holeCards: dealt && dealt.holeCards.length > 0 ? dealt.holeCards.map(formatCard) : null,
      shown: dealt?.shown ?? false,
      mucked: dealt?.mucked ?? false,
    });
  }
  const actions = legalActions(state);
  return {
    tableId: state.tableId ?? tableId,
    status: state.status,
    rules: state.rules,
    seats,
    button: hand?.button ?? state.initialButton,
    blindsDue: hand && hand.phase !== 'complete' ? hand.forcedBetsDue : [],
    hand: hand
      ? {
          handNumber: hand.handNumber,
          phase: hand.phase,
          street: hand.round.street,
          button: hand.button,
          smallBlindSeat: hand.smallBlindSeat,
          bigBlindSeat: hand.bigBlindSeat,
          board: hand.board.map(formatCard),
          pots: derivePots(hand.players).map((p) => ({ amount: p.amount, eligible: p.eligible })),
          currentBet: hand.round.currentBet,
          toAct: actions.seat,
          legalActions: actions.actions,
          straddles: hand.house.straddles,
          killSeat: hand.house.killSeat,
          ...(hand.house.bombPot !== null ? { bombPot: hand.house.bombPot } : {}),
          ...(hand.house.runs === 2 ? { secondBoard: hand.house.secondBoard.map(formatCard) } : {}),
          limitPercent: hand.limitPercent,
          showdownOrder: hand.showdownOrder,
          rake: hand.house.raked,
        }
      : null,
    kill: { holder: state.kill.holder?.seat ?? null, killer: state.kill.killer?.seat ?? null },
    handsPlayed: state.handsPlayed,
    rakeCollected: state.rakeCollected,
    chipsOnTable: chipsStillOnTable(state),
  };
}

/**
 * The engine's chipsOnTable, except for a player who folded and left mid-hand: the engine keeps their stack in
 * the hand until it ends (and counts it although it was cashed out); here only what they left in the pot counts.
 */
function chipsStillOnTable(state: TableState): number {
  const hand = state.hand !== null && state.hand.phase !== 'complete' ? state.hand : null;
  let total = 0;
  const inHand = new Set<number>();
  if (hand) {
    for (const p of hand.players) {
      const seated = state.seats[p.seat - 1]?.playerId === p.playerId;
      total += (seated ? p.stack : 0) + p.committed;
      if (seated) inHand.add(p.seat);
    }
    total -= hand.paidOut + hand.house.raked;
  }
  for (const s of state.seats) if (s && !inHand.has(s.seat)) total += s.stack;
  return total;
}

/** Every table's view, keyed by table id: the projection a runner feeds with the whole log. */
export interface TableViews {
  readonly tables: Readonly<Record<string, TableView>>;
}

export const tableViews: Projection<TableViews> = {
  name: 'table-view',
  initial: { tables: {} },
  evolve(views, recorded) {
    if (tableEventOf(recorded) === null && !isDeckSealed(recorded)) return views;
    const tableId = tableIdOfStream(recorded.streamId);
    const before = views.tables[tableId] ?? initialTableView(recorded.streamId);
    const after = evolveTableView(before, recorded);
    return after === before ? views : { tables: { ...views.tables, [tableId]: after } };
  },
};
